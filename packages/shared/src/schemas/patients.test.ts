import { describe, expect, it } from 'vitest';
import { todayInZone } from '../format.ts';
import { createPatientSchema, PATIENT_MESSAGES, patientListQuerySchema, updatePatientSchema } from './patients.ts';

const today = '2026-03-10';
const errorsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('patient schema', () => {
  it('requires names and trims text, storing empty optional text as null', () => {
    expect(errorsOf(createPatientSchema(today).safeParse({ nombres: '  ', apellidos: '' }))).toEqual({
      nombres: PATIENT_MESSAGES.nombresRequired,
      apellidos: PATIENT_MESSAGES.apellidosRequired,
    });
    const ok = createPatientSchema(today).parse({
      nombres: ' José ',
      apellidos: ' Muñoz ',
      email: ' ',
      telefono: '',
      notas: '',
      genero: '',
    });
    expect(ok).toEqual({
      nombres: 'José',
      apellidos: 'Muñoz',
      email: null,
      telefono: null,
      direccion: null,
      notas: null,
      genero: null,
      fechaNacimiento: null,
      consentimientoRecordatorios: false,
      consentimientoComunicaciones: false,
    });
  });

  it('takes the consents as true or false: not given unless sent on a creation, unchanged unless sent on an edit', () => {
    const base = { nombres: 'A', apellidos: 'B' };
    expect(createPatientSchema(today).parse({ ...base, consentimientoRecordatorios: true })).toMatchObject({
      consentimientoRecordatorios: true,
      consentimientoComunicaciones: false,
    });
    const edit = updatePatientSchema(today).parse({ ...base, estado: 'activo' });
    expect(edit).not.toHaveProperty('consentimientoRecordatorios');
    expect(edit).not.toHaveProperty('consentimientoComunicaciones');
    expect(
      errorsOf(
        updatePatientSchema(today).safeParse({
          ...base,
          estado: 'activo',
          consentimientoRecordatorios: 'sí',
          consentimientoComunicaciones: null,
        }),
      ),
    ).toEqual({
      consentimientoRecordatorios: PATIENT_MESSAGES.consentimientoRecordatoriosInvalid,
      consentimientoComunicaciones: PATIENT_MESSAGES.consentimientoComunicacionesInvalid,
    });
  });

  it('says who recorded a consent and on which day, or only the day when the name is not known', () => {
    expect(PATIENT_MESSAGES.consentimientoRegistrado('02/03/2026', 'Ana Ruiz')).toBe(
      'Registrado el 02/03/2026 por Ana Ruiz',
    );
    expect(PATIENT_MESSAGES.consentimientoRegistrado('02/03/2026', null)).toBe('Registrado el 02/03/2026');
  });

  it.each([
    ['+34 600 123 456', true],
    ['(91) 123-4567', true],
    ['123456', true],
    ['12345', false],
    ['+34 600 abc 456', false],
    ['++34600123456', false],
    ['1'.repeat(21), false],
  ])('phone %s valid: %s', (telefono, valid) => {
    const result = createPatientSchema(today).safeParse({ nombres: 'A', apellidos: 'B', telefono });
    expect(result.success).toBe(valid);
    if (!valid) expect(errorsOf(result)).toEqual({ telefono: PATIENT_MESSAGES.telefonoInvalid });
  });

  it('checks email only when given', () => {
    const bad = createPatientSchema(today).safeParse({ nombres: 'A', apellidos: 'B', email: 'no-es-email' });
    expect(errorsOf(bad)).toEqual({ email: PATIENT_MESSAGES.emailInvalid });
  });

  it('compares dates with the given day: birth and last visit not after it, next visit not before it', () => {
    const schema = updatePatientSchema(today);
    const base = { nombres: 'A', apellidos: 'B', estado: 'activo' };
    expect(
      schema.safeParse({ ...base, fechaNacimiento: today, ultimaVisita: today, proximaVisita: today }).success,
    ).toBe(true);
    expect(
      errorsOf(
        schema.safeParse({
          ...base,
          fechaNacimiento: '2026-03-11',
          ultimaVisita: '2026-03-11',
          proximaVisita: '2026-03-09',
        }),
      ),
    ).toEqual({
      fechaNacimiento: PATIENT_MESSAGES.fechaNacimientoFuture,
      ultimaVisita: PATIENT_MESSAGES.ultimaVisitaFuture,
      proximaVisita: PATIENT_MESSAGES.proximaVisitaPast,
    });
    expect(errorsOf(schema.safeParse({ ...base, fechaNacimiento: '2026-02-30' }))).toEqual({
      fechaNacimiento: PATIENT_MESSAGES.dateInvalid,
    });
  });

  it('reads a bad page number as the first page', () => {
    expect(patientListQuerySchema.parse({ pagina: 'abc' })).toEqual({ q: '', pagina: 1, ver: 'activos' });
    expect(patientListQuerySchema.parse({ q: ' jose ', pagina: '3' })).toEqual({
      q: 'jose',
      pagina: 3,
      ver: 'activos',
    });
  });

  it("lists the active patients unless 'desactivados' is asked for", () => {
    expect(patientListQuerySchema.parse({ ver: 'desactivados' }).ver).toBe('desactivados');
    expect(patientListQuerySchema.parse({ ver: 'todos' }).ver).toBe('activos');
  });
});

describe('todayInZone', () => {
  it("gives the clinic's calendar day, not the UTC one", () => {
    const lateUtc = new Date('2026-03-10T23:30:00Z');
    expect(todayInZone('Europe/Madrid', lateUtc)).toBe('2026-03-11');
    expect(todayInZone('UTC', lateUtc)).toBe('2026-03-10');
    expect(todayInZone('America/Bogota', lateUtc)).toBe('2026-03-10');
  });
});
