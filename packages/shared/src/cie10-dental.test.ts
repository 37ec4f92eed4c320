import { describe, expect, it } from 'vitest';
import { CIE10_DENTAL, CIE10_DENTAL_CATEGORIES, isCie10DentalCode, searchCie10 } from './cie10-dental.ts';
import { fillTemplate, noteInputSchema } from './schemas/clinical-notes.ts';

describe('CIE-10 dental chapter', () => {
  it('holds the subcategories of K00-K14 only, each under a listed category, without repeats', () => {
    const codes = CIE10_DENTAL.map((e) => e.codigo);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.every((c) => /^K(0\d|1[0-4])\.\d$/.test(c))).toBe(true);
    const categories = new Set(CIE10_DENTAL_CATEGORIES.map((c) => c.codigo));
    expect(categories.size).toBe(15);
    expect(codes.every((c) => categories.has(c.slice(0, 3)))).toBe(true);
    expect(isCie10DentalCode('K02.1')).toBe(true);
    expect(isCie10DentalCode('K02')).toBe(false);
    expect(isCie10DentalCode('K15.0')).toBe(false);
  });

  it('finds by code (with or without the dot) and by words, accents and case aside', () => {
    expect(searchCie10('K04.1')[0].codigo).toBe('K04.1');
    expect(searchCie10('k041')[0].codigo).toBe('K04.1');
    expect(searchCie10('necrosis pulpa').map((e) => e.codigo)).toEqual(['K04.1']);
    expect(searchCie10('GLÁNDULA salival absceso').map((e) => e.codigo)).toEqual(['K11.3']);
    expect(searchCie10('periodontitis cronica').map((e) => e.codigo)).toEqual(['K04.5', 'K05.3']);
    // By the category's name: every caries.
    expect(searchCie10('caries dental', 50).every((e) => e.codigo.startsWith('K02'))).toBe(true);
    expect(searchCie10('zzz')).toEqual([]);
  });
});

describe('note input', () => {
  const base = { fecha: '2026-03-02', texto: 'Texto' };
  it('normalises the diagnosis and refuses codes outside the dental chapter', () => {
    expect(noteInputSchema.parse({ ...base, diagnostico: ' k02.1 ' }).diagnostico).toBe('K02.1');
    expect(noteInputSchema.parse({ ...base, diagnostico: '' }).diagnostico).toBeNull();
    expect(noteInputSchema.safeParse({ ...base, diagnostico: 'A00.0' }).success).toBe(false);
  });

  it('keeps each procedure once', () => {
    const id = '0b7c3c2e-0d0e-4e36-9a57-0f9f2a8b1c11';
    expect(noteInputSchema.parse({ ...base, procedimientos: [id, id.toUpperCase()] }).procedimientos).toEqual([id]);
  });
});

describe('fillTemplate', () => {
  it('fills the placeholders given and keeps the others for the author', () => {
    expect(
      fillTemplate('{paciente}, {fecha}, {dentista}, diente {diente}', {
        paciente: 'Lucía Gómez',
        fecha: '02/03/2026',
        dentista: 'Dra. Ruiz',
      }),
    ).toBe('Lucía Gómez, 02/03/2026, Dra. Ruiz, diente {diente}');
  });
});
