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
import { applyStatus, emptyChart, setToothNotes, TOOTH_IDS, type OdontogramChart } from '@odontia/shared';
import type autocannon from 'autocannon';
import { createClinic } from '../../apps/api/src/features/clinic/clinic.service.ts';
import { benchDatabaseUrl, isPostgresReachable } from '../lib/database.ts';
import { openFreshApp } from '../lib/fresh-app.ts';
import { keepAliveClient, measure, percentile, type LoadResult } from '../lib/http-load.ts';
import { startInstance, stopInstance, type Instance } from '../lib/instance.ts';
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

/** A realistic full chart: a few missing molars, fillings, a crown, notes. */
function sampleChart(): OdontogramChart {
  let chart = emptyChart();
  chart = applyStatus(chart, { tooth: 18, surface: null }, 'missing');
  chart = applyStatus(chart, { tooth: 48, surface: null }, 'missing');
  chart = applyStatus(chart, { tooth: 36, surface: null }, 'crown');
  for (const id of [16, 26, 46, 15, 25] as const)
    chart = applyStatus(chart, { tooth: id, surface: 'center' }, 'filled');
  chart = applyStatus(chart, { tooth: 24, surface: 'left' }, 'cavity');
  for (const id of TOOTH_IDS.slice(0, 6))
    chart = setToothNotes(chart, id, 'Revisión periódica: sin cambios relevantes');
  return chart;
}

async function runOdontogramBench(log: (line: string) => void): Promise<SectionResult> {
  const url = databaseUrl();
  const title = 'Odontograma';
  if (!(await isPostgresReachable(url))) {
    return {
      title,
      measurements: [],
      notes: [`PostgreSQL no disponible en ${new URL(url).host}: sección omitida (BENCH_ODONTOGRAM_DATABASE_URL).`],
    };
  }
  const group = `PostgreSQL, ${CONNECTIONS} conexiones`;
  const notes: string[] = [];
  const measurements: Measurement[] = [];
  log(`odontograma: base de datos nueva ${new URL(url).pathname.slice(1)}`);
  const fresh = await openFreshApp(url, 'odontograma', 4);
  const { handle, deps } = fresh;
  let instance: Instance | undefined;
  try {
    const { userId, cookie } = await fresh.signUp('dentista@bench.test');
    const clinica = await createClinic(
      deps.db,
      { id: userId, email: 'dentista@bench.test', nombres: 'Dentista' },
      {
        nombre: 'Clínica Bench Odontograma',
        telefono: '600123456',
        pais: 'España',
        ciudad: 'Madrid',
        direccion: 'Calle Mayor 1',
      },
    );

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
    notes.push(
      `${PATIENTS} pacientes × ${VERSIONS} versiones = ${(PATIENTS * VERSIONS).toLocaleString('en-US')} versiones (carta completa de 32 dientes cada una) en ${((performance.now() - started) / 1000).toFixed(1)} s.`,
    );
    const ids = (
      await handle.pool!.query<{ id: string }>('select id from pacientes where clinica_id = $1 order by id', [
        clinica.id,
      ])
    ).rows.map((r) => r.id);

    instance = await startInstance(fresh.env);
    const headers = { cookie, origin: instance.baseUrl };
    const run = async (name: string, options: { url: string; requests?: autocannon.Request[] }, budget: number) => {
      log(`  ${name}...`);
      const result: LoadResult = await measure({
        ...options,
        headers,
        connections: CONNECTIONS,
        warmupSeconds,
        seconds,
      });
      if (result.errors || result.non2xx)
        notes.push(`${name}: ${result.errors} errores, ${result.non2xx} respuestas no 2xx.`);
      measurements.push({ group, name, metric: 'p99', value: result.p99, unit: 'ms', budget: { max: budget } });
      measurements.push({ group, name, metric: 'p50', value: result.p50, unit: 'ms' });
      measurements.push({ group, name, metric: 'req/s', value: result.reqPerSec, unit: 'req/s' });
    };

    // Reads rotate over the patients, as a clinic's dentists open different charts.
    let next = 0;
    const rotating = (suffix: string): autocannon.Request[] => [
      {
        method: 'GET',
        setupRequest: (req) => ({ ...req, path: `/api/pacientes/${ids[next++ % ids.length]}/odontograma${suffix}` }),
      },
    ];
    await run('cargar la carta actual', { url: instance.baseUrl, requests: rotating('') }, BUDGETS.load);
    await run(
      'historial (primera página)',
      { url: instance.baseUrl, requests: rotating('/versiones') },
      BUDGETS.history,
    );

    // Saves: 10 workers (one request in flight each, like autocannon's connections), each saving its own
    // tenth of the patients in turn from the version its previous save of that patient produced, so
    // every save is accepted. A plain loop, because autocannon rebuilds requests it then discards and
    // cannot tell which patient a response belongs to.
    const versionOf = new Map(ids.map((id) => [id, VERSIONS]));
    const body = sampleChart();
    const client = keepAliveClient(CONNECTIONS);
    const saveHeaders = { ...headers, 'content-type': 'application/json' };
    const saveLoop = async (duration: number) => {
      const until = performance.now() + duration * 1000;
      const durations: number[] = [];
      let failures = 0;
      await Promise.all(
        Array.from({ length: CONNECTIONS }, async (_, worker) => {
          const mine = ids.filter((_, i) => i % CONNECTIONS === worker);
          for (let turn = 0; performance.now() < until; turn++) {
            const id = mine[turn % mine.length];
            const version = versionOf.get(id)!;
            const payload = JSON.stringify({
              baseVersion: version,
              chart: setToothNotes(body, 21, `Guardado ${version + 1}`),
            });
            const started = performance.now();
            const res = await client.send(`${instance!.baseUrl}/api/pacientes/${id}/odontograma`, {
              method: 'PUT',
              headers: saveHeaders,
              body: payload,
            });
            if (res.status === 200) {
              durations.push(performance.now() - started);
              versionOf.set(id, version + 1);
            } else failures++;
          }
        }),
      );
      return { durations: durations.sort((a, b) => a - b), failures };
    };
    log('  guardar una versión...');
    await saveLoop(warmupSeconds);
    const saved = await saveLoop(seconds);
    client.close();
    const name = 'guardar una versión';
    if (saved.failures) notes.push(`${name}: ${saved.failures} guardados rechazados.`);
    measurements.push({
      group,
      name,
      metric: 'p99',
      value: percentile(saved.durations, 99),
      unit: 'ms',
      budget: { max: BUDGETS.save },
    });
    measurements.push({ group, name, metric: 'p50', value: percentile(saved.durations, 50), unit: 'ms' });
    measurements.push({ group, name, metric: 'req/s', value: saved.durations.length / seconds, unit: 'req/s' });
    const [{ n }] = (await handle.pool!.query<{ n: string }>('select count(*) as n from auditoria')).rows;
    notes.push(
      `Cada carga y cada guardado escribe su fila de auditoría en la misma sentencia (${Number(n).toLocaleString('en-US')} filas al terminar).`,
    );
    return { title, measurements, notes };
  } finally {
    if (instance) await stopInstance(instance);
    await fresh.close();
  }
}

export const odontogramSection: Section = { name: 'odontograma', run: runOdontogramBench };
