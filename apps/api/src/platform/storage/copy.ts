import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { createLocalDiskStorage } from './local-disk.ts';
import { isSafeKey, type Storage } from './storage.ts';

export type CopyResult = { copied: string[]; skipped: string[] };

/**
 * Copies every file of a local-disk store (DATA_DIR/uploads) into `target`, with its content type,
 * for a deployment that moves to a shared store. Keys stay the same, so the URLs in the database keep
 * working; copying again overwrites with the same bytes. Files that are not stored files (content-type
 * sidecars, temporary files) are left out; other names that are no key are reported as skipped.
 */
export async function copyDiskUploads(
  uploads: string,
  target: Storage,
  onCopied: (key: string) => void = () => undefined,
): Promise<CopyResult> {
  const disk = createLocalDiskStorage(uploads);
  const result: CopyResult = { copied: [], skipped: [] };
  const entries = await readdir(uploads, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const key = path.relative(uploads, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    if (entry.name.endsWith('.meta.json') || entry.name.endsWith('.tmp')) continue;
    if (!isSafeKey(key)) {
      result.skipped.push(key);
      continue;
    }
    const file = await disk.get(key);
    if (!file) continue; // Deleted while copying.
    await target.put(key, file.bytes, file.contentType);
    result.copied.push(key);
    onCopied(key);
  }
  return result;
}
