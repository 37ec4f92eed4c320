import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  FIELD_MESSAGES,
  isCalendarDate,
  isId,
  mustBeTrue,
  optionalDate,
  optionalEmail,
  optionalEnum,
  optionalPatientPhone,
  optionalText,
  pageNumber,
  requiredEmail,
  requiredPhone,
  requiredText,
  searchText,
} from './fields.ts';
import { parsePageNumber } from '../paging.ts';

const messageOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe('text blocks', () => {
  it('requiredText trims, asks with its message when empty and limits the length with one message', () => {
    const nombre = requiredText('El nombre es obligatorio', 5);
    expect(nombre.parse('  Ana ')).toBe('Ana');
    for (const empty of ['', '   ', undefined, null, 3])
      expect(messageOf(nombre, empty)).toBe('El nombre es obligatorio');
    expect(messageOf(nombre, 'Anabel')).toBe('No puede superar los 5 caracteres');
    expect(FIELD_MESSAGES.tooLong(5)).toBe('No puede superar los 5 caracteres');
  });

  it('optionalText turns empty, null and missing into null, one way', () => {
    const notas = optionalText(10);
    for (const empty of ['', '   ', null, undefined]) expect(notas.parse(empty)).toBeNull();
    expect(notas.parse(' hola ')).toBe('hola');
    expect(messageOf(notas, 'x'.repeat(11))).toBe('No puede superar los 10 caracteres');
    // A partial update keeps "left out" apart from "emptied".
    const pais = optionalText(10).optional();
    expect(pais.parse(undefined)).toBeUndefined();
    expect(pais.parse('')).toBeNull();
  });

  it('refuses NUL and control characters with a Spanish message; only multi-line text keeps line breaks', () => {
    const nombre = requiredText('Falta', 50);
    for (const bad of ['Ana\u0000', 'Ana\nBelén', 'Ana\tBelén', 'Ana\u001b[31m', 'Ana\u007f']) {
      expect(messageOf(nombre, bad)).toBe(FIELD_MESSAGES.singleLine);
    }
    const notas = optionalText(50, { multiline: true });
    expect(notas.parse('Alergia:\r\n\tpenicilina')).toBe('Alergia:\r\n\tpenicilina');
    expect(messageOf(notas, 'hola\u0000')).toBe(FIELD_MESSAGES.controlCharacters);
    expect(messageOf(searchText(20), 'ana\u0000')).toBe(FIELD_MESSAGES.controlCharacters);
  });

  it('searchText is trimmed, cut to its length and empty when absent', () => {
    const q = searchText(5);
    expect(q.parse(undefined)).toBe('');
    expect(q.parse('  García López ')).toBe('Garcí');
  });

  it('optionalEnum accepts the list or nothing', () => {
    const genero = optionalEnum(['a', 'b'] as const, 'Elige');
    expect(genero.parse('a')).toBe('a');
    expect(genero.parse('')).toBeNull();
    expect(genero.parse(undefined)).toBeNull();
    expect(messageOf(genero, 'c')).toBe('Elige');
  });

  it('mustBeTrue refuses an unticked box', () => {
    expect(mustBeTrue('Acepta').parse(true)).toBe(true);
    expect(messageOf(mustBeTrue('Acepta'), false)).toBe('Acepta');
    expect(messageOf(mustBeTrue('Acepta'), undefined)).toBe('Acepta');
  });
});

describe('email and phone blocks', () => {
  it('emails are trimmed and lower-cased; optional ones may be empty', () => {
    const required = requiredEmail({ required: 'Falta', invalid: 'Mal' });
    expect(required.parse(' Ana@Clinica.ES ')).toBe('ana@clinica.es');
    expect(messageOf(required, ' ')).toBe('Falta');
    expect(messageOf(required, 'no-es-email')).toBe('Mal');
    expect(messageOf(required, `${'a'.repeat(250)}@x.es`)).toBe('Mal');
    const optional = optionalEmail('Mal', 20);
    expect(optional.parse('')).toBeNull();
    expect(optional.parse(' A@B.ES')).toBe('a@b.es');
    expect(messageOf(optional, 'no-es-email')).toBe('Mal');
  });

  it('the patient pattern: optional +, 6-20 digits, spaces, parentheses or hyphens', () => {
    const phone = optionalPatientPhone('Mal');
    expect(phone.parse('+34 (91) 123-4567')).toBe('+34 (91) 123-4567');
    expect(phone.parse('')).toBeNull();
    for (const bad of ['12ab', '12345', '+'.repeat(2) + '123456', '1'.repeat(21)])
      expect(messageOf(phone, bad)).toBe('Mal');
  });

  it('the 9-15 digit rule ignores spaces', () => {
    const phone = requiredPhone({ required: 'Falta', invalid: 'Mal' });
    expect(phone.parse(' 600 123 456 ')).toBe('600 123 456');
    expect(messageOf(phone, '')).toBe('Falta');
    expect(messageOf(phone, '12345678')).toBe('Mal');
    expect(messageOf(phone, '1234567890123456')).toBe('Mal');
    expect(messageOf(phone, '+34600123456')).toBe('Mal');
  });
});

describe('dates, ids and pages', () => {
  it('a calendar date is a real day from 1900 on', () => {
    for (const ok of ['2024-02-29', '1900-01-01', '2026-12-31']) expect(isCalendarDate(ok)).toBe(true);
    for (const bad of [
      '2023-02-29',
      '2026-13-01',
      '2026-04-31',
      '1899-12-31',
      '26-01-01',
      '2026-1-1',
      '2026-01-01T00:00',
    ]) {
      expect(isCalendarDate(bad)).toBe(false);
    }
    expect(optionalDate().parse(' ')).toBeNull();
    expect(messageOf(optionalDate(), '2026-02-30')).toBe('Introduce una fecha válida');
  });

  it('ids are UUIDs', () => {
    expect(isId('0b0f3f52-3c5e-4d52-9a6b-2f1f4b0e8c11')).toBe(true);
    for (const bad of [
      '',
      'no-es-uuid',
      '0b0f3f52-3c5e-4d52-9a6b-2f1f4b0e8c1',
      "0b0f3f52-3c5e-4d52-9a6b-2f1f4b0e8c11'",
    ]) {
      expect(isId(bad)).toBe(false);
    }
  });

  it('a page that is not a page is the first', () => {
    expect(parsePageNumber('3')).toBe(3);
    expect(parsePageNumber(' 12 ')).toBe(12);
    for (const bad of [undefined, null, '', ' ', 'abc', '0', '-2', '1.5', '99999999', 'Infinity', {}]) {
      expect(parsePageNumber(bad)).toBe(1);
    }
  });

  it('a query schema reads pagina with the same rule, and without it is on the first page', () => {
    const query = z.object({ pagina: pageNumber });
    expect(query.parse({})).toEqual({ pagina: 1 });
    expect(query.parse({ pagina: '4' })).toEqual({ pagina: 4 });
    expect(query.parse({ pagina: 'abc' })).toEqual({ pagina: 1 });
    expect(query.parse({ pagina: '2.5' })).toEqual({ pagina: 1 });
  });
});
