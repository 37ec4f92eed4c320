import { IMAGE_MAX_BYTES, IMAGE_MESSAGES } from '@odontia/shared';
import { fileTypeFromBuffer } from 'file-type';
import { bodyLimit } from 'hono/body-limit';
import { validator } from 'hono/validator';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../errors.ts';

export type ImageContentType = 'image/png' | 'image/jpeg' | 'image/webp';

export type ProcessedImage = {
  bytes: Uint8Array;
  contentType: ImageContentType;
  ext: 'png' | 'jpg' | 'webp';
  width: number;
  height: number;
};

// Decompression bombs: a few KB of PNG can claim billions of pixels. Both limits are checked on the
// header, before anything is decoded.
const MAX_INPUT_PIXELS = 25_000_000;
const MAX_INPUT_SIDE = 8000;
// Logos and photos are shown small; larger images only cost storage and bandwidth.
const MAX_OUTPUT_SIDE = 2048;
// Multipart framing adds a little to the 2 MB file; anything well beyond it is refused before parsing.
const MAX_UPLOAD_BODY_BYTES = Math.ceil(IMAGE_MAX_BYTES * 1.25);

const FORMATS = {
  'image/png': { ext: 'png', sharpFormat: 'png' },
  'image/jpeg': { ext: 'jpg', sharpFormat: 'jpeg' },
  'image/webp': { ext: 'webp', sharpFormat: 'webp' },
} as const satisfies Record<ImageContentType, { ext: ProcessedImage['ext']; sharpFormat: string }>;

const isAccepted = (mime: string): mime is ImageContentType => Object.hasOwn(FORMATS, mime);

export const imageTooLarge = () => new AppError(413, 'payload_too_large', IMAGE_MESSAGES.tooLarge);
export const notAnImage = () => new AppError(415, 'unsupported_media_type', IMAGE_MESSAGES.notAnImage);
const tooManyPixels = () => new AppError(413, 'payload_too_large', 'La imagen es demasiado grande en píxeles');

const isPixelLimitError = (error: unknown) => error instanceof Error && /pixel limit/i.test(error.message);

/**
 * Accepts PNG, JPEG or WebP judged by content (never by name or the browser's type) and returns a
 * fresh encoding of the pixels only: EXIF (GPS, device), ICC profiles, comments and anything appended
 * to the file (HTML or script polyglots) do not survive.
 */
export async function processImageUpload(bytes: Uint8Array): Promise<ProcessedImage> {
  if (bytes.byteLength > IMAGE_MAX_BYTES) throw imageTooLarge();
  if (bytes.byteLength === 0) throw notAnImage();

  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !isAccepted(detected.mime)) throw notAnImage();
  const contentType = detected.mime;
  const format = FORMATS[contentType];

  // Only the first frame of an animated WebP is kept; failOn 'error' refuses broken files while
  // tolerating the harmless warnings many cameras produce.
  const input = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', pages: 1 });

  let metadata: Metadata;
  try {
    metadata = await input().metadata();
  } catch (error) {
    throw isPixelLimitError(error) ? tooManyPixels() : notAnImage();
  }
  // sharp decodes what it recognises (SVG, GIF, TIFF...), not what file-type saw: both must agree.
  if (metadata.format !== format.sharpFormat) throw notAnImage();
  if (!metadata.width || !metadata.height) throw notAnImage();
  if (metadata.width > MAX_INPUT_SIDE || metadata.height > MAX_INPUT_SIDE) throw tooManyPixels();

  let pipeline = input()
    .timeout({ seconds: 15 })
    .autoOrient()
    .resize({ width: MAX_OUTPUT_SIDE, height: MAX_OUTPUT_SIDE, fit: 'inside', withoutEnlargement: true });
  if (format.sharpFormat === 'png') {
    // Palette PNGs (most logos) stay small; quantising a palette image loses nothing.
    pipeline = pipeline.png({ compressionLevel: 9, palette: metadata.isPalette === true });
  } else if (format.sharpFormat === 'jpeg') {
    pipeline = pipeline.jpeg({ quality: 85 });
  } else {
    pipeline = pipeline.webp({ quality: 85 });
  }

  try {
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return {
      bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
      contentType,
      ext: format.ext,
      width: info.width,
      height: info.height,
    };
  } catch (error) {
    throw isPixelLimitError(error) ? tooManyPixels() : notAnImage();
  }
}

const attachAnImage = () => new AppError(400, 'bad_request', 'Debes adjuntar una imagen');

/**
 * Rejects oversized upload bodies by Content-Length (or while streaming) before they are parsed,
 * answering with the same 413 as an oversized image.
 */
const imageBodyLimit = bodyLimit({
  maxSize: MAX_UPLOAD_BODY_BYTES,
  onError: (c) => c.json(imageTooLarge().toBody(), 413),
});

/**
 * The `form` body of an upload route: one file in `field`. Declared with Hono's validator so the
 * typed client (`hc`) knows the route takes `{ form: { [field]: File } }`. The body size is limited
 * before parsing; the content itself (type, pixels) is judged later by processImageUpload.
 */
export function imageUpload<const Field extends string>(field: Field) {
  const form = validator('form', (value): { [K in Field]: File } => {
    const file = value[field];
    if (!(file instanceof File)) throw attachAnImage();
    // Checked before reading so an oversized part is not copied into memory again.
    if (file.size > IMAGE_MAX_BYTES) throw imageTooLarge();
    return { [field]: file } as { [K in Field]: File };
  });
  const middleware: typeof form = (c, next) =>
    imageBodyLimit(c, async () => {
      // A body that is not multipart, or is broken, asks for the image like a missing field does.
      await c.req.formData().catch(() => {
        throw attachAnImage();
      });
      await form(c, next);
    }) as ReturnType<typeof form>;
  return middleware;
}

/** The bytes of an uploaded file, for processImageUpload. */
export async function fileBytes(file: File): Promise<Uint8Array> {
  return new Uint8Array(await file.arrayBuffer());
}
