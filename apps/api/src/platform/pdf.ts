import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename } from 'node:path';
import pdfMake from 'pdfmake';
import sharp from 'sharp';
import { Lru } from './lru.ts';
import { keyFromPublicUrl, type Storage } from './storage/storage.ts';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';

/**
 * PDFs made on the server (issue 22: signed consents, the record's summary) with pdfmake. The fonts are
 * pdfmake's own Roboto files, read from its package once, when this module loads; pdfmake may read no
 * file and fetch no URL: images come in as data URLs (PNG or JPEG bytes the server holds).
 */

const require = createRequire(import.meta.url);
const ROBOTO = require('pdfmake/fonts/Roboto.js') as {
  Roboto: Record<'normal' | 'bold' | 'italics' | 'bolditalics', string>;
};

/** The part of fontkit (pdfkit's font parser) used here: a font object, and how fonts are recognised. */
type FontkitFont = { postscriptName: string };
type Fontkit = {
  create(bytes: Uint8Array): FontkitFont;
  registerFormat(format: { probe(bytes: Uint8Array): boolean; new (stream: { buffer: Uint8Array }): object }): void;
};
/** pdfmake's virtual file system on the server (not in its types): the first place it looks for a font. */
type VirtualFs = { writeFileSync(name: string, content: Uint8Array): void };

/**
 * Each font parsed once for the process, not once per document. pdfkit opens every document's fonts
 * anew from their bytes, and fontkit decodes a font's tables lazily, on first use, into that font
 * object: the cmap, metrics, kerning and ligature tables a page of Roboto text needs cost ~15 ms of CPU
 * per document, more than the rest of the layout (a signed consent: ~40 ms → ~24 ms when shared). So
 * pdfmake's virtual file system holds, for each font file, a short marker, and a format registered with
 * pdfkit's own fontkit answers a marker with the font object parsed from that file. Each document still
 * makes its own subset of it (the glyphs it uses); layout and subsetting are synchronous, so no two
 * documents use a font object at the same time. (Reading the files is not the cost, and pdfmake 0.3
 * loses font Buffers given to setFonts on the server. Should pdfkit ever use another fontkit than the
 * one found here, a marker is an unknown font format and every PDF fails: the tests would say so.)
 */
const fontkit = createRequire(createRequire(require.resolve('pdfmake')).resolve('pdfkit'))('fontkit') as Fontkit;
const PARSED_FONTS = new Map<Uint8Array, FontkitFont>();

class ParsedFont {
  static probe(bytes: Uint8Array): boolean {
    return PARSED_FONTS.has(bytes);
  }
  constructor(stream: { buffer: Uint8Array }) {
    // `new` answers with the font parsed once, which is what fontkit.create then hands to pdfkit.
    return PARSED_FONTS.get(stream.buffer) as ParsedFont;
  }
}
fontkit.registerFormat(ParsedFont);

const virtualFs = (pdfMake as unknown as { virtualfs: VirtualFs }).virtualfs;
const fonts = Object.fromEntries(
  Object.entries(ROBOTO.Roboto).map(([style, path]) => {
    const name = basename(path);
    const marker = Buffer.from(`odontia-parsed-font:${name}`);
    PARSED_FONTS.set(marker, fontkit.create(readFileSync(path)));
    virtualFs.writeFileSync(name, marker);
    return [style, name];
  }),
);

pdfMake.setFonts({ Roboto: fonts });
pdfMake.setLocalAccessPolicy(() => false);
pdfMake.setUrlAccessPolicy(() => false);

export type { Content, TDocumentDefinitions };

/** A4 with the house style; `info` sets the PDF's title and author. */
export async function renderPdf(doc: TDocumentDefinitions): Promise<Buffer> {
  const pdf = pdfMake.createPdf({
    pageSize: 'A4',
    pageMargins: [48, 56, 48, 56],
    defaultStyle: { font: 'Roboto', fontSize: 10, lineHeight: 1.25 },
    ...doc,
    info: { producer: 'Odontia', creator: 'Odontia', ...doc.info },
  });
  return pdf.getBuffer();
}

/** A data URL pdfmake draws as an image (PNG or JPEG bytes only). */
export const imageDataUrl = (bytes: Uint8Array, type: 'image/png' | 'image/jpeg'): string =>
  `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;

/**
 * The logos drawn lately, by the SHA-256 of the stored file (so a file written again under the same key
 * is drawn anew): resizing a stored logo (up to 2,048 px) costs 2 to 20 ms of CPU, on every document
 * otherwise. Bounded by the PNGs' bytes.
 */
const drawnLogos = new Lru<string, Buffer>(8 * 1024 * 1024, (png) => png.byteLength);

/**
 * The clinic's logo as PNG for the PDF (stored logos may be WebP), or null when it has none or it cannot
 * be read. Flattened on white, the page it is printed on, for the same reason as a signature.
 */
export async function logoPng(storage: Storage, logoUrl: string | null): Promise<Uint8Array | null> {
  const key = keyFromPublicUrl(logoUrl);
  if (!key) return null;
  try {
    const file = await storage.get(key);
    if (!file) return null;
    const hash = createHash('sha256').update(file.bytes).digest('hex');
    const drawn = drawnLogos.get(hash);
    if (drawn) return drawn;
    const png = await sharp(file.bytes, { limitInputPixels: 25_000_000, failOn: 'error' })
      .resize({ width: 480, height: 240, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .png()
      .toBuffer();
    drawnLogos.set(hash, png);
    return png;
  } catch {
    return null;
  }
}
