import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Storage } from './storage.ts';
import { deleteStoredImage, replaceStoredImage } from './stored-images.ts';

const OWNER = '3f1c2a4e-8b9d-4c1e-9f00-1234567890ab';

function memoryStorage() {
  const files = new Map<string, Uint8Array>();
  const storage: Storage = {
    driver: 'disk', // In process, as the disk is: a label only.
    put: async (key, bytes) => void files.set(key, bytes),
    get: async () => null,
    delete: async (key) => void files.delete(key),
  };
  return { storage, files };
}

const png = async () =>
  new Uint8Array(
    await sharp({ create: { width: 4, height: 4, channels: 3, background: '#123456' } })
      .png()
      .toBuffer(),
  );

describe('replaceStoredImage', () => {
  it('stores the new image, lets the row point at it, then deletes the file it replaced', async () => {
    const { storage, files } = memoryStorage();
    const upload = { bytes: await png(), prefix: 'logos' as const, ownerId: OWNER, fileName: 'logo' };
    const first = await replaceStoredImage(storage, upload, async (url) => ({ replaced: null, url }));
    expect(first.url).toMatch(new RegExp(`^/files/logos/${OWNER}/\\d+-logo\\.png$`));
    expect([...files.keys()]).toEqual([first.url.slice('/files/'.length)]);

    await new Promise((resolve) => setTimeout(resolve, 2)); // keys carry a millisecond timestamp
    const second = await replaceStoredImage(storage, upload, async (url) => ({ replaced: first.url, url }));
    expect([...files.keys()]).toEqual([second.url.slice('/files/'.length)]);
  });

  it('deletes the new file when the swap fails or the row is gone, and never stores a non-image', async () => {
    const { storage, files } = memoryStorage();
    const upload = { bytes: await png(), prefix: 'patient_photos' as const, ownerId: OWNER, fileName: 'foto' };
    await expect(replaceStoredImage(storage, upload, async () => Promise.reject(new Error('db down')))).rejects.toThrow(
      'db down',
    );
    expect(await replaceStoredImage(storage, upload, async () => null)).toBeNull();
    await expect(
      replaceStoredImage(storage, { ...upload, bytes: new TextEncoder().encode('<svg/>') }, async () => null),
    ).rejects.toMatchObject({ status: 415 });
    expect(files.size).toBe(0);
  });

  it('leaves alone what it did not store (seed images, external URLs)', async () => {
    const { storage, files } = memoryStorage();
    files.set('logos/x/keep.png', new Uint8Array());
    for (const url of ['https://example.com/logos/x/keep.png', '/img/demo.png', null])
      await deleteStoredImage(storage, url);
    expect([...files.keys()]).toEqual(['logos/x/keep.png']);
    await deleteStoredImage(storage, '/files/logos/x/keep.png');
    expect(files.size).toBe(0);
  });
});
