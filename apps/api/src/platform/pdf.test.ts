import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { imageDataUrl, renderPdf } from './pdf.ts';

describe('renderPdf', () => {
  it('writes a PDF with Spanish text and an embedded PNG', async () => {
    const png = await sharp({ create: { width: 40, height: 20, channels: 4, background: '#123456' } })
      .png()
      .toBuffer();
    const pdf = await renderPdf({
      info: { title: 'Consentimiento informado' },
      content: [
        { text: 'Extracción dental: año, niño, corazón' },
        { image: imageDataUrl(png, 'image/png'), width: 40 },
      ],
    });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');
    const raw = pdf.toString('latin1');
    expect(raw).toContain('/Subtype /Image');
    expect(raw).toContain('Producer');
  });

  it('embeds the same glyphs whatever other documents used the fonts parsed once for all of them', async () => {
    const strip = (pdf: Buffer) =>
      pdf
        .toString('latin1')
        .replace(/\(D:\d{14}Z\)/, '')
        .replace(/\/ID \[<\w+> <\w+>\]/, '');
    const render = (text: string) =>
      renderPdf({
        compress: false,
        content: [{ text, bold: true }, { text, italics: true }, { text, bold: true, italics: true }, { text }],
      });
    const first = await render('Consiento: año, niño, corazón. fi fl AV To');
    const [other, again] = await Promise.all([
      render('Ωμέγα, Ǆ, ŧ, ‰ y 0123456789: otras letras'),
      render('Consiento: año, niño, corazón. fi fl AV To'),
    ]);
    expect(strip(again)).toBe(strip(first));
    expect(strip(other)).not.toBe(strip(first));
    for (const name of ['Roboto-Regular', 'Roboto-Medium', 'Roboto-Italic', 'Roboto-MediumItalic']) {
      expect(first.toString('latin1')).toMatch(new RegExp(`/FontName /[A-Z]{6}\\+${name}\n`));
    }
  });

  it('maps every glyph back to its text, whatever the documents drawn before it reached', async () => {
    const toUnicode = (pdf: Buffer) => pdf.toString('latin1').match(/beginbfrange\n([^]*?)endbfrange/)?.[1] ?? '';
    await renderPdf({ content: [{ text: 'Extracción dental: año, niño, corazón' }] });
    const pdf = await renderPdf({ compress: false, content: [{ text: 'Fin. Punto y aparte.' }] });
    // Each glyph's entry names its character: '.' is <002e>, never an empty <>.
    expect(toUnicode(pdf)).toContain('<002e>');
    expect(toUnicode(pdf)).not.toMatch(/<>/);
  });

  it('refuses to read a file or URL that is not one of its fonts', async () => {
    await expect(renderPdf({ content: [{ image: '/etc/passwd', width: 10 }] })).rejects.toThrow(/access policy/);
    await expect(renderPdf({ content: [{ image: 'https://example.com/x.png', width: 10 }] })).rejects.toThrow(
      /access policy/,
    );
  });

  it('lets a script end once its PDF is drawn: a worker holds the process only while it draws', async () => {
    // A worker ref'd for good (a 'message' listener refs it) kept `npm run bench` and the seed's
    // callers alive for ever; one unref'd while drawing let a script end before its PDF came.
    const script = `import { renderPdf } from ${JSON.stringify(new URL('./pdf.ts', import.meta.url).href)};
      const pdf = await renderPdf({ content: ['Hola'] });
      console.log(pdf.subarray(0, 5).toString('latin1'));`;
    // A file, not `-e`: an eval'd module makes the worker's own eval'd boot an ES module too.
    const dir = await mkdtemp(path.join(os.tmpdir(), 'odontia-pdf-'));
    try {
      await writeFile(path.join(dir, 'script.mts'), script);
      // Killed (and failed) if it has not ended in 20 s.
      const run = promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(dir, 'script.mts')], {
        timeout: 20_000,
      });
      expect((await run).stdout.trim()).toBe('%PDF-');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
