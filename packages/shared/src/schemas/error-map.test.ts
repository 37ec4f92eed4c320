import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as shared from '../index.ts';
import { ZOD_MESSAGES } from './error-map.ts';
import { FIELD_MESSAGES, requiredText, unstorableText } from './fields.ts';

const messageOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

/** zod's English defaults ('Invalid input: expected string, received number', 'Invalid UUID', …). */
const ENGLISH = /\b(Invalid|expected|received|Too (big|small)|Required|Unrecognized)\b/;

describe('Spanish error map', () => {
  it('speaks Spanish where a schema says nothing: types, formats, sizes, options, unknown fields', () => {
    expect(messageOf(z.string(), 1)).toBe(ZOD_MESSAGES.text);
    expect(messageOf(z.string(), undefined)).toBe(ZOD_MESSAGES.required);
    expect(messageOf(z.number(), 'x')).toBe(ZOD_MESSAGES.number);
    expect(messageOf(z.number().int(), 1.5)).toBe(ZOD_MESSAGES.integer);
    expect(messageOf(z.boolean(), 'true')).toBe(ZOD_MESSAGES.boolean);
    expect(messageOf(z.array(z.string()), 'x')).toBe(ZOD_MESSAGES.list);
    expect(messageOf(z.uuid(), 'no-es-un-id')).toBe(ZOD_MESSAGES.id);
    expect(messageOf(z.email(), 'ana')).toBe(ZOD_MESSAGES.email);
    expect(messageOf(z.iso.date(), '2026-02-30')).toBe(ZOD_MESSAGES.dateFormat);
    expect(messageOf(z.enum(['a', 'b']), 'c')).toBe(ZOD_MESSAGES.option);
    expect(messageOf(z.string().max(3), 'abcd')).toBe('No puede superar los 3 caracteres');
    expect(messageOf(z.string().min(1), '')).toBe(ZOD_MESSAGES.required);
    expect(messageOf(z.number().min(1), 0)).toBe('Debe ser 1 o más');
    expect(messageOf(z.number().lt(10), 10)).toBe('Debe ser menor que 10');
    expect(messageOf(z.array(z.string()).min(1), [])).toBe('Elige al menos uno');
    expect(messageOf(z.strictObject({ a: z.string() }), { a: 'x', b: 1 })).toBe('Campo no permitido: b');
    // A body that is not an object says so, at its root; a nested one is just a field of the wrong type.
    expect(messageOf(z.object({ a: z.string() }), null)).toBe(ZOD_MESSAGES.notAnObject);
    expect(messageOf(z.object({ a: z.object({ b: z.string() }) }), { a: [] })).toBe(ZOD_MESSAGES.object);
  });

  it("never overrides a schema's own message", () => {
    expect(messageOf(requiredText('El nombre es obligatorio', 5), 3)).toBe('El nombre es obligatorio');
    expect(messageOf(z.string({ error: 'Propio' }), 1)).toBe('Propio');
    expect(messageOf(z.string().max(2, 'Muy largo'), 'abc')).toBe('Muy largo');
    expect(messageOf(shared.createAppointmentSchema, {})).toBeDefined();
    expect(shared.createAppointmentSchema.safeParse({}).error?.issues.map((i) => i.message)).toContain(
      shared.APPOINTMENT_MESSAGES.pacienteRequired,
    );
  });

  it('every schema of the package answers a body that is not an object without throwing, in Spanish', () => {
    const schemas = Object.entries(shared as Record<string, unknown>).filter(
      (entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType,
    );
    expect(schemas.length).toBeGreaterThan(40);
    const english: string[] = [];
    for (const [name, schema] of schemas) {
      for (const value of [null, [], [{}], 42, 'texto', true, undefined]) {
        // A refinement that reads fields of a non-object would throw here (`POST /api/citas` with `null` was a 500).
        const result = schema.safeParse(value);
        for (const issue of result.error?.issues ?? []) {
          if (ENGLISH.test(issue.message)) english.push(`${name} ${JSON.stringify(value)}: ${issue.message}`);
        }
      }
    }
    expect(english).toEqual([]);
  });
});

describe('unstorable text', () => {
  it('names NUL and half an emoji, and lets whole emoji and every other character through', () => {
    expect(unstorableText('Ana\u0000')).toBe(FIELD_MESSAGES.controlCharacters);
    expect(unstorableText('Caries \ud83d')).toBe(FIELD_MESSAGES.brokenCharacter);
    expect(unstorableText('\ude00 al revés \ud83d')).toBe(FIELD_MESSAGES.brokenCharacter);
    expect(unstorableText('\ude00')).toBe(FIELD_MESSAGES.brokenCharacter);
    for (const fine of ['Caries 🦷', 'Ñandú\n\tá', '', '😀😀', '\u001b']) expect(unstorableText(fine)).toBeNull();
  });
});
