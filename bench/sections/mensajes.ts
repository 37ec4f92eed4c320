/**
 * `npm run bench -- mensajes` (issue 24): the outbox of messages to patients on PostgreSQL with two API
 * instances (two processes, one database) sending through a local SMTP server (bench/lib/smtp-sink.ts):
 * - 10,000 due email reminders all sent in <= 60 s;
 * - none twice and none lost when one instance is killed with `kill -9` midway (once 40% have arrived,
 *   in the middle of a claimed batch).
 *
 * The reminders are outbox rows written here (plantilla 'recordatorio', as the sweep writes them) for
 * 10,000 appointments in the next two days (20 clinics of 10 dentists, a patient with an email who
 * consented to reminders each), due a day from now while the instances start, then made due at once:
 * the clock starts at that UPDATE. Each email names its row in the `X-Odontia-Mensaje` header, which the
 * SMTP server counts. A row the killed instance had claimed waits for its lease (LEASE_SECONDS in
 * platform/messages/outbox.ts); then the other sends it again, unless it had reached the line that ends
 * its email (`cierre_en`), which counts as sent and is not repeated. The section waits past the budget until
 * every row is sent, to tell lost from late, unless nothing is sent for BENCH_MESSAGES_STALL_SECONDS (the
 * lease plus 30 s) or BENCH_MESSAGES_MAX_SECONDS (900) pass.
 *
 * Its own database (dropped and created each run): `odontia_bench_mensajes` on the server of
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL), or BENCH_MESSAGES_DATABASE_URL.
 */
import os from 'node:os';
import { LEASE_SECONDS, OUTBOX_HEADER } from '../../apps/api/src/platform/messages/outbox.ts';
import { isPostgresReachable, sectionDatabaseUrl } from '../lib/database.ts';
import { openFreshApp } from '../lib/fresh-app.ts';
import { startInstance, stopInstance, type Instance } from '../lib/instance.ts';
import type { Measurement, Section, SectionResult } from '../lib/report.ts';
import { startSmtpSink, type SmtpSink } from '../lib/smtp-sink.ts';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 10_000);
const CLINICS = 20;
const DENTISTS_PER_CLINIC = 10;
/**
 * The instance is killed once this many messages have arrived: 40%, plus half a claim batch (20 rows in
 * outbox.ts). Both instances send at the same pace, so at a round 4,000 each has sent about 2,000, a whole
 * number of batches, and the one killed would hold next to nothing; ten rows on, it is mid-batch.
 */
const KILL_AFTER = Math.round(MESSAGES * 0.4) + 10;
const OUTBOX_INTERVAL_MS = 200;
const BUDGET_SECONDS = 60;
/** The section stops waiting when nothing has been sent for this long (longer than a lease)... */
const STALL_SECONDS = Number(process.env.BENCH_MESSAGES_STALL_SECONDS ?? LEASE_SECONDS + 30);
/** ...or after this long in all. */
const MAX_SECONDS = Number(process.env.BENCH_MESSAGES_MAX_SECONDS ?? 900);
const SYNTHETIC_OWNER = '00000000-0000-4000-8000-';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function killInstance(instance: Instance): Promise<void> {
  if (instance.child.exitCode !== null || instance.child.signalCode !== null) return;
  const exited = new Promise((resolve) => instance.child.once('exit', resolve));
  instance.child.kill('SIGKILL');
  await exited;
}

type Counts = { enviados: number; pendientes: number; enviando: number; otros: number; restantes: number };

async function runMessagesBench(log: (line: string) => void): Promise<SectionResult> {
  const url = sectionDatabaseUrl(process.env.BENCH_MESSAGES_DATABASE_URL, 'odontia_bench_mensajes');
  const title = 'Mensajes a pacientes (bandeja de salida)';
  if (!(await isPostgresReachable(url))) {
    return {
      title,
      measurements: [],
      notes: [`PostgreSQL no disponible en ${new URL(url).host}: sección omitida (BENCH_MESSAGES_DATABASE_URL).`],
    };
  }
  const group = 'PostgreSQL, 2 instancias';
  const measurements: Measurement[] = [];
  const notes: string[] = [];
  log(`mensajes: base de datos nueva ${new URL(url).pathname.slice(1)}`);
  const fresh = await openFreshApp(url, 'mensajes', 4);
  const pool = fresh.handle.pool!;
  const one = async <T extends object>(text: string, values: unknown[] = []) =>
    (await pool.query<T>(text, values)).rows;
  let sink: SmtpSink | undefined;
  const instances: Instance[] = [];
  try {
    const perDentist = Math.ceil(MESSAGES / (CLINICS * DENTISTS_PER_CLINIC));
    log(`  ${CLINICS} clínicas, ${MESSAGES.toLocaleString('es-ES')} citas en las próximas 48 h y sus recordatorios...`);
    const started = performance.now();
    await one(
      `with owners as (
         insert into "user" (id, name, email, onboarding_step)
         select '${SYNTHETIC_OWNER}' || lpad(g::text, 12, '0'), 'Titular ' || g, 'titular' || g || '@mensajes.bench.odontia.test', 'completado'
         from generate_series(1, $1::int) g returning id
       )
       insert into clinicas (user_id, nombre, telefono, direccion, ciudad, pais, zona_horaria)
       select id, 'Clínica Mensajes ' || right(id, 3), '910000003', 'Calle Mayor 1', 'Madrid', 'España', 'Europe/Madrid' from owners`,
      [CLINICS],
    );
    await one(
      `insert into dentistas (clinica_id, nombres, apellidos, especialidad, color)
       select c.id, (array['Ana','Bruno','Carla','Diego','Elena','Fernando','Gloria','Hugo','Irene','Jorge'])[g], 'Mensajes',
              'odontologia-general', '#1d4ed8'
       from clinicas c, generate_series(1, $1::int) g`,
      [DENTISTS_PER_CLINIC],
    );
    // One patient per appointment, with an email and consent to reminders (the outbox drops a reminder without it).
    await one(
      `insert into pacientes (clinica_id, nombres, apellidos, telefono, email, consentimiento_recordatorios, consentimiento_recordatorios_por)
       select c.id, (array['María','José','Lucía','Antonio','Carmen','Manuel','Ana','Javier'])[1 + g % 8], 'Mensajes ' || g,
              '+34 6' || lpad((g * 7919 % 100000000)::text, 8, '0'), 'paciente' || g || '.' || right(c.id::text, 6) || '@mensajes.bench.odontia.test',
              now(), 'Bench'
       from clinicas c, generate_series(1, $1::int) g`,
      [DENTISTS_PER_CLINIC * perDentist],
    );
    // Appointment k of a dentist starts 2 h + k × 55 min from now: 30 minutes each, within the 48-hour reminder window.
    await one(
      `with den as (
         select id, clinica_id, (row_number() over (partition by clinica_id order by id) - 1)::int as n from dentistas
       ), pac as (
         select id, clinica_id, (row_number() over (partition by clinica_id order by id) - 1)::int as m from pacientes
       )
       insert into citas (clinica_id, paciente_id, dentista_id, inicio, fin, titulo, estado)
       select pac.clinica_id, pac.id, den.id, t, t + interval '30 minutes', 'Revisión', 'confirmada'
       from pac join den on den.clinica_id = pac.clinica_id and den.n = pac.m % $1::int,
         lateral (select date_trunc('minute', now()) + interval '2 hours' + (pac.m / $1::int) * interval '55 minutes') as s(t)
       order by pac.clinica_id, pac.m
       limit $2::int`,
      [DENTISTS_PER_CLINIC, MESSAGES],
    );
    // The reminders as the sweep writes them, due a day from now until both instances are up.
    await one(
      `insert into mensajes (clinica_id, cita_id, paciente_id, canal, plantilla, destinatario, cita_inicio, cita_fin, dentista, enviar_en)
       select c.clinica_id, c.id, c.paciente_id, 'email', 'recordatorio', p.email, c.inicio, c.fin,
              d.nombres || ' ' || d.apellidos, now() + interval '1 day'
       from citas c join pacientes p on p.id = c.paciente_id join dentistas d on d.id = c.dentista_id`,
    );
    await pool.query('vacuum analyze');
    const [{ filas }] = await one<{ filas: number }>(`select count(*)::int as filas from mensajes`);
    if (filas !== MESSAGES) throw new Error(`se esperaban ${MESSAGES} recordatorios y hay ${filas}`);
    notes.push(
      `Datos: ${CLINICS} clínicas de ${DENTISTS_PER_CLINIC} dentistas, ${MESSAGES.toLocaleString('en-US')} citas en las próximas 48 h de pacientes con email y consentimiento, y un recordatorio pendiente por cita en la bandeja, hechos en ${((performance.now() - started) / 1000).toFixed(1)} s.`,
    );

    sink = await startSmtpSink(OUTBOX_HEADER);
    const env = {
      ...fresh.env,
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      OUTBOX_INTERVAL_MS: String(OUTBOX_INTERVAL_MS),
    };
    log(
      `  dos instancias de la API (SMTP_URL=smtp://127.0.0.1:${sink.port}, OUTBOX_INTERVAL_MS=${OUTBOX_INTERVAL_MS})...`,
    );
    instances.push(await startInstance(env), await startInstance(env));
    const [victim] = instances;

    /** Where the rows stand; `restantes`: not yet sent (nor failed or dropped) outside `orphans`. */
    const counts = async (orphans: string[]): Promise<Counts> => {
      const [row] = await one<Counts>(
        `select count(*) filter (where estado = 'enviado')::int as enviados,
                count(*) filter (where estado = 'pendiente')::int as pendientes,
                count(*) filter (where estado = 'enviando')::int as enviando,
                count(*) filter (where estado in ('fallido', 'descartado'))::int as otros,
                count(*) filter (where estado in ('pendiente', 'enviando') and id <> all($1::uuid[]))::int as restantes
         from mensajes`,
        [orphans],
      );
      return row;
    };

    log(
      `  ${MESSAGES.toLocaleString('es-ES')} recordatorios vencen ahora; kill -9 de una instancia al recibir ${KILL_AFTER.toLocaleString('es-ES')}...`,
    );
    await one(`update mensajes set enviar_en = now()`);
    const t0 = performance.now();
    const elapsed = () => (performance.now() - t0) / 1000;
    while (sink.unique() < KILL_AFTER && elapsed() < MAX_SECONDS) await sleep(20);
    const receivedBeforeKill = sink.unique();
    const killSecond = elapsed();
    await killInstance(victim);
    const [{ killedAt }] = await one<{ killedAt: string }>(`select now()::text as "killedAt"`);
    log(`  kill -9 a los ${killSecond.toFixed(1)} s, con ${receivedBeforeKill} recibidos`);

    // The dead instance's rows: still 'enviando' under a lease taken before the kill, once the other
    // instance has had time to finish the batch it held at the kill (a batch takes a second or two).
    const orphanDelay = Math.min(10, LEASE_SECONDS / 2);
    let orphans: string[] | null = null;
    let lastLog = 0;
    let allButOrphansSecond: number | null = null;
    let allSecond: number | null = null;
    let at60: Counts | null = null;
    let last = await counts([]);
    let progressAt = elapsed();
    while (elapsed() < MAX_SECONDS && elapsed() - progressAt < STALL_SECONDS) {
      await sleep(250);
      if (orphans === null && elapsed() >= killSecond + orphanDelay) {
        orphans = (
          await one<{ id: string }>(
            `select id from mensajes where estado = 'enviando' and reclamado_hasta <= $1::timestamptz + $2::int * interval '1 second'`,
            [killedAt, LEASE_SECONDS],
          )
        ).map((r) => r.id);
        log(`  ${orphans.length} filas reclamadas por la instancia muerta, esperando su lease`);
      }
      const now = await counts(orphans ?? []);
      if (now.enviados + now.otros > last.enviados + last.otros) progressAt = elapsed();
      last = now;
      if (orphans !== null && allButOrphansSecond === null && last.restantes === 0) allButOrphansSecond = elapsed();
      if (at60 === null && elapsed() >= BUDGET_SECONDS) at60 = last;
      if (last.enviados + last.otros === MESSAGES) {
        allSecond = elapsed();
        allButOrphansSecond ??= allSecond;
        break;
      }
      if (elapsed() - lastLog >= 10) {
        lastLog = elapsed();
        log(
          `  ${elapsed().toFixed(0)} s: ${last.enviados} enviados, ${last.pendientes} pendientes, ${last.enviando} reclamados, ${sink.total()} recibidos`,
        );
      }
    }
    at60 ??= last;
    const orphanIds = orphans ?? [];
    // A send that was under way when the loop saw the last row recorded reaches the server right after.
    await sleep(500);
    const [{ reintentados, intentosMax }] = await one<{ reintentados: number; intentosMax: number }>(
      `select count(*) filter (where intentos > 1)::int as reintentados, coalesce(max(intentos), 0)::int as "intentosMax" from mensajes`,
    );
    // The dead instance's rows: how many were claimed again and sent, and how long after the kill.
    // Those that had reached the line ending their email (`cierre_en`) count as sent then, not again.
    const [orphanFate] = await one<{
      enviados: number;
      alFinal: number;
      primero: number | null;
      ultimo: number | null;
    }>(
      `select count(*) filter (where estado = 'enviado')::int as enviados,
              count(*) filter (where estado = 'enviado' and cierre_en is not null)::int as "alFinal",
              extract(epoch from min(fecha_envio) filter (where cierre_en is null) - $2::timestamptz)::float8 as primero,
              extract(epoch from max(fecha_envio) filter (where cierre_en is null) - $2::timestamptz)::float8 as ultimo
       from mensajes where id = any($1::uuid[])`,
      [orphanIds, killedAt],
    );
    const sentIds = new Set(
      (await one<{ id: string }>(`select id from mensajes where estado = 'enviado'`)).map((r) => r.id),
    );
    const sentNotReceived = [...sentIds].filter((id) => !sink!.counts.has(id)).length;
    const receivedNotSent = [...sink.counts.keys()].filter((id) => !sentIds.has(id)).length;
    const lost = MESSAGES - last.enviados;
    const name = `${MESSAGES.toLocaleString('en-US')} recordatorios, kill -9 de una instancia a mitad`;
    const totalSeconds = allSecond ?? elapsed();
    const afterKill = (allButOrphansSecond ?? totalSeconds) - killSecond;
    measurements.push(
      {
        group,
        name,
        metric: 'todos enviados',
        value: totalSeconds,
        unit: 's',
        budget: { max: BUDGET_SECONDS },
        note: allSecond === null ? `no terminaron: ${lost} sin enviar al dejar de esperar` : undefined,
      },
      {
        group,
        name,
        metric: 'todos salvo los de la muerta',
        value: allButOrphansSecond ?? totalSeconds,
        unit: 's',
      },
      {
        group,
        name,
        metric: `sin enviar a los ${BUDGET_SECONDS} s`,
        value: MESSAGES - at60.enviados - at60.otros,
        unit: '',
      },
      { group, name, metric: 'recibidos distintos', value: sink.unique(), unit: '', budget: { min: MESSAGES } },
      { group, name, metric: 'duplicados', value: sink.duplicates(), unit: '', budget: { max: 0 } },
      { group, name, metric: 'perdidos (no enviados al final)', value: lost, unit: '', budget: { max: 0 } },
      { group, name, metric: 'reclamados por la muerta', value: orphanIds.length, unit: '' },
      {
        group,
        name,
        metric: 'de ellos, ya al final del correo',
        value: orphanFate.alFinal,
        unit: '',
        note: 'dados por enviados, sin repetir',
      },
      {
        group,
        name,
        metric: 'de ellos, enviados (o dados por enviados)',
        value: orphanFate.enviados,
        unit: '',
        budget: { min: orphanIds.length },
      },
      {
        group,
        name,
        metric: 'espera tras el kill (el último)',
        value: orphanFate.ultimo ?? 0,
        unit: 's',
        note:
          orphanFate.primero === null
            ? undefined
            : `lease de ${LEASE_SECONDS} s; el primero a los ${orphanFate.primero.toFixed(0)} s`,
      },
      { group, name, metric: 'envíos/s con 2 instancias', value: receivedBeforeKill / killSecond, unit: '/s' },
      {
        group,
        name,
        metric: 'envíos/s con 1 instancia',
        value: afterKill > 0 ? (MESSAGES - receivedBeforeKill - orphanIds.length) / afterKill : 0,
        unit: '/s',
      },
    );
    notes.push(
      `Envío: ${MESSAGES.toLocaleString('en-US')} recordatorios vencen a la vez (t = 0 en el UPDATE de enviar_en); dos instancias con OUTBOX_INTERVAL_MS=${OUTBOX_INTERVAL_MS} envían por SMTP a un servidor local (bench/lib/smtp-sink.ts, una conexión por correo: el transporte de nodemailer no usa pool); kill -9 de una a los ${killSecond.toFixed(1)} s con ${receivedBeforeKill} recibidos; ${orphanIds.length} filas suyas quedaron 'enviando' con un lease de ${LEASE_SECONDS} s (${orphanFate.alFinal} ya al final del correo, dadas por enviadas; ${orphanFate.enviados - orphanFate.alFinal} enviadas después por la otra${orphanFate.ultimo === null ? '' : `, la última ${orphanFate.ultimo.toFixed(0)} s después del kill`}); la otra envió todas las demás ${allButOrphansSecond === null ? 'sin terminar' : `a los ${allButOrphansSecond.toFixed(1)} s`}${allSecond === null ? `; al dejar de esperar (${elapsed().toFixed(0)} s) faltaban ${lost}` : `, y las de la muerta a los ${allSecond.toFixed(1)} s`}.`,
      `Comprobación: ${sink.total()} correos recibidos, ${sink.unique()} distintos, ${sink.duplicates()} repetidos, ${sink.withoutHeader()} sin cabecera ${OUTBOX_HEADER}; ${sentNotReceived} filas 'enviado' cuyo correo no llegó, ${receivedNotSent} correos de filas no 'enviado'; ${reintentados} filas con más de un intento (máximo ${intentosMax}); ${last.otros} fallidas o descartadas. Carga de la máquina ${os.loadavg()[0].toFixed(1)} (${os.cpus().length} núcleos).`,
    );
    return { title, measurements, notes };
  } finally {
    if (instances[0]) await killInstance(instances[0]);
    await Promise.all(instances.slice(1).map(stopInstance));
    await sink?.close();
    await fresh.close();
  }
}

export const messagesSection: Section = { name: 'mensajes', run: runMessagesBench };
