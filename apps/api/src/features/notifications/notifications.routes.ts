import { listNotificacionesQuerySchema, NOTIFICATION_MESSAGES } from '@odontia/shared';
import { Hono } from 'hono';
import { validator } from 'hono/validator';
import type { AppEnv, Member } from '../../platform/context.ts';
import { notFound, unauthorized } from '../../platform/errors.ts';
import { requirePermission } from '../../platform/session.ts';
import { validate } from '../../platform/validation.ts';
import { countUnread, listNotificaciones, markAllRead, markRead, notify, type Owner } from './notifications.service.ts';
import { respondWithSse } from './notifications.sse.ts';
import { parseLastEventId, runNotificationStream } from './notifications.stream.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notificationNotFound = () => notFound(NOTIFICATION_MESSAGES.notFound);

/** A malformed id is just a notification that does not exist (404, never a database error). */
const notificationIdParam = validator('param', (value: Record<string, string>) => {
  if (!UUID.test(value.id ?? '')) throw notificationNotFound();
  return { id: value.id.toLowerCase() };
});

const ownerOf = (member: Member): Owner => ({ userId: member.userId, clinicaId: member.clinicaId });

/**
 * The caller's own notifications (spec 000 §7). Whose they are comes from the session: another
 * member's or another clinic's notification is answered like one that does not exist, and `leida`
 * only ever goes from false to true.
 */
export const notificationsRoutes = new Hono<AppEnv>()
  .get('/', requirePermission('notificaciones.ver'), validate('query', listNotificacionesQuerySchema), async (c) => {
    return c.json(await listNotificaciones(c.var.deps.db, ownerOf(c.var.member), c.req.valid('query')), 200);
  })
  .post('/leidas', requirePermission('notificaciones.ver'), async (c) => {
    const owner = ownerOf(c.var.member);
    const marcadas = await markAllRead(c.var.deps.db, owner);
    return c.json({ marcadas, noLeidas: await countUnread(c.var.deps.db, owner) }, 200);
  })
  .post('/prueba', requirePermission('notificaciones.crear'), async (c) => {
    const { userId, clinicaId } = c.var.member;
    const [created] = await notify(c.var.deps.db, {
      clinicaId,
      userIds: [userId],
      titulo: NOTIFICATION_MESSAGES.testTitle,
      mensaje: NOTIFICATION_MESSAGES.testMessage,
      prioridad: 'media',
    });
    return c.json({ notificacion: created.notificacion }, 201);
  })
  .post('/:id/leida', requirePermission('notificaciones.ver'), notificationIdParam, async (c) => {
    const owner = ownerOf(c.var.member);
    const notificacion = await markRead(c.var.deps.db, owner, c.req.valid('param').id);
    if (!notificacion) throw notificationNotFound();
    return c.json({ notificacion, noLeidas: await countUnread(c.var.deps.db, owner) }, 200);
  })
  /** Server-Sent Events: the caller's new notifications as they are committed, on any instance. */
  .get('/stream', requirePermission('notificaciones.ver'), async (c) => {
    const { db, realtime, logger, auth } = c.var.deps;
    const current = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!current) throw unauthorized();
    const context = {
      db,
      realtime,
      logger,
      owner: ownerOf(c.var.member),
      sessionId: current.session.id,
      lastSeq: parseLastEventId(c.req.header('last-event-id')),
    };
    return respondWithSse(c, (sink) => runNotificationStream(sink, context));
  });
