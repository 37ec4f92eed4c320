/**
 * `npm run bench -- agenda` (issue 11): the agenda on PostgreSQL with 10 connections, a clinic of
 * 20 dentists and 50,000 appointments among 1,000,000 (bench/agenda/setup.ts):
 * - month view p99 <= 20 ms, week view p99 <= 20 ms, list first page p99 <= 15 ms;
 * - create (with the database's overlap check) >= 500 req/s with p99 <= 25 ms;
 * - 50 concurrent requests for one dentist and slot: exactly 1 created, 49 answered 409;
 * - the straightforward baseline (every appointment of the clinic joined) in the same run.
 *
 * Its own database, kept between runs: `odontia_bench_agenda` on the server of BENCH_DATABASE_URL
 * (or BENCH_AGENDA_DATABASE_URL).
 */
import path from 'node:path';
import { todayInZone } from '@odontia/shared';
import { getJson, signIn, startServer, stopServer } from '../lib/app-process.ts';
import { benchDatabaseUrl, benchDir, ensurePostgresDatabase, isPostgresReachable } from '../lib/database.ts';
import { measure } from '../lib/http-load.ts';
import type { Budget, Section, SectionResult } from '../lib/report.ts';
import { AGENDA_DATASET, AGENDA_OWNER, AGENDA_TOTAL, BENCH_WRITES_FROM } from '../agenda/setup.ts';

const CONNECTIONS = 10;
const CONCURRENT_SAME_SLOT = 50;
const BUDGETS = {
  month: { p99: { max: 20 } },
  week: { p99: { max: 20 } },
  list: { p99: { max: 15 } },
  create: { rps: { min: 500 }, p99: { max: 25 } },
} satisfies Record<string, Partial<Record<'p99' | 'rps', Budget>>>;

const seconds = Number(process.env.BENCH_SECONDS ?? 6);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const ZONE = 'Europe/Madrid';

function databaseUrl(): string {
  if (process.env.BENCH_AGENDA_DATABASE_URL) return process.env.BENCH_AGENDA_DATABASE_URL;
  const u = new URL(benchDatabaseUrl());
  u.pathname = '/odontia_bench_agenda';
  return u.toString();
}

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** Plain-date arithmetic in UTC: the calendar's month grid and week (Sunday first). */
function ranges(today: string) {
  const t = Date.parse(`${today}T00:00:00Z`);
  const weekStart = t - new Date(t).getUTCDay() * DAY;
  const first = Date.parse(`${today.slice(0, 8)}01T00:00:00Z`);
  const firstOfNext = Date.UTC(new Date(first).getUTCFullYear(), new Date(first).getUTCMonth() + 1, 1);
  const last = firstOfNext - DAY;
  const gridStart = first - new Date(first).getUTCDay() * DAY;
  const gridEnd = last + (6 - new Date(last).getUTCDay()) * DAY;
  return {
    month: { desde: iso(gridStart), hasta: iso(gridEnd) },
    week: { desde: iso(weekStart), hasta: iso(weekStart + 6 * DAY) },
  };
}

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** An endless supply of free slots after BENCH_WRITES_FROM: 30-minute slots 08:00-18:00 of each dentist, day after day. */
function slotBodies(dentists: string[], patients: string[]) {
  const perDay = 20;
  let i = 0;
  return () => {
    const n = i++;
    const dentista = dentists[n % dentists.length];
    const j = Math.floor(n / dentists.length);
    const day = iso(Date.parse(`${BENCH_WRITES_FROM}T00:00:00Z`) + Math.floor(j / perDay) * DAY);
    const start = 8 * 60 + (j % perDay) * 30;
    return JSON.stringify({
      pacienteId: patients[n % patients.length],
      dentistaId: dentista,
      fecha: day,
      horaInicio: hhmm(start),
      horaFin: hhmm(start + 30),
      titulo: 'Revisión',
    });
  };
}

async function sameSlotRace(baseUrl: string, cookie: string, dentistaId: string, pacienteId: string) {
  const body = JSON.stringify({
    pacienteId,
    dentistaId,
    fecha: '2035-06-01',
    horaInicio: '10:00',
    horaFin: '10:45',
    titulo: 'Revisión',
  });
  const statuses = await Promise.all(
    Array.from({ length: CONCURRENT_SAME_SLOT }, () =>
      fetch(`${baseUrl}/api/citas`, {
        method: 'POST',
        headers: { cookie, origin: baseUrl, 'content-type': 'application/json' },
        body,
      }).then(async (r) => {
        await r.arrayBuffer();
        return r.status;
      }),
    ),
  );
  return {
    created: statuses.filter((s) => s === 201).length,
    conflicts: statuses.filter((s) => s === 409).length,
    other: statuses.filter((s) => s !== 201 && s !== 409),
  };
}

export const agendaSection: Section = {
  name: 'agenda',
  run: async (log) => {
    const group = 'PostgreSQL';
    const result: SectionResult = { title: 'Agenda API', measurements: [], notes: [] };
    const url = databaseUrl();
    if (!(await isPostgresReachable(url))) {
      result.notes!.push(`PostgreSQL skipped: nothing answers at ${new URL(url).host} (set BENCH_DATABASE_URL).`);
      return result;
    }
    await ensurePostgresDatabase(url);
    log(`${group}: arrancando el servidor (genera los datos la primera vez)...`);
    const server = await startServer(
      path.join(benchDir, 'agenda', 'server.ts'),
      { DATABASE_URL: url, DATA_DIR: path.join(benchDir, '.data', 'agenda-app') },
      log,
    );
    try {
      const cookie = await signIn(server.baseUrl, AGENDA_OWNER);
      const api = `${server.baseUrl}/api/citas`;
      const dentists = (await getJson<{ id: string }[]>(`${server.baseUrl}/api/dentistas?activos=true`, cookie)).map(
        (d) => d.id,
      );
      const patients = await getJson<string[]>(`${server.baseUrl}/bench/citas/pacientes`, cookie);
      const today = todayInZone(ZONE);
      const { month, week } = ranges(today);
      // The Mes view reads per-day counts and the first two of each day; the full range is what it read before.
      const monthPath = `/api/citas/calendario/mes?desde=${month.desde}&hasta=${month.hasta}`;
      const monthAllPath = `/api/citas/calendario?desde=${month.desde}&hasta=${month.hasta}`;
      const weekPath = `/api/citas/calendario?desde=${week.desde}&hasta=${week.hasta}`;
      const [monthRows, weekRows, firstPage] = await Promise.all([
        getJson<unknown[]>(`${server.baseUrl}${monthAllPath}`, cookie),
        getJson<unknown[]>(`${server.baseUrl}${weekPath}`, cookie),
        getJson<{ total: number }>(api, cookie),
      ]);

      type Scenario = {
        name: string;
        path: string;
        budget: Partial<Record<'p99' | 'rps', Budget>>;
        connections?: number;
        post?: () => string;
        seconds?: number;
      };
      const scenarios: Scenario[] = [
        { name: 'month view', path: monthPath, budget: BUDGETS.month },
        { name: 'month, every appointment (old)', path: monthAllPath, budget: {} },
        { name: 'week view', path: weekPath, budget: BUDGETS.week },
        { name: 'day view', path: `/api/citas/calendario?desde=${today}&hasta=${today}`, budget: {} },
        { name: 'list, first page', path: '/api/citas', budget: BUDGETS.list },
        {
          name: 'create (overlap checked)',
          path: '/api/citas',
          budget: BUDGETS.create,
          post: slotBodies(dentists, patients),
        },
        // 50,000 joined rows a request (seconds each): two connections, no warm-up, a longer window.
        {
          name: 'baseline: all citas joined',
          path: '/bench/citas/baseline',
          budget: {},
          connections: 2,
          seconds: 3 * seconds,
        },
      ];
      for (const s of scenarios) {
        const r = await measure({
          url: `${server.baseUrl}${s.path}`,
          headers: { cookie, origin: server.baseUrl, ...(s.post ? { 'content-type': 'application/json' } : {}) },
          connections: s.connections ?? CONNECTIONS,
          warmupSeconds: s.seconds ? 0 : warmupSeconds,
          seconds: s.seconds ?? seconds,
          post: s.post ? { body: s.post } : undefined,
        });
        log(
          `  ${s.name.padEnd(30)} ${r.reqPerSec.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms${r.errors || r.non2xx ? `  (${r.errors} errores, ${r.non2xx} no 2xx)` : ''}`,
        );
        if (r.errors || r.non2xx) throw new Error(`${s.name}: ${r.errors} errores y ${r.non2xx} respuestas no 2xx`);
        result.measurements.push(
          { group, name: s.name, metric: 'req/s', value: r.reqPerSec, unit: 'req/s', budget: s.budget.rps },
          { group, name: s.name, metric: 'p50', value: r.p50, unit: 'ms' },
          { group, name: s.name, metric: 'p99', value: r.p99, unit: 'ms', budget: s.budget.p99 },
        );
      }

      const race = await sameSlotRace(server.baseUrl, cookie, dentists[0], patients[0]);
      log(
        `  ${CONCURRENT_SAME_SLOT} a la vez, mismo dentista y hora: ${race.created} creada(s), ${race.conflicts} con 409${race.other.length ? `, otros: ${race.other.join(', ')}` : ''}`,
      );
      result.measurements.push(
        {
          group,
          name: `${CONCURRENT_SAME_SLOT} concurrent, same slot`,
          metric: 'created',
          value: race.created,
          unit: '',
          budget: { min: 1, max: 1 },
        },
        {
          group,
          name: `${CONCURRENT_SAME_SLOT} concurrent, same slot`,
          metric: '409',
          value: race.conflicts,
          unit: '',
          budget: { min: CONCURRENT_SAME_SLOT - 1, max: CONCURRENT_SAME_SLOT - 1 },
        },
      );

      result.notes!.push(
        `${group}: ${AGENDA_TOTAL.toLocaleString('en-US')} appointments in ${AGENDA_DATASET.clinics} clinics; measured in one with ${AGENDA_DATASET.dentistsPerClinic} dentists and ${AGENDA_DATASET.appointmentsPerClinic.toLocaleString('en-US')} (${firstPage.total.toLocaleString('en-US')} from today on); month grid ${month.desde}..${month.hasta} holds ${monthRows.length} appointments (the Mes view reads 2 a day and the counts), week ${week.desde}..${week.hasta} ${weekRows.length}; ${CONNECTIONS} connections, ${warmupSeconds} s warm-up discarded, ${seconds} s measured per row; writes go to free slots from ${BENCH_WRITES_FROM} (removed on the next run).`,
      );
      return result;
    } finally {
      await stopServer(server);
    }
  },
};
