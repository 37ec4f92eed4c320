import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { IMAGE_MAX_BYTES } from '@odontia/shared';
import { fileTypeFromBuffer } from 'file-type';
import { Hono } from 'hono';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { fileBytes, imageUpload, processImageUpload } from './images.ts';

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 60 } } });

/** A valid single-colour greyscale PNG built by hand: 1 bit per pixel, so huge sizes stay tiny on disk. */
function bitmapPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(1, 8); // bit depth
  ihdr.writeUInt8(0, 9); // greyscale
  const rows = Buffer.alloc((Math.ceil(width / 8) + 1) * height); // filter byte 0 + black pixels
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function expectNotAnImage(bytes: Uint8Array) {
  const error = await rejection(processImageUpload(bytes));
  expect(error.status).toBe(415);
  expect(error.toBody()).toEqual({
    error: { code: 'unsupported_media_type', message: 'El archivo debe ser una imagen' },
  });
}

const contains = (bytes: Uint8Array, text: string) => Buffer.from(bytes).includes(text);

describe('processImageUpload: refused content', () => {
  it('refuses a text file, whatever it is called', async () => {
    await expectNotAnImage(new TextEncoder().encode('esto no es una imagen, aunque se llame foto.png\n'));
  });

  it('refuses an empty file', async () => {
    await expectNotAnImage(new Uint8Array());
  });

  it('refuses SVG (sharp could render it, but it can carry script)', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>';
    await expectNotAnImage(new TextEncoder().encode(svg));
    await expectNotAnImage(new TextEncoder().encode(`<?xml version="1.0" encoding="UTF-8"?>\n${svg}`));
  });

  it('refuses GIF, TIFF and AVIF that sharp would happily decode', async () => {
    await expectNotAnImage(await solid(10, 10).gif().toBuffer());
    await expectNotAnImage(await solid(10, 10).tiff().toBuffer());
    await expectNotAnImage(await solid(10, 10).avif().toBuffer());
  });

  it('refuses PDF and HTML', async () => {
    await expectNotAnImage(new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n'));
    await expectNotAnImage(
      new TextEncoder().encode('<!doctype html><html><body><script>alert(1)</script></body></html>'),
    );
  });

  it('refuses HTML that starts with JPEG magic bytes', async () => {
    const polyglot = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.from('<html><body><script>alert(1)</script></body></html>'),
    ]);
    expect((await fileTypeFromBuffer(polyglot))?.mime).toBe('image/jpeg');
    await expectNotAnImage(polyglot);
  });

  it('refuses a truncated JPEG', async () => {
    const jpeg = await solid(200, 200).jpeg().toBuffer();
    await expectNotAnImage(jpeg.subarray(0, 200));
  });

  it('refuses anything over 2 MB with 413 and the spec message, before looking at it', async () => {
    const noise = await sharp(randomBytes(900 * 900 * 3), { raw: { width: 900, height: 900, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.byteLength).toBeGreaterThan(2.1 * 1024 * 1024);
    const error = await rejection(processImageUpload(noise));
    expect(error.status).toBe(413);
    expect(error.toBody()).toEqual({
      error: { code: 'payload_too_large', message: 'La imagen no debe superar los 2MB' },
    });

    const oneByteOver = Buffer.concat([await solid(10, 10).png().toBuffer(), Buffer.alloc(IMAGE_MAX_BYTES)]).subarray(
      0,
      IMAGE_MAX_BYTES + 1,
    );
    expect((await rejection(processImageUpload(oneByteOver))).status).toBe(413);
  });

  it('refuses a decompression bomb: 20000×20000 PNG of a few KB', async () => {
    const bomb = bitmapPng(20_000, 20_000);
    expect(bomb.byteLength).toBeLessThan(200 * 1024);
    const meta = await sharp(bomb, { limitInputPixels: false }).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 20_000, 20_000]);

    const error = await rejection(processImageUpload(bomb));
    expect(error.status).toBe(413);
    expect(error.message).toBe('La imagen es demasiado grande en píxeles');
  });

  it('refuses a side over 8000 px even when the pixel count is modest', async () => {
    const error = await rejection(processImageUpload(bitmapPng(9000, 10)));
    expect(error.status).toBe(413);
    expect(error.message).toBe('La imagen es demasiado grande en píxeles');
  });
});

describe('processImageUpload: accepted images are re-encoded', () => {
  it('re-encodes a JPEG with HTML appended into a clean JPEG', async () => {
    const jpeg = await solid(64, 48).jpeg().toBuffer();
    const polyglot = Buffer.concat([jpeg, Buffer.from('<script>alert(1)</script>')]);

    const out = await processImageUpload(polyglot);
    expect(out.contentType).toBe('image/jpeg');
    expect(contains(out.bytes, '<script')).toBe(false);
    expect(contains(out.bytes, 'alert(1)')).toBe(false);
    expect([out.width, out.height]).toEqual([64, 48]);
  });

  it('keeps a PNG as PNG, with new bytes and no metadata', async () => {
    const png = await solid(120, 80)
      .png()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-png' } } })
      .toBuffer();
    expect(contains(png, 'secret-png')).toBe(true);

    const out = await processImageUpload(png);
    expect(out).toMatchObject({ contentType: 'image/png', ext: 'png', width: 120, height: 80 });
    expect(Buffer.from(out.bytes).equals(png)).toBe(false);
    expect(contains(out.bytes, 'secret-png')).toBe(false);
    expect((await fileTypeFromBuffer(out.bytes))?.mime).toBe('image/png');
    const meta = await sharp(out.bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.hasAlpha).toBe(false);
  });

  it('keeps a JPEG as JPEG and strips EXIF', async () => {
    const jpeg = await solid(100, 60)
      .jpeg({ quality: 100 })
      .withMetadata({ exif: { IFD0: { Copyright: 'secret' } } })
      .toBuffer();
    expect(contains(jpeg, 'secret')).toBe(true);

    const out = await processImageUpload(jpeg);
    expect(out).toMatchObject({ contentType: 'image/jpeg', ext: 'jpg', width: 100, height: 60 });
    expect(Buffer.from(out.bytes).equals(jpeg)).toBe(false);
    expect(contains(out.bytes, 'secret')).toBe(false);
    expect((await fileTypeFromBuffer(out.bytes))?.mime).toBe('image/jpeg');
    const meta = await sharp(out.bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
  });

  it('keeps a WebP as WebP', async () => {
    const webp = await solid(30, 20).webp().toBuffer();
    const out = await processImageUpload(webp);
    expect(out).toMatchObject({ contentType: 'image/webp', ext: 'webp', width: 30, height: 20 });
    expect((await fileTypeFromBuffer(out.bytes))?.mime).toBe('image/webp');
  });

  it('applies the EXIF orientation, so phone photos are not shown sideways', async () => {
    const sideways = await solid(40, 20).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const out = await processImageUpload(sideways);
    expect([out.width, out.height]).toEqual([20, 40]);
    expect((await sharp(out.bytes).metadata()).orientation).toBeUndefined();
  });

  it('scales anything larger than 2048 px down, keeping the aspect ratio', async () => {
    const wide = await solid(3000, 1000).png().toBuffer();
    const out = await processImageUpload(wide);
    expect([out.width, out.height]).toEqual([2048, 683]);
    const meta = await sharp(out.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([2048, 683]);
  });
});

describe('imageUpload', () => {
  const app = new Hono()
    .post('/upload', imageUpload('logo'), async (c) => {
      const image = await processImageUpload(await fileBytes(c.req.valid('form').logo));
      return c.json({ contentType: image.contentType, width: image.width, height: image.height });
    })
    .onError((error, c) =>
      error instanceof AppError ? c.json(error.toBody(), error.status) : c.json({ unexpected: true }, 500),
    );

  const upload = (form: FormData) => app.request('/upload', { method: 'POST', body: form });
  const formWith = (field: string, file: Blob, name: string) => {
    const form = new FormData();
    form.set(field, file, name);
    return form;
  };

  it('accepts an image sent in the named field', async () => {
    const png = await solid(16, 8).png().toBuffer();
    const res = await upload(formWith('logo', new Blob([png], { type: 'image/png' }), 'logo.png'));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ contentType: 'image/png', width: 16, height: 8 });
  });

  it('judges by content: a text file named .png with type image/png is refused', async () => {
    const res = await upload(formWith('logo', new Blob(['hola'], { type: 'image/png' }), 'logo.png'));
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({
      error: { code: 'unsupported_media_type', message: 'El archivo debe ser una imagen' },
    });
  });

  it('asks for a file when the field is missing, is text, or the body is not (valid) multipart', async () => {
    const missing = await upload(formWith('otro', new Blob(['x']), 'x.png'));
    const asText = new FormData();
    asText.set('logo', 'no soy un archivo');
    const notMultipart = await app.request('/upload', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"logo":"x"}',
    });
    const brokenMultipart = await app.request('/upload', {
      method: 'POST',
      headers: { 'Content-Type': 'multipart/form-data; boundary=x' },
      body: '--y\r\nno es multipart',
    });
    for (const res of [missing, await upload(asText), notMultipart, brokenMultipart]) {
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: { code: 'bad_request', message: 'Debes adjuntar una imagen' } });
    }
  });

  it('refuses an oversized body with 413 in our error shape before parsing it', async () => {
    const big = new Blob([new Uint8Array(3 * 1024 * 1024)], { type: 'image/png' });
    const res = await upload(formWith('logo', big, 'big.png'));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      error: { code: 'payload_too_large', message: 'La imagen no debe superar los 2MB' },
    });
  });

  it('refuses a file just over 2 MB that fits within the body limit', async () => {
    const file = new Blob([new Uint8Array(IMAGE_MAX_BYTES + 1)], { type: 'image/png' });
    const res = await upload(formWith('logo', file, 'big.png'));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      error: { code: 'payload_too_large', message: 'La imagen no debe superar los 2MB' },
    });
  });
});
