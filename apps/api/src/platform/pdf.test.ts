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

  it('refuses to read a file or URL that is not one of its fonts', async () => {
    await expect(renderPdf({ content: [{ image: '/etc/passwd', width: 10 }] })).rejects.toThrow(/access policy/);
    await expect(renderPdf({ content: [{ image: 'https://example.com/x.png', width: 10 }] })).rejects.toThrow(
      /access policy/,
    );
  });
});
