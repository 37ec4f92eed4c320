import { z } from 'zod';

/**
 * Notifications (spec 000 §3 notificaciones, §7 Notifications) and community news (DESIGN §1).
 * The contract between the API (`/api/notificaciones`, `/api/noticias`) and the web app.
 */
export const NOTIFICATION_MESSAGES = {
  notFound: 'La notificación no existe o no tienes acceso',
  testTitle: 'Notificación de prueba',
  testMessage: 'Las notificaciones en tiempo real funcionan correctamente.',
  empty: 'No tienes notificaciones',
  emptyImportant: 'No hay notificaciones pendientes',
  emptyNews: 'No hay noticias disponibles',
} as const;

export const PRIORIDADES_NOTIFICACION = ['alta', 'media', 'baja'] as const;
export type PrioridadNotificacion = (typeof PRIORIDADES_NOTIFICACION)[number];

/** One page of the bell's list; 'Ver más' asks for the next one. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

/** A notification as the API returns it (list, stream events). */
export type Notificacion = {
  id: string;
  titulo: string;
  mensaje: string;
  tipo: string;
  prioridad: PrioridadNotificacion;
  enlace: string | null;
  leida: boolean;
  /** ISO 8601 instant. */
  fechaCreacion: string;
};

/** `GET /api/notificaciones`: newest first; `antes` is the `id` of the last item already shown. */
export const listNotificacionesQuerySchema = z.object({
  antes: z.uuid().optional(),
  soloNoLeidas: z.enum(['true', 'false']).optional(),
});
export type ListNotificacionesQuery = z.infer<typeof listNotificacionesQuerySchema>;

export type NotificacionesPage = { notificaciones: Notificacion[]; hayMas: boolean; noLeidas: number };

/** A community news item (`GET /api/noticias`). */
export type Noticia = { id: string; titulo: string; resumen: string; contenido: string; fecha: string };

/** Name of the Server-Sent Event carrying one `Notificacion` as JSON on `/api/notificaciones/stream`. */
export const NOTIFICATION_EVENT = 'notificacion';
