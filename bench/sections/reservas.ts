/**
 * `npm run bench -- reservas` (issue 24): online booking on PostgreSQL with 10 connections, a clinic with
 * 10 dentists and 1,000,000 appointments (bench/reservas/setup.ts):
 * - the free slots of one service over 14 days, every dentist (GET /api/reservas/:id/huecos) p99 <= 30 ms; the
 *   answer is reused while the clinic's agenda does not change (docs/decisions/0022), so the load reads a
 *   reused one, and the first request's time, which computed it, is reported apart ('calculada');
 * - holding a slot p99 <= 20 ms: the public route minus its proof of work (bench/reservas/server.ts), each
 *   request a different free slot, measured after 100 first holds that take every connection of the
 *   server's pool past PostgreSQL's first 5 (custom) plans of its prepared statements, which have figures
 *   of their own; the proof of work's check is measured apart;
 * - 50 concurrent holds of one dentist's slot through the public route, each with its own solved
 *   challenge: exactly 1 held (201), 49 refused (409); and 50 of one time with 'cualquiera': exactly as
 *   many held as dentists are free then.
 * A request that takes more than a second alone is not put under load: its figure is that one request's.
 * Then, as a diagnosis without budgets, the slot reads again on a server whose statements use their
 * generic plan from the first run (plan_cache_mode set on the bench's database; BENCH_BOOKING_GENERIC=0
 * skips it).
 *
 * Its own database (dropped and created each run): `odontia_bench_reservas` on the server of
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL), or BENCH_BOOKING_DATABASE_URL. The app runs in its own
 * process (bench/lib/app-server.ts); the data is made here with generate_series.
 */
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { todayInZone, type FreeSlots } from '@odontia/shared';
import { createClinic } from '../../apps/api/src/features/clinic/clinic.service.ts';
import { verifyProofOfWork } from '../../apps/api/src/platform/proof-of-work.ts';
import { startServer, stopServer, type BenchServer } from '../lib/app-process.ts';
import { benchDir, isPostgresReachable, sectionDatabaseUrl } from '../lib/database.ts';
import { openFreshApp } from '../lib/fresh-app.ts';
import { keepAliveClient, measure, percentile } from '../lib/http-load.ts';
import type { Measurement, Section, SectionResult } from '../lib/report.ts';
import { BOOKING_SET, fillBookingClinic, freeGridSlots, type FreeGridSlot } from '../reservas/setup.ts';

const CONNECTIONS = 10;
const RACERS = 50;
const DAYS = 14;
/** Holds of the load test go to days from this many ahead (the 14 days measured stay as generated). */
const HOLDS_FROM_DAY = DAYS + 1;
const VERIFY_RUNS = 1000;
/** Holds sent before the measured run, 10 at a time (see measureRows). */
const COLD_RUNS = 100;
/**
 * A read slower than this alone is not put under load (its figure is that one request's). A hold is, unless
 * slower than HOLD_SLOW_MS: its first runs on each connection are slow by plan (COLD_RUNS), not later ones.
 */
const SLOW_MS = 1000;
const HOLD_SLOW_MS = 10_000;
/** How long one request alone may take before the section gives up on it. */
const ALONE_TIMEOUT_MS = 10 * 60_000;
const BUDGETS = { slotsP99: 30, holdP99: 20 };
const seconds = Number(process.env.BENCH_SECONDS ?? 6);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);

type Solve = (options: { challenge: unknown; deriveKey: unknown }) => Promise<unknown>;

/**
 * altcha-lib's solver, as a visitor's browser runs it (the app's own proof-of-work.ts only creates and
 * checks): the package is a dependency of apps/api, so it is loaded from there.
 */
async function altchaSolver(): Promise<(challenge: unknown) => Promise<unknown>> {
  const apiRequire = createRequire(path.join(benchDir, '..', 'apps', 'api', 'package.json'));
  const load = async (specifier: string) => {
    const mod = (await import(pathToFileURL(apiRequire.resolve(specifier)).href)) as Record<string, unknown>;
    return (mod.default ?? mod) as Record<string, unknown>;
  };
  const solveChallenge = (await load('altcha-lib')).solveChallenge as Solve;
  const deriveKey = (await load('altcha-lib/algorithms/pbkdf2')).deriveKey;
  return (challenge) => solveChallenge({ challenge, deriveKey });
}

async function solvedChallenges(baseUrl: string, count: number): Promise<string[]> {
  const solve = await altchaSolver();
  return Promise.all(
    Array.from({ length: count }, async () => {
      const res = await fetch(`${baseUrl}/api/reservas/desafio`);
      if (!res.ok) throw new Error(`desafío: ${res.status} ${await res.text()}`);
      const challenge = (await res.json()) as unknown;
      const solution = await solve(challenge);
      if (!solution) throw new Error('no se pudo resolver un desafío de la prueba de trabajo');
      return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    }),
  );
}

/** One request with no other in flight: its status, body and milliseconds. */
async function timed(url: string, init: RequestInit): Promise<{ status: number; body: string; ms: number }> {
  const started = performance.now();
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(ALONE_TIMEOUT_MS) });
  const body = await res.text();
  return { status: res.status, body, ms: performance.now() - started };
}

/** POSTs all at once; their statuses. */
async function race(url: string, origin: string, bodies: string[]): Promise<number[]> {
  return Promise.all(
    bodies.map((body) =>
      fetch(url, { method: 'POST', headers: { origin, 'content-type': 'application/json' }, body }).then(async (r) => {
        await r.arrayBuffer();
        return r.status;
      }),
    ),
  );
}

async function runBookingBench(log: (line: string) => void): Promise<SectionResult> {
  const url = sectionDatabaseUrl(process.env.BENCH_BOOKING_DATABASE_URL, 'odontia_bench_reservas');
  const title = 'Reserva online';
  if (!(await isPostgresReachable(url))) {
    return {
      title,
      measurements: [],
      notes: [`PostgreSQL no disponible en ${new URL(url).host}: sección omitida (BENCH_BOOKING_DATABASE_URL).`],
    };
  }
  const group = `PostgreSQL, ${CONNECTIONS} conexiones`;
  const measurements: Measurement[] = [];
  const notes: string[] = [];
  log(`reservas: base de datos nueva ${new URL(url).pathname.slice(1)}`);
  const fresh = await openFreshApp(url, 'reservas', 4);
  const { handle, deps } = fresh;
  const pool = handle.pool!;
  let server: BenchServer | undefined;
  try {
    const email = 'reservas@bench.test';
    const { userId } = await fresh.signUp(email);
    const clinica = await createClinic(
      deps.db,
      { id: userId, email, nombres: 'Titular' },
      {
        nombre: 'Clínica Bench Reservas',
        telefono: '600123456',
        pais: 'España',
        ciudad: 'Madrid',
        direccion: 'Calle Mayor 1',
      },
    );
    log(
      `  ${BOOKING_SET.dentists} dentistas, ${BOOKING_SET.patients.toLocaleString('es-ES')} pacientes y ${BOOKING_SET.appointments.toLocaleString('es-ES')} citas (generate_series)...`,
    );
    const started = performance.now();
    const booking = await fillBookingClinic(pool, clinica.id, log);
    const [{ citas }] = (
      await pool.query<{ citas: string }>('select count(*) as citas from citas where clinica_id = $1', [clinica.id])
    ).rows;
    const free = await freeGridSlots(pool, clinica.id, HOLDS_FROM_DAY);
    notes.push(
      `Datos: ${Number(citas).toLocaleString('en-US')} citas de ${BOOKING_SET.dentists} dentistas (lunes a sábado 08:00-14:00 y 15:00-20:00, ${BOOKING_SET.bookedPerDay} de ${BOOKING_SET.slotsPerDay} medias horas ocupadas cada día, unos 20 años hasta ${BOOKING_SET.horizonDays} días por delante), hechos en ${((performance.now() - started) / 1000).toFixed(1)} s; ${free.length.toLocaleString('en-US')} medias horas libres desde el día ${HOLDS_FROM_DAY} para las retenciones.`,
    );

    // The races use the last day's free slots; the load test the ones before, in time order.
    const lastDay = free.at(-1)!.fecha;
    const forLoad = free.filter((s) => s.fecha < lastDay);
    const lastDaySlots = free.filter((s) => s.fecha === lastDay);
    const oneDentist = lastDaySlots[0];
    const byTime = new Map<string, FreeGridSlot[]>();
    for (const s of lastDaySlots)
      if (s.hora !== oneDentist.hora) byTime.set(s.hora, [...(byTime.get(s.hora) ?? []), s]);
    const [anyHora, anyFree] = [...byTime].sort((a, b) => b[1].length - a[1].length)[0];

    log('  la API en su proceso...');
    server = await startServer(
      path.join(benchDir, 'reservas', 'server.ts'),
      { ...fresh.env, BENCH_RESERVAS_CLINICA: clinica.id },
      log,
    );
    const base = server.baseUrl;
    const today = todayInZone(booking.zona);
    const slotsPath = `/api/reservas/${clinica.id}/huecos?servicioId=${booking.servicioId}&desde=${today}&dias=${DAYS}`;
    const api = `${base}/api/reservas/${clinica.id}`;
    const holdUrl = `${base}/bench/reservas/${clinica.id}/retener`;

    // Holds: each request a different free half hour of a dentist, in time order from day 15 on.
    let next = 0;
    const holdBody = () => {
      const s = forLoad[next++ % forLoad.length];
      return JSON.stringify({ servicioId: booking.servicioId, dentistaId: s.dentistaId, fecha: s.fecha, hora: s.hora });
    };
    type Row = { name: string; path: string; budget?: number; body?: () => string };
    const rows: Row[] = [
      { name: `huecos de ${DAYS} días, cualquier dentista`, path: slotsPath, budget: BUDGETS.slotsP99 },
      { name: `huecos de ${DAYS} días, un dentista`, path: `${slotsPath}&dentistaId=${booking.dentists[0]}` },
      {
        name: 'retener un hueco (ruta pública sin la prueba de trabajo)',
        path: `/bench/reservas/${clinica.id}/retener`,
        budget: BUDGETS.holdP99,
        body: holdBody,
      },
      // No session, one trivial query: what the machine gives at the moment; read the rows above against it.
      { name: 'referencia: GET /api/health', path: '/api/health' },
    ];
    let offeredCount = 0;
    const slowRows: string[] = [];
    /** Each row alone, then under load unless it is too slow alone; budgets only for the app as it is. */
    const measureRows = async (
      origin: string,
      rowGroup: string,
      withBudgets: boolean,
      only: (row: Row) => boolean = () => true,
    ) => {
      const headers = { origin, 'content-type': 'application/json' };
      for (const row of rows.filter(only)) {
        const url = `${origin}${row.path}`;
        const budget = withBudgets && row.budget !== undefined ? { max: row.budget } : undefined;
        const send = () => timed(url, row.body ? { method: 'POST', headers, body: row.body() } : {});
        // Alone first (twice when fast: the first request of a fresh process compiles code and opens connections).
        let alone = await send();
        const first = alone.ms;
        const slowMs = row.body ? HOLD_SLOW_MS : SLOW_MS;
        if (alone.ms < slowMs) alone = await send();
        if (alone.status < 200 || alone.status >= 300)
          throw new Error(`${row.name}: ${alone.status} ${alone.body.slice(0, 300)}`);
        if (row.path === slotsPath)
          offeredCount = (JSON.parse(alone.body) as FreeSlots).dias.reduce((sum, d) => sum + d.huecos.length, 0);
        measurements.push({ group: rowGroup, name: row.name, metric: 'una sola', value: alone.ms, unit: 'ms' });
        if (row.path.includes('/huecos'))
          measurements.push({
            group: rowGroup,
            name: row.name,
            metric: 'calculada',
            value: first,
            unit: 'ms',
            note: 'la primera petición: nada que reutilizar; las demás reutilizan su resultado mientras la agenda no cambia',
          });
        if (alone.ms >= slowMs) {
          // Ten at once of a request this slow says nothing more (autocannon gives up on each after 10 s).
          log(`  ${row.name.padEnd(56)} una sola petición: ${(alone.ms / 1000).toFixed(1)} s; sin carga`);
          slowRows.push(`${row.name} (${(alone.ms / 1000).toFixed(1)} s)`);
          measurements.push({
            group: rowGroup,
            name: row.name,
            metric: 'p99',
            value: alone.ms,
            unit: 'ms',
            budget,
            note: 'una petición sola, sin carga: con carga no sería menor',
          });
          continue;
        }
        let coldFailures = 0;
        if (row.body) {
          // PostgreSQL plans a prepared statement with its values for its first 5 runs on each connection and
          // may then keep a generic plan: the first COLD_RUNS, 10 at a time, reach every connection of the
          // server's pool past that point. Figures of their own; the measured run comes after.
          const client = keepAliveClient(CONNECTIONS);
          const cold: number[] = [];
          let left = COLD_RUNS;
          await Promise.all(
            Array.from({ length: CONNECTIONS }, async () => {
              while (left-- > 0) {
                const t0 = performance.now();
                const res = await client.send(url, { method: 'POST', headers, body: row.body!() });
                if (res.status >= 200 && res.status < 300) cold.push(performance.now() - t0);
                else coldFailures++;
              }
            }),
          );
          client.close();
          cold.sort((a, b) => a - b);
          const coldName = `${row.name}, las ${COLD_RUNS} primeras`;
          log(
            `  ${coldName.padEnd(56)}        p50 ${percentile(cold, 50).toFixed(2)} ms  p99 ${percentile(cold, 99).toFixed(2)} ms`,
          );
          measurements.push(
            { group: rowGroup, name: coldName, metric: 'p50', value: percentile(cold, 50), unit: 'ms' },
            { group: rowGroup, name: coldName, metric: 'p99', value: percentile(cold, 99), unit: 'ms' },
          );
        }
        const load = {
          url,
          headers: row.body ? headers : {},
          connections: CONNECTIONS,
          post: row.body ? { body: row.body } : undefined,
        };
        if (!row.body) await measure({ ...load, warmupSeconds: 0, seconds: warmupSeconds });
        const r = await measure({ ...load, warmupSeconds, seconds });
        log(
          `  ${row.name.padEnd(56)} ${r.reqPerSec.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms${r.errors || r.non2xx ? `  (${r.errors} errores, ${r.non2xx} no 2xx)` : ''}`,
        );
        if (!row.body && (r.errors || r.non2xx))
          throw new Error(`${row.name}: ${r.errors} errores y ${r.non2xx} respuestas no 2xx`);
        measurements.push(
          { group: rowGroup, name: row.name, metric: 'req/s', value: r.reqPerSec, unit: 'req/s' },
          { group: rowGroup, name: row.name, metric: 'p50', value: r.p50, unit: 'ms' },
          { group: rowGroup, name: row.name, metric: 'p99', value: r.p99, unit: 'ms', budget },
        );
        if (row.body) {
          // Alone again, now that the pool's connections have their plans: what one hold costs, without queueing.
          const warm: number[] = [];
          for (let i = 0; i < 20; i++) {
            const one = await send();
            if (one.status >= 200 && one.status < 300) warm.push(one.ms);
            else coldFailures++;
          }
          warm.sort((x, y) => x - y);
          measurements.push(
            {
              group: rowGroup,
              name: row.name,
              metric: 'una sola, tras ellas',
              value: percentile(warm, 50),
              unit: 'ms',
              note: 'mediana de 20, de una en una',
            },
            {
              group: rowGroup,
              name: row.name,
              metric: 'no 2xx',
              value: r.errors + r.non2xx + coldFailures,
              unit: '',
              budget: { max: 0 },
            },
          );
        }
      }
    };
    await measureRows(base, group, true);
    notes.push(
      `Huecos: ${offeredCount} horas libres ofrecidas en los ${DAYS} días desde ${today} (el primer dentista libre de cada hora, cada 15 min), servicio de ${BOOKING_SET.serviceMinutes} min; 'una sola' es una petición sin otra en curso; con carga, ${CONNECTIONS} conexiones, ${warmupSeconds} s de calentamiento descartados y ${seconds} s medidos por fila${slowRows.length ? `, salvo donde una sola lectura tarda más de ${SLOW_MS / 1000} s (una retención, ${HOLD_SLOW_MS / 1000} s): ${slowRows.join(', ')}` : ''}; carga de la máquina ${os.loadavg()[0].toFixed(1)} (${os.cpus().length} núcleos).`,
    );
    const [{ retenidas }] = (
      await pool.query<{ retenidas: number }>(
        `select count(*)::int as retenidas from citas where clinica_id = $1 and estado = 'retenida'`,
        [clinica.id],
      )
    ).rows;
    notes.push(
      `Retener: ${next} peticiones con cuerpo (calentamiento incluido) sobre ${forLoad.length.toLocaleString('en-US')} medias horas libres distintas, ${retenidas} citas 'retenida' en la base al terminar. La ruta medida es POST /bench/reservas/:id/retener (bench/reservas/server.ts): la de /api/reservas/:id/retener con el mismo cuerpo validado y el mismo holdSlot, sin verificar la prueba de trabajo (medida abajo aparte) y sin su límite por dirección, que el bench desactiva (RATE_LIMIT=false, como en todas las secciones; en producción es una escritura más por retención).`,
    );

    log(`  ${RACERS + 1} desafíos de la prueba de trabajo resueltos como lo haría el navegador...`);
    const solveStarted = performance.now();
    const solved = await solvedChallenges(base, RACERS + 1);
    const solveSeconds = (performance.now() - solveStarted) / 1000;
    const config = { authSecret: fresh.env.AUTH_SECRET };
    const sample = solved.pop()!;
    if (!(await verifyProofOfWork(config, sample))) throw new Error('la prueba de trabajo resuelta no se verifica');
    const verifyTimes: number[] = [];
    for (let i = 0; i < VERIFY_RUNS; i++) {
      const t0 = performance.now();
      await verifyProofOfWork(config, sample);
      verifyTimes.push(performance.now() - t0);
    }
    verifyTimes.sort((a, b) => a - b);
    const verifyName = 'verificar la prueba de trabajo (en proceso, sin HTTP)';
    measurements.push(
      { group, name: verifyName, metric: 'p50', value: percentile(verifyTimes, 50), unit: 'ms' },
      { group, name: verifyName, metric: 'p99', value: percentile(verifyTimes, 99), unit: 'ms' },
    );

    log(`  ${RACERS} retenciones a la vez del mismo hueco, ruta pública con prueba de trabajo...`);
    const raceStarted = performance.now();
    const statuses = await race(
      `${api}/retener`,
      base,
      solved.map((altcha) =>
        JSON.stringify({
          servicioId: booking.servicioId,
          dentistaId: oneDentist.dentistaId,
          fecha: oneDentist.fecha,
          hora: oneDentist.hora,
          altcha,
        }),
      ),
    );
    const raceMs = performance.now() - raceStarted;
    const [{ held }] = (
      await pool.query<{ held: number }>(
        `select count(*)::int as held from citas where dentista_id = $1 and estado = 'retenida'
           and inicio = (($2::date + $3::time) at time zone $4)`,
        [oneDentist.dentistaId, oneDentist.fecha, oneDentist.hora, booking.zona],
      )
    ).rows;
    const raceName = `${RACERS} retenciones concurrentes de un hueco (un dentista)`;
    const created = statuses.filter((s) => s === 201).length;
    const refused = statuses.filter((s) => s === 409).length;
    measurements.push(
      { group, name: raceName, metric: '201', value: created, unit: '', budget: { min: 1, max: 1 } },
      { group, name: raceName, metric: '409', value: refused, unit: '', budget: { min: RACERS - 1, max: RACERS - 1 } },
      { group, name: raceName, metric: 'retenidas en la base', value: held, unit: '', budget: { min: 1, max: 1 } },
      {
        group,
        name: raceName,
        metric: 'otros estados',
        value: statuses.filter((s) => s !== 201 && s !== 409).length,
        unit: '',
        budget: { max: 0 },
      },
    );

    // 'cualquiera' at a time when several dentists are free: each loser tries the next free dentist. Each
    // hold first reads that day's free slots of every dentist; when that alone is slow, 50 of them are not run.
    const anyName = `${RACERS} retenciones concurrentes, cualquier dentista (${anyFree.length} libres)`;
    const dayProbe = await timed(`${api}/huecos?servicioId=${booking.servicioId}&desde=${lastDay}&dias=1`, {});
    let anyStatuses: number[] = [];
    if (dayProbe.ms >= SLOW_MS) {
      log(
        `  ${anyName}: omitidas, los huecos de un día de todos los dentistas tardan ${(dayProbe.ms / 1000).toFixed(1)} s`,
      );
      notes.push(
        `'Cualquiera': las ${RACERS} retenciones a la vez no se hicieron: cada una lee antes los huecos del día de todos los dentistas, y esa lectura sola tardó ${(dayProbe.ms / 1000).toFixed(1)} s (GET huecos de 1 día).`,
      );
      measurements.push({ group, name: anyName, metric: 'huecos de 1 día, sola', value: dayProbe.ms, unit: 'ms' });
    } else {
      log(`  ${anyName}...`);
      anyStatuses = await race(
        holdUrl,
        base,
        Array.from({ length: RACERS }, () =>
          JSON.stringify({ servicioId: booking.servicioId, dentistaId: null, fecha: lastDay, hora: anyHora }),
        ),
      );
      const anyCreated = anyStatuses.filter((s) => s === 201).length;
      const anyRefused = anyStatuses.filter((s) => s === 409).length;
      const anyOthers = anyStatuses.filter((s) => s !== 201 && s !== 409);
      measurements.push(
        {
          group,
          name: anyName,
          metric: '201',
          value: anyCreated,
          unit: '',
          budget: { min: anyFree.length, max: anyFree.length },
        },
        {
          group,
          name: anyName,
          metric: '409',
          value: anyRefused,
          unit: '',
          budget: { min: RACERS - anyFree.length, max: RACERS - anyFree.length },
        },
        { group, name: anyName, metric: 'otros estados', value: anyOthers.length, unit: '', budget: { max: 0 } },
      );
      notes.push(
        `'Cualquiera': ${RACERS} a la vez (ruta del bench) para ${lastDay} ${anyHora}, con ${anyFree.length} dentistas libres: ${anyCreated} retenidas, ${anyRefused} con 409${anyOthers.length ? `, y ${anyOthers.length} con otros estados (${[...new Set(anyOthers)].join(', ')})` : ''}.`,
      );
    }
    const others = statuses.filter((s) => s !== 201 && s !== 409);
    notes.push(
      `Prueba de trabajo: ${RACERS + 1} desafíos (GET /api/reservas/desafio) resueltos con altcha-lib en ${solveSeconds.toFixed(1)} s a la vez en este proceso; verificar una solución cuesta p50 ${percentile(verifyTimes, 50).toFixed(2)} ms (${VERIFY_RUNS} veces), que se suma a la fila de retener para la ruta pública.`,
      `Concurrencia: ${RACERS} POST /api/reservas/:id/retener a la vez, cada uno con su desafío resuelto, para ${oneDentist.fecha} ${oneDentist.hora} del mismo dentista: ${created} retenida (201), ${refused} con 409, ${held} en la base, en ${raceMs.toFixed(0)} ms${others.length ? `; otros estados: ${others.join(', ')}` : ''}.`,
    );
    // Diagnosis: the slot reads with PostgreSQL's generic plan of their statement from its first run (the
    // app's statements are prepared; the first 5 runs on each connection are planned with their values, and
    // a 14-day read planned so takes a minute: it never gets to 5).
    if (process.env.BENCH_BOOKING_GENERIC !== '0') {
      const generic = `${group}, plan genérico (diagnóstico)`;
      const database = `"${decodeURIComponent(new URL(url).pathname.slice(1)).replaceAll('"', '""')}"`;
      log('  diagnóstico: la API de nuevo con plan_cache_mode = force_generic_plan en la base del bench...');
      await stopServer(server);
      server = undefined;
      await pool.query(`alter database ${database} set plan_cache_mode = force_generic_plan`);
      try {
        server = await startServer(
          path.join(benchDir, 'reservas', 'server.ts'),
          { ...fresh.env, BENCH_RESERVAS_CLINICA: clinica.id },
          log,
        );
        await measureRows(server.baseUrl, generic, false, (row) => !row.body);
      } finally {
        await pool.query(`alter database ${database} reset plan_cache_mode`);
      }
      notes.push(
        `Diagnóstico (${generic}, sin presupuesto): la API arrancada de nuevo con plan_cache_mode = force_generic_plan puesto en la base del bench (y quitado después), para ver las lecturas de huecos con el plan genérico de su sentencia preparada desde la primera ejecución (el que la API usa tras 5 ejecuciones en cada conexión, cuando lo elige); retener no se repite (ya se midió tras ${COLD_RUNS} primeras), ni GET /api/health cambia; BENCH_BOOKING_GENERIC=0 lo omite.`,
      );
    }
    return { title, measurements, notes };
  } finally {
    if (server) await stopServer(server);
    await fresh.close();
  }
}

export const bookingSection: Section = { name: 'reservas', run: runBookingBench };
