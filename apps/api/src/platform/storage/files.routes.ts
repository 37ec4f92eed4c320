import { Hono, type Context } from 'hono';
import type { ErrorBody } from '../errors.ts';
import { assertSafeKey, isApiOnlyKey, privateFileAccess, PUBLIC_FILES_PATH, type Storage } from './storage.ts';

const NOT_FOUND: ErrorBody = { error: { code: 'not_found', message: 'Archivo no encontrado' } };

const notFound = (c: Context) => c.json(NOT_FOUND, 404);

/** Whether the request's signed-in user may read a private file (see PRIVATE_PREFIXES). */
export type CanReadPrivate = (
  c: Context,
  access: NonNullable<ReturnType<typeof privateFileAccess>>,
) => Promise<boolean>;

/**
 * Files at `/files/<key>`; mount at the root. Public ones (logos, public-profile images) are cached
 * by anyone for good. Private ones (patient photos) go only to whom `canRead` allows (none without
 * it), uncached; anyone else gets the same 404 as a missing file. API-only files (signed consents)
 * answer 404 to everyone: they are downloaded through their audited API route. An invalid key answers 404 too, so
 * probing for traversal or for another clinic's files learns nothing.
 */
export function createFilesRoutes(storage: Storage, options: { canRead?: CanReadPrivate } = {}) {
  return new Hono().get(`${PUBLIC_FILES_PATH}*`, async (c) => {
    // Valid keys contain nothing that needs encoding, so whatever decoding the router did or did not
    // apply, a `%`, `..` or backslash left in the path fails the key check.
    const key = c.req.path.slice(PUBLIC_FILES_PATH.length);
    try {
      assertSafeKey(key);
    } catch {
      return notFound(c);
    }
    // Signed consents (and any other API-only file) never leave through here, not even to members.
    if (isApiOnlyKey(key)) return notFound(c);
    const access = privateFileAccess(key);
    if (access && !(await options.canRead?.(c, access))) return notFound(c);
    const file = await storage.get(key);
    if (!file) return notFound(c);
    return c.body(file.bytes, 200, {
      'Content-Type': file.contentType,
      'Content-Length': String(file.bytes.byteLength),
      'X-Content-Type-Options': 'nosniff',
      // Every upload gets a new key, so a key's bytes never change; patient data is never stored on the way.
      'Cache-Control': access ? 'private, no-store' : 'public, max-age=31536000, immutable',
      // If a file were ever opened as a document, it could run nothing and reach nothing.
      'Content-Security-Policy': "default-src 'none'; sandbox",
    });
  });
}
