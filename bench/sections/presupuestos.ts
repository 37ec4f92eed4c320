/**
 * `npm run bench -- presupuestos` (issue 23): budgets on PostgreSQL, 10 connections:
 * - creating a 30-line budget from a chart (POST /api/pacientes/:id/presupuestos: the chart read, its 30
 *   planned treatments priced from the catalogue, the clinic's number taken, the budget, its lines and
 *   audit row written, the draft read back and its view audited) p99 <= 30 ms.
 * - a budget's PDF (GET /api/presupuestos/:id/pdf of those 30-line budgets: read, drawn with pdfmake,
 *   audited) p95 <= 300 ms.
 * The other figures (the public page after the second factor, a line done with its kit, 50
 * concurrent 'done' marks) measure what is not built yet.
 *
 * Its own database (dropped and created each run): `odontia_bench_presupuestos` on the server of
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL), or BENCH_BUDGETS_DATABASE_URL.
 */
import { applyStatus, emptyChart, PERMANENT_TEETH, type OdontogramChart } from '@odontia/shared';
import { createClinic } from '../../apps/api/src/features/clinic/clinic.service.ts';
import { isPostgresReachable, sectionDatabaseUrl } from '../lib/database.ts';
import { openFreshApp } from '../lib/fresh-app.ts';
import { keepAliveClient, loop, percentile } from '../lib/http-load.ts';
import { startInstance, stopInstance, type Instance } from '../lib/instance.ts';
import type { Measurement, Section, SectionResult } from '../lib/report.ts';

const PATIENTS = 500;
const LINES = 30;
const CONNECTIONS = 10;
const BUDGETS = { create: 30, pdf: 300 };
const seconds = Number(process.env.BENCH_SECONDS ?? 6);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);

async function runBudgetsBench(log: (line: string) => void): Promise<SectionResult> {
  const url = sectionDatabaseUrl(process.env.BENCH_BUDGETS_DATABASE_URL, 'odontia_bench_presupuestos');
  const title = 'Presupuestos';
  if (!(await isPostgresReachable(url))) {
    return {
      title,
      measurements: [],
      notes: [`PostgreSQL no disponible en ${new URL(url).host}: sección omitida (BENCH_BUDGETS_DATABASE_URL).`],
    };
  }
  const group = `PostgreSQL, ${CONNECTIONS} conexiones`;
  const notes: string[] = [];
  const measurements: Measurement[] = [];
  log(`presupuestos: base de datos nueva ${new URL(url).pathname.slice(1)}`);
  const fresh = await openFreshApp(url, 'presupuestos', 4);
  const { handle, deps } = fresh;
  const pool = handle.pool!;
  let instance: Instance | undefined;
  try {
    const email = 'dentista@bench.test';
    const { userId, cookie } = await fresh.signUp(email);
    const clinica = await createClinic(
      deps.db,
      { id: userId, email, nombres: 'Dentista' },
      {
        nombre: 'Clínica Bench Presupuestos',
        telefono: '600123456',
        pais: 'España',
        ciudad: 'Madrid',
        direccion: 'Calle Mayor 1',
      },
    );
    const one = async <T extends object>(text: string, values: unknown[]) => (await pool.query<T>(text, values)).rows;
    // Thirty services, one planned on each of thirty teeth of every patient's chart.
    const services = await one<{ id: string }>(
      `insert into productos (clinica_id, nombre, categoria, precio_venta, tipo_impuesto, estetico)
       select $1::uuid, 'Tratamiento ' || g, 'servicio', 1000 * g, case when g % 5 = 0 then 'ES_IVA_21' else 'ES_EXENTO' end, g % 5 = 0
       from generate_series(1, $2::int) g returning id`,
      [clinica.id, LINES],
    );
    let chart: OdontogramChart = emptyChart();
    PERMANENT_TEETH.slice(0, LINES).forEach((tooth, i) => {
      chart = applyStatus(chart, { tooth, surface: i % 2 ? 'center' : null }, i % 2 ? 'cavity' : 'crown', {
        etapa: 'planificado',
        servicioId: services[i].id,
      });
    });
    await one(
      `insert into pacientes (clinica_id, nombres, apellidos)
       select $1::uuid, 'Paciente ' || g, 'Bench ' || lpad(g::text, 4, '0') from generate_series(1, $2::int) g`,
      [clinica.id, PATIENTS],
    );
    const ids = (await one<{ id: string }>('select id from pacientes where clinica_id = $1', [clinica.id])).map(
      (r) => r.id,
    );
    await one(
      `insert into odontograma_versiones (clinica_id, paciente_id, version, carta, autor_id, autor_nombre)
       select $1::uuid, p, 1, $2::jsonb, $3, 'Dentista' from unnest($4::uuid[]) p`,
      [clinica.id, JSON.stringify(chart), userId, ids],
    );
    await pool.query('vacuum analyze');

    instance = await startInstance(fresh.env);
    const base = instance.baseUrl;
    const headers = { cookie, origin: base };
    const client = keepAliveClient(CONNECTIONS);
    let next = 0;
    let lines = -1;
    const budgetIds: string[] = [];
    const create = async () => {
      const res = await client.send(`${base}/api/pacientes/${ids[next++ % ids.length]}/presupuestos`, {
        method: 'POST',
        headers,
      });
      if (res.status === 201) {
        const { presupuesto } = JSON.parse(res.body) as { presupuesto: { id: string; lineas: unknown[] } };
        lines = presupuesto.lineas.length;
        budgetIds.push(presupuesto.id);
      }
      return res.status;
    };
    log(`  crear un presupuesto de ${LINES} líneas desde el odontograma...`);
    await loop(CONNECTIONS, warmupSeconds, create);
    const created = await loop(CONNECTIONS, seconds, create);
    // One at a time: the time of a creation on its own (at 10 connections the rest is the queue).
    const alone = await loop(1, seconds, create);
    log('  el PDF de un presupuesto de 30 líneas...');
    let nextPdf = 0;
    const pdf = async () =>
      (await client.send(`${base}/api/presupuestos/${budgetIds[nextPdf++ % budgetIds.length]}/pdf`, { headers }))
        .status;
    await loop(CONNECTIONS, warmupSeconds, pdf);
    const pdfs = await loop(CONNECTIONS, seconds, pdf);
    if (pdfs.failures) notes.push(`PDF: ${pdfs.failures} respuestas que no son 2xx.`);
    client.close();
    if (lines !== LINES) throw new Error(`el presupuesto tiene ${lines} líneas, no ${LINES}`);
    if (created.failures) notes.push(`crear: ${created.failures} respuestas que no son 2xx.`);
    const name = `crear presupuesto de ${LINES} líneas desde el odontograma`;
    measurements.push(
      {
        group,
        name,
        metric: 'p99',
        value: percentile(created.durations, 99),
        unit: 'ms',
        budget: { max: BUDGETS.create },
      },
      { group, name, metric: 'p50', value: percentile(created.durations, 50), unit: 'ms' },
      { group, name, metric: 'req/s', value: created.durations.length / seconds, unit: 'req/s' },
      { group: 'PostgreSQL, 1 conexión', name, metric: 'p50', value: percentile(alone.durations, 50), unit: 'ms' },
      { group: 'PostgreSQL, 1 conexión', name, metric: 'p99', value: percentile(alone.durations, 99), unit: 'ms' },
    );
    const pdfName = `PDF de un presupuesto de ${LINES} líneas`;
    measurements.push(
      {
        group,
        name: pdfName,
        metric: 'p95',
        value: percentile(pdfs.durations, 95),
        unit: 'ms',
        budget: { max: BUDGETS.pdf },
      },
      { group, name: pdfName, metric: 'p50', value: percentile(pdfs.durations, 50), unit: 'ms' },
      { group, name: pdfName, metric: 'req/s', value: pdfs.durations.length / seconds, unit: 'req/s' },
    );
    // The numbers of one clinic queue on its counter row: the count of budgets is the last number.
    const [{ n, ultimo }] = await one<{ n: string; ultimo: number }>(
      `select (select count(*) from presupuestos where clinica_id = $1) as n,
         (select max(ultimo) from contadores_presupuestos where clinica_id = $1) as ultimo`,
      [clinica.id],
    );
    if (Number(n) !== ultimo) throw new Error(`${n} presupuestos y el contador en ${ultimo}: hay huecos o repetidos`);
    notes.push(
      `${Number(n).toLocaleString('en-US')} presupuestos creados en una clínica, numerados del 1 al ${ultimo} sin huecos ni repetidos (las creaciones de una clínica esperan su turno en la fila de su contador).`,
    );
    return { title, measurements, notes };
  } finally {
    if (instance) await stopInstance(instance);
    await fresh.close();
  }
}

export const budgetsSection: Section = { name: 'presupuestos', run: runBudgetsBench };
