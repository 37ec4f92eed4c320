/**
 * `npm run bench -- jornada`: a whole clinic day's load at once, where the other sections measure
 * one route alone. 20 clinics and their members (bench/jornada/setup.ts) replay a weighted mix of the
 * agenda (month, week, list), bookings and moves, chart loads and saves, patient search and record,
 * catalogue search and stock adjustments, store pages, cart and checkout, and notifications
 * (bench/jornada/mix.ts) over 50 keep-alive raw-socket connections (bench/jornada/raw-client.ts) for
 * 60 s, against one API process in production mode on PostgreSQL:
 * - >= 800 req/s, p99 <= 100 ms, 0 errors (every answer the mix did not expect);
 * - afterwards, in SQL: every item's stock equals the sum of its movements, and no two non-cancelled
 *   appointments of one dentist overlap.
 * Then where the time goes: the same client against /api/health (its own ceiling), the time requests
 * spent on their session and membership (platform/session.ts's `sessionTimings`), the CPU of the
 * client, the API and the machine, and the same mix with another pool size (DATABASE_POOL_SIZE).
 *
 * Its own database (dropped and created each run): `odontia_bench_jornada` on the server of
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL), or BENCH_JORNADA_DATABASE_URL. BENCH_JORNADA_SECONDS
 * (60) and BENCH_JORNADA_WARMUP_SECONDS (5) shorten it while developing; BENCH_JORNADA_OTHER_POOL
 * (20) is the second pool size.
 */
import os from 'node:os';
import type pg from 'pg';
import { MEMBER_SESSION_CACHE_MS, SESSION_CACHE_MS } from '../../apps/api/src/platform/session.ts';
import { benchDatabaseUrl, isPostgresReachable } from '../lib/database.ts';
import { openFreshApp } from '../lib/fresh-app.ts';
import { percentile } from '../lib/http-load.ts';
import { startInstance, stopInstance, type Instance } from '../lib/instance.ts';
import type { Measurement, Section, SectionResult } from '../lib/report.ts';
import { DayMix, KINDS, runPath, type MixResult, type Probe } from '../jornada/mix.ts';
import { createDayData, DAY_SET } from '../jornada/setup.ts';

const CONNECTIONS = 50;
const DEFAULT_POOL = 10;
const BUDGETS = { reqPerSec: 800, p99: 100 };
const seconds = Number(process.env.BENCH_JORNADA_SECONDS ?? 60);
const warmupSeconds = Number(process.env.BENCH_JORNADA_WARMUP_SECONDS ?? 5);
const otherPool = Number(process.env.BENCH_JORNADA_OTHER_POOL ?? 20);
const healthSeconds = Math.min(10, seconds);

function databaseUrl(): string {
  if (process.env.BENCH_JORNADA_DATABASE_URL) return process.env.BENCH_JORNADA_DATABASE_URL;
  const u = new URL(process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || benchDatabaseUrl());
  u.pathname = '/odontia_bench_jornada';
  return u.toString();
}

type SessionTimings = {
  requests: number;
  sessionMs: number;
  lookups: number;
  members: number;
  memberMs: number;
  /** Samples of the pool's queue (requests waiting for a connection), and their sum. */
  poolSamples: number;
  poolWaiting: number;
};

/** The API process's `sessionTimings` and pool queue samples (bench/notifications/server.ts answers over IPC). */
function sessionTimings(instance: Instance): Promise<SessionTimings> {
  return new Promise((resolve) => {
    const onMessage = (message: { type?: string } & SessionTimings) => {
      if (message?.type !== 'session-timings') return;
      instance.child.off('message', onMessage);
      resolve(message);
    };
    instance.child.on('message', onMessage);
    instance.child.send({ type: 'session-timings' });
  });
}

const ms = (n: number) => `${n.toFixed(1)} ms`;
const pct = (n: number) => `${(100 * n).toFixed(0)} %`;
const sum = (list: number[]) => list.reduce((a, b) => a + b, 0);

function mixLine(label: string, r: MixResult): string {
  return `  ${label}: ${r.requests.toLocaleString('en-US')} peticiones en ${r.seconds.toFixed(1)} s = ${r.reqPerSec.toFixed(0)} req/s, p50 ${ms(percentile(r.all, 50))}, p95 ${ms(percentile(r.all, 95))}, p99 ${ms(percentile(r.all, 99))}, ${r.errors} errores; CPU: máquina ${pct(r.machineBusy)} ocupada, la API ${pct(r.serverShare)} del total; por petición: la API ${r.serverCpuPerRequest.toFixed(2)} ms, PostgreSQL ${r.postgresCpuPerRequest.toFixed(2)} ms, el cliente ${r.clientCpuPerRequest.toFixed(2)} ms`;
}

async function runJornada(log: (line: string) => void): Promise<SectionResult> {
  const url = databaseUrl();
  const title = 'Jornada completa';
  if (!(await isPostgresReachable(url))) {
    return {
      title,
      measurements: [],
      notes: [`PostgreSQL no disponible en ${new URL(url).host}: sección omitida (BENCH_JORNADA_DATABASE_URL).`],
    };
  }
  const group = `PostgreSQL, ${CONNECTIONS} conexiones, pool ${DEFAULT_POOL}`;
  const measurements: Measurement[] = [];
  const notes: string[] = [];
  log(`jornada: base de datos nueva ${new URL(url).pathname.slice(1)}`);
  const fresh = await openFreshApp(url, 'jornada', 4);
  let instance: Instance | undefined;
  try {
    const setupStarted = performance.now();
    const data = await createDayData(fresh, log);
    const mix = new DayMix(data, CONNECTIONS);
    const pool = fresh.handle.pool as pg.Pool;
    const probe = (server: Instance): Probe => ({
      apiPid: server.child.pid!,
      postgresPids: async () =>
        (
          await pool.query<{ pid: number }>(
            'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
          )
        ).rows.map((r) => r.pid),
    });
    const setupSeconds = (performance.now() - setupStarted) / 1000;

    // 1. The day with the default pool (empty counts as unset: the default whatever the environment says).
    log(`  la API (pool ${DEFAULT_POOL}); ${warmupSeconds} s de calentamiento y ${seconds} s de jornada...`);
    instance = await startInstance({ ...fresh.env, DATABASE_POOL_SIZE: '' });
    await mix.run(instance.baseUrl, warmupSeconds, probe(instance));
    const timings0 = await sessionTimings(instance);
    const load0 = os.loadavg()[0];
    const day = await mix.run(instance.baseUrl, seconds, probe(instance));
    const timings1 = await sessionTimings(instance);
    log(mixLine(`pool ${DEFAULT_POOL}`, day));
    for (const sample of day.samples) log(`    ${sample}`);

    // 2. The client's own ceiling: the same sockets on a route that reads no session and runs `select 1`.
    log(`  el mismo cliente contra /api/health, ${healthSeconds} s...`);
    const health = await runPath(instance.baseUrl, '/api/health', healthSeconds, CONNECTIONS);
    log(
      `  /api/health: ${health.reqPerSec.toFixed(0)} req/s, p50 ${ms(health.p50)}, p99 ${ms(health.p99)}, cliente ${health.clientCpuPerRequest.toFixed(2)} ms de CPU por petición`,
    );
    await stopInstance(instance);
    instance = undefined;

    // 3. Another pool size, same data, same workers (their bookings and charts continue where they were).
    log(`  la API con DATABASE_POOL_SIZE=${otherPool}; ${seconds} s de jornada...`);
    instance = await startInstance({ ...fresh.env, DATABASE_POOL_SIZE: String(otherPool) });
    await mix.run(instance.baseUrl, warmupSeconds, probe(instance));
    const other = await mix.run(instance.baseUrl, seconds, probe(instance));
    log(mixLine(`pool ${otherPool}`, other));
    for (const sample of other.samples) log(`    ${sample}`);
    await stopInstance(instance);
    instance = undefined;

    // 4. Consistency, in SQL.
    const [{ stock_mismatch: stockMismatch, items }] = (
      await pool.query<{ stock_mismatch: number; items: number }>(
        `select count(*) filter (where p.stock_actual <> coalesce(m.total, 0))::int as stock_mismatch, count(*)::int as items
         from productos p left join (select producto_id, sum(cantidad) as total from movimientos_stock group by producto_id) m
           on m.producto_id = p.id
         where p.stock_actual is not null`,
      )
    ).rows;
    // Sorted by start, a dentist's appointment overlaps an earlier one exactly when it starts before
    // the latest end among those before it.
    const [{ overlapping, appointments }] = (
      await pool.query<{ overlapping: number; appointments: number }>(
        `select count(*) filter (where inicio < latest_end)::int as overlapping, count(*)::int as appointments from (
           select inicio, max(fin) over (partition by dentista_id order by inicio, id rows between unbounded preceding and 1 preceding) as latest_end
           from citas where estado <> 'cancelada'
         ) c`,
      )
    ).rows;
    const [{ movements, orders, versions }] = (
      await pool.query<{ movements: number; orders: number; versions: number }>(
        `select (select count(*)::int from movimientos_stock) as movements, (select count(*)::int from pedidos) as orders,
                (select count(*)::int from odontograma_versiones) as versions`,
      )
    ).rows;

    // The figures.
    const p = (r: MixResult, n: number) => percentile(r.all, n);
    measurements.push(
      {
        group,
        name: 'jornada (mezcla)',
        metric: 'req/s',
        value: day.reqPerSec,
        unit: 'req/s',
        budget: { min: BUDGETS.reqPerSec },
      },
      { group, name: 'jornada (mezcla)', metric: 'p50', value: p(day, 50), unit: 'ms' },
      { group, name: 'jornada (mezcla)', metric: 'p95', value: p(day, 95), unit: 'ms' },
      { group, name: 'jornada (mezcla)', metric: 'p99', value: p(day, 99), unit: 'ms', budget: { max: BUDGETS.p99 } },
      { group, name: 'jornada (mezcla)', metric: 'errores', value: day.errors, unit: '', budget: { max: 0 } },
    );
    for (const kind of KINDS) {
      const list = day.byKind.get(kind)!;
      const errors = day.errorsByKind.get(kind) ?? 0;
      measurements.push({
        group,
        name: `  ${kind}`,
        metric: 'p99',
        value: percentile(list, 99),
        unit: 'ms',
        note: `${list.length + errors} pet., p50 ${ms(percentile(list, 50))}, p95 ${ms(percentile(list, 95))}${errors ? `, ${errors} errores` : ''}`,
      });
    }
    const consistency = 'después de la jornada';
    measurements.push(
      {
        group: consistency,
        name: 'artículos con stock ≠ suma de movimientos',
        metric: 'artículos',
        value: stockMismatch,
        unit: '',
        budget: { max: 0 },
        note: `de ${items.toLocaleString('en-US')}`,
      },
      {
        group: consistency,
        name: 'citas no canceladas solapadas (mismo dentista)',
        metric: 'citas',
        value: overlapping,
        unit: '',
        budget: { max: 0 },
        note: `de ${appointments.toLocaleString('en-US')}`,
      },
    );

    const where = 'dónde se va el tiempo';
    const dSession = timings1.sessionMs - timings0.sessionMs;
    const dMember = timings1.memberMs - timings0.memberMs;
    const dRequests = timings1.requests - timings0.requests;
    const dLookups = timings1.lookups - timings0.lookups;
    const totalLatency = sum(day.all);
    // Little's law: the mean number of requests waiting for a connection, times the run's length, is
    // the total time requests spent waiting for one.
    const meanWaiting =
      (timings1.poolWaiting - timings0.poolWaiting) / Math.max(1, timings1.poolSamples - timings0.poolSamples);
    const poolWaitMs = meanWaiting * day.seconds * 1000;
    measurements.push(
      {
        group: where,
        name: 'cliente contra /api/health',
        metric: 'req/s',
        value: health.reqPerSec,
        unit: 'req/s',
        note: `p99 ${ms(health.p99)}, ${health.clientCpuPerRequest.toFixed(2)} ms de CPU del cliente por petición`,
      },
      {
        group: where,
        name: 'sesión + membresía / tiempo de respuesta',
        metric: 'parte',
        value: (100 * (dSession + dMember)) / totalLatency,
        unit: '%',
        note: `sesión ${ms(dSession / dRequests)}, membresía (su primera consulta) ${ms(dMember / Math.max(1, timings1.members - timings0.members))} por petición; ${dLookups.toLocaleString('en-US')} lecturas de sesión fuera de la caché en ${dRequests.toLocaleString('en-US')} peticiones`,
      },
      ...(
        [
          ['API', day.serverCpuPerRequest],
          ['PostgreSQL', day.postgresCpuPerRequest],
          ['cliente', day.clientCpuPerRequest],
        ] as const
      ).map(([who, value]) => ({
        group: where,
        name: 'CPU por petición',
        metric: who,
        value,
        unit: 'ms',
        note:
          who === 'API' ? `máquina ${pct(day.machineBusy)} ocupada, la API ${pct(day.serverShare)} de ella` : undefined,
      })),
      {
        group: where,
        name: `espera de una conexión del pool ${DEFAULT_POOL} / tiempo de respuesta`,
        metric: 'parte',
        value: (100 * poolWaitMs) / totalLatency,
        unit: '%',
        note: `${meanWaiting.toFixed(1)} peticiones esperando de media`,
      },
      {
        group: where,
        name: `jornada con pool ${otherPool}`,
        metric: 'req/s',
        value: other.reqPerSec,
        unit: 'req/s',
        note: `p50 ${ms(p(other, 50))}, p99 ${ms(p(other, 99))}`,
      },
      {
        group: where,
        name: `jornada con pool ${otherPool}`,
        metric: 'errores',
        value: other.errors,
        unit: '',
        budget: { max: 0 },
      },
    );

    notes.push(
      `Datos (${setupSeconds.toFixed(0)} s): ${DAY_SET.clinics} clínicas de ${DAY_SET.membersPerClinic} miembros, ${DAY_SET.dentistsPerClinic} dentistas y ${DAY_SET.patientsPerClinic.toLocaleString('en-US')} pacientes cada una, 6 citas al día por dentista ${DAY_SET.agendaDays} días a cada lado de hoy, ${DAY_SET.itemsPerClinic} artículos con stock, ${DAY_SET.notificationsPerMember} avisos por miembro; un proveedor con ${DAY_SET.supplierItems} artículos en la tienda. ${CONNECTIONS} conexiones keep-alive (cliente de sockets, una petición en curso cada una), una por miembro; ${warmupSeconds} s de calentamiento descartados, ${seconds} s medidos. Al terminar: ${movements.toLocaleString('en-US')} movimientos de stock, ${orders.toLocaleString('en-US')} pedidos, ${versions.toLocaleString('en-US')} versiones de odontograma.`,
      `Carga de la máquina al empezar la jornada: ${load0.toFixed(2)} (${os.cpus().length} núcleos; otros procesos comparten la máquina).`,
      mixLine(`Pool ${DEFAULT_POOL}`, day).trim(),
      mixLine(`Pool ${otherPool}`, other).trim(),
      `Dónde se va el tiempo: (a) el cliente, contra /api/health (sin sesión, un select 1), da ${health.reqPerSec.toFixed(0)} req/s con p99 ${ms(health.p99)} y gasta ${health.clientCpuPerRequest.toFixed(2)} ms de CPU por petición (en la jornada ${day.clientCpuPerRequest.toFixed(2)} ms): es su techo en esta máquina. ` +
        `(b) Sesión: de la suma de los tiempos de respuesta (${(totalLatency / 1000).toFixed(0)} s), las peticiones pasaron ${(dSession / 1000).toFixed(1)} s esperando su sesión (caché por cookie: ${SESSION_CACHE_MS / 1000} s en las rutas de la cuenta, ${MEMBER_SESSION_CACHE_MS / 60_000} min en las de la clínica, que comprueban la fila de la sesión; ${dLookups} lecturas completas por better-auth) y ${(dMember / 1000).toFixed(1)} s leyendo su membresía, la primera consulta de la petición: ${((100 * (dSession + dMember)) / totalLatency).toFixed(0)} % del total. Esperando una conexión del pool (su cola muestreada cada 5 ms) pasaron ${(poolWaitMs / 1000).toFixed(0)} s, ${((100 * poolWaitMs) / totalLatency).toFixed(0)} % (dentro de los anteriores y de la ruta). ` +
        `(c) Pool: con ${DEFAULT_POOL} conexiones ${day.reqPerSec.toFixed(0)} req/s y p99 ${ms(p(day, 99))}; con ${otherPool}, ${other.reqPerSec.toFixed(0)} req/s y p99 ${ms(p(other, 99))}.`,
    );
    return { title, measurements, notes };
  } finally {
    if (instance) await stopInstance(instance);
    await fresh.close();
  }
}

export const jornadaSection: Section = { name: 'jornada', run: runJornada };
