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
export type NotificationPriority = (typeof PRIORIDADES_NOTIFICACION)[number];

/** One page of the bell's list; 'Ver más' asks for the next one. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

/** A notification as the API returns it (list, stream events). */
export type AppNotification = {
  id: string;
  titulo: string;
  mensaje: string;
  tipo: string;
  prioridad: NotificationPriority;
  enlace: string | null;
  leida: boolean;
  /** ISO 8601 instant. */
  fechaCreacion: string;
};

/** `GET /api/notificaciones`: newest first; `antes` is the `id` of the last item already shown. */
export const notificationListQuerySchema = z.object({
  antes: z.uuid().optional(),
  soloNoLeidas: z.enum(['true', 'false']).optional(),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

export type NotificationPage = { notificaciones: AppNotification[]; hayMas: boolean; noLeidas: number };

/** A community news item (`GET /api/noticias`). */
export type NewsItem = { id: string; titulo: string; resumen: string; contenido: string; fecha: string };

/**
 * Name of the Server-Sent Event carrying one notification as JSON on `/api/notificaciones/stream`.
 * Its SSE `id` is the notification's own id (opaque: it tells nothing of the platform's volume); after a
 * reconnect the browser's `Last-Event-ID` replays what was missed, and a notification may then arrive
 * twice: keep one per `id`.
 */
export const NOTIFICATION_EVENT = 'notificacion';
