import { Hono, type Context } from 'hono';
import type { ErrorBody } from '../errors.ts';
import { assertSafeKey, PUBLIC_FILES_PATH, type Storage } from './storage.ts';

const NOT_FOUND: ErrorBody = { error: { code: 'not_found', message: 'Archivo no encontrado' } };

const notFound = (c: Context) => c.json(NOT_FOUND, 404);

/**
 * Public files (logos, photos) at `/files/<key>`; mount at the root. An invalid key answers 404 like a
 * missing one, so probing for traversal learns nothing.
 */
export function createFilesRoutes(storage: Storage) {
  return new Hono().get(`${PUBLIC_FILES_PATH}*`, async (c) => {
    // Valid keys contain nothing that needs encoding, so whatever decoding the router did or did not
    // apply, a `%`, `..` or backslash left in the path fails the key check.
    const key = c.req.path.slice(PUBLIC_FILES_PATH.length);
    try {
      assertSafeKey(key);
    } catch {
      return notFound(c);
    }
    const file = await storage.get(key);
    if (!file) return notFound(c);
    return c.body(file.bytes, 200, {
      'Content-Type': file.contentType,
      'Content-Length': String(file.bytes.byteLength),
      'X-Content-Type-Options': 'nosniff',
      // Every upload gets a new key, so a key's bytes never change.
      'Cache-Control': 'public, max-age=31536000, immutable',
      // If a file were ever opened as a document, it could run nothing and reach nothing.
      'Content-Security-Policy': "default-src 'none'; sandbox",
    });
  });
}
