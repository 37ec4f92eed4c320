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
});
