/**
 * `npm run bench -- presupuestos` (issue 23): budgets on PostgreSQL, 10 connections:
 * - creating a 30-line budget from a chart (POST /api/pacientes/:id/presupuestos: the chart read, its 30
 *   planned treatments priced from the catalogue, the clinic's number taken, the budget, its lines and
 *   audit row written, the draft read back and its view audited) p99 <= 30 ms.
 * - a budget's PDF (GET /api/presupuestos/:id/pdf of those 30-line budgets: read, drawn with pdfmake,
 *   audited) p95 <= 300 ms.
 * - the patient's page after the second factor (GET /api/enlaces-presupuesto/:token/presupuesto with the
 *   access cookie: the link, the 30-line budget, its lines and the clinic) p99 <= 15 ms.
 * - marking an accepted line done whose service has a 5-supply kit (POST /api/presupuestos/lineas/:id/realizar:
 *   the line locked, the chart's entry done in a new version, the treatment, five `consumo` movements,
 *   the audit row, the budget read back) p99 <= 25 ms.
 * - 50 concurrent 'done' marks on a kit whose one supply has 10 in stock: stock 0, 50 movements taking
 *   10 in all and recording 40 missing (checked, or the section fails).
 *
 * Its own database (dropped and created each run): `odontia_bench_presupuestos` on the server of
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL), or BENCH_BUDGETS_DATABASE_URL.
 */
import { createHash, randomBytes } from 'node:crypto';
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
const BUDGETS = { create: 30, pdf: 300, publicPage: 15, lineDone: 25 };
const CONCURRENT_DONE = 50;
const SCARCE_STOCK = 10;
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

    // The patient's page: one budget sent with a link (its token's hash stored, as the email does), opened
    // with the second factor's cookie.
    log('  la página del paciente tras el segundo factor...');
    const token = randomBytes(32).toString('base64url');
    const [sent] = await one<{ paciente_id: string }>(
      `update presupuestos set estado = 'enviado', fecha_envio = now() where id = $1 returning paciente_id`,
      [budgetIds[0]],
    );
    await one(`update pacientes set telefono = '600112233' where id = $1`, [sent.paciente_id]);
    await one(
      `insert into enlaces_presupuesto (clinica_id, presupuesto_id, token_hash, email) values ($1, $2, $3, 'paciente@bench.test')`,
      [clinica.id, budgetIds[0], createHash('sha256').update(token).digest('hex')],
    );
    const verified = await fetch(`${base}/api/enlaces-presupuesto/${token}/verificar`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ tipo: 'telefono', valor: '2233' }),
    });
    if (verified.status !== 200) throw new Error(`segundo factor: ${verified.status}`);
    const access = verified.headers.getSetCookie()[0].split(';')[0];
    const page = async () =>
      (await client.send(`${base}/api/enlaces-presupuesto/${token}/presupuesto`, { headers: { cookie: access } }))
        .status;
    await loop(CONNECTIONS, warmupSeconds, page);
    const pages = await loop(CONNECTIONS, seconds, page);
    const pageAlone = await loop(1, seconds, page);
    if (pages.failures) notes.push(`página del paciente: ${pages.failures} respuestas que no son 2xx.`);
    const pageName = `página del presupuesto (${LINES} líneas) tras el segundo factor`;
    measurements.push(
      {
        group,
        name: pageName,
        metric: 'p99',
        value: percentile(pages.durations, 99),
        unit: 'ms',
        budget: { max: BUDGETS.publicPage },
      },
      { group, name: pageName, metric: 'p50', value: percentile(pages.durations, 50), unit: 'ms' },
      { group, name: pageName, metric: 'req/s', value: pages.durations.length / seconds, unit: 'req/s' },
      {
        group: 'PostgreSQL, 1 conexión',
        name: pageName,
        metric: 'p50',
        value: percentile(pageAlone.durations, 50),
        unit: 'ms',
      },
      {
        group: 'PostgreSQL, 1 conexión',
        name: pageName,
        metric: 'p99',
        value: percentile(pageAlone.durations, 99),
        unit: 'ms',
      },
    );

    // Lines done: every service gets a kit of the same five supplies (plenty in stock), and the budgets
    // made above are accepted whole. Lines are taken across budgets, so the ten at a time are other patients'.
    log('  marcar como realizada una línea con un kit de 5 insumos...');
    const supplies = await one<{ id: string }>(
      `insert into productos (clinica_id, nombre, categoria, tipo_impuesto, stock_actual)
       select $1::uuid, 'Insumo ' || g, 'insumo', 'ES_IVA_21', 1000000 from generate_series(1, 5) g returning id`,
      [clinica.id],
    );
    await one(
      `insert into kits_servicio (servicio_id, insumo_id, cantidad) select s, i, 1 from unnest($1::uuid[]) s, unnest($2::uuid[]) i`,
      [services.map((x) => x.id), supplies.map((x) => x.id)],
    );
    await one(
      `update presupuestos set estado = 'aceptado', importe_aceptado = total, fecha_respuesta = now() where id = any($1::uuid[])`,
      [budgetIds],
    );
    await one(`update lineas_presupuesto set aceptada = true where presupuesto_id = any($1::uuid[])`, [budgetIds]);
    const doneLines = (
      await one<{ id: string }>(
        `select l.id from lineas_presupuesto l join presupuestos p on p.id = l.presupuesto_id
         where p.id = any($1::uuid[]) order by l.orden, p.fecha_creacion`,
        [budgetIds],
      )
    ).map((r) => r.id);
    let nextLine = 0;
    const markDone = async () => {
      const id = doneLines[nextLine++];
      if (!id) throw new Error('no quedan líneas por marcar');
      return (
        await client.send(`${base}/api/presupuestos/lineas/${id}/realizar`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: '{}',
        })
      ).status;
    };
    await loop(CONNECTIONS, warmupSeconds, markDone);
    const marks = await loop(CONNECTIONS, seconds, markDone);
    const markAlone = await loop(1, seconds, markDone);
    if (marks.failures) notes.push(`línea realizada: ${marks.failures} respuestas que no son 2xx.`);
    const doneName = 'marcar una línea como realizada (kit de 5 insumos)';
    measurements.push(
      {
        group,
        name: doneName,
        metric: 'p99',
        value: percentile(marks.durations, 99),
        unit: 'ms',
        budget: { max: BUDGETS.lineDone },
      },
      { group, name: doneName, metric: 'p50', value: percentile(marks.durations, 50), unit: 'ms' },
      { group, name: doneName, metric: 'req/s', value: marks.durations.length / seconds, unit: 'req/s' },
      {
        group: 'PostgreSQL, 1 conexión',
        name: doneName,
        metric: 'p50',
        value: percentile(markAlone.durations, 50),
        unit: 'ms',
      },
      {
        group: 'PostgreSQL, 1 conexión',
        name: doneName,
        metric: 'p99',
        value: percentile(markAlone.durations, 99),
        unit: 'ms',
      },
    );
    client.close();

    // 50 at once on a supply of 10: a new service whose kit is that supply, on 50 lines of fresh budgets.
    log(`  ${CONCURRENT_DONE} realizaciones a la vez sobre un insumo con stock ${SCARCE_STOCK}...`);
    const [scarce] = await one<{ id: string }>(
      `insert into productos (clinica_id, nombre, categoria, tipo_impuesto, stock_actual)
       values ($1, 'Insumo escaso', 'insumo', 'ES_IVA_21', $2) returning id`,
      [clinica.id, SCARCE_STOCK],
    );
    const [cleaning] = await one<{ id: string }>(
      `insert into productos (clinica_id, nombre, categoria, precio_venta, tipo_impuesto) values ($1, 'Limpieza', 'servicio', 5000, 'ES_EXENTO') returning id`,
      [clinica.id],
    );
    await one(`insert into kits_servicio (servicio_id, insumo_id, cantidad) values ($1, $2, 1)`, [
      cleaning.id,
      scarce.id,
    ]);
    const scarceLines = (
      await one<{ id: string }>(
        `with b as (
           insert into presupuestos (clinica_id, paciente_id, numero, estado, moneda, valido_hasta, autor_nombre)
           select $1::uuid, p, 'P-BENCH-' || row_number() over (), 'aceptado', 'EUR', current_date + 30, 'Bench'
           from unnest($2::uuid[]) p returning id)
         insert into lineas_presupuesto (presupuesto_id, orden, servicio_id, descripcion, cantidad, precio_unitario,
           tipo_impuesto, puntos_basicos, bruto, descuento, base, impuesto, total, aceptada)
         select b.id, 0, $3::uuid, 'Limpieza', 1, 5000, 'ES_EXENTO', 0, 5000, 0, 5000, 0, 5000, true from b
         returning id`,
        [clinica.id, ids.slice(0, CONCURRENT_DONE), cleaning.id],
      )
    ).map((r) => r.id);
    const burst = keepAliveClient(CONCURRENT_DONE);
    const statuses = await Promise.all(
      scarceLines.map(
        async (id) =>
          (
            await burst.send(`${base}/api/presupuestos/lineas/${id}/realizar`, {
              method: 'POST',
              headers: { ...headers, 'content-type': 'application/json' },
              body: '{}',
            })
          ).status,
      ),
    );
    burst.close();
    const [result] = await one<{ stock: number; n: string; tomado: string; faltante: string }>(
      `select (select stock_actual from productos where id = $1) as stock,
         count(*) as n, -sum(cantidad) as tomado, sum(faltante) as faltante
       from movimientos_stock where producto_id = $1 and motivo = 'consumo'`,
      [scarce.id],
    );
    const exact =
      statuses.every((st) => st === 200) &&
      result.stock === 0 &&
      Number(result.n) === CONCURRENT_DONE &&
      Number(result.tomado) === SCARCE_STOCK &&
      Number(result.faltante) === CONCURRENT_DONE - SCARCE_STOCK;
    if (!exact) {
      throw new Error(
        `${CONCURRENT_DONE} a la vez: respuestas ${[...new Set(statuses)].join(', ')}, stock ${result.stock}, ${result.n} movimientos, ${result.tomado} tomados, ${result.faltante} faltantes`,
      );
    }
    notes.push(
      `${CONCURRENT_DONE} realizaciones a la vez sobre un insumo con stock ${SCARCE_STOCK}: stock final 0, ${result.n} movimientos de consumo que toman ${result.tomado} y registran ${result.faltante} faltantes (exacto).`,
    );
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
      `select (select count(*) from presupuestos where clinica_id = $1 and numero not like 'P-BENCH-%') as n,
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
