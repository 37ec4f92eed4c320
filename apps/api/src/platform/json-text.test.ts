import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { jsonArray, jsonObject, jsonTextOf } from '../db/column-map.ts';
import { pacientes } from '../db/schema/index.ts';
import { toJsonText, type JsonText } from './json-text.ts';

/** What a route answers as it is must have been serialised from its type (checked by `tsc`, run here too). */
describe('JsonText', () => {
  it('is made by serialising a typed value; a plain string, or a body of another type, is not one', () => {
    const page = toJsonText({ total: 1, nombres: ['Ana'] });
    expectTypeOf(page).toEqualTypeOf<JsonText<{ total: number; nombres: string[] }>>();
    expect(JSON.parse(page)).toEqual({ total: 1, nombres: ['Ana'] });
    // @ts-expect-error a string nobody serialised is not a body of any type
    const forged: JsonText<{ total: number }> = '{"total":"uno"}';
    // @ts-expect-error nor is a body of one type a body of another
    const other: JsonText<{ total: string }> = page;
    expect([forged, other]).toHaveLength(2);
  });

  it("is, for JSON PostgreSQL writes, typed by the column map the statement's JSON is built from", () => {
    const record = jsonTextOf(
      jsonObject({
        id: pacientes.id,
        nacimiento: pacientes.fechaNacimiento,
        creado: pacientes.fechaCreacion,
        visitas: jsonArray(jsonObject({ dia: pacientes.ultimaVisita }), sql`pacientes`, sql`1`),
      }),
    );
    expectTypeOf(record).toEqualTypeOf<
      SQL<JsonText<{ id: string; nacimiento: string | null; creado: string; visitas: { dia: string | null }[] }>>
    >();
    // @ts-expect-error SQL that does not say it is JSON, and of what, cannot become a JsonText
    expect(jsonTextOf(sql`'{}'`)).toBeDefined();
  });
});
