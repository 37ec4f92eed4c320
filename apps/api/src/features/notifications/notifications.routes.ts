import { notificationListQuerySchema, NOTIFICATION_MESSAGES } from '@odontia/shared';
import { Hono } from 'hono';
import type { AppEnv, Member } from '../../platform/context.ts';
import { notFound, unauthorized } from '../../platform/errors.ts';
import { defineLimit, limit } from '../../platform/rate-limit.ts';
import { requirePermission } from '../../platform/session.ts';
import { idParam, validate } from '../../platform/validation.ts';
import { notify } from '../../platform/notifications.ts';
import { countUnread, listNotifications, markAllRead, markRead, type Owner } from './notifications.service.ts';
import { respondWithSse } from './notifications.sse.ts';
import { parseLastEventId, runNotificationStream } from './notifications.stream.ts';

const notificationNotFound = () => notFound(NOTIFICATION_MESSAGES.notFound);

const ownerOf = (member: Member): Owner => ({ userId: member.userId, clinicaId: member.clinicaId });

/**
 * The caller's own notifications (spec 000 §7). Whose they are comes from the session: another
 * member's or another clinic's notification is answered like one that does not exist, and `leida`
 * only ever goes from false to true.
 */
/** The test button is for trying the bell, not for flooding a clinic's screens: 20 a minute per user. */
const testNotificationLimit = defineLimit({ name: 'notificacion-prueba', points: 20, durationSeconds: 60 });

export const notificationsRoutes = new Hono<AppEnv>()
  .get('/', requirePermission('notificaciones.ver'), validate('query', notificationListQuerySchema), async (c) => {
    return c.json(await listNotifications(c.var.deps.db, ownerOf(c.var.member), c.req.valid('query')), 200);
  })
  .post('/leidas', requirePermission('notificaciones.ver'), async (c) => {
    const owner = ownerOf(c.var.member);
    const marcadas = await markAllRead(c.var.deps.db, owner);
    return c.json({ marcadas, noLeidas: await countUnread(c.var.deps.db, owner) }, 200);
  })
  .post(
    '/prueba',
    requirePermission('notificaciones.crear'),
    limit({ rule: testNotificationLimit, key: 'user' }),
    async (c) => {
      const { userId, clinicaId } = c.var.member;
      const [created] = await notify(c.var.deps.db, {
        clinicaId,
        userIds: [userId],
        titulo: NOTIFICATION_MESSAGES.testTitle,
        mensaje: NOTIFICATION_MESSAGES.testMessage,
        prioridad: 'media',
      });
      return c.json({ notificacion: created.notificacion }, 201);
    },
  )
  .post('/:id/leida', requirePermission('notificaciones.ver'), idParam(notificationNotFound), async (c) => {
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
      lastEventId: parseLastEventId(c.req.header('last-event-id')),
    };
    return respondWithSse(c, (sink) => runNotificationStream(sink, context));
  });
