import { describe, expect, it } from 'vitest';
import { fillTemplate } from './clinical-notes.ts';
import {
  ageOn,
  CONSENT_MESSAGES as M,
  consentFileName,
  consentInputSchema,
  DEFAULT_CONSENT_TEMPLATES,
  isMinor,
  SIGNATURE_MAX_BYTES,
  templateNeedsTooth,
} from './consents.ts';

const PNG = 'iVBORw0KGgo=';
const base = {
  plantillaId: '0B8F0E4E-8A54-4B8E-9A36-0A7A3F1F2C11',
  firmante: 'paciente',
  firmaPaciente: `data:image/png;base64,${PNG}`,
  firmaProfesional: PNG,
};
const fields = (input: unknown) => {
  const result = consentInputSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('consent input', () => {
  it('keeps the bare base64 of each signature, a lower-case template id, and no guardian for a patient', () => {
    expect(consentInputSchema.parse({ ...base, tutor: { nombre: 'Rosa', relacion: 'Madre' } })).toEqual({
      plantillaId: base.plantillaId.toLowerCase(),
      firmante: 'paciente',
      tutor: null,
      diente: null,
      firmaPaciente: PNG,
      firmaProfesional: PNG,
    });
  });

  it('asks a guardian signing for their name and relation', () => {
    expect(fields({ ...base, firmante: 'tutor' })).toEqual({ tutor: M.guardianRequired });
    expect(fields({ ...base, firmante: 'tutor', tutor: { nombre: ' ', relacion: '' } })).toEqual({
      'tutor.nombre': M.guardianNameRequired,
      'tutor.relacion': M.guardianRelationRequired,
    });
  });

  it('refuses missing, non-base64 and oversized signatures, and a malformed tooth', () => {
    expect(fields({ ...base, firmaPaciente: '', firmaProfesional: undefined })).toEqual({
      firmaPaciente: M.patientSignatureRequired,
      firmaProfesional: M.professionalSignatureRequired,
    });
    expect(fields({ ...base, firmaPaciente: 'data:image/png;base64,<svg>' })).toEqual({
      firmaPaciente: M.signatureInvalid,
    });
    const big = 'A'.repeat(Math.ceil((SIGNATURE_MAX_BYTES + 3) / 3) * 4);
    expect(fields({ ...base, firmaProfesional: big })).toEqual({ firmaProfesional: M.signatureTooLarge });
    expect(fields({ ...base, diente: 'la muela' })).toEqual({ diente: M.toothInvalid });
    // Two digits are not enough: each must be a tooth of the chart.
    expect(fields({ ...base, diente: '99' })).toEqual({ diente: M.toothInvalid });
    expect(fields({ ...base, diente: '36 y 39' })).toEqual({ diente: M.toothInvalid });
    expect(consentInputSchema.parse({ ...base, diente: ' 36 y 37 ' }).diente).toBe('36 y 37');
    expect(consentInputSchema.parse({ ...base, diente: '55' }).diente).toBe('55');
  });
});

describe('minors', () => {
  it('counts whole years on the clinic day, a 29 February birthday coming of age on 1 March', () => {
    expect(ageOn('2008-11-28', '2026-11-27')).toBe(17);
    expect(ageOn('2008-11-27', '2026-11-27')).toBe(18);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
    expect(ageOn(null, '2026-11-27')).toBeNull();
    expect(isMinor('2008-11-28', '2026-11-27')).toBe(true);
    expect(isMinor('2008-11-27', '2026-11-27')).toBe(false);
    expect(isMinor(null, '2026-11-27')).toBe(false);
  });
});

describe('default templates', () => {
  it('fill every placeholder they use, and name the tooth only in extraction and endodontics', () => {
    const values = {
      paciente: 'Lucía Gómez',
      fecha: '27/11/2026',
      dentista: 'Marta Ruiz',
      clinica: 'Clínica Sol',
      direccion: 'Calle Mayor 1',
      diente: '36',
    };
    for (const t of DEFAULT_CONSENT_TEMPLATES) {
      expect(fillTemplate(t.cuerpo, values)).not.toMatch(/\{[a-z]+\}/);
      expect(t.cuerpo).toMatch(/retirar este consentimiento/);
      expect(t.cuerpo).toMatch(/Riesgos\./);
      expect(t.cuerpo).toMatch(/Alternativas\./);
    }
    expect(DEFAULT_CONSENT_TEMPLATES.map((t) => templateNeedsTooth(t.cuerpo))).toEqual([false, true, true]);
  });

  it('name the PDF in plain ASCII', () => {
    expect(consentFileName('Consentimiento informado para extracción dental', 'Íñigo Arrieta', '2026-11-27')).toBe(
      'consentimiento-extraccion-dental-inigo-arrieta-2026-11-27.pdf',
    );
  });
});
