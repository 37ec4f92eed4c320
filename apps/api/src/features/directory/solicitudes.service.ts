import { SOLICITUDES_PAGE_SIZE, type EstadoSolicitud } from '@odontia/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { clinicas, solicitudesCita, user } from '../../db/schema/index.ts';
import type { Logger } from '../../platform/logger.ts';
import { renderEmail, type Mailer } from '../../platform/mail.ts';
import { notify } from '../notifications/notifications.service.ts';

type NuevaSolicitud = {
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
export async function createSolicitud(
  deps: { db: Executor; mailer: Mailer; logger: Logger; appUrl: string },
  clinicaId: string,
  data: NuevaSolicitud,
) {
  const [solicitud] = await deps.db
    .insert(solicitudesCita)
    .values({ clinicaId, ...data })
    .returning({ id: solicitudesCita.id, fechaCreacion: solicitudesCita.fechaCreacion });
  await notify(deps.db, { clinicaId, permiso: 'solicitudes.ver', titulo: 'Nueva solicitud de cita', mensaje: `${data.nombre} ha pedido una cita desde el perfil público.`, prioridad: 'alta', enlace: '/solicitudes' });

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

/** A clinic's requests, newest first; only ever its own (the clinic comes from the session). */
export async function listSolicitudes(db: Executor, clinicaId: string, options: { estado?: EstadoSolicitud; pagina: number }) {
  const where = and(eq(solicitudesCita.clinicaId, clinicaId), options.estado ? eq(solicitudesCita.estado, options.estado) : undefined);
  const [rows, [counts]] = await Promise.all([
    db
      .select({
        id: solicitudesCita.id,
        nombre: solicitudesCita.nombre,
        email: solicitudesCita.email,
        telefono: solicitudesCita.telefono,
        mensaje: solicitudesCita.mensaje,
        fechaPreferida: solicitudesCita.fechaPreferida,
        estado: sql<EstadoSolicitud>`${solicitudesCita.estado}`,
        fechaCreacion: solicitudesCita.fechaCreacion,
      })
      .from(solicitudesCita)
      .where(where)
      .orderBy(desc(solicitudesCita.fechaCreacion), desc(solicitudesCita.id))
      .limit(SOLICITUDES_PAGE_SIZE)
      .offset((options.pagina - 1) * SOLICITUDES_PAGE_SIZE),
    db
      .select({
        total: sql<number>`count(*)::int`,
        nuevas: sql<number>`(select count(*)::int from ${solicitudesCita} where ${solicitudesCita.clinicaId} = ${clinicaId} and ${solicitudesCita.estado} = 'nueva')`,
      })
      .from(solicitudesCita)
      .where(where),
  ]);
  return { solicitudes: rows, total: counts.total, nuevas: counts.nuevas, pagina: options.pagina, porPagina: SOLICITUDES_PAGE_SIZE };
}

/** Marks one of the clinic's requests; null when it is not the clinic's (or does not exist). */
export async function setEstadoSolicitud(db: Executor, clinicaId: string, id: string, estado: EstadoSolicitud) {
  const [row] = await db
    .update(solicitudesCita)
    .set({ estado, fechaActualizacion: new Date() })
    .where(and(eq(solicitudesCita.id, id), eq(solicitudesCita.clinicaId, clinicaId)))
    .returning({ id: solicitudesCita.id, estado: solicitudesCita.estado });
  return row ?? null;
}

