import type { Logger } from '../logger.ts';
import { processImageUpload } from './images.ts';
import { keyFromPublicUrl, makeKey, publicUrl, type Storage, type StoragePrefix } from './storage.ts';

export type ImageUpload = {
  /** The bytes as sent; checked and re-encoded by content before anything is stored. */
  bytes: Uint8Array;
  prefix: StoragePrefix;
  /** The clinic or user the file belongs to (the key's second segment). */
  ownerId: string;
  /** Only a hint for the key's name. */
  fileName: string;
};

async function store(storage: Storage, upload: ImageUpload): Promise<string> {
  const image = await processImageUpload(upload.bytes);
  const key = makeKey(upload.prefix, upload.ownerId, upload.fileName, image.ext);
  await storage.put(key, image.bytes, image.contentType);
  return key;
}

/** Checks, re-encodes and stores an uploaded image under a new key; returns its public URL. */
export async function storeImage(storage: Storage, upload: ImageUpload): Promise<string> {
  return publicUrl(await store(storage, upload));
}

/**
 * Stores, swaps and deletes an image, the same way for every row that points at one (patient photo,
 * profile photo, clinic logo, public-profile image):
 * 1. the upload is checked and re-encoded, then stored under a new key;
 * 2. `swap` points the row at the new URL (in its own transaction) and says which URL it `replaced`,
 *    or answers null when the row is gone;
 * 3. if `swap` fails or the row is gone, the new file is deleted; otherwise the replaced file is.
 * Returns what `swap` returned.
 */
export async function replaceStoredImage<Saved extends { replaced: string | null } | null>(
  storage: Storage,
  upload: ImageUpload,
  swap: (url: string) => Promise<Saved>,
  logger?: Logger,
): Promise<Saved> {
  const key = await store(storage, upload);
  let saved: Saved;
  try {
    saved = await swap(publicUrl(key));
  } catch (error) {
    await storage.delete(key);
    throw error;
  }
  // The row was deleted meanwhile: the new file belongs to nobody.
  if (saved === null) await storage.delete(key);
  else await deleteStoredImage(storage, saved.replaced, logger);
  return saved;
}

/**
 * Deletes a file we stored, named by its public URL; any other URL (seed data, external, tampered) is
 * left alone. Called once the row no longer points at it: a file that cannot be deleted is only an
 * orphan, not a failed request.
 */
export async function deleteStoredImage(storage: Storage, url: string | null, logger?: Logger) {
  const key = keyFromPublicUrl(url);
  if (!key) return;
  try {
    await storage.delete(key);
  } catch (error) {
    logger?.warn({ err: error, key }, 'no se pudo borrar la imagen sustituida');
  }
}
