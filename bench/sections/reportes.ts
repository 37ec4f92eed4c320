/**
 * `npm run bench -- reportes` (issue 25): reports, payments and the cash close on PostgreSQL, 10
 * connections, one clinic (Madrid) with three years of history: 1,000,000 appointments, 500,000 treatments
 * done, 400,000 payments (and 2,000 annulments), 50,000 patients, 30,000 sent budgets and 100,000 stock
 * movements, made here with generate_series SQL (each bulk insert also fills the daily rollups that most
 * reports read, through their statement-level triggers: one aggregated upsert per statement):
 * - each report (GET /api/reportes/:informe) for the last 365 days by month, p99 <= 150 ms, and for the
 *   previous month by day, p99 <= 40 ms;
 * - a payment with its receipt number (POST /api/pacientes/:id/cobros, applied automatically), p99 <= 20 ms;
 * - 50 concurrent payments at two desks: 50 consecutive receipt numbers, no gap, no repeat (checked, or
 *   the section fails);
 * - a cash close (POST /api/caja/cerrar) of a desk with 30 payments that day, p99 <= 30 ms: ten members
 *   close at once, each member's cash reopened between two of its closes (not timed).
 *
 * Its own database (dropped and created each run): `odontia_bench_reportes` on the server of
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL), or BENCH_REPORTS_DATABASE_URL.
 *
 * BENCH_REPORTS_ONLY (comma-separated) measures only some scenarios, after the same data: a report
 * (`saldo`, or one range of it, `saldo:mes` / `saldo:anio`), `hoy` (the dashboard's figures), `cobro`
 * (a payment, and the 50 at once) and `cierre` (the cash close). Unset, all of them.
 */
import { REPORT_KINDS, presetRange, todayInZone } from '@odontia/shared';
import { createClinic } from '../../apps/api/src/features/clinic/clinic.service.ts';
import { isPostgresReachable, sectionDatabaseUrl } from '../lib/database.ts';
import { openFreshApp } from '../lib/fresh-app.ts';
import { keepAliveClient, loop, measure, percentile } from '../lib/http-load.ts';
import { startInstance, stopInstance, type Instance } from '../lib/instance.ts';
import type { Measurement, Section, SectionResult } from '../lib/report.ts';

const CONNECTIONS = 10;
const DATA = {
  days: 1095,
  dentists: 20,
  services: 40,
  supplies: 50,
  patients: 50_000,
  appointments: 1_000_000,
  treatments: 500_000,
  payments: 400_000,
  budgets: 30_000,
  movements: 100_000,
};
const BUDGETS = { year: 150, month: 40, payment: 20, close: 30 };
const RACERS = 50;
const CLOSE_DESK_PAYMENTS = 30;
const seconds = Number(process.env.BENCH_SECONDS ?? 6);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const ZONE = 'Europe/Madrid';
const only = process.env.BENCH_REPORTS_ONLY?.split(',')
  .map((key) => key.trim())
  .filter(Boolean);
/** Whether a scenario is measured (BENCH_REPORTS_ONLY): `key`, or its `key:variant`. */
const wanted = (key: string, variant?: string) =>
  !only?.length || only.includes(key) || (variant !== undefined && only.includes(`${key}:${variant}`));

async function runReportsBench(log: (line: string) => void): Promise<SectionResult> {
  const url = sectionDatabaseUrl(process.env.BENCH_REPORTS_DATABASE_URL, 'odontia_bench_reportes');
  const title = 'Reportes, cobros y caja';
  if (!(await isPostgresReachable(url))) {
    return {
      title,
      measurements: [],
      notes: [`PostgreSQL no disponible en ${new URL(url).host}: sección omitida (BENCH_REPORTS_DATABASE_URL).`],
    };
  }
  const group = `PostgreSQL, ${CONNECTIONS} conexiones`;
  const notes: string[] = [];
  const measurements: Measurement[] = [];
  log(`reportes: base de datos nueva ${new URL(url).pathname.slice(1)}`);
  const fresh = await openFreshApp(url, 'reportes', 4);
  const pool = fresh.handle.pool!;
  const one = async <T extends object>(text: string, values: unknown[] = []) =>
    (await pool.query<T>(text, values)).rows;
  let instance: Instance | undefined;
  try {
    const email = 'duena@reportes.bench.test';
    const { userId, cookie } = await fresh.signUp(email);
    const clinica = await createClinic(
      fresh.deps.db,
      { id: userId, email, nombres: 'Dueña' },
      {
        nombre: 'Clínica Bench Reportes',
        telefono: '600123456',
        pais: 'España',
        ciudad: 'Madrid',
        direccion: 'Calle Mayor 1',
      },
    );
    const c = clinica.id;
    const hoy = todayInZone(ZONE);
    const generation = performance.now();
    const step = async (what: string, text: string, values: unknown[]) => {
      const started = performance.now();
      await one(text, values);
      log(`  ${what} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    };
    // The history: from local midnight `days` ago ($2) to local midnight of today ($3), in the clinic's zone.
    const span = [`${DATA.days}`, hoy, ZONE] as const;
    const t0 = `(($3::date - $2::int)::timestamp at time zone $4)`;
    const tEnd = `($3::date::timestamp at time zone $4)`;
    await step(
      `${DATA.dentists} dentistas, ${DATA.services} servicios, ${DATA.supplies} insumos`,
      `with d as (
         insert into dentistas (clinica_id, nombres, apellidos, especialidad, color)
         select $1, 'Dentista ' || g, 'Bench', 'odontologia-general', '#1d4ed8' from generate_series(1, $2::int) g returning 1
       ), s as (
         insert into productos (clinica_id, nombre, categoria, precio_venta, tipo_impuesto)
         select $1, 'Servicio ' || lpad(g::text, 2, '0'), 'servicio', 2000 * g, 'ES_EXENTO' from generate_series(1, $3::int) g returning 1
       )
       insert into productos (clinica_id, nombre, categoria, precio_compra, tipo_impuesto, stock_actual)
       select $1, 'Insumo ' || lpad(g::text, 2, '0'), 'insumo', 100 * g, 'ES_IVA_21', 1000000 from generate_series(1, $4::int) g`,
      [c, DATA.dentists, DATA.services, DATA.supplies],
    );
    await step(
      `${DATA.patients.toLocaleString('es-ES')} pacientes`,
      `insert into pacientes (clinica_id, nombres, apellidos, fecha_creacion)
       select $1, 'Paciente ' || g, 'Bench ' || lpad(g::text, 6, '0'), ${t0} + (g::float8 / $5) * (${tEnd} - ${t0})
       from generate_series(1, $5::int) g`,
      [c, ...span, DATA.patients],
    );
    const ids = `(select array_agg(id order by id) as ids from pacientes where clinica_id = $1) p,
       (select array_agg(id order by id) as ids from dentistas where clinica_id = $1) d,
       (select array_agg(id order by id) as ids from productos where clinica_id = $1 and categoria = 'servicio') s`;
    // Each dentist's appointments follow each other (no overlap) over the three years, in every state. The
    // no-overlap constraint is taken off while they are inserted and put back as it was (checked then, in
    // one index build instead of a million insertions into it).
    const [overlap] = await one<{ def: string }>(
      `select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'citas_sin_solape'`,
    );
    await one('alter table citas drop constraint citas_sin_solape');
    const perDentist = DATA.appointments / DATA.dentists;
    const chunks = 4;
    for (let k = 0; k < chunks; k++) {
      await step(
        `citas ${(((k + 1) * DATA.appointments) / chunks).toLocaleString('es-ES')} / ${DATA.appointments.toLocaleString('es-ES')}`,
        `insert into citas (clinica_id, paciente_id, dentista_id, inicio, fin, titulo, estado)
         select $1, p.ids[1 + (g::bigint * 7919) % array_length(p.ids, 1)], d.ids[1 + g % $5::int],
           ${t0} + (g / $5::int) * ((${tEnd} - ${t0}) / $6::int), ${t0} + (g / $5::int) * ((${tEnd} - ${t0}) / $6::int) + interval '30 minutes',
           'Consulta',
           (array['completada','completada','completada','atendida','no_asistio','cancelada','cancelada_paciente','completada','confirmada','pendiente'])[1 + (g * 31) % 10]
         from generate_series($7::int, $8::int) g, ${ids}`,
        [
          c,
          ...span,
          DATA.dentists,
          perDentist,
          (k * DATA.appointments) / chunks,
          ((k + 1) * DATA.appointments) / chunks - 1,
        ],
      );
    }
    await step(
      'restricción sin solape de las citas',
      `alter table citas add constraint citas_sin_solape ${overlap.def}`,
      [],
    );
    await step(
      `${DATA.treatments.toLocaleString('es-ES')} tratamientos realizados`,
      `insert into tratamientos_realizados (clinica_id, paciente_id, servicio_id, descripcion, dentista_id, fecha, importe, moneda)
       select $1, p.ids[1 + (g::bigint * 7919) % array_length(p.ids, 1)], s.ids[1 + (g * 13) % array_length(s.ids, 1)], 'Tratamiento',
         d.ids[1 + (g * 17) % array_length(d.ids, 1)], ${t0} + random() * (${tEnd} - ${t0}), 2000 * (1 + g % 40), 'EUR'
       from generate_series(1, $5::int) g, ${ids}`,
      [c, ...span, DATA.treatments],
    );
    // The owner's closed cash of every past day, and the payments of each day in it.
    await step(
      `${DATA.payments.toLocaleString('es-ES')} cobros en ${DATA.days} cajas cerradas`,
      `with cj as (
         insert into cajas (clinica_id, usuario_id, usuario_nombre, dia, estado, fecha_cierre, totales, efectivo_esperado, efectivo_contado, diferencia)
         select $1, $5, 'Dueña', dia::date, 'cerrada', now(), '[]'::jsonb, 0, 0, 0
         from generate_series($3::date - $2::int, $3::date - 1, interval '1 day') dia
         returning id, dia
       ), x as (
         select g, ${t0} + random() * (${tEnd} - ${t0}) as fecha from generate_series(1, $6::int) g
       )
       insert into cobros (clinica_id, paciente_id, numero, fecha, dia_caja, caja_id, importe, moneda, metodo, cobrado_por, cobrado_por_nombre)
       select $1, p.ids[1 + (x.g::bigint * 7919) % array_length(p.ids, 1)], 'R-H-' || x.g, x.fecha, cj.dia, cj.id, 1000 * (1 + x.g % 60), 'EUR',
         (array['efectivo','tarjeta','transferencia','bizum'])[1 + x.g % 4], $5, 'Dueña'
       from x join cj on cj.dia = (x.fecha at time zone $4)::date,
         (select array_agg(id order by id) as ids from pacientes where clinica_id = $1) p`,
      [c, ...span, userId, DATA.payments],
    );
    await step(
      'anulaciones (1 de cada 200 cobros)',
      `with a as (
         update cobros set anulado = true where clinica_id = $1 and numero like 'R-H-%' and substr(numero, 5)::int % 200 = 0
         returning id, paciente_id, fecha, dia_caja, caja_id, importe, metodo
       )
       insert into cobros (clinica_id, paciente_id, tipo, fecha, dia_caja, caja_id, importe, moneda, metodo, cobrado_por, cobrado_por_nombre, anula_id, motivo)
       select $1, paciente_id, 'anulacion', fecha + interval '1 hour', dia_caja, caja_id, -importe, 'EUR', metodo, $2, 'Dueña', id, 'Error al cobrar'
       from a`,
      [c, userId],
    );
    await step(
      `${DATA.budgets.toLocaleString('es-ES')} presupuestos enviados con 2 líneas`,
      `with b as (
         insert into presupuestos (clinica_id, paciente_id, numero, estado, moneda, valido_hasta, total, importe_aceptado,
           autor_nombre, fecha_creacion, fecha_envio)
         select $1, p.ids[1 + (x.g::bigint * 7919) % array_length(p.ids, 1)], 'P-H-' || x.g, x.estado, 'EUR', $3::date + 30,
           60000, case x.estado when 'aceptado' then 60000 when 'aceptado_parcialmente' then 30000 else 0 end,
           'Dueña', x.f, x.f
         from (select g, (array['enviado','aceptado','aceptado','aceptado_parcialmente','rechazado','caducado'])[1 + g % 6] as estado,
           ${t0} + random() * (${tEnd} - ${t0}) as f from generate_series(1, $5::int) g) x, ${ids}
         returning id, estado
       )
       insert into lineas_presupuesto (presupuesto_id, orden, descripcion, cantidad, precio_unitario, tipo_impuesto, puntos_basicos,
         bruto, descuento, base, impuesto, total, aceptada)
       select b.id, o, 'Línea ' || o, 1, 30000, 'ES_EXENTO', 0, 30000, 0, 30000, 0, 30000,
         case when b.estado = 'aceptado' then true when b.estado = 'aceptado_parcialmente' then o = 0
              when b.estado = 'rechazado' then false end
       from b, generate_series(0, 1) o`,
      [c, ...span, DATA.budgets],
    );
    await step(
      `${DATA.movements.toLocaleString('es-ES')} movimientos de stock`,
      `insert into movimientos_stock (clinica_id, producto_id, cantidad, motivo, stock_resultante, faltante, fecha_creacion)
       select $1, i.ids[1 + (g * 7) % array_length(i.ids, 1)],
         case when g % 10 < 7 then -(1 + g % 5) else 10 + g % 40 end,
         case when g % 10 < 7 then 'consumo' else 'compra_recibida' end, 1000, 0, ${t0} + random() * (${tEnd} - ${t0})
       from generate_series(1, $5::int) g,
         (select array_agg(id order by id) as ids from productos where clinica_id = $1 and categoria = 'insumo') i`,
      [c, ...span, DATA.movements],
    );
    await step('vacuum analyze', 'vacuum analyze', []);
    // The generated data written out now: no measurement pays for the generation's writes.
    await step('checkpoint', 'checkpoint', []);
    await one('checkpoint');
    notes.push(
      `Datos: ${DATA.appointments.toLocaleString('es-ES')} citas, ${DATA.treatments.toLocaleString('es-ES')} tratamientos, ${DATA.payments.toLocaleString('es-ES')} cobros (+${(DATA.payments / 200).toLocaleString('es-ES')} anulaciones), ${DATA.patients.toLocaleString('es-ES')} pacientes, ${DATA.budgets.toLocaleString('es-ES')} presupuestos, ${DATA.movements.toLocaleString('es-ES')} movimientos en ${DATA.days} días, generados en ${((performance.now() - generation) / 1000).toFixed(0)} s.`,
    );

    // Ten reception members (payments and closes), each with a session.
    const [reception] = await one<{ id: string }>(
      `select id from roles_clinica where clinica_id = $1 and nombre = 'Recepción'`,
      [c],
    );
    const desks: { userId: string; cookie: string }[] = [];
    for (let i = 0; i < CONNECTIONS; i++) {
      const member = await fresh.signUp(`recepcion${i}@reportes.bench.test`);
      await one(`insert into usuarios (id, clinica_id, nombres, email, rol) values ($1, $2, $3, $4, 'recepcion')`, [
        member.userId,
        c,
        `Recepción ${i}`,
        `recepcion${i}@reportes.bench.test`,
      ]);
      await one(`insert into usuarios_rol (usuario_id, rol_id) values ($1, $2)`, [member.userId, reception.id]);
      desks.push(member);
    }

    instance = await startInstance(fresh.env);
    const base = instance.baseUrl;
    const headers = { cookie, origin: base };

    // Reports: the last 365 days by month, and the previous month by day.
    const year = {
      desde: new Date(Date.parse(`${hoy}T00:00:00Z`) - 364 * 86_400_000).toISOString().slice(0, 10),
      hasta: hoy,
    };
    const month = presetRange('mes_anterior', hoy, 1);
    for (const kind of REPORT_KINDS) {
      for (const [label, range, agrupacion, max] of [
        ['año', year, 'mes', BUDGETS.year],
        ['mes', month, 'dia', BUDGETS.month],
      ] as const) {
        if (!wanted(kind, label === 'año' ? 'anio' : 'mes')) continue;
        const target = `${base}/api/reportes/${kind}?desde=${range.desde}&hasta=${range.hasta}&agrupacion=${agrupacion}`;
        const check = await fetch(target, { headers });
        if (check.status !== 200) throw new Error(`${kind}: ${check.status} ${await check.text()}`);
        log(`  ${kind} (${label})...`);
        const result = await measure({ url: target, headers, connections: CONNECTIONS, warmupSeconds, seconds });
        const name = `reporte ${kind}, ${label === 'año' ? '365 días por mes' : 'un mes por día'}`;
        if (result.non2xx || result.errors)
          notes.push(`${name}: ${result.non2xx + result.errors} respuestas que no son 2xx.`);
        measurements.push(
          { group, name, metric: 'p99', value: result.p99, unit: 'ms', budget: { max } },
          { group, name, metric: 'p50', value: result.p50, unit: 'ms' },
          { group, name, metric: 'req/s', value: result.reqPerSec, unit: 'req/s' },
        );
      }
    }
    if (wanted('hoy')) {
      const today = await measure({
        url: `${base}/api/reportes/hoy`,
        headers,
        connections: CONNECTIONS,
        warmupSeconds,
        seconds,
      });
      measurements.push(
        { group, name: 'cifras de hoy del panel', metric: 'p99', value: today.p99, unit: 'ms' },
        { group, name: 'cifras de hoy del panel', metric: 'p50', value: today.p50, unit: 'ms' },
      );
    }
    if (!wanted('cobro') && !wanted('cierre')) return { title, measurements, notes };

    // A payment with its receipt number: each request another patient's, applied automatically.
    const patients = (
      await one<{ id: string }>(`select id from pacientes where clinica_id = $1 order by id limit 20000`, [c])
    ).map((r) => r.id);
    const client = keepAliveClient(CONNECTIONS);
    let nextPatient = 0;
    const pay = async (cookieOf: string, pacienteId: string) =>
      (
        await client.send(`${base}/api/pacientes/${pacienteId}/cobros`, {
          method: 'POST',
          headers: { cookie: cookieOf, origin: base, 'content-type': 'application/json' },
          body: JSON.stringify({ importe: 1500, metodo: 'tarjeta' }),
        })
      ).status;
    const firstPayment = await pay(cookie, patients[0]);
    if (firstPayment !== 201) {
      notes.push(`cobro: POST /api/pacientes/:id/cobros respondió ${firstPayment}; cobros y cierre no medidos.`);
      client.close();
      return { title, measurements, notes };
    }
    if (wanted('cobro')) {
      log('  un cobro con número de recibo...');
      const payOne = () => pay(cookie, patients[++nextPatient % patients.length]);
      await loop(CONNECTIONS, warmupSeconds, payOne);
      const payments = await loop(CONNECTIONS, seconds, payOne);
      if (payments.failures) notes.push(`cobro: ${payments.failures} respuestas que no son 2xx.`);
      const payName = 'cobro con número de recibo (aplicación automática)';
      measurements.push(
        {
          group,
          name: payName,
          metric: 'p99',
          value: percentile(payments.durations, 99),
          unit: 'ms',
          budget: { max: BUDGETS.payment },
        },
        { group, name: payName, metric: 'p50', value: percentile(payments.durations, 50), unit: 'ms' },
        { group, name: payName, metric: 'req/s', value: payments.durations.length / seconds, unit: 'req/s' },
      );

      // 50 at once at two desks: their receipt numbers are 50 consecutive ones.
      log(`  ${RACERS} cobros a la vez en dos cajas...`);
      const [{ antes }] = await one<{ antes: string }>(
        `select count(*) as antes from cobros where clinica_id = $1 and numero like 'R-2%'`,
        [c],
      );
      const burst = keepAliveClient(RACERS);
      const raced = await Promise.all(
        Array.from({ length: RACERS }, async (_, i) => {
          const res = await burst.send(`${base}/api/pacientes/${patients[(i * 37) % patients.length]}/cobros`, {
            method: 'POST',
            headers: { cookie: desks[i % 2].cookie, origin: base, 'content-type': 'application/json' },
            body: JSON.stringify({ importe: 1000 + i, metodo: 'efectivo' }),
          });
          return {
            status: res.status,
            numero: res.status === 201 ? (JSON.parse(res.body) as { cobro: { numero: string } }).cobro.numero : null,
          };
        }),
      );
      burst.close();
      const numbers = raced.map((r) => Number(r.numero?.split('-').at(-1))).sort((a, b) => a - b);
      const consecutive =
        raced.every((r) => r.status === 201) &&
        new Set(numbers).size === RACERS &&
        numbers.every((n, i) => n === numbers[0] + i) &&
        numbers[0] === Number(antes) + 1;
      if (!consecutive) {
        throw new Error(
          `${RACERS} cobros a la vez: respuestas ${[...new Set(raced.map((r) => r.status))].join(', ')}, números ${numbers.join(', ')}`,
        );
      }
      notes.push(
        `${RACERS} cobros a la vez en dos cajas: recibos ${raced.map((r) => r.numero).sort()[0]} a ${raced
          .map((r) => r.numero)
          .sort()
          .at(-1)}, ${RACERS} números consecutivos sin huecos ni repetidos (exacto).`,
      );
    }
    if (!wanted('cierre')) {
      client.close();
      return { title, measurements, notes };
    }

    // Cash closes: each desk's cash of today holds 30 payments; it is reopened (untimed) before each close.
    log('  cierre de caja...');
    // The clinic's today as the closes run (the data's `hoy` may be yesterday by now: Madrid's midnight is
    // 23:00 UTC), so the cash reopened is the one the API closes.
    const hoyCierre = todayInZone(ZONE);
    for (const desk of desks) {
      if ((await pay(desk.cookie, patients[++nextPatient % patients.length])) !== 201)
        throw new Error('cobro de una caja');
    }
    await one(
      `insert into cobros (clinica_id, paciente_id, numero, fecha, dia_caja, caja_id, importe, moneda, metodo, cobrado_por, cobrado_por_nombre)
       select $1, p.ids[1 + g % array_length(p.ids, 1)], 'R-C-' || cj.usuario_id || '-' || g, now(), cj.dia, cj.id, 1000 + g,
         'EUR', (array['efectivo','tarjeta','bizum'])[1 + g % 3], cj.usuario_id, cj.usuario_nombre
       from cajas cj, generate_series(1, $3::int) g,
         (select array_agg(id) as ids from pacientes where clinica_id = $1) p
       where cj.clinica_id = $1 and cj.dia = $2 and cj.usuario_id = any($4::text[])`,
      [c, hoyCierre, CLOSE_DESK_PAYMENTS - 1, desks.map((d) => d.userId)],
    );
    await one('vacuum analyze cobros');
    const reopen = (deskUser: string) =>
      one(
        `update cajas set estado = 'abierta', fecha_cierre = null, totales = null, efectivo_esperado = null,
           efectivo_contado = null, diferencia = null, nota = null
         where clinica_id = $1 and usuario_id = $2 and dia = $3`,
        [c, deskUser, hoyCierre],
      );
    const closeLoop = async (duration: number) => {
      const until = performance.now() + duration * 1000;
      const durations: number[] = [];
      let failures = 0;
      await Promise.all(
        desks.map(async (desk) => {
          while (performance.now() < until) {
            await reopen(desk.userId);
            const started = performance.now();
            const res = await client.send(`${base}/api/caja/cerrar`, {
              method: 'POST',
              headers: { cookie: desk.cookie, origin: base, 'content-type': 'application/json' },
              body: JSON.stringify({ efectivoContado: 12345, nota: 'Recuento de prueba' }),
            });
            if (res.status === 200) durations.push(performance.now() - started);
            else failures++;
          }
        }),
      );
      return { durations: durations.sort((a, b) => a - b), failures };
    };
    await closeLoop(warmupSeconds);
    const closes = await closeLoop(seconds);
    client.close();
    if (closes.failures) notes.push(`cierre: ${closes.failures} respuestas que no son 2xx.`);
    const closeName = `cierre de caja (${CLOSE_DESK_PAYMENTS} cobros del día)`;
    measurements.push(
      {
        group,
        name: closeName,
        metric: 'p99',
        value: percentile(closes.durations, 99),
        unit: 'ms',
        budget: { max: BUDGETS.close },
      },
      { group, name: closeName, metric: 'p50', value: percentile(closes.durations, 50), unit: 'ms' },
      { group, name: closeName, metric: 'req/s', value: closes.durations.length / seconds, unit: 'req/s' },
    );
    return { title, measurements, notes };
  } finally {
    if (instance) await stopInstance(instance);
    await fresh.close();
  }
}

export const reportsSection: Section = { name: 'reportes', run: runReportsBench };
