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

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; Plans?: PlanNode[] };
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

/** The plan of a cached read, with every value any of them takes. */
async function planOf(read: (typeof cachedReads)[number]): Promise<PlanNode> {
  const explain = preparedStatement<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(
    `explicar_${read.name}`,
    sql`explain (format json) ${read.query}`,
  );
  const [row] = await explain(t.db, values);
  const raw = row!['QUERY PLAN'];
  return (typeof raw === 'string' ? (JSON.parse(raw) as [{ Plan: PlanNode }]) : raw)[0].Plan;
}

/** The node types right above each scan of `table`. */
const parentsOf = (node: PlanNode, table: string): string[] =>
  (node.Plans ?? []).flatMap((child) => [
    ...(child['Relation Name'] === table ? [node['Node Type']] : []),
    ...parentsOf(child, table),
  ]);

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
      const planned = new Set(relations(await planOf(read)));
      const declared = new Set([...read.reads, ...read.counters].map(getTableName));
      expect({ name: read.name, tables: [...planned].sort() }).toEqual({
        name: read.name,
        tables: [...declared].sort(),
      });
    }
  });

  it("the month grid looks up each shown appointment's patient and dentist, never reading either table whole", async () => {
    // The days are a generate_series the planner guesses at 1,000: joined plainly, it hashed all of a
    // clinic's patients to name a month's few dozen appointments. Each lookup sits under its LIMIT 1.
    for (const name of ['odontia_citas_mes', 'odontia_citas_mes_dentista']) {
      const plan = await planOf(cachedReads.find((r) => r.name === name)!);
      expect({ name, pacientes: parentsOf(plan, 'pacientes'), dentistas: parentsOf(plan, 'dentistas') }).toEqual({
        name,
        pacientes: ['Limit'],
        dentistas: ['Limit'],
      });
    }
  });
});
