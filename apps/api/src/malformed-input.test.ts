import { emptyChart, FIELD_MESSAGES, setToothNotes, ZOD_MESSAGES } from '@odontia/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { apiRoutes } from './app.ts';
import { JSON_BODY_MAX_BYTES } from './platform/http.ts';
import { routeInput, type RouteInput } from './platform/validation.ts';
import { createClinicOwner, createTestApp, type TestApp } from './test/app.ts';

/**
 * Malformed input thrown at every route of the API: the route table the permission matrix walks
 * (`apiRoutes.routes`, so a route added later is covered without editing this file), as the owner of a
 * supplier clinic, who gets past every permission check. Bodies that are not objects, fields of the
 * wrong type, NUL and half an emoji in any field, strings of a megabyte, deep nesting, a body over the
 * limit. Every answer is a 4xx with a Spanish message and never a 500; a route that reads a JSON body
 * answers 400 with a message per field.
 */

type Route = { method: string; path: string; inputs: RouteInput[] };

function routeTable(): Route[] {
  const byKey = new Map<string, Route>();
  for (const r of apiRoutes.routes) {
    const key = `${r.method} ${r.path}`;
    const route = byKey.get(key) ?? { method: r.method, path: r.path, inputs: [] };
    const input = routeInput(r.handler);
    if (input) route.inputs.push(input);
    byKey.set(key, route);
  }
  return [...byKey.values()];
}

const ROUTES = routeTable();
const jsonSchema = (route: Route) => route.inputs.find((i) => i.target === 'json');
const JSON_ROUTES = ROUTES.filter(jsonSchema);
const WITH_BODY = ROUTES.filter((r) => !['GET', 'HEAD'].includes(r.method));
const QUERY_ROUTES = ROUTES.filter((r) => r.inputs.some((i) => i.target === 'query'));

/** zod's English defaults, which must never reach anyone. */
const ENGLISH = /\b(Invalid|expected|received|Too (big|small)|Required|Unrecognized)\b/;

/** The keys of an object schema (through its transforms), or none when it is not one. */
function shapeKeys(schema: z.ZodType | null | undefined): string[] {
  const def = schema?._zod.def as { type: string; shape?: Record<string, unknown>; in?: z.ZodType } | undefined;
  if (def?.type === 'object') return Object.keys(def.shape!);
  if (def?.type === 'pipe') return shapeKeys(def.in);
  return [];
}

let t: TestApp;
let cookie = '';

beforeAll(async () => {
  t = await createTestApp();
  const owner = await createClinicOwner(t, { nombre: 'Clínica Matriz' });
  // A supplier clinic, so the supplier-only routes (/ventas) read their input too.
  await t.db.execute(sql`update clinicas set es_proveedor = true where id = ${owner.clinica.id}`);
  cookie = owner.cookie;
});
afterAll(() => t.close());

/** The route's path with every parameter filled with a well-formed value that exists nowhere. */
const concrete = (path: string) =>
  `/api${path
    .replace(/:id\b/g, '00000000-0000-4000-8000-000000000000')
    .replace(/:token\b/g, 'A'.repeat(43))
    .replace(/:(\w+)/g, 'x')}`;

type Answer = {
  route: string;
  status: number;
  error?: { code: string; message: string; fields?: Record<string, string> };
};

async function send(route: Route, body?: string, query = ''): Promise<Answer> {
  const res = await t.request(concrete(route.path) + query, {
    method: route.method,
    cookie,
    ...(body === undefined ? {} : { body, headers: { 'content-type': 'application/json' } }),
  });
  const type = res.headers.get('content-type') ?? '';
  const label = `${route.method} ${route.path}${query ? ' ' + query.slice(0, 40) : ''} ${(body ?? '').slice(0, 40)}`;
  if (!type.includes('application/json')) {
    await res.body?.cancel();
    return { route: label, status: res.status };
  }
  const json = (await res.json()) as { error?: Answer['error'] };
  return { route: label, status: res.status, error: json.error };
}

/**
 * What is wrong with an answer to malformed input (empty when nothing): a 5xx, or a 4xx that is not
 * Spanish. `json`: the route reads a JSON body, so a 400 names the fields. `refused`: the input must be
 * refused with exactly that (400, validation_error, field messages).
 */
function problems(answer: Answer, expect: { json?: boolean; refused?: boolean } = {}): string[] {
  const { route, status, error } = answer;
  if (status >= 500) return [`${route} → ${status}`];
  if (status < 400) return expect.refused ? [`${route} → ${status}, not 400`] : [];
  const messages = [error?.message ?? '', ...Object.values(error?.fields ?? {})];
  const found: string[] = [];
  if (!error?.message) found.push(`${route} → ${status} without a message`);
  for (const m of messages) if (ENGLISH.test(m)) found.push(`${route} → ${status} in English: ${m}`);
  if (expect.refused && (status !== 400 || error?.code !== 'validation_error'))
    found.push(`${route} → ${status} ${error?.code}`);
  if ((expect.refused || (expect.json && status === 400)) && Object.keys(error?.fields ?? {}).length === 0)
    found.push(`${route} → ${status} without field messages`);
  return found;
}

/** The fields a route's body takes: its schema's keys, and those it names missing in an empty body. */
async function bodyKeys(route: Route): Promise<string[]> {
  const empty = await send(route, '{}');
  const named = Object.keys(empty.error?.fields ?? {}).filter((k) => k !== '_' && !k.includes('.'));
  return [...new Set([...shapeKeys(jsonSchema(route)?.schema), ...named])];
}

/** Fields that take any text by the specification, so a megabyte of it is not refused as such. */
const TAKES_ANY_TEXT: Record<string, string> = {
  // The cart's quantity as typed: not a number removes the line (spec 001 §5, parseCartQuantity).
  'PATCH /carrito/:id': 'cantidad',
};

const NOT_OBJECTS = ['null', '[]', '[{}]', '42', '"texto"', 'true', 'false', '[null, 1, "a"]'];
const DEEP = '['.repeat(200_000) + ']'.repeat(200_000);

describe('malformed input at every route', () => {
  it('walks every route of the matrix, and knows which read a JSON body', () => {
    expect(ROUTES.length).toBeGreaterThan(60);
    expect(JSON_ROUTES.length).toBeGreaterThan(20);
    expect(JSON_ROUTES.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([
        'POST /citas',
        'PUT /pacientes/:id/odontograma',
        'POST /pacientes',
        'PUT /roles/:id',
        'POST /pacientes/:id/antecedentes',
      ]),
    );
  });

  it('answers a body that is not an object with 400 and a field message, on every route that reads one', async () => {
    const found: string[] = [];
    for (const route of JSON_ROUTES) {
      for (const body of [...NOT_OBJECTS, DEEP]) {
        const answer = await send(route, body);
        found.push(...problems(answer, { refused: true }));
        if (!found.length) expect(answer.error?.fields?._).toBe(ZOD_MESSAGES.notAnObject);
      }
    }
    expect(found).toEqual([]);
  });

  it('never answers 500 to such bodies on the routes that read no JSON body', async () => {
    const found: string[] = [];
    for (const route of WITH_BODY.filter((r) => !jsonSchema(r))) {
      for (const body of [...NOT_OBJECTS, '{"a":"\\u0000\\ud800"}', DEEP])
        found.push(...problems(await send(route, body)));
    }
    expect(found).toEqual([]);
  });

  it('answers fields of the wrong type in Spanish, field by field', async () => {
    const found: string[] = [];
    let refused = 0;
    for (const route of JSON_ROUTES) {
      const keys = await bodyKeys(route);
      expect(keys.length, `${route.method} ${route.path}`).toBeGreaterThan(0);
      for (const wrong of [12345, -1.5, true, { a: 1 }, ['x'], 'no-es-valido', '']) {
        const answer = await send(route, JSON.stringify(Object.fromEntries(keys.map((k) => [k, wrong]))));
        found.push(...problems(answer, { json: true }));
        if (answer.status === 400) refused += 1;
      }
    }
    expect(found).toEqual([]);
    // Nearly every such body breaks some field of its route.
    expect(refused).toBeGreaterThan(JSON_ROUTES.length * 6);
  });

  it('refuses NUL and half an emoji in any field, or nested in it, naming the field', async () => {
    const found: string[] = [];
    for (const route of JSON_ROUTES) {
      for (const key of await bodyKeys(route)) {
        const cases: [unknown, string, string][] = [
          ['Ana\u0000', key, FIELD_MESSAGES.controlCharacters],
          ['Caries \ud83d', key, FIELD_MESSAGES.brokenCharacter],
          ['\udc00', key, FIELD_MESSAGES.brokenCharacter],
          [{ notas: ['ok', 'x\ud800'] }, `${key}.notas.1`, FIELD_MESSAGES.brokenCharacter],
        ];
        for (const [value, field, message] of cases) {
          const answer = await send(route, JSON.stringify({ [key]: value }));
          found.push(...problems(answer, { refused: true }));
          if (answer.error?.fields?.[field] !== message) found.push(`${answer.route} → no '${field}' message`);
        }
      }
      // In a key, too; a whole emoji is text like any other.
      const inKey = await send(route, JSON.stringify({ 'a\ud800': 1 }));
      if (inKey.error?.fields?._ !== FIELD_MESSAGES.brokenCharacter) found.push(`${inKey.route} → key not refused`);
    }
    expect(found).toEqual([]);
  });

  it('answers a megabyte string in any field in Spanish, never 500, and a bigger body with 413', async () => {
    const found: string[] = [];
    const megabyte = 'x'.repeat(1_000_000);
    for (const route of JSON_ROUTES) {
      const keys = await bodyKeys(route);
      for (const key of keys) {
        const answer = await send(route, JSON.stringify({ [key]: megabyte }));
        found.push(
          ...problems(answer, { json: true, refused: TAKES_ANY_TEXT[`${route.method} ${route.path}`] !== key }),
        );
      }
      const all = await send(route, JSON.stringify({ [keys[0]]: 'x'.repeat(JSON_BODY_MAX_BYTES) }));
      if (all.status !== 413 || all.error?.code !== 'payload_too_large') found.push(`${all.route} → ${all.status}`);
    }
    expect(found).toEqual([]);
  });

  it('never answers 500 to a query of the wrong shape', async () => {
    const found: string[] = [];
    for (const route of QUERY_ROUTES) {
      const keys = shapeKeys(route.inputs.find((i) => i.target === 'query')!.schema);
      for (const key of keys) {
        for (const value of [
          `${key}=1&${key}=2`,
          `${key}=${'x'.repeat(100_000)}`,
          `${key}=%ED%A0%80`,
          `${key}=-1`,
          `${key}=`,
        ]) {
          found.push(...problems(await send(route, undefined, `?${value}`)));
        }
      }
    }
    expect(found).toEqual([]);
  });

  it("refuses half an emoji in a tooth's notes with 400 naming the tooth, and stores nothing (it was a 500)", async () => {
    const patient = await t.client(cookie).pacientes.$post({ json: { nombres: 'Lucía', apellidos: 'Gómez' } });
    const { id } = await patient.json();
    const chart = setToothNotes(emptyChart(), 11, 'Caries \ud83d');
    const res = await t.request(`/api/pacientes/${id}/odontograma`, {
      method: 'PUT',
      cookie,
      json: { baseVersion: 0, chart },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Answer).error).toEqual({
      code: 'validation_error',
      message: FIELD_MESSAGES.brokenCharacter,
      fields: { 'chart.11.notas': FIELD_MESSAGES.brokenCharacter },
    });
    const saved = await t.client(cookie).pacientes[':id'].odontograma.$get({ param: { id } });
    expect(((await saved.json()) as { version: number }).version).toBe(0);
    // A whole emoji is text like any other.
    const whole = setToothNotes(emptyChart(), 11, 'Caries 🦷');
    const ok = await t.request(`/api/pacientes/${id}/odontograma`, {
      method: 'PUT',
      cookie,
      json: { baseVersion: 0, chart: whole },
    });
    expect(ok.status).toBe(200);
  });

  it('refuses half an emoji on the account endpoints too', async () => {
    for (const [path, json] of [
      ['/api/auth/sign-up/email', { email: 'ana@example.es', password: 'secreto123\ud800', acceptTerms: true }],
      ['/api/auth/sign-in/email', { email: 'ana\udbff@example.es', password: 'secreto123' }],
    ] as const) {
      const res = await t.request(path, { method: 'POST', json });
      expect(res.status, path).toBe(400);
      const body = (await res.json()) as { error: { fields: Record<string, string> } };
      expect(Object.values(body.error.fields)).toContain(FIELD_MESSAGES.brokenCharacter);
    }
  });
});
