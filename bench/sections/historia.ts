/**
 * `npm run bench -- historia` (issue 22): the clinical record on PostgreSQL, 10 connections, a clinic
 * with 200,000 notes:
 * - a patient's timeline with 500 entries (notes, chart versions, appointments), first page
 *   (GET /api/pacientes/:id/historia, which also writes its audit row) p99 <= 15 ms;
 * - signing a note (POST /api/notas/:id/firmar: hash, audit row, the chart checked for the procedure it
 *   records, the signed note read back) p99 <= 20 ms;
 * - a signed consent's PDF (POST /api/pacientes/:id/consentimientos with two PNG signatures: the server
 *   fills the text, draws the PDF, stores it with its SHA-256) p95 <= 300 ms;
 * - exporting a patient with 200 notes and 50 chart versions (GET /api/pacientes/:id/exportar, the zip
 *   read to its end) <= 2 s, the slowest of a few runs.
 *
 * Its own database (dropped and created each run): `odontia_bench_historia` on the server of
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL), or BENCH_HISTORY_DATABASE_URL. One API instance in its own
 * process (bench/notifications/server.ts boots the real app); the data is made here with generate_series.
 */
import { emptyChart, setToothNotes } from '@odontia/shared';
import type autocannon from 'autocannon';
import { createClinic } from '../../apps/api/src/features/clinic/clinic.service.ts';
import { drawnSignaturePng as signaturePng } from '../../apps/api/src/platform/signature.ts';
import { isPostgresReachable, sectionDatabaseUrl } from '../lib/database.ts';
import { openFreshApp } from '../lib/fresh-app.ts';
import { keepAliveClient, loop, measure, percentile } from '../lib/http-load.ts';
import { startInstance, stopInstance, type Instance } from '../lib/instance.ts';
import type { Measurement, Section, SectionResult } from '../lib/report.ts';

const PATIENTS = Number(process.env.BENCH_HISTORY_PATIENTS ?? 500);
const NOTES = 200_000;
/** Each patient's timeline: its notes, plus these chart versions and appointments, 500 entries in all. */
const VERSIONS = 50;
const APPOINTMENTS = 50;
const EXPORT = { notes: 200, versions: 50, appointments: 30, consents: 5, runs: 5 };
const CONNECTIONS = 10;
const BUDGETS = { timeline: 15, sign: 20, consent: 300, exportMs: 2000 };
const seconds = Number(process.env.BENCH_SECONDS ?? 6);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);

const NOTE_TEXT =
  'Paciente acude a revisión. Refiere sensibilidad al frío en el cuadrante superior derecho. ' +
  'Se explora, se realiza limpieza y se aplica barniz de flúor. Se cita en seis meses.';

async function runHistoryBench(log: (line: string) => void): Promise<SectionResult> {
  const url = sectionDatabaseUrl(process.env.BENCH_HISTORY_DATABASE_URL, 'odontia_bench_historia');
  const title = 'Historia clínica';
  if (!(await isPostgresReachable(url))) {
    return {
      title,
      measurements: [],
      notes: [`PostgreSQL no disponible en ${new URL(url).host}: sección omitida (BENCH_HISTORY_DATABASE_URL).`],
    };
  }
  const group = `PostgreSQL, ${CONNECTIONS} conexiones`;
  const notes: string[] = [];
  const measurements: Measurement[] = [];
  const figures = (name: string, durations: number[], metric: 'p99' | 'p95', budget: number, seconds: number) => {
    measurements.push({
      group,
      name,
      metric,
      value: percentile(durations, metric === 'p99' ? 99 : 95),
      unit: 'ms',
      budget: { max: budget },
    });
    measurements.push({ group, name, metric: 'p50', value: percentile(durations, 50), unit: 'ms' });
    measurements.push({ group, name, metric: 'req/s', value: durations.length / seconds, unit: 'req/s' });
  };
  log(`historia: base de datos nueva ${new URL(url).pathname.slice(1)}`);
  const fresh = await openFreshApp(url, 'historia', 4);
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
        nombre: 'Clínica Bench Historia',
        telefono: '600123456',
        pais: 'España',
        ciudad: 'Madrid',
        direccion: 'Calle Mayor 1',
      },
    );
    const notesPerPatient = NOTES / PATIENTS;
    log(
      `  ${PATIENTS} pacientes × (${notesPerPatient} notas + ${VERSIONS} versiones + ${APPOINTMENTS} citas), y uno para exportar...`,
    );
    const started = performance.now();
    const one = async <T extends object>(text: string, values: unknown[]) => (await pool.query<T>(text, values)).rows;
    const [dentist] = await one<{ id: string }>(
      `insert into dentistas (clinica_id, nombres, apellidos, especialidad, color, usuario_id)
       values ($1, 'Dentista', 'Bench', 'odontologia-general', '#1d4ed8', $2) returning id`,
      [clinica.id, userId],
    );
    const [service] = await one<{ id: string }>(
      `insert into productos (clinica_id, nombre, categoria, precio_venta, tipo_impuesto) values ($1, 'Limpieza dental', 'servicio', 6000, 'ES_EXENTO') returning id`,
      [clinica.id],
    );
    await one(
      `insert into pacientes (clinica_id, nombres, apellidos, fecha_nacimiento)
       select $1::uuid, 'Paciente ' || g, 'Bench ' || lpad(g::text, 4, '0'), date '1980-01-01' + g from generate_series(1, $2::int) g`,
      [clinica.id, PATIENTS + 1],
    );
    const ids = (
      await one<{ id: string }>('select id from pacientes where clinica_id = $1 order by apellidos', [clinica.id])
    ).map((r) => r.id);
    const exportId = ids.pop()!;
    const exported = [exportId];
    // Signed notes: one a day back from today, each patient's own run; every fifth names the service.
    const insertNotes = (patients: string[], perPatient: number) =>
      one(
        `insert into notas_clinicas (clinica_id, paciente_id, autor_id, autor_nombre, fecha, texto, diagnostico, procedimientos,
           estado, fecha_creacion, fecha_actualizacion, fecha_firma, hash)
         select $1::uuid, p, $2, 'Dentista', (now() - make_interval(days => g))::date, $3 || ' (' || g || ')',
           case when g % 3 = 0 then 'K02.1' end, case when g % 5 = 0 then array[$4::uuid] else '{}'::uuid[] end,
           'firmada', now() - make_interval(days => g), now() - make_interval(days => g), now() - make_interval(days => g),
           md5(p::text || g)
         from unnest($5::uuid[]) p, generate_series(1, $6::int) g`,
        [clinica.id, userId, NOTE_TEXT, service.id, patients, perPatient],
      );
    for (let i = 0; i < ids.length; i += 50) await insertNotes(ids.slice(i, i + 50), notesPerPatient);
    await insertNotes(exported, EXPORT.notes);
    await one(
      `insert into adendas_notas (clinica_id, nota_id, autor_id, autor_nombre, texto, fecha, hash)
       select clinica_id, id, autor_id, autor_nombre, 'Corrección: el diente tratado fue el 16.', fecha_firma + interval '1 hour', md5(id::text)
       from notas_clinicas where clinica_id = $1 and extract(day from fecha_creacion)::int % 10 = 0`,
      [clinica.id],
    );
    const chart = JSON.stringify(setToothNotes(emptyChart(), 16, 'Obturación antigua'));
    const insertVersions = (patients: string[], count: number) =>
      one(
        `insert into odontograma_versiones (clinica_id, paciente_id, version, carta, autor_id, autor_nombre, fecha_creacion)
         select $1::uuid, p, v, $2::jsonb, $3, 'Dentista', now() - make_interval(days => 3 * ($4::int - v))
         from unnest($5::uuid[]) p, generate_series(1, $4::int) v`,
        [clinica.id, chart, userId, count, patients],
      );
    await insertVersions(ids, VERSIONS);
    await insertVersions(exported, EXPORT.versions);
    // Appointments half an hour long, one after another into the past, so the dentist is never double-booked.
    const insertAppointments = (patients: string[], count: number, from: number) =>
      one(
        `insert into citas (clinica_id, paciente_id, dentista_id, inicio, fin, titulo, estado)
         select $1::uuid, p, $2::uuid, t, t + interval '30 minutes', 'Revisión', 'completada'
         from unnest($3::uuid[]) with ordinality as u(p, i), generate_series(1, $4::int) g,
           lateral (select date_trunc('hour', now()) - make_interval(hours => $5::int + (i::int - 1) * $4::int + g)) as s(t)`,
        [clinica.id, dentist.id, patients, count, from],
      );
    await insertAppointments(ids, APPOINTMENTS, 0);
    await insertAppointments(exported, EXPORT.appointments, ids.length * APPOINTMENTS);
    await pool.query('vacuum analyze');
    await pool.query('checkpoint');
    const [{ notas, entradas }] = await one<{ notas: string; entradas: string }>(
      `select (select count(*) from notas_clinicas) as notas,
         (select count(*) from notas_clinicas where paciente_id = $1) + (select count(*) from odontograma_versiones where paciente_id = $1)
           + (select count(*) from citas where paciente_id = $1) as entradas`,
      [ids[0]],
    );
    notes.push(
      `${Number(notas).toLocaleString('en-US')} notas firmadas; ${PATIENTS} pacientes con ${entradas} entradas cada uno en su historia; hecho en ${((performance.now() - started) / 1000).toFixed(1)} s.`,
    );

    instance = await startInstance(fresh.env);
    const base = instance.baseUrl;
    const headers = { cookie, origin: base };
    const json = { ...headers, 'content-type': 'application/json' };

    log('  historia, primera página...');
    let next = 0;
    const timeline: autocannon.Request[] = [
      {
        method: 'GET',
        setupRequest: (req) => ({ ...req, path: `/api/pacientes/${ids[next++ % ids.length]}/historia` }),
      },
    ];
    const history = await measure({
      url: base,
      requests: timeline,
      headers,
      connections: CONNECTIONS,
      warmupSeconds,
      seconds,
    });
    if (history.errors || history.non2xx)
      notes.push(`historia: ${history.errors} errores, ${history.non2xx} respuestas no 2xx.`);
    const timelineName = 'historia de 500 entradas (primera página)';
    measurements.push({
      group,
      name: timelineName,
      metric: 'p99',
      value: history.p99,
      unit: 'ms',
      budget: { max: BUDGETS.timeline },
    });
    measurements.push({ group, name: timelineName, metric: 'p50', value: history.p50, unit: 'ms' });
    measurements.push({ group, name: timelineName, metric: 'req/s', value: history.reqPerSec, unit: 'req/s' });

    // Drafts to sign, by the signed-in dentist, one per patient in turn; each names the service, which
    // the patient's chart does not plan, so signing reads the chart and leaves it as it is.
    const drafts = 40_000;
    await one(
      `insert into notas_clinicas (clinica_id, paciente_id, autor_id, autor_nombre, fecha, texto, procedimientos)
       select $1::uuid, ($4::uuid[])[1 + g % cardinality($4::uuid[])], $2, 'Dentista', current_date, $3, array[$5::uuid]
       from generate_series(0, $6::int - 1) g`,
      [clinica.id, userId, NOTE_TEXT, ids, service.id, drafts],
    );
    await pool.query('analyze notas_clinicas');
    const draftIds = (
      await one<{ id: string }>(`select id from notas_clinicas where estado = 'borrador' and clinica_id = $1`, [
        clinica.id,
      ])
    ).map((r) => r.id);
    const client = keepAliveClient(CONNECTIONS);
    let nextDraft = 0;
    const sign = async () => {
      const id = draftIds[nextDraft++];
      if (!id) throw new Error('No quedan borradores que firmar: sube `drafts`.');
      return (await client.send(`${base}/api/notas/${id}/firmar`, { method: 'POST', headers })).status;
    };
    log('  firmar una nota...');
    await loop(CONNECTIONS, warmupSeconds, sign);
    const signed = await loop(CONNECTIONS, seconds, sign);
    if (signed.failures) notes.push(`firmar: ${signed.failures} firmas rechazadas.`);
    figures('firmar una nota', signed.durations, 'p99', BUDGETS.sign, seconds);

    log('  consentimiento firmado (PDF)...');
    const [template] = await one<{ id: string }>(
      `select id from plantillas_consentimientos where clinica_id = $1 and cuerpo not like '%{diente}%' order by titulo limit 1`,
      [clinica.id],
    );
    if (!template) throw new Error('La clínica nueva no tiene una plantilla de consentimiento sin diente.');
    const signatures = await Promise.all([signaturePng(() => 0.3), signaturePng(() => 0.7)]);
    const consentBody = JSON.stringify({
      plantillaId: template.id,
      firmante: 'paciente',
      diente: null,
      firmaPaciente: `data:image/png;base64,${signatures[0].toString('base64')}`,
      firmaProfesional: `data:image/png;base64,${signatures[1].toString('base64')}`,
    });
    const signConsent = async (patient: string) =>
      (
        await client.send(`${base}/api/pacientes/${patient}/consentimientos`, {
          method: 'POST',
          headers: json,
          body: consentBody,
        })
      ).status;
    let nextConsent = 0;
    const consent = () => signConsent(ids[nextConsent++ % ids.length]);
    await loop(CONNECTIONS, warmupSeconds, consent);
    const consents = await loop(CONNECTIONS, seconds, consent);
    if (consents.failures) notes.push(`consentimiento: ${consents.failures} firmas rechazadas.`);
    figures('consentimiento firmado con su PDF', consents.durations, 'p95', BUDGETS.consent, seconds);
    const alone = await loop(1, seconds, consent);
    notes.push(
      `Consentimiento con una sola petición a la vez: p95 ${percentile(alone.durations, 95).toFixed(1)} ms, p50 ${percentile(alone.durations, 50).toFixed(1)} ms (el PDF se dibuja en el proceso de la API; 2 núcleos).`,
    );

    log(`  exportar un paciente con ${EXPORT.notes} notas y ${EXPORT.versions} versiones...`);
    for (let i = 0; i < EXPORT.consents; i++) {
      const status = await signConsent(exportId);
      if (status !== 201) throw new Error(`consentimiento del paciente exportado: ${status}`);
    }
    const exports: number[] = [];
    let bytes = 0;
    for (let i = 0; i < EXPORT.runs; i++) {
      const t0 = performance.now();
      const res = await fetch(`${base}/api/pacientes/${exportId}/exportar`, { headers });
      const body = new Uint8Array(await res.arrayBuffer());
      if (res.status !== 200)
        throw new Error(`exportar: ${res.status} ${new TextDecoder().decode(body).slice(0, 200)}`);
      exports.push(performance.now() - t0);
      bytes = body.byteLength;
    }
    exports.sort((x, y) => x - y);
    client.close();
    const exportName = `exportar historia (${EXPORT.notes} notas, ${EXPORT.versions} versiones, ${EXPORT.consents} PDF)`;
    measurements.push({
      group: 'PostgreSQL, una petición',
      name: exportName,
      metric: 'máx.',
      value: exports.at(-1)!,
      unit: 'ms',
      budget: { max: BUDGETS.exportMs },
    });
    measurements.push({
      group: 'PostgreSQL, una petición',
      name: exportName,
      metric: 'p50',
      value: percentile(exports, 50),
      unit: 'ms',
    });
    notes.push(
      `El zip exportado pesa ${(bytes / 1024).toFixed(0)} KB (${EXPORT.runs} exportaciones medidas, una tras otra).`,
    );
    const [{ n }] = await one<{ n: string }>('select count(*) as n from auditoria', []);
    notes.push(
      `Cada vista, firma, consentimiento y exportación escribe su fila de auditoría en su transacción (${Number(n).toLocaleString('en-US')} filas al terminar).`,
    );
    return { title, measurements, notes };
  } finally {
    if (instance) await stopInstance(instance);
    await fresh.close();
  }
}

export const historySection: Section = { name: 'historia', run: runHistoryBench };
