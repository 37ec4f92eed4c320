import {
  APPOINTMENT_MESSAGES,
  clinicCountry,
  ESTADOS_CITA_PREVISTA,
  fillMessage,
  messageValues,
  REMINDER_MESSAGES,
  templatesOf,
  todayInZone,
  whatsappUrl,
  type AppointmentStatus,
  type CountryCode,
  type ReminderSend,
  type TomorrowReminders,
  type WhatsappReminder,
} from '@odontia/shared';
import { and, asc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { localMidnight, localText } from '../../db/local-day.ts';
import { isoTimestampSql } from '../../db/prepared.ts';
import { citas, clinicas, dentistas, mensajes, pacientes, usuarios } from '../../db/schema/index.ts';
import type { Member } from '../../platform/context.ts';
import { notFound, unprocessable } from '../../platform/errors.ts';
import { appointmentPageUrl, createAppointmentLink, sentByMember } from '../../platform/messages/enqueue.ts';
import { whatsappPhone } from '../../platform/phone.ts';

export const reminderAppointmentNotFound = () => notFound(APPOINTMENT_MESSAGES.notFound);

const DAY_MS = 86_400_000;
/** The calendar day after `fecha` (YYYY-MM-DD): read as UTC midnight, so no zone moves it. */
const nextDay = (fecha: string) => new Date(Date.parse(fecha) + DAY_MS).toISOString().slice(0, 10);

const STILL_TO_COME: readonly AppointmentStatus[] = ESTADOS_CITA_PREVISTA;
const isStillToCome = (estado: AppointmentStatus) => STILL_TO_COME.includes(estado);

/** The country whose numbering plan reads the clinic's patients' phones. */
async function clinicPhoneCountry(db: Executor, member: Member): Promise<CountryCode> {
  const [row] = await db.select({ pais: clinicas.pais }).from(clinicas).where(eq(clinicas.id, member.clinicaId));
  return clinicCountry({ pais: row?.pais, zonaHoraria: member.zonaHoraria }).codigo as CountryCode;
}

/**
 * The WhatsApp reminders recorded for these appointments at their present start: one sent before the
 * appointment moved told the patient another time, so it does not count as this one's reminder (the
 * appointment's message history still shows it).
 */
async function sendsOf(db: Executor, member: Member, citaIds: string[]): Promise<Map<string, ReminderSend[]>> {
  const byCita = new Map<string, ReminderSend[]>();
  if (citaIds.length === 0) return byCita;
  const zona = member.zonaHoraria;
  const rows = await db
    .select({
      citaId: sql<string>`${mensajes.citaId}`,
      id: mensajes.id,
      fechaEnvio: sql<string>`${isoTimestampSql(mensajes.fechaEnvio)}`,
      fecha: localText(mensajes.fechaEnvio, zona, 'YYYY-MM-DD'),
      hora: localText(mensajes.fechaEnvio, zona, 'HH24:MI'),
      enviadoPor: usuarios.nombres,
    })
    .from(mensajes)
    .innerJoin(citas, and(eq(citas.id, mensajes.citaId), eq(citas.inicio, mensajes.citaInicio)))
    .leftJoin(usuarios, eq(usuarios.id, mensajes.enviadoPor))
    .where(
      and(
        eq(mensajes.clinicaId, member.clinicaId),
        inArray(mensajes.citaId, citaIds),
        eq(mensajes.canal, 'whatsapp'),
        eq(mensajes.estado, 'enviado'),
        isNotNull(mensajes.fechaEnvio),
      ),
    )
    .orderBy(asc(mensajes.fechaEnvio), asc(mensajes.id));
  for (const { citaId, ...send } of rows) {
    const list = byCita.get(citaId) ?? [];
    list.push(send);
    byCita.set(citaId, list);
  }
  return byCita;
}

/**
 * 'Recordatorios de mañana': the clinic's appointments of tomorrow (its own day, in its zone) that are
 * still to come, in time order, each with the patient's phone as WhatsApp takes it (or why not), the
 * patient's consent and the reminders already sent.
 */
export async function tomorrowReminders(db: Database, member: Member, now = new Date()): Promise<TomorrowReminders> {
  const zona = member.zonaHoraria;
  const fecha = nextDay(todayInZone(zona, now));
  const [country, rows] = await Promise.all([
    clinicPhoneCountry(db, member),
    db
      .select({
        citaId: citas.id,
        horaInicio: localText(citas.inicio, zona, 'HH24:MI'),
        horaFin: localText(citas.fin, zona, 'HH24:MI'),
        titulo: citas.titulo,
        estado: citas.estado,
        pacienteId: pacientes.id,
        pacienteNombres: pacientes.nombres,
        pacienteApellidos: pacientes.apellidos,
        telefono: pacientes.telefono,
        consentimiento: sql<boolean>`${pacientes.consentimientoRecordatorios} is not null`,
        dentista: sql<string>`${dentistas.nombres} || ' ' || ${dentistas.apellidos}`,
      })
      .from(citas)
      .innerJoin(pacientes, eq(pacientes.id, citas.pacienteId))
      .innerJoin(dentistas, eq(dentistas.id, citas.dentistaId))
      .where(
        and(
          eq(citas.clinicaId, member.clinicaId),
          gte(citas.inicio, localMidnight(fecha, zona)),
          lt(citas.inicio, localMidnight(fecha, zona, 1)),
          inArray(citas.estado, [...STILL_TO_COME]),
        ),
      )
      .orderBy(asc(citas.inicio), asc(citas.id)),
  ]);
  const sends = await sendsOf(
    db,
    member,
    rows.map((r) => r.citaId),
  );
  return {
    fecha,
    citas: rows.map((r) => ({
      citaId: r.citaId,
      horaInicio: r.horaInicio,
      horaFin: r.horaFin,
      titulo: r.titulo,
      estado: r.estado as TomorrowReminders['citas'][number]['estado'],
      paciente: { id: r.pacienteId, nombres: r.pacienteNombres, apellidos: r.pacienteApellidos },
      dentista: r.dentista,
      telefono: whatsappPhone(r.telefono, country),
      consentimiento: r.consentimiento,
      envios: sends.get(r.citaId) ?? [],
    })),
  };
}

/**
 * Records a WhatsApp reminder of one of the clinic's appointments as sent by `member`, and answers the
 * `wa.me` link that opens it written, in one transaction: the appointment (held against a change
 * meanwhile) is from tomorrow on and still to come, its patient consented and has a valid phone; a
 * new link to the appointment's page goes into the clinic's WhatsApp text. Nothing is written when a
 * check fails.
 */
export async function sendWhatsappReminder(
  db: Database,
  member: Member,
  appUrl: string,
  citaId: string,
  now = new Date(),
): Promise<WhatsappReminder> {
  const zona = member.zonaHoraria;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        pacienteId: pacientes.id,
        inicio: citas.inicio,
        fin: citas.fin,
        fecha: localText(citas.inicio, zona, 'YYYY-MM-DD'),
        estado: sql<AppointmentStatus>`${citas.estado}`,
        pacienteNombres: pacientes.nombres,
        telefono: pacientes.telefono,
        consentimiento: pacientes.consentimientoRecordatorios,
        dentista: sql<string>`${dentistas.nombres} || ' ' || ${dentistas.apellidos}`,
        clinica: clinicas.nombre,
        direccion: clinicas.direccion,
        ciudad: clinicas.ciudad,
        clinicaTelefono: clinicas.telefono,
        pais: clinicas.pais,
        plantillas: clinicas.plantillasMensajes,
      })
      .from(citas)
      .innerJoin(pacientes, eq(pacientes.id, citas.pacienteId))
      .innerJoin(dentistas, eq(dentistas.id, citas.dentistaId))
      .innerJoin(clinicas, eq(clinicas.id, citas.clinicaId))
      .where(and(eq(citas.id, citaId), eq(citas.clinicaId, member.clinicaId)))
      .for('share', { of: citas });
    if (!row) throw reminderAppointmentNotFound();
    if (!isStillToCome(row.estado)) throw unprocessable(REMINDER_MESSAGES.notUpcoming);
    if (row.fecha <= todayInZone(zona, now)) throw unprocessable(REMINDER_MESSAGES.notFromTomorrow);
    if (!row.consentimiento) throw unprocessable(REMINDER_MESSAGES.noConsent);
    const phone = whatsappPhone(
      row.telefono,
      clinicCountry({ pais: row.pais, zonaHoraria: zona }).codigo as CountryCode,
    );
    if (!phone.e164) {
      throw unprocessable(phone.motivo === 'sin_telefono' ? REMINDER_MESSAGES.noPhone : REMINDER_MESSAGES.invalidPhone);
    }

    const token = await createAppointmentLink(tx, member.clinicaId, citaId);
    const text = fillMessage(
      templatesOf(row.plantillas).whatsapp.cuerpo,
      messageValues(
        {
          paciente: row.pacienteNombres,
          clinica: row.clinica,
          direccion: row.direccion,
          ciudad: row.ciudad,
          telefono: row.clinicaTelefono,
          dentista: row.dentista,
          inicio: row.inicio,
          zona,
        },
        appointmentPageUrl(appUrl, token),
      ),
    );
    await tx.insert(mensajes).values({
      clinicaId: member.clinicaId,
      citaId,
      pacienteId: row.pacienteId,
      canal: 'whatsapp',
      plantilla: 'whatsapp',
      destinatario: phone.e164,
      citaInicio: row.inicio,
      citaFin: row.fin,
      dentista: row.dentista,
      ...sentByMember(member.userId),
    });
    return { url: whatsappUrl(phone.e164, text) };
  });
}
