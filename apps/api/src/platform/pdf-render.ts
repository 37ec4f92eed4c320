import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename } from 'node:path';
import pdfMake from 'pdfmake';
import type { PdfDocument } from './pdf.ts';

/**
 * Where a PDF is drawn: inside a worker thread of `renderPdf`'s pool (pdf-worker.ts), never on the
 * server's event loop. The fonts are pdfmake's own Roboto files, read from its package once per worker;
 * pdfmake may read no file and fetch no URL: images come in as data URLs (PNG or JPEG bytes the server
 * holds).
 */

const require = createRequire(import.meta.url);
const ROBOTO = require('pdfmake/fonts/Roboto.js') as {
  Roboto: Record<'normal' | 'bold' | 'italics' | 'bolditalics', string>;
};

/** The part of fontkit (pdfkit's font parser) used here: a font object, and how fonts are recognised. */
type FontkitFont = { postscriptName: string; _glyphs: Record<number, unknown> };
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

const GREY = '#888888';

/** A document in the house style (A4, Roboto 10), its `pie` left in the footer beside 'Página N de M'. */
export function renderDocument({ pie, ...doc }: PdfDocument): Promise<Buffer> {
  // fontkit keeps each glyph it made, with the characters it was first made for (none, when it was
  // reached by id): the next document's text would then lose them ('.' copied as nothing). The tables
  // stay parsed; the glyphs are made again, from this document's text.
  for (const font of PARSED_FONTS.values()) font._glyphs = {};
  const pdf = pdfMake.createPdf({
    pageSize: 'A4',
    pageMargins: [48, 56, 48, 56],
    defaultStyle: { font: 'Roboto', fontSize: 10, lineHeight: 1.25 },
    ...(pie === undefined
      ? {}
      : {
          footer: (page: number, pages: number) => ({
            columns: [
              { text: pie, color: GREY, fontSize: 7 },
              { text: `Página ${page} de ${pages}`, alignment: 'right', color: GREY, fontSize: 7, width: 'auto' },
            ],
            columnGap: 12,
            margin: [48, 20, 48, 0],
          }),
        }),
    ...doc,
    info: { producer: 'Odontia', creator: 'Odontia', ...doc.info },
  });
  return pdf.getBuffer();
}
