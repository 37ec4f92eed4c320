import type { Permission } from '@odontia/shared';
import { AppError } from '../errors.ts';

/** Where uploaded files live. Keys are always made by the server (`makeKey`), never taken from a request. */
export interface Storage {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Bytes over a plain ArrayBuffer, so they can be a Response body as they are. */
  get(key: string): Promise<{ bytes: Uint8Array<ArrayBuffer>; contentType: string } | null>;
  /** Deleting a missing file is not an error: replacing a logo must not fail because the old one is gone. */
  delete(key: string): Promise<void>;
}

/** The spec's storage buckets, as key prefixes (DESIGN §5). */
export const STORAGE_PREFIXES = [
  'logos',
  'profile_photos',
  'patient_photos',
  'clinic_images',
  'doctor_images',
  'product_images',
] as const;
export type StoragePrefix = (typeof STORAGE_PREFIXES)[number];

/**
 * Prefixes of clinical files: served only to a signed-in member of the owning clinic with this
 * permission, never cached by anyone else. Their keys are `{prefix}/{clinic id}/…` (`makeKey` with
 * the clinic as owner). Every other prefix (logos, public-profile images) is public.
 */
export const PRIVATE_PREFIXES: Partial<Record<StoragePrefix, Permission>> = {
  patient_photos: 'pacientes.ver',
};

/** Who may read a private file: a member of `clinicaId` with `permission`. Null for a public file. */
export function privateFileAccess(key: string): { clinicaId: string; permission: Permission } | null {
  const [prefix, clinicaId] = key.split('/');
  const permission = PRIVATE_PREFIXES[prefix as StoragePrefix];
  return permission ? { clinicaId, permission } : null;
}

export const PUBLIC_FILES_PATH = '/files/';

const KEY_MAX_LENGTH = 200;
const SEGMENT = /^[a-z0-9_-]+$/;
// Only the last segment may carry a dot, and only one, for the extension: this keeps `..`, hidden
// files and sidecar names such as `x.meta.json` out of the key space.
const LAST_SEGMENT = /^[a-z0-9_-]+(\.[a-z0-9]{1,8})?$/;
const PREFIXES: ReadonlySet<string> = new Set(STORAGE_PREFIXES);

const invalidKey = () => new AppError(400, 'bad_request', 'La ruta del archivo no es válida');

function isSafeKey(key: unknown): key is string {
  if (typeof key !== 'string' || key.length === 0 || key.length > KEY_MAX_LENGTH) return false;
  // Redundant with the patterns below; spelled out so a future loosening of them cannot reopen these.
  if (key.startsWith('/') || key.includes('\\') || key.includes('\0') || key.includes('..')) return false;
  const segments = key.split('/');
  if (segments.length < 2 || !PREFIXES.has(segments[0])) return false;
  const last = segments.length - 1;
  return segments.every((segment, i) => (i === last ? LAST_SEGMENT : SEGMENT).test(segment));
}

/** The single gate for storage keys: every implementation and the files route go through it. */
export function assertSafeKey(key: unknown): asserts key is string {
  if (!isSafeKey(key)) throw invalidKey();
}

/** ASCII, lower-case, dash-separated, at most 40 characters; the person's file name is only a hint. */
export function slugifyFileName(fileName: string): string {
  const base = fileName.split(/[/\\]/).pop() ?? '';
  const withoutExt = base.includes('.') ? base.slice(0, base.lastIndexOf('.')) : base;
  const slug = withoutExt
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return slug || 'archivo';
}

/** A new, unique key for an upload. The timestamp makes keys unique, so files can be cached forever. */
export function makeKey(prefix: StoragePrefix, ownerId: string, fileName: string, ext: string): string {
  const key = `${prefix}/${ownerId}/${Date.now()}-${slugifyFileName(fileName)}.${ext}`;
  assertSafeKey(key);
  return key;
}

export function publicUrl(key: string): string {
  assertSafeKey(key);
  return `${PUBLIC_FILES_PATH}${key}`;
}

/**
 * The key behind one of our own public URLs, or null for anything else (external URLs, seed data,
 * tampered values), so that callers deleting a replaced file never touch a key they did not make.
 */
export function keyFromPublicUrl(url: string | null | undefined): string | null {
  if (!url || !url.startsWith(PUBLIC_FILES_PATH)) return null;
  const key = url.slice(PUBLIC_FILES_PATH.length);
  return isSafeKey(key) ? key : null;
}
