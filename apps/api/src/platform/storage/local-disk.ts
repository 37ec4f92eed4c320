import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../errors.ts';
import { assertSafeKey, type Storage } from './storage.ts';

const META_SUFFIX = '.meta.json';
// A content type is echoed back as a response header: anything beyond type/subtype could inject headers.
const CONTENT_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/;
const FALLBACK_CONTENT_TYPE = 'application/octet-stream';

type Meta = { contentType: string };

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}

/** Readers never see a half-written file: the bytes land under a temporary name and are renamed into place. */
async function writeAtomically(file: string, data: Uint8Array | string): Promise<void> {
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.tmp`);
  try {
    await writeFile(tmp, data, { flag: 'wx' });
    await rename(tmp, file);
  } catch (error) {
    await rm(tmp, { force: true });
    throw error;
  }
}

/**
 * Files under `rootDir` (DATA_DIR/uploads), one file per key plus a `.meta.json` sidecar holding the
 * content type, so the type served is exactly the one the upload was validated as.
 */
export function createLocalDiskStorage(rootDir: string): Storage {
  const root = path.resolve(rootDir);

  // Defence in depth: even if assertSafeKey ever let something through, nothing outside root is touched.
  function resolveKey(key: string): string {
    assertSafeKey(key);
    const file = path.resolve(root, key);
    if (!file.startsWith(root + path.sep)) {
      throw new AppError(400, 'bad_request', 'La ruta del archivo no es válida');
    }
    return file;
  }

  return {
    async put(key, bytes, contentType) {
      const file = resolveKey(key);
      const type = contentType.trim().toLowerCase();
      if (!CONTENT_TYPE.test(type)) throw new AppError(400, 'bad_request', 'El tipo de archivo no es válido');
      await mkdir(path.dirname(file), { recursive: true });
      // Metadata first: once the data file is visible, its content type is already there.
      await writeAtomically(file + META_SUFFIX, JSON.stringify({ contentType: type } satisfies Meta));
      await writeAtomically(file, bytes);
    },

    async get(key) {
      const file = resolveKey(key);
      let bytes: Buffer;
      try {
        bytes = await readFile(file);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      let contentType = FALLBACK_CONTENT_TYPE;
      try {
        const meta = JSON.parse(await readFile(file + META_SUFFIX, 'utf8')) as Partial<Meta>;
        if (typeof meta.contentType === 'string' && CONTENT_TYPE.test(meta.contentType)) contentType = meta.contentType;
      } catch {
        // A lost or damaged sidecar degrades to a download-only type rather than failing the request.
      }
      // readFile allocates a plain ArrayBuffer (never a shared one); the Buffer type just does not say so.
      return { bytes: new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength), contentType };
    },

    async delete(key) {
      const file = resolveKey(key);
      for (const target of [file, file + META_SUFFIX]) {
        try {
          await unlink(target);
        } catch (error) {
          if (!isMissing(error)) throw error;
        }
      }
    },
  };
}
