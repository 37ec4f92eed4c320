import { mkdirSync } from 'node:fs';
import { PATIENT_COUNT_LIMIT } from '@odontia/shared';
import path from 'node:path';
import { getJson, signIn, startServer, stopServer } from '../lib/app-process.ts';
import {
  benchDatabaseUrl,
  benchDir,
  ensurePostgresDatabase,
  isPostgresReachable,
  pgliteDataDir,
} from '../lib/database.ts';
import { measure, type LoadResult } from '../lib/http-load.ts';
import type { Budget, Measurement, Section, SectionResult } from '../lib/report.ts';
import { BENCH_OWNER, DATASET } from '../patients/setup.ts';

/** DESIGN §7: 10 connections on PostgreSQL; PGlite is an embedded, one-user database. */
const BUDGETS = {
  postgres: {
    list: { p99: { max: 15 }, rps: { min: 2000 } },
    search: { p99: { max: 30 }, rps: { min: 800 } },
    byId: { p99: { max: 3 } },
  },
  pglite: {
    list: { p50: { max: 10 } },
    search: { p50: { max: 20 } },
    byId: {},
  },
} satisfies Record<string, Record<string, Partial<Record<'p50' | 'p99' | 'rps', Budget>>>>;

/** A fragment that a receptionist types and that matches about one patient in five. */
export const COMMON_FRAGMENT = 'mar';
const NO_MATCH = 'xqzw';

const seconds = Number(process.env.BENCH_SECONDS ?? 6);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);

type Scenario = {
  name: string;
  path: string;
  budget: Partial<Record<'p50' | 'p99' | 'rps', Budget>>;
  /** The scenario this one is the baseline of (for the ratio note). */
  baselineOf?: string;
  /** Shown but never judged. */
  informational?: boolean;
  /** Overrides the section's number of connections. */
  connections?: number;
};

async function runDriver(
  group: string,
  budgets: (typeof BUDGETS)[keyof typeof BUDGETS],
  connections: number,
  env: Record<string, string>,
  log: (line: string) => void,
): Promise<{ measurements: Measurement[]; notes: string[] }> {
  log(`${group}: arrancando el servidor (genera los datos la primera vez)...`);
  const server = await startServer(path.join(benchDir, 'patients', 'server.ts'), env, log);
  try {
    const cookie = await signIn(server.baseUrl, BENCH_OWNER);
    const api = `${server.baseUrl}/api/pacientes`;
    const first = await getJson<{ pacientes: { id: string }[]; total: number }>(api, cookie);
    const common = await getJson<{ total: number; totalExacto: boolean }>(`${api}?q=${COMMON_FRAGMENT}`, cookie);
    if (first.total !== DATASET.bigClinicPatients) throw new Error(`total inesperado: ${first.total}`);
    const id = first.pacientes[5].id;

    const scenarios: Scenario[] = [
      { name: 'list, first page', path: '/api/pacientes', budget: budgets.list },
      { name: `search '${COMMON_FRAGMENT}'`, path: `/api/pacientes?q=${COMMON_FRAGMENT}`, budget: budgets.search },
      { name: 'search, no match', path: `/api/pacientes?q=${NO_MATCH}`, budget: budgets.search },
      { name: 'patient by id', path: `/api/pacientes/${id}`, budget: budgets.byId },
      // With 10 connections at full speed, latency is mostly the queue (Little's law: 10 / req/s);
      // one connection shows the time of a request on its own.
      ...(connections > 1
        ? [
            {
              name: 'patient by id, 1 connection',
              path: `/api/pacientes/${id}`,
              budget: {},
              connections: 1,
              informational: true,
            },
          ]
        : []),
      { name: 'baseline list', path: '/bench/pacientes/baseline', budget: {}, baselineOf: 'list, first page' },
      {
        name: `baseline search '${COMMON_FRAGMENT}'`,
        path: `/bench/pacientes/baseline?q=${COMMON_FRAGMENT}`,
        budget: {},
        baselineOf: `search '${COMMON_FRAGMENT}'`,
      },
      {
        name: 'baseline search, no match',
        path: `/bench/pacientes/baseline?q=${NO_MATCH}`,
        budget: {},
        baselineOf: 'search, no match',
      },
      {
        name: `search '${COMMON_FRAGMENT}', count recomputed`,
        path: `/bench/pacientes/sin-cache?q=${COMMON_FRAGMENT}`,
        budget: {},
        informational: true,
      },
    ];

    const results = new Map<string, LoadResult>();
    const measurements: Measurement[] = [];
    for (const s of scenarios) {
      const r = await measure({
        url: `${server.baseUrl}${s.path}`,
        headers: { cookie },
        connections: s.connections ?? connections,
        warmupSeconds,
        seconds,
      });
      results.set(s.name, r);
      log(
        `  ${s.name.padEnd(38)} ${r.reqPerSec.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms${r.errors || r.non2xx ? `  (${r.errors} errores, ${r.non2xx} no 2xx)` : ''}`,
      );
      if (r.errors || r.non2xx) throw new Error(`${s.name}: ${r.errors} errores y ${r.non2xx} respuestas no 2xx`);
      const real = s.baselineOf ? results.get(s.baselineOf) : undefined;
      const ratio = real
        ? `real route: x${(real.reqPerSec / r.reqPerSec).toFixed(1)} the req/s of this baseline`
        : undefined;
      measurements.push(
        { group, name: s.name, metric: 'req/s', value: r.reqPerSec, unit: 'req/s', budget: s.budget.rps, note: ratio },
        { group, name: s.name, metric: 'p50', value: r.p50, unit: 'ms', budget: s.budget.p50 },
        { group, name: s.name, metric: 'p99', value: r.p99, unit: 'ms', budget: s.budget.p99 },
      );
    }
    const notes = [
      `${group}: ${DATASET.totalPatients.toLocaleString('en-US')} patients in ${DATASET.clinics} clinics; measured in the one with ${first.total.toLocaleString('en-US')} ('${COMMON_FRAGMENT}' matches ${common.totalExacto ? '' : 'more than '}${common.total.toLocaleString('en-US')}, counted up to ${PATIENT_COUNT_LIMIT.toLocaleString('en-US')}); ${connections} connection(s), ${warmupSeconds} s warm-up discarded, ${seconds} s measured per row.`,
    ];
    return { measurements, notes };
  } finally {
    await stopServer(server);
  }
}

/** Patients list, search and read over HTTP against the budgets of DESIGN §7, PostgreSQL then PGlite. */
export const patientsSection: Section = {
  name: 'patients',
  run: async (log) => {
    const result: SectionResult = { title: 'Patients API', measurements: [], notes: [] };
    const drivers = (process.env.BENCH_DRIVERS ?? 'postgres,pglite').split(',');

    if (drivers.includes('postgres')) {
      const url = benchDatabaseUrl();
      if (await isPostgresReachable(url)) {
        await ensurePostgresDatabase(url);
        const pg = await runDriver(
          'PostgreSQL',
          BUDGETS.postgres,
          10,
          { DATABASE_URL: url, DATA_DIR: path.join(benchDir, '.data', 'postgres-app') },
          log,
        );
        result.measurements.push(...pg.measurements);
        result.notes!.push(...pg.notes);
      } else {
        result.notes!.push(`PostgreSQL skipped: nothing answers at ${new URL(url).host} (set BENCH_DATABASE_URL).`);
      }
    }
    if (drivers.includes('pglite')) {
      mkdirSync(pgliteDataDir, { recursive: true });
      const lite = await runDriver('PGlite', BUDGETS.pglite, 1, { DATABASE_URL: '', DATA_DIR: pgliteDataDir }, log);
      result.measurements.push(...lite.measurements);
      result.notes!.push(...lite.notes);
    }
    return result;
  },
};
