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

/**
 * Name of the Server-Sent Event carrying one `Notificacion` as JSON on `/api/notificaciones/stream`.
 * Its SSE `id` is the notification's stream position; after a reconnect the browser's
 * `Last-Event-ID` replays what was missed, and a notification may then arrive twice: keep one per `id`.
 */
export const NOTIFICATION_EVENT = 'notificacion';

/** `POST /api/notificaciones/:id/leida` (404 with `notFound` when it is not the caller's). */
export type MarcarLeidaResponse = { notificacion: Notificacion; noLeidas: number };
/** `POST /api/notificaciones/leidas`: only the caller's; `marcadas` is how many changed. */
export type MarcarTodasLeidasResponse = { marcadas: number; noLeidas: number };
/** `POST /api/notificaciones/prueba` (201; permission `notificaciones.crear`). */
export type NotificacionPruebaResponse = { notificacion: Notificacion };
/** `GET /api/noticias`: newest first. */
export type NoticiasResponse = { noticias: Noticia[] };
