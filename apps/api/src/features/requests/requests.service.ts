import {
  DIRECTORY_MESSAGES,
  isPreferredDateInPast,
  APPOINTMENT_REQUESTS_PAGE_SIZE,
  todayInZone,
  type AppointmentRequestStatus,
  type AppointmentRequestBody,
} from '@odontia/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { clinicas, solicitudesCita, user } from '../../db/schema/index.ts';
import { checkFormToken, solicitudLimits } from '../../platform/anti-bot.ts';
import type { Deps } from '../../platform/context.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { Logger } from '../../platform/logger.ts';
import { consumeLimit } from '../../platform/rate-limit.ts';
import { renderEmail, type Mailer } from '../../platform/mail.ts';
import { notify } from '../../platform/notifications.ts';

type NewAppointmentRequest = {
  nombre: string;
  email: string;
  telefono: string | null;
  mensaje: string;
  fechaPreferida: string | null;
};

/** Where a clinic receives its requests: its public email, else its owner's. */
async function contactAddress(db: Executor, clinicaId: string) {
  const [row] = await db
    .select({ nombre: clinicas.nombre, emailPublico: clinicas.emailPublico, ownerEmail: user.email })
    .from(clinicas)
    .innerJoin(user, eq(user.id, clinicas.userId))
    .where(eq(clinicas.id, clinicaId));
  return row ? { nombre: row.nombre, to: row.emailPublico ?? row.ownerEmail } : null;
}

/**
 * Stores the request, then tells the clinic by email. The request is the record: if the mail cannot
 * be sent it stays in the clinic's 'Solicitudes' list, so the visitor is still told it was received.
 */
export async function createAppointmentRequest(
  deps: { db: Executor; mailer: Mailer; logger: Logger; appUrl: string },
  clinicaId: string,
  data: NewAppointmentRequest,
) {
  // The request and the staff's notifications are one write: both exist, or neither.
  const solicitud = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(solicitudesCita)
      .values({ clinicaId, ...data })
      .returning({ id: solicitudesCita.id, fechaCreacion: solicitudesCita.fechaCreacion });
    await notify(tx, {
      clinicaId,
      permiso: 'solicitudes.ver',
      titulo: 'Nueva solicitud de cita',
      mensaje: `${data.nombre} ha pedido una cita desde el perfil público.`,
      prioridad: 'alta',
      enlace: '/solicitudes',
    });
    return row;
  });

  const destino = await contactAddress(deps.db, clinicaId);
  if (destino) {
    const { text, html } = renderEmail({
      title: 'Nueva solicitud de cita',
      paragraphs: [
        `${data.nombre} ha solicitado una cita en ${destino.nombre} desde vuestro perfil público de Odontia.`,
        `Email: ${data.email}`,
        ...(data.telefono ? [`Teléfono: ${data.telefono}`] : []),
        ...(data.fechaPreferida ? [`Fecha preferida: ${formatIsoDate(data.fechaPreferida)}`] : []),
        `Mensaje: ${data.mensaje}`,
        'Responde directamente a su email o teléfono, y marca la solicitud como atendida en Odontia.',
      ],
      action: { label: 'Ver solicitudes', url: `${deps.appUrl}/solicitudes` },
    });
    try {
      await deps.mailer.send({ to: destino.to, subject: `Nueva solicitud de cita de ${data.nombre}`, text, html });
    } catch (error) {
      deps.logger.warn({ err: error, clinicaId }, 'No se pudo avisar por email de una solicitud de cita');
    }
  }
  return solicitud;
}

const formatIsoDate = (iso: string) => iso.split('-').reverse().join('/');

/** A clinic that takes requests (published), with its zone for "today"; null when unknown or hidden. */
async function findPublishedClinic(db: Executor, id: string) {
  const [row] = await db
    .select({ id: clinicas.id, zonaHoraria: clinicas.zonaHoraria })
    .from(clinicas)
    .where(and(sql`${clinicas.publicada}`, eq(clinicas.id, id)));
  return row ?? null;
}

/**
 * A visitor's request from a public profile, with its rules in order: the clinic must be public, the
 * form token genuine and not too fresh nor too old, the address and the sender under their limits; a
 * filled honeypot is told what a person would be told and nothing is stored; the preferred date may
 * not be before the clinic's today.
 */
export async function submitPublicRequest(
  deps: Deps,
  clinicaId: string,
  address: string,
  request: AppointmentRequestBody,
) {
  const { db, config, mailer, logger } = deps;
  const clinica = await findPublishedClinic(db, clinicaId);
  if (!clinica) throw notFound(DIRECTORY_MESSAGES.notFound);
  const { website, token, ...data } = request;

  const check = checkFormToken(config.authSecret, clinica.id, token);
  if (check === 'too_fast') throw badRequest(DIRECTORY_MESSAGES.formularioRapido);
  if (check !== 'ok') throw badRequest(DIRECTORY_MESSAGES.formularioCaducado);

  await consumeLimit(deps, solicitudLimits.porDireccion, address);
  await consumeLimit(deps, solicitudLimits.porRemitente, `${clinica.id}:${data.email.toLowerCase()}`);

  // The honeypot was filled: a bot.
  if (website) return;

  if (isPreferredDateInPast(data.fechaPreferida, todayInZone(clinica.zonaHoraria))) {
    throw badRequest(DIRECTORY_MESSAGES.fechaPasada, { fechaPreferida: DIRECTORY_MESSAGES.fechaPasada });
  }
  await createAppointmentRequest({ db, mailer, logger, appUrl: config.appUrl }, clinica.id, data);
}

/** A clinic's requests, newest first; only ever its own (the clinic comes from the session). */
export async function listAppointmentRequests(
  db: Executor,
  clinicaId: string,
  options: { estado?: AppointmentRequestStatus; pagina: number },
) {
  const where = and(
    eq(solicitudesCita.clinicaId, clinicaId),
    options.estado ? eq(solicitudesCita.estado, options.estado) : undefined,
  );
  const [rows, [counts]] = await Promise.all([
    db
      .select({
        id: solicitudesCita.id,
        nombre: solicitudesCita.nombre,
        email: solicitudesCita.email,
        telefono: solicitudesCita.telefono,
        mensaje: solicitudesCita.mensaje,
        fechaPreferida: solicitudesCita.fechaPreferida,
        estado: sql<AppointmentRequestStatus>`${solicitudesCita.estado}`,
        fechaCreacion: solicitudesCita.fechaCreacion,
      })
      .from(solicitudesCita)
      .where(where)
      .orderBy(desc(solicitudesCita.fechaCreacion), desc(solicitudesCita.id))
      .limit(APPOINTMENT_REQUESTS_PAGE_SIZE)
      .offset((options.pagina - 1) * APPOINTMENT_REQUESTS_PAGE_SIZE),
    db
      .select({
        total: sql<number>`count(*)::int`,
        nuevas: sql<number>`(select count(*)::int from ${solicitudesCita} where ${solicitudesCita.clinicaId} = ${clinicaId} and ${solicitudesCita.estado} = 'nueva')`,
      })
      .from(solicitudesCita)
      .where(where),
  ]);
  return {
    solicitudes: rows,
    total: counts.total,
    nuevas: counts.nuevas,
    pagina: options.pagina,
    porPagina: APPOINTMENT_REQUESTS_PAGE_SIZE,
  };
}

/** Marks one of the clinic's requests; null when it is not the clinic's (or does not exist). */
export async function setAppointmentRequestStatus(
  db: Executor,
  clinicaId: string,
  id: string,
  estado: AppointmentRequestStatus,
) {
  const [row] = await db
    .update(solicitudesCita)
    .set({ estado, fechaActualizacion: new Date() })
    .where(and(eq(solicitudesCita.id, id), eq(solicitudesCita.clinicaId, clinicaId)))
    .returning({ id: solicitudesCita.id, estado: solicitudesCita.estado });
  return row ?? null;
}
