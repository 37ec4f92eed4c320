import { randomUUID } from 'node:crypto';
import { getTableName, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedStatement } from '../../db/prepared.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { cachedReads } from './agenda-reads.service.ts';
// Registers the public profile's free slots, the one cached read outside the agenda's own module.
import './online-booking.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type PlanNode = { 'Relation Name'?: string; Plans?: PlanNode[] };
const relations = (node: PlanNode): string[] => [
  ...(node['Relation Name'] ? [node['Relation Name']] : []),
  ...(node.Plans ?? []).flatMap(relations),
];

/** Every value any agenda read takes; each statement uses the ones it names. */
const values = {
  clinicaId: randomUUID(),
  zona: 'Europe/Madrid',
  hoy: '2026-03-29',
  offset: 0,
  desde: '2026-03-01',
  hasta: '2026-03-31',
  dentistaId: randomUUID(),
  dias: 14,
  duracion: 30,
  antelacion: 120,
  horizonte: 60,
  cached: null,
};

describe("the agenda cache's reads (and the free slots')", () => {
  it('read, by their plans, exactly the tables they declare and the version counters that cover them', async () => {
    expect(cachedReads.map((r) => r.name).sort()).toEqual([
      'odontia_citas_calendario',
      'odontia_citas_calendario_dentista',
      'odontia_citas_mes',
      'odontia_citas_mes_dentista',
      'odontia_citas_pasadas',
      'odontia_citas_proximas',
      'odontia_reservas_huecos_vigentes',
    ]);
    for (const read of cachedReads) {
      const explain = preparedStatement<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(
        `explicar_${read.name}`,
        sql`explain (format json) ${read.query}`,
      );
      const [row] = await explain(t.db, values);
      const raw = row!['QUERY PLAN'];
      const [{ Plan }] = typeof raw === 'string' ? (JSON.parse(raw) as [{ Plan: PlanNode }]) : raw;
      const planned = new Set(relations(Plan));
      const declared = new Set([...read.reads, ...read.counters].map(getTableName));
      expect({ name: read.name, tables: [...planned].sort() }).toEqual({
        name: read.name,
        tables: [...declared].sort(),
      });
    }
  });
});
