import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../errors.ts';
import { assertSafeKey, plainBytes, servableContentType, storableContentType, type Storage } from './storage.ts';

const META_SUFFIX = '.meta.json';

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
    driver: 'disk',

    async put(key, bytes, contentType) {
      const file = resolveKey(key);
      const type = storableContentType(contentType);
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
      let stored: unknown;
      try {
        stored = (JSON.parse(await readFile(file + META_SUFFIX, 'utf8')) as Partial<Meta>).contentType;
      } catch {
        // A lost or damaged sidecar degrades to a download-only type rather than failing the request.
      }
      return { bytes: plainBytes(bytes), contentType: servableContentType(stored) };
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
