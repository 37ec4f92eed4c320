import { fileSlug, type Permission } from '@odontia/shared';
import { AppError } from '../errors.ts';

/**
 * Where uploaded files live. Keys are always made by the server (`makeKey`), never taken from a request.
 * One instance uses the disk; several share PostgreSQL or an S3-compatible bucket (see `select.ts`).
 */
export interface Storage {
  readonly driver: 'disk' | 'postgres' | 's3';
  /** Stores the bytes under the key, replacing what was there. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Bytes over a plain ArrayBuffer, so they can be a Response body as they are. */
  get(key: string): Promise<{ bytes: Uint8Array<ArrayBuffer>; contentType: string } | null>;
  /** Deleting a missing file is not an error: replacing a logo must not fail because the old one is gone. */
  delete(key: string): Promise<void>;
  /** Fails, with a message for the operator, when the store cannot be reached (called at start-up). */
  check?(): Promise<void>;
  /** Releases connections the store holds of its own. */
  close?(): Promise<void>;
}

/** The configured store cannot be used (`Storage.check`): the server does not start. */
export class StorageUnavailableError extends Error {
  override name = 'StorageUnavailableError';
}

/** The spec's storage buckets, as key prefixes (DESIGN §5). */
export const STORAGE_PREFIXES = [
  'logos',
  'profile_photos',
  'patient_photos',
  'clinic_images',
  'doctor_images',
  'product_images',
  'consentimientos',
  'presupuestos',
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

/**
 * Prefixes the files route never serves, to anyone: their files go out only through an API route that
 * checks the permission and writes the download to the audit trail (signed consents' PDFs, keyed
 * `consentimientos/{clinic id}/{consent id}.pdf`; signed budgets' PDFs, `presupuestos/{clinic id}/{id}.pdf`).
 */
export const API_ONLY_PREFIXES: ReadonlySet<StoragePrefix> = new Set<StoragePrefix>([
  'consentimientos',
  'presupuestos',
]);

/** Whether the files route must answer 404 for this key whoever asks. */
export const isApiOnlyKey = (key: string): boolean => API_ONLY_PREFIXES.has(key.split('/')[0] as StoragePrefix);

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

/** Whether a value is a key the server could have made (see `makeKey`). */
export function isSafeKey(key: unknown): key is string {
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

// A content type is echoed back as a response header: anything beyond type/subtype could inject headers.
const CONTENT_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/;
const FALLBACK_CONTENT_TYPE = 'application/octet-stream';

/** The content type to store: lower-case type/subtype, or a 400 for anything else. */
export function storableContentType(contentType: string): string {
  const type = contentType.trim().toLowerCase();
  if (!CONTENT_TYPE.test(type)) throw new AppError(400, 'bad_request', 'El tipo de archivo no es válido');
  return type;
}

/** The content type to serve for what a store answered: a lost or damaged one degrades to download-only. */
export function servableContentType(stored: unknown): string {
  return typeof stored === 'string' && CONTENT_TYPE.test(stored) ? stored : FALLBACK_CONTENT_TYPE;
}

/**
 * The same bytes over a plain ArrayBuffer. Drivers' buffers may be views into a larger pool (Node's
 * Buffer) or typed loosely; a view is kept as it is, anything else is copied.
 */
export function plainBytes(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return bytes.buffer instanceof ArrayBuffer
    ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    : new Uint8Array(bytes);
}

/** ASCII, lower-case, dash-separated, at most 40 characters; the person's file name is only a hint. */
export function slugifyFileName(fileName: string): string {
  const base = fileName.split(/[/\\]/).pop() ?? '';
  const withoutExt = base.includes('.') ? base.slice(0, base.lastIndexOf('.')) : base;
  return fileSlug(withoutExt, 'archivo', 40);
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
