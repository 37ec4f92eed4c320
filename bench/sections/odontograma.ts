/**
 * `npm run bench -- odontograma` (issue 12): the odontogram on PostgreSQL, 10 connections, patients with
 * 200 chart versions each:
 * - load the current chart (GET /api/pacientes/:id/odontograma, which also writes its audit row) p99 <= 10 ms;
 * - save a new version (PUT, with its audit row) p99 <= 20 ms;
 * - the history list (GET …/odontograma/versiones) p99 <= 15 ms.
 *
 * Its own database (dropped and created each run): `odontia_bench_odontograma` on the server of
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL), or BENCH_ODONTOGRAM_DATABASE_URL. One API instance in its
 * own process (bench/notifications/server.ts boots the real app); the data is made here.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { applyStatus, emptyChart, setToothNotes, TOOTH_IDS, type OdontogramChart } from '@odontia/shared';
import type autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createApp } from '../../apps/api/src/app.ts';
import { openPostgres } from '../../apps/api/src/db/client.ts';
import { runMigrations } from '../../apps/api/src/db/migrate.ts';
import { user } from '../../apps/api/src/db/schema/index.ts';
import { seedReferenceData } from '../../apps/api/src/db/seed.ts';
import { createClinic } from '../../apps/api/src/features/clinic/clinic.service.ts';
import { loadConfig } from '../../apps/api/src/platform/config.ts';
import { createLogger } from '../../apps/api/src/platform/logger.ts';
import { createDeps } from '../../apps/api/src/server.ts';
import { benchDir, benchDatabaseUrl, isPostgresReachable } from '../lib/database.ts';
import { measure, type LoadResult } from '../lib/http-load.ts';
import type { Measurement, Section, SectionResult } from '../lib/report.ts';

const PATIENTS = Number(process.env.BENCH_ODONTOGRAM_PATIENTS ?? 100);
const VERSIONS = 200;
const CONNECTIONS = 10;
const BUDGETS = { load: 10, save: 20, history: 15 };
const seconds = Number(process.env.BENCH_SECONDS ?? 6);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);

function databaseUrl(): string {
  if (process.env.BENCH_ODONTOGRAM_DATABASE_URL) return process.env.BENCH_ODONTOGRAM_DATABASE_URL;
  const u = new URL(process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || benchDatabaseUrl());
  u.pathname = '/odontia_bench_odontograma';
  return u.toString();
}

async function recreateDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function startInstance(env: Record<string, string>): Promise<{ child: ChildProcess; baseUrl: string }> {
  const port = await freePort();
  const child = fork(path.join(benchDir, 'notifications', 'server.ts'), [], {
    env: { ...process.env, ...env, PORT: String(port), APP_URL: `http://127.0.0.1:${port}` },
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.on('message', (message: { type: string; message?: string }) => {
      if (message.type === 'ready') resolve();
      if (message.type === 'error') reject(new Error(message.message));
    });
    child.once('exit', (code) => reject(new Error(`la instancia del bench terminó (código ${code})`)));
  });
  return { child, baseUrl: `http://127.0.0.1:${port}` };
}

async function stopInstance(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.send({ type: 'stop' });
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** A realistic full chart: a few missing molars, fillings, a crown, notes. */
function sampleChart(): OdontogramChart {
  let chart = emptyChart();
  chart = applyStatus(chart, { tooth: 18, surface: null }, 'missing');
  chart = applyStatus(chart, { tooth: 48, surface: null }, 'missing');
  chart = applyStatus(chart, { tooth: 36, surface: null }, 'crown');
  for (const id of [16, 26, 46, 15, 25] as const) chart = applyStatus(chart, { tooth: id, surface: 'center' }, 'filled');
  chart = applyStatus(chart, { tooth: 24, surface: 'left' }, 'cavity');
  for (const id of TOOTH_IDS.slice(0, 6)) chart = setToothNotes(chart, id, 'Revisión periódica: sin cambios relevantes');
  return chart;
}

async function runOdontogramBench(log: (line: string) => void): Promise<SectionResult> {
  const url = databaseUrl();
  const title = 'Odontograma';
  if (!(await isPostgresReachable(url))) {
    return { title, measurements: [], notes: [`PostgreSQL no disponible en ${new URL(url).host}: sección omitida (BENCH_ODONTOGRAM_DATABASE_URL).`] };
  }
  const group = `PostgreSQL, ${CONNECTIONS} conexiones`;
  const notes: string[] = [];
  const measurements: Measurement[] = [];
  const authSecret = randomBytes(32).toString('hex');
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'odontia-bench-odontograma-'));
  const origin = 'http://127.0.0.1:9';
  log(`odontograma: base de datos nueva ${new URL(url).pathname.slice(1)}`);
  await recreateDatabase(url);
  const handle = openPostgres(url, 4);
  let instance: { child: ChildProcess; baseUrl: string } | undefined;
  let deps: ReturnType<typeof createDeps> | undefined;
  try {
    await runMigrations(handle);
    await seedReferenceData(handle.db);
    const config = loadConfig({ DATABASE_URL: url, DATA_DIR: tmp, AUTH_SECRET: authSecret, APP_URL: origin, SEED_DEMO: 'false', RATE_LIMIT: 'false', NODE_ENV: 'production', LOG_LEVEL: 'silent' });
    deps = createDeps(config, handle, createLogger('silent'));
    const app = createApp(deps);
    const res = await app.request(`${origin}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email: 'dentista@bench.test', password: 'bench-secreto-123', acceptTerms: true }),
    });
    if (res.status !== 200) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
    const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).filter((c) => !c.endsWith('=')).join('; ');
    const userId = ((await res.json()) as { user: { id: string } }).user.id;
    const clinica = await createClinic(
      deps.db,
      { id: userId, email: 'dentista@bench.test', nombres: 'Dentista' },
      { nombre: 'Clínica Bench Odontograma', telefono: '600123456', pais: 'España', ciudad: 'Madrid', direccion: 'Calle Mayor 1' },
    );
    await deps.db.update(user).set({ onboardingStep: 'completado' }).where(sql`${user.id} = ${userId}`);

    log(`  ${PATIENTS} pacientes con ${VERSIONS} versiones cada uno (generate_series)...`);
    const started = performance.now();
    await handle.pool!.query(
      `insert into pacientes (clinica_id, nombres, apellidos) select $1::uuid, 'Paciente ' || g, 'Bench ' || lpad(g::text, 4, '0') from generate_series(1, $2::int) g`,
      [clinica.id, PATIENTS],
    );
    await handle.pool!.query(
      `insert into odontograma_versiones (clinica_id, paciente_id, version, carta, autor_id, autor_nombre, fecha_creacion)
       select $1::uuid, p.id, v, jsonb_set($2::jsonb, '{11,notas}', to_jsonb('Versión ' || v)), $3, 'Dentista', now() - make_interval(days => $4::int - v)
       from pacientes p, generate_series(1, $4::int) v where p.clinica_id = $1::uuid`,
      [clinica.id, JSON.stringify(sampleChart()), userId, VERSIONS],
    );
    await handle.pool!.query('vacuum analyze pacientes, odontograma_versiones');
    await handle.pool!.query('checkpoint');
    notes.push(`${PATIENTS} pacientes × ${VERSIONS} versiones = ${(PATIENTS * VERSIONS).toLocaleString('en-US')} versiones (carta completa de 32 dientes cada una) en ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    const ids = (await handle.pool!.query<{ id: string }>('select id from pacientes where clinica_id = $1 order by id', [clinica.id])).rows.map((r) => r.id);

    instance = await startInstance({ DATABASE_URL: url, DATA_DIR: tmp, AUTH_SECRET: authSecret });
    const headers = { cookie, origin: instance.baseUrl };
    const run = async (name: string, options: { url: string; requests?: autocannon.Request[] }, budget: number, afterWarmup?: () => Promise<void>) => {
      log(`  ${name}...`);
      const load = { ...options, headers, connections: CONNECTIONS };
      if (warmupSeconds > 0) await measure({ ...load, warmupSeconds: 0, seconds: warmupSeconds });
      await afterWarmup?.();
      const result: LoadResult = await measure({ ...load, warmupSeconds: 0, seconds });
      if (result.errors || result.non2xx) notes.push(`${name}: ${result.errors} errores, ${result.non2xx} respuestas no 2xx.`);
      measurements.push({ group, name, metric: 'p99', value: result.p99, unit: 'ms', budget: { max: budget } });
      measurements.push({ group, name, metric: 'p50', value: result.p50, unit: 'ms' });
      measurements.push({ group, name, metric: 'req/s', value: result.reqPerSec, unit: 'req/s' });
    };

    // Reads rotate over the patients, as a clinic's dentists open different charts.
    let next = 0;
    const rotating = (suffix: string): autocannon.Request[] => [
      { method: 'GET', setupRequest: (req) => ({ ...req, path: `/api/pacientes/${ids[next++ % ids.length]}/odontograma${suffix}` }) },
    ];
    await run('cargar la carta actual', { url: instance.baseUrl, requests: rotating('') }, BUDGETS.load);
    await run('historial (primera página)', { url: instance.baseUrl, requests: rotating('/versiones') }, BUDGETS.history);

    // Saves rotate over the patients too: with 10 requests in flight and 100 patients, no two saves of one
    // patient overlap, and each sends the version the previous save of that patient produced, so every
    // save is accepted. (autocannon resets a connection's context after each request: it only carries
    // the patient from setupRequest to onResponse.)
    const versionOf = new Map(ids.map((id) => [id, VERSIONS]));
    const body = sampleChart();
    let nextSave = 0;
    const saves: autocannon.Request[] = [
      {
        method: 'PUT',
        setupRequest: (req, context) => {
          const id = ids[nextSave++ % ids.length];
          (context as { patient?: string }).patient = id;
          return {
            ...req,
            path: `/api/pacientes/${id}/odontograma`,
            headers: { ...req.headers, 'content-type': 'application/json' },
            body: JSON.stringify({ baseVersion: versionOf.get(id), chart: setToothNotes(body, 21, `Guardado ${versionOf.get(id)! + 1}`) }),
          };
        },
        onResponse: (status, _body, context) => {
          const id = (context as { patient?: string }).patient;
          if (status === 200 && id) versionOf.set(id, versionOf.get(id)! + 1);
        },
      },
    ];
    // The warm-up's last saves may have been stored after it stopped listening: start from the database.
    const resync = async () => {
      const { rows } = await handle.pool!.query<{ paciente_id: string; v: number }>(
        'select paciente_id, max(version) as v from odontograma_versiones group by paciente_id',
      );
      for (const r of rows) versionOf.set(r.paciente_id, Number(r.v));
    };
    await run('guardar una versión', { url: instance.baseUrl, requests: saves }, BUDGETS.save, resync);
    const [{ n }] = (await handle.pool!.query<{ n: string }>('select count(*) as n from auditoria')).rows;
    notes.push(`Cada carga y cada guardado escribe su fila de auditoría en la misma sentencia (${Number(n).toLocaleString('en-US')} filas al terminar).`);
    return { title, measurements, notes };
  } finally {
    if (instance) await stopInstance(instance.child);
    await deps?.realtime.close();
    await handle.close();
    await rm(tmp, { recursive: true, force: true });
  }
}

export const odontogramSection: Section = { name: 'odontograma', run: runOdontogramBench };
