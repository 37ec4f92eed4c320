import {
  ESTADOS_CITA_PREVISTA,
  fillMessage,
  HORAS_SILENCIO,
  isCancelledAppointment,
  messageValues,
  PLANTILLAS_MENSAJE,
  templatesOf,
  type AppointmentStatus,
  type MessageTemplateId,
  type MessageTemplates,
  type StoredMessageTemplate,
  formatMoney,
  PAYMENT_MESSAGES,
} from '@odontia/shared';
import { createEvent, type EventAttributes } from 'ics';
import { and, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { columnNames, selectList, type RowOf } from '../../db/column-map.ts';
import { ph, preparedStatement } from '../../db/prepared.ts';
import { citas, clinicas, dentistas, mensajes, pacientes } from '../../db/schema/index.ts';
import type { Deps } from '../context.ts';
import { balanceOf } from '../balance.ts';
import { sweepExpiredHolds } from '../holds.ts';
import { renderEmail, type MailAttachment } from '../mail.ts';
import { appointmentPageUrl, createAppointmentLink } from './enqueue.ts';

/**
 * The outbox's worker (issue 24, docs/decisions/0022), run by every API process: each round it writes
 * the reminders that have come due, then claims due messages with FOR UPDATE SKIP LOCKED (so that two
 * instances never hold the same row), sends them and records how it went. A claim is a lease that its
 * instance renews while it works the batch: a row whose instance died mid-send is claimed again when the
 * lease ends, so none is lost, unless it had reached the line ending its email (`cierre_en`): the server
 * had it all, so it counts as sent and is not sent twice.
 */

/**
 * How long a claim lasts unless its instance renews it (every quarter of it, while the row is queued or
 * being sent): a dead instance's rows go out again this soon after it died. A send may take longer (the
 * SMTP timeouts of platform/mail.ts), since a live instance keeps renewing.
 */
export const LEASE_SECONDS = 10;
/** Sends of one round in flight at once: an SMTP exchange is mostly waiting. */
const SENDS_AT_ONCE = 8;
/** The header naming the outbox row a sent email came from. */
export const OUTBOX_HEADER = 'X-Odontia-Mensaje';
/** Tries before a message is `fallido`, and the wait before each next try. */
export const MAX_ATTEMPTS = 5;
const RETRY_MINUTES = [1, 5, 15, 60] as const;
const BATCH = 20;

/**
 * The email reminders that have come due: appointments still to come within their clinic's
 * `recordatorio_horas`, of a patient with an email who consented, without a reminder for that start
 * yet (the unique index settles two instances' sweeps), and not booked or moved inside that window
 * (their confirmation or change notice said it already). None is written while the clinic's clock is
 * in its quiet hours: the sweep after 08:00 writes it.
 */
const dueStates = inArray(citas.estado, [...ESTADOS_CITA_PREVISTA]);
const localHour = sql`extract(hour from now() at time zone ${clinicas.zonaHoraria})`;
const reminderWindow = sql`${clinicas.recordatorioHoras} * interval '1 hour'`;
const sweepStatement = preparedStatement<{ escritos: number }>(
  'odontia_mensajes_recordatorios',
  sql`with escritos as (
    insert into ${mensajes} (${columnNames(
      mensajes.clinicaId,
      mensajes.citaId,
      mensajes.pacienteId,
      mensajes.canal,
      mensajes.plantilla,
      mensajes.destinatario,
      mensajes.citaInicio,
      mensajes.citaFin,
      mensajes.dentista,
    )})
    select ${citas.clinicaId}, ${citas.id}, ${citas.pacienteId}, 'email', 'recordatorio', ${pacientes.email},
      ${citas.inicio}, ${citas.fin}, ${dentistas.nombres} || ' ' || ${dentistas.apellidos}
    from ${clinicas}
    join ${citas} on ${citas.clinicaId} = ${clinicas.id}
      and ${citas.inicio} > now() and ${citas.inicio} <= now() + ${reminderWindow}
    join ${pacientes} on ${pacientes.id} = ${citas.pacienteId}
    join ${dentistas} on ${dentistas.id} = ${citas.dentistaId}
    where ${and(
      dueStates,
      isNotNull(pacientes.email),
      isNotNull(pacientes.consentimientoRecordatorios),
      sql`${localHour} >= ${HORAS_SILENCIO.hasta} and ${localHour} < ${HORAS_SILENCIO.desde}`,
      sql`not exists (select 1 from ${mensajes} as ya where ya.${sql.identifier(mensajes.citaId.name)} = ${citas.id}
        and ya.${sql.identifier(mensajes.citaInicio.name)} = ${citas.inicio}
        and ya.${sql.identifier(mensajes.canal.name)} = 'email'
        and ya.${sql.identifier(mensajes.fechaCreacion.name)} > ${citas.inicio} - ${reminderWindow})`,
    )}
    on conflict do nothing
    returning 1
  ) select count(*)::int as escritos from escritos`,
);

/** Writes the reminders that have come due (sweepStatement); answers how many. */
export async function sweepReminders(db: Executor): Promise<number> {
  const [swept] = await sweepStatement(db, {});
  return swept?.escritos ?? 0;
}

/** What a claimed message needs to be written: the row, its clinic, its patient and the appointment now. */
const claimedColumns = {
  id: mensajes.id,
  clinicaId: mensajes.clinicaId,
  citaId: mensajes.citaId,
  plantilla: sql<StoredMessageTemplate>`${mensajes.plantilla}`,
  destinatario: mensajes.destinatario,
  citaInicio: mensajes.citaInicio,
  citaFin: mensajes.citaFin,
  dentista: mensajes.dentista,
  importe: mensajes.importe,
  intentos: mensajes.intentos,
  moneda: clinicas.moneda,
  /** A balance reminder's patient's balance now (read for those rows only). */
  saldoAhora: sql<number | null>`case when ${mensajes.plantilla} = 'saldo' then ${balanceOf(mensajes.pacienteId)} end`,
  clinica: clinicas.nombre,
  direccion: clinicas.direccion,
  ciudad: clinicas.ciudad,
  telefono: clinicas.telefono,
  zona: clinicas.zonaHoraria,
  plantillas: sql<Partial<MessageTemplates>>`${clinicas.plantillasMensajes}`,
  /** The greeting's name: the given name, as a person would write it. */
  paciente: pacientes.nombres,
  consiente: sql<boolean>`${pacientes.consentimientoRecordatorios} is not null`,
  citaAhora: citas.inicio,
  estadoAhora: sql<AppointmentStatus | null>`${citas.estado}`,
};
type Claimed = RowOf<typeof claimedColumns>;
/** An appointment's message: the table's check keeps its appointment's snapshot there. */
type AppointmentClaimed = Claimed & { plantilla: MessageTemplateId; citaInicio: Date; citaFin: Date; dentista: string };
const isAppointmentMessage = (row: Claimed): row is AppointmentClaimed =>
  (PLANTILLAS_MENSAJE as readonly string[]).includes(row.plantilla);

const claimStatement = preparedStatement<Claimed, { limite: number; lease: number }>(
  'odontia_mensajes_reclamar',
  sql`with reclamados as (
    update ${mensajes} set ${columnNames(mensajes.estado)} = 'enviando',
      ${columnNames(mensajes.intentos)} = ${mensajes.intentos} + 1,
      ${columnNames(mensajes.reclamadoHasta)} = now() + ${ph('lease')}::int * interval '1 second'
    where ${mensajes.id} in (
      select ${mensajes.id} from ${mensajes}
      where (${mensajes.estado} = 'pendiente' and ${mensajes.enviarEn} <= now())
        or (${mensajes.estado} = 'enviando' and ${mensajes.reclamadoHasta} < now() and ${mensajes.cierreEn} is null)
      -- A dead instance's rows first: they have waited a lease already.
      order by ${mensajes.estado} = 'enviando' desc, ${mensajes.enviarEn}
      limit ${ph('limite')}::int
      for update skip locked
    )
    returning *
  )
  select ${selectList(claimedColumns)} from reclamados as ${mensajes}
  join ${clinicas} on ${clinicas.id} = ${mensajes.clinicaId}
  join ${pacientes} on ${pacientes.id} = ${mensajes.pacienteId}
  left join ${citas} on ${citas.id} = ${mensajes.citaId}`,
);

/**
 * The claims of dead instances that had reached the line ending their email (`cierre_en`): the server
 * had all of it, so they count as sent then, and are not sent twice.
 */
const settleEndedStatement = preparedStatement<{ id: string }, Record<string, never>>(
  'odontia_mensajes_dar_por_enviados',
  sql`update ${mensajes} set ${columnNames(mensajes.estado)} = 'enviado', ${columnNames(mensajes.fechaEnvio)} = ${mensajes.cierreEn},
      ${columnNames(mensajes.reclamadoHasta)} = null
    where ${mensajes.estado} = 'enviando' and ${mensajes.reclamadoHasta} < now() and ${mensajes.cierreEn} is not null
    returning ${mensajes.id}`,
);

/**
 * Recorded just before the line that ends the email goes out, if the claim is still this instance's
 * (no other has claimed the row since: `intentos` grows with each claim).
 */
const endingStatement = preparedStatement<{ id: string }, { id: string; intentos: number }>(
  'odontia_mensajes_cierre',
  sql`update ${mensajes} set ${columnNames(mensajes.cierreEn)} = now()
    where ${mensajes.id} = ${ph('id')}::uuid and ${mensajes.estado} = 'enviando' and ${mensajes.intentos} = ${ph('intentos')}::int
    returning ${mensajes.id}`,
);

const renewStatement = preparedStatement<never, { ids: string[]; lease: number }>(
  'odontia_mensajes_renovar',
  sql`update ${mensajes} set ${columnNames(mensajes.reclamadoHasta)} = now() + ${ph('lease')}::int * interval '1 second'
    where ${mensajes.id} = any(${ph('ids')}::uuid[]) and ${mensajes.estado} = 'enviando'`,
);

type Outcome =
  | { estado: 'enviado' }
  | { estado: 'descartado' | 'fallido'; motivo: string }
  | { estado: 'reintentar'; motivo: string };

const finishStatement = preparedStatement<
  never,
  { id: string; intentos: number; estado: string; motivo: string | null; minutos: number }
>(
  'odontia_mensajes_terminar',
  sql`update ${mensajes} set
    ${columnNames(mensajes.estado)} = case when ${ph('estado')}::text = 'reintentar' then 'pendiente' else ${ph('estado')}::text end,
    ${columnNames(mensajes.reclamadoHasta)} = null,
    ${columnNames(mensajes.cierreEn)} = null,
    ${columnNames(mensajes.ultimoError)} = coalesce(${ph('motivo')}::text, ${mensajes.ultimoError}),
    ${columnNames(mensajes.fechaEnvio)} = case when ${ph('estado')}::text = 'enviado' then now() else ${mensajes.fechaEnvio} end,
    ${columnNames(mensajes.enviarEn)} = case when ${ph('estado')}::text = 'reintentar'
      then now() + ${ph('minutos')}::int * interval '1 minute' else ${mensajes.enviarEn} end
    where ${mensajes.id} = ${ph('id')}::uuid and ${mensajes.estado} = 'enviando' and ${mensajes.intentos} = ${ph('intentos')}::int`,
);

/** Why a claimed message no longer applies, or null when it is to be sent. */
function staleReason(row: AppointmentClaimed, now: Date): string | null {
  if (row.plantilla === 'recordatorio' && !row.consiente) return 'El paciente retiró su consentimiento antes del envío';
  if (row.plantilla === 'cancelacion') return null;
  if (!row.citaId || !row.estadoAhora || isCancelledAppointment(row.estadoAhora))
    return 'La cita se canceló antes del envío';
  if (new Date(row.citaAhora!).getTime() !== new Date(row.citaInicio).getTime())
    return 'La cita cambió de hora antes del envío';
  if (new Date(row.citaInicio) <= now) return 'La cita ya había empezado';
  // The approval (or refusal) sends its own message, which says more than this one would.
  if (row.plantilla === 'reserva_recibida' && row.estadoAhora !== 'pendiente')
    return 'La clínica ya había respondido a la reserva';
  return null;
}

/** The appointment as a calendar event; a cancellation cancels the event its confirmation added. */
function calendarFile(row: AppointmentClaimed, enlace: string | null): MailAttachment | null {
  if (!row.citaId) return null;
  const cancel = row.plantilla === 'cancelacion';
  const event: EventAttributes = {
    uid: `cita-${row.citaId}@odontia`,
    // Each message supersedes the one before for the same event.
    sequence: Math.floor(Date.now() / 1000) - 1_700_000_000,
    method: cancel ? 'CANCEL' : 'PUBLISH',
    status: cancel ? 'CANCELLED' : 'CONFIRMED',
    start: new Date(row.citaInicio).getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: new Date(row.citaFin).getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: `Cita en ${row.clinica}`,
    description: `Con ${row.dentista}.${enlace ? ` Confirma o cancela: ${enlace}` : ''}`,
    location: [row.direccion, row.ciudad].filter(Boolean).join(', ') || undefined,
    ...(enlace ? { url: enlace } : {}),
    productId: 'odontia/citas',
  };
  const { error, value } = createEvent(event);
  if (error || !value) throw error ?? new Error('ics: evento vacío');
  return {
    filename: cancel ? 'cita-cancelada.ics' : 'cita.ics',
    content: Buffer.from(value, 'utf8'),
    contentType: `text/calendar; charset=utf-8; method=${cancel ? 'CANCEL' : 'PUBLISH'}`,
  };
}

/** The SMTP answer or system error behind a failed send, as staff read it, and whether trying again can help. */
export function sendFailure(error: unknown): { motivo: string; definitivo: boolean } {
  const cause = (error instanceof Error && error.cause) || error;
  const smtp = cause as { responseCode?: number; response?: string; code?: string; message?: string };
  if (typeof smtp.responseCode === 'number') {
    const definitivo = smtp.responseCode >= 500 && smtp.responseCode < 600;
    const response = (smtp.response ?? '').slice(0, 300);
    return {
      motivo: `El servidor de correo respondió ${smtp.responseCode}${response ? `: ${response}` : ''}`,
      definitivo,
    };
  }
  if (
    smtp.code === 'ECONNREFUSED' ||
    smtp.code === 'ETIMEDOUT' ||
    smtp.code === 'ESOCKET' ||
    smtp.code === 'ECONNECTION'
  )
    return { motivo: 'No se pudo conectar con el servidor de correo', definitivo: false };
  return { motivo: 'No se pudo enviar el correo', definitivo: false };
}

type Email = { asunto: string; text: string; html: string; attachments: MailAttachment[] };

/** A balance reminder (issue 25): what is owed now; dropped when the patient has paid meanwhile. */
function balanceEmail(row: Claimed): Email | { descartado: string } {
  if (!row.saldoAhora || row.saldoAhora <= 0) return { descartado: 'El paciente ya no tenía saldo pendiente' };
  const asunto = PAYMENT_MESSAGES.debtReminderSubject(row.clinica);
  const { text, html } = renderEmail({
    title: asunto,
    paragraphs: PAYMENT_MESSAGES.debtReminderBody(
      row.paciente,
      row.clinica,
      formatMoney(row.saldoAhora, row.moneda),
      row.telefono,
    ),
  });
  return { asunto, text, html, attachments: [] };
}

async function deliver(deps: Pick<Deps, 'db' | 'mailer' | 'config'>, row: Claimed): Promise<Outcome> {
  const email = isAppointmentMessage(row) ? await appointmentEmail(deps, row) : balanceEmail(row);
  if ('descartado' in email) return { estado: 'descartado', motivo: email.descartado };
  try {
    await deps.mailer.send(
      {
        to: row.destinatario,
        subject: email.asunto,
        text: email.text,
        html: email.html,
        attachments: email.attachments,
        headers: { [OUTBOX_HEADER]: row.id },
      },
      {
        beforeLastLine: async () => {
          const [ours] = await endingStatement(deps.db, { id: row.id, intentos: row.intentos });
          if (!ours) throw new Error('Otra instancia reclamó el mensaje mientras se enviaba');
        },
      },
    );
  } catch (error) {
    const { motivo, definitivo } = sendFailure(error);
    return definitivo || row.intentos >= MAX_ATTEMPTS
      ? { estado: 'fallido', motivo }
      : { estado: 'reintentar', motivo };
  }
  return { estado: 'enviado' };
}

async function appointmentEmail(
  deps: Pick<Deps, 'db' | 'config'>,
  row: AppointmentClaimed,
): Promise<Email | { descartado: string }> {
  const stale = staleReason(row, new Date());
  if (stale) return { descartado: stale };
  // No page for a cancellation (nothing left to answer) nor for a booking still to approve: there the
  // patient could confirm what the clinic has not. Neither is that booking an event yet (no .ics): the
  // approval's confirmation brings both.
  const awaitingApproval = row.plantilla === 'reserva_recibida';
  const enlace =
    row.plantilla === 'cancelacion' || awaitingApproval || !row.citaId
      ? null
      : appointmentPageUrl(deps.config.appUrl, await createAppointmentLink(deps.db, row.clinicaId, row.citaId));
  const template = templatesOf(row.plantillas)[row.plantilla];
  const values = messageValues(
    {
      paciente: row.paciente,
      clinica: row.clinica,
      direccion: row.direccion,
      ciudad: row.ciudad,
      telefono: row.telefono,
      dentista: row.dentista,
      inicio: new Date(row.citaInicio),
      zona: row.zona,
    },
    enlace ?? '',
  );
  const asunto = fillMessage(template.asunto, values);
  const { text, html } = renderEmail({
    title: asunto,
    paragraphs: fillMessage(template.cuerpo, values)
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter(Boolean),
    action: enlace ? { label: 'Ver mi cita', url: enlace } : undefined,
  });
  const ics = awaitingApproval ? null : calendarFile(row, enlace);
  return { asunto, text, html, attachments: ics ? [ics] : [] };
}

export type OutboxRound = {
  recordatorios: number;
  enviados: number;
  fallidos: number;
  descartados: number;
  reintentos: number;
};

/** How often a worker sweeps for due reminders: a reading of every clinic's next hours, so not every round. */
export const SWEEP_EVERY_MS = 60_000;

/** Sends one claimed message and records how it went. */
async function settle(deps: Pick<Deps, 'db' | 'mailer' | 'config' | 'logger'>, row: Claimed, round: OutboxRound) {
  let outcome: Outcome;
  try {
    outcome = await deliver(deps, row);
  } catch (error) {
    deps.logger.error({ err: error, mensaje: row.id }, 'No se pudo preparar un mensaje al paciente');
    const motivo = 'No se pudo preparar el mensaje';
    outcome = row.intentos >= MAX_ATTEMPTS ? { estado: 'fallido', motivo } : { estado: 'reintentar', motivo };
  }
  await finishStatement(deps.db, {
    id: row.id,
    intentos: row.intentos,
    estado: outcome.estado,
    motivo: outcome.estado === 'enviado' ? null : outcome.motivo,
    minutos: RETRY_MINUTES[Math.min(row.intentos, RETRY_MINUTES.length) - 1] ?? 60,
  });
  if (outcome.estado === 'enviado') round.enviados++;
  else if (outcome.estado === 'fallido') round.fallidos++;
  else if (outcome.estado === 'descartado') round.descartados++;
  else round.reintentos++;
}

/**
 * One round: the ended holds deleted, the due reminders written (unless `sweep` is false), then every
 * due message claimed and sent, BATCH at a time, SENDS_AT_ONCE
 * of them in flight together.
 */
export async function runOutboxRound(
  deps: Pick<Deps, 'db' | 'mailer' | 'config' | 'logger'>,
  { sweep = true, leaseSeconds = LEASE_SECONDS }: { sweep?: boolean; leaseSeconds?: number } = {},
): Promise<OutboxRound> {
  const round: OutboxRound = { recordatorios: 0, enviados: 0, fallidos: 0, descartados: 0, reintentos: 0 };
  // The same background round ends the online-booking holds that have run out (platform/holds.ts).
  await sweepExpiredHolds(deps.db);
  if (sweep) round.recordatorios = await sweepReminders(deps.db);
  const ended = await settleEndedStatement(deps.db, {});
  if (ended.length)
    deps.logger.warn({ mensajes: ended.map((row) => row.id) }, 'Mensajes de una instancia caída dados por enviados');
  for (;;) {
    const queue = await claimStatement(deps.db, { limite: BATCH, lease: leaseSeconds });
    const claimed = queue.length;
    const unsettled = new Set(queue.map((row) => row.id));
    const renewal = setInterval(
      () => {
        renewStatement(deps.db, { ids: [...unsettled], lease: leaseSeconds }).catch((error: unknown) =>
          deps.logger.error({ err: error }, 'No se pudo renovar la reserva de mensajes en envío'),
        );
      },
      (leaseSeconds * 1000) / 4,
    );
    const sender = async () => {
      for (let row = queue.shift(); row; row = queue.shift()) {
        await settle(deps, row, round);
        unsettled.delete(row.id);
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(SENDS_AT_ONCE, claimed) }, sender));
    } finally {
      clearInterval(renewal);
    }
    if (claimed < BATCH) return round;
  }
}

export type Outbox = { stop(): Promise<void> };

/**
 * Runs a round every `intervalMs` (never two at once) until stopped; a round that fails is logged and
 * the next one tries again. Stopping waits for the round in progress.
 */
export function startOutbox(deps: Pick<Deps, 'db' | 'mailer' | 'config' | 'logger'>, intervalMs: number): Outbox {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> = Promise.resolve();
  let sweptAt = 0;
  const tick = () => {
    const sweep = Date.now() - sweptAt >= SWEEP_EVERY_MS;
    if (sweep) sweptAt = Date.now();
    running = runOutboxRound(deps, { sweep })
      .then((round) => {
        if (round.enviados + round.fallidos + round.descartados + round.reintentos + round.recordatorios > 0)
          deps.logger.info(round, 'mensajes a pacientes');
      })
      .catch((error: unknown) => deps.logger.error({ err: error }, 'Falló una ronda de la bandeja de mensajes'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  timer = setTimeout(tick, intervalMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
