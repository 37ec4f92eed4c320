import { createRequire } from 'node:module';
import pdfMake from 'pdfmake';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';

/**
 * PDFs made on the server (issue 22: signed consents, the record's summary) with pdfmake. The fonts are
 * pdfmake's own Roboto files, read from its package; the only other file pdfmake may read is one of
 * them, and it may fetch no URL: images come in as data URLs (PNG or JPEG bytes the server holds).
 */

const require = createRequire(import.meta.url);
const ROBOTO = require('pdfmake/fonts/Roboto.js') as {
  Roboto: Record<'normal' | 'bold' | 'italics' | 'bolditalics', string>;
};
const FONT_FILES: ReadonlySet<string> = new Set(Object.values(ROBOTO.Roboto));

pdfMake.setFonts(ROBOTO);
pdfMake.setLocalAccessPolicy((path) => FONT_FILES.has(path));
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
