import { SIGNATURE_MESSAGES } from '@odontia/shared';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError, badRequest } from './errors.ts';

// A signature is a few hundred pixels wide; anything claiming more is not one.
const SIGNATURE_MAX_PIXELS = 4_000_000;

/**
 * A signature's PNG (consents, budgets), judged by its bytes: a PNG (file-type and sharp agree), with
 * some ink (an image of one colour, or fully transparent, is a pad nobody signed). Re-encoded by sharp,
 * so a PDF embeds clean pixels only, and flattened on white, as it is printed: pdfkit embeds an RGB (or
 * grey) PNG's data as it is, but inflates one with an alpha channel, splits the alpha out pixel by pixel
 * in JavaScript and deflates both again, per signature and per PDF. The PNG is decoded once; its ink is
 * judged on those pixels (sharp's stats() would also compute entropy and sharpness: ~10 ms of CPU for
 * a small signature, ~30 ms for a tablet's). `field` names the field a refusal marks.
 */
export async function checkSignature(base64: string, field: string): Promise<Buffer> {
  const refuse = (message: string) => badRequest(message, { [field]: message });
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.byteLength === 0) throw refuse(SIGNATURE_MESSAGES.invalid);
  if ((await fileTypeFromBuffer(bytes))?.mime !== 'image/png') throw refuse(SIGNATURE_MESSAGES.invalid);
  try {
    const image = sharp(bytes, { limitInputPixels: SIGNATURE_MAX_PIXELS, failOn: 'error' });
    const metadata = await image.metadata();
    if (metadata.format !== 'png' || !metadata.width || !metadata.height) throw refuse(SIGNATURE_MESSAGES.invalid);
    const { data, info } = await image.flatten({ background: '#ffffff' }).raw().toBuffer({ resolveWithObject: true });
    // On white, a transparent pad is as blank as a one-colour one: every pixel equals the one before it.
    const { width, height, channels } = info;
    if (data.subarray(channels).equals(data.subarray(0, data.byteLength - channels))) {
      throw refuse(SIGNATURE_MESSAGES.blank);
    }
    // sharp's default compression: level 9 makes a tablet's signature ~10% smaller for four times the CPU.
    return await sharp(data, { raw: { width, height, channels } }).png().toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw refuse(SIGNATURE_MESSAGES.invalid);
  }
}

/**
 * A handwritten-looking signature as a PNG (transparent background, dark ink), drawn by sharp from an
 * SVG path: a few loops whose shape follows `random`, so each signer's differs. The demo's and the
 * tests' signers sign with it.
 */
export async function drawnSignaturePng(random: () => number = Math.random): Promise<Buffer> {
  const r = (min: number, max: number) => Math.round(min + random() * (max - min));
  let d = `M ${r(10, 30)} ${r(60, 80)}`;
  let x = 30;
  for (let i = 0; i < 5; i++) {
    x += r(30, 50);
    d += ` C ${x - 30} ${r(5, 30)}, ${x - 10} ${r(90, 115)}, ${x} ${r(40, 70)}`;
  }
  d += ` M ${r(20, 60)} ${r(85, 95)} L ${x - r(0, 30)} ${r(80, 92)}`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="120"><path d="${d}" fill="none" stroke="#1f2a44" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
