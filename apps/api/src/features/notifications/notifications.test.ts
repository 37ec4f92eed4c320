import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import {
  isId,
  NOTIFICATION_EVENT,
  NOTIFICATION_MESSAGES,
  NOTIFICATIONS_PAGE_SIZE,
  type AppNotification,
  type NotificationPage,
} from '@odontia/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clinicas, notificaciones, usuarios } from '../../db/schema/index.ts';
import { addTeamMember, createClinicOwner, createTestApp, startSecondInstance, type TestApp } from '../../test/app.ts';
import { notificationHub } from './notifications.hub.ts';
import { notify } from '../../platform/notifications.ts';
import { STREAM_START, STREAM_TIMING } from './notifications.stream.ts';

let t: TestApp;
/** The app behind a real Node HTTP server: streams then take the path production takes. */
let server: ServerType;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  (server as unknown as { closeAllConnections: () => void }).closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

type Fetcher = (pathname: string, headers: Record<string, string>) => Promise<Response>;
/** Over HTTP to the Node server (the stream writes to the Node response). */
const overHttp: Fetcher = (pathname, headers) => fetch(`${baseUrl}${pathname}`, { headers });
/** In process through `app.request` (no Node response: Hono's streamSSE). */
const inProcess =
  (request: TestApp['request']): Fetcher =>
  (pathname, headers) => {
    const { cookie, ...rest } = headers;
    return request(pathname, { cookie, headers: rest });
  };

const PING_MS = STREAM_TIMING.pingMs;
afterEach(() => {
  STREAM_TIMING.pingMs = PING_MS;
  vi.useRealTimers();
});

type ErrorJson = { error: { code: string; message: string } };
type Owner = Awaited<ReturnType<typeof createClinicOwner>>;

const list = async (cookie: string, query = '') => {
  const res = await t.request(`/api/notificaciones${query}`, { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as NotificationPage;
};

/** Notifications made directly through the service, for one member. */
const notifyUser = (owner: { userId: string; clinicaId: string }, titulo: string) =>
  notify(t.db, {
    clinicaId: owner.clinicaId,
    userIds: [owner.userId],
    titulo,
    mensaje: `Mensaje de ${titulo}`,
    prioridad: 'baja',
  });

const rowOf = async (id: string) => (await t.db.select().from(notificaciones).where(eq(notificaciones.id, id)))[0];

type SseEvent = { event?: string; id?: string; data: string };

/** An open stream read in the background: its events and comments as they arrive, and whether it ended. */
async function openStream(cookie: string, options: { lastEventId?: string; via?: Fetcher } = {}) {
  const res = await (options.via ?? overHttp)('/api/notificaciones/stream', {
    cookie,
    ...(options.lastEventId ? { 'last-event-id': options.lastEventId } : {}),
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  // `lastId` is what a browser would send as Last-Event-ID: the last `id:` field seen, event or not.
  const state = { events: [] as SseEvent[], comments: [] as string[], ended: false, lastId: null as string | null };
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event: SseEvent = { data: '' };
          let isEvent = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) state.comments.push(line.slice(1).trim());
            else if (line.startsWith('id: ')) event.id = state.lastId = line.slice(4);
            else if (line.startsWith('event: ')) {
              event.event = line.slice(7);
              isEvent = true;
            } else if (line.startsWith('data: ')) {
              event.data += line.slice(6);
              isEvent = true;
            }
          }
          if (isEvent) state.events.push(event);
        }
      }
    } catch {
      // Cancelled by the test.
    }
    state.ended = true;
  })();
  await expect.poll(() => state.comments.includes('conectado'), { timeout: 5000 }).toBe(true);
  return {
    state,
    notifications: () => state.events.map((e) => JSON.parse(e.data) as AppNotification),
    waitForEvents: (n: number) => expect.poll(() => state.events.length, { timeout: 5000 }).toBeGreaterThanOrEqual(n),
    close: () => reader.cancel().catch(() => undefined),
  };
}

/** Time for an event that should not come to have come (delivery takes milliseconds). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('/api/notificaciones: each member reads and marks only their own', () => {
  let owner: Owner;
  let other: Owner;
  let colleague: Awaited<ReturnType<typeof addTeamMember>>;
  beforeAll(async () => {
    owner = await createClinicOwner(t, { nombre: 'Clínica Aviso' });
    other = await createClinicOwner(t, { nombre: 'Clínica Otra' });
    colleague = await addTeamMember(t, owner.clinica.id, 'Recepción', 'recepcion');
  });
  const me = () => ({ userId: owner.userId, clinicaId: owner.clinica.id });

  it("answers another user's or another clinic's notification as not found and leaves it unchanged", async () => {
    const [mine] = await notifyUser(me(), 'Solo mía');
    const id = mine.notificacion.id;
    for (const cookie of [colleague.cookie, other.cookie]) {
      const res = await t.request(`/api/notificaciones/${id}/leida`, { method: 'POST', cookie });
      expect(res.status).toBe(404);
      expect(((await res.json()) as ErrorJson).error.message).toBe(NOTIFICATION_MESSAGES.notFound);
      expect((await list(cookie)).notificaciones.map((n) => n.id)).not.toContain(id);
    }
    expect((await rowOf(id)).leida).toBe(false);
    // A malformed id is one more notification that does not exist.
    expect(
      (await t.request('/api/notificaciones/no-es-un-id/leida', { method: 'POST', cookie: owner.cookie })).status,
    ).toBe(404);
    // Its own member marks it; marking again keeps it read.
    for (let i = 0; i < 2; i++) {
      const res = await t.request(`/api/notificaciones/${id}/leida`, { method: 'POST', cookie: owner.cookie });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { notificacion: AppNotification }).notificacion).toMatchObject({ id, leida: true });
    }
    expect((await rowOf(id)).leida).toBe(true);
  });

  it('ignores the notifications of a clinic the user no longer belongs to', async () => {
    // A row of this user in another clinic (left behind by a change of clinic): not theirs here.
    const [stale] = await t.db
      .insert(notificaciones)
      .values({
        userId: owner.userId,
        clinicaId: other.clinica.id,
        titulo: 'De otra clínica',
        mensaje: 'x',
        prioridad: 'baja',
      })
      .returning();
    expect((await list(owner.cookie)).notificaciones.map((n) => n.id)).not.toContain(stale.id);
    expect(
      (await t.request(`/api/notificaciones/${stale.id}/leida`, { method: 'POST', cookie: owner.cookie })).status,
    ).toBe(404);
    expect((await t.request('/api/notificaciones/leidas', { method: 'POST', cookie: owner.cookie })).status).toBe(200);
    expect((await rowOf(stale.id)).leida).toBe(false);
  });

  it("marks all read only for the caller: a colleague's and another clinic's stay unread", async () => {
    await notifyUser(me(), 'Mía 1');
    await notifyUser(me(), 'Mía 2');
    const [theirs] = await notifyUser({ userId: colleague.userId, clinicaId: owner.clinica.id }, 'Del compañero');
    const [foreign] = await notifyUser({ userId: other.userId, clinicaId: other.clinica.id }, 'De la otra clínica');

    const res = await t.request('/api/notificaciones/leidas', { method: 'POST', cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ marcadas: 2, noLeidas: 0 });
    expect((await list(owner.cookie)).notificaciones.every((n) => n.leida)).toBe(true);
    expect((await rowOf(theirs.notificacion.id)).leida).toBe(false);
    expect((await rowOf(foreign.notificacion.id)).leida).toBe(false);
    expect((await list(colleague.cookie)).noLeidas).toBe(1);
  });

  it('lists newest first, one page at a time, with the unread count', async () => {
    const reader = await addTeamMember(t, owner.clinica.id, 'Dentista', 'dentista');
    const who = { userId: reader.userId, clinicaId: owner.clinica.id };
    const total = NOTIFICATIONS_PAGE_SIZE + 5;
    for (let i = 1; i <= total; i++) await notifyUser(who, `N${i}`);

    const first = await list(reader.cookie);
    expect(first.notificaciones).toHaveLength(NOTIFICATIONS_PAGE_SIZE);
    expect(first.notificaciones[0]).toMatchObject({
      titulo: `N${total}`,
      mensaje: `Mensaje de N${total}`,
      tipo: 'info',
      prioridad: 'baja',
      enlace: null,
      leida: false,
    });
    expect(new Date(first.notificaciones[0].fechaCreacion).toISOString()).toBe(first.notificaciones[0].fechaCreacion);
    expect(first.hayMas).toBe(true);
    expect(first.noLeidas).toBe(total);

    const second = await list(reader.cookie, `?antes=${first.notificaciones.at(-1)!.id}`);
    expect(second.notificaciones.map((n) => n.titulo)).toEqual(['N5', 'N4', 'N3', 'N2', 'N1']);
    expect(second.hayMas).toBe(false);

    await t.request(`/api/notificaciones/${first.notificaciones[0].id}/leida`, {
      method: 'POST',
      cookie: reader.cookie,
    });
    const unread = await list(reader.cookie, '?soloNoLeidas=true');
    expect(unread.notificaciones[0].titulo).toBe(`N${total - 1}`);
    expect(unread.noLeidas).toBe(total - 1);

    const bad = await t.request('/api/notificaciones?antes=xyz', { cookie: reader.cookie });
    expect(bad.status).toBe(400);
    // Another member's id as the cursor continues nothing.
    const [foreign] = await notifyUser(me(), 'Cursor ajeno');
    expect((await list(reader.cookie, `?antes=${foreign.notificacion.id}`)).notificaciones).toEqual([]);
  });

  it('creates a test notification for the caller only, with notificaciones.crear', async () => {
    const res = await t.request('/api/notificaciones/prueba', { method: 'POST', cookie: owner.cookie });
    expect(res.status).toBe(201);
    const { notificacion } = (await res.json()) as { notificacion: AppNotification };
    expect(notificacion).toMatchObject({
      titulo: NOTIFICATION_MESSAGES.testTitle,
      mensaje: NOTIFICATION_MESSAGES.testMessage,
      prioridad: 'media',
      tipo: 'info',
      leida: false,
    });
    const row = await rowOf(notificacion.id);
    expect(row).toMatchObject({ userId: owner.userId, clinicaId: owner.clinica.id });

    // Recepción and Asistente may read their notifications but not create one.
    const asistente = await addTeamMember(t, owner.clinica.id, 'Asistente', 'asistente');
    for (const cookie of [colleague.cookie, asistente.cookie]) {
      const denied = await t.request('/api/notificaciones/prueba', { method: 'POST', cookie });
      expect(denied.status).toBe(403);
      expect(((await denied.json()) as ErrorJson).error.message).toBe('No tienes permiso para realizar esta acción');
    }
    expect((await list(asistente.cookie)).notificaciones).toEqual([]);
    expect((await t.request('/api/notificaciones')).status).toBe(401);
    expect((await t.request('/api/notificaciones/prueba', { method: 'POST' })).status).toBe(401);
    expect((await t.request('/api/notificaciones/stream')).status).toBe(401);
  });

  it('limits test notifications to 20 a minute per user, with Retry-After', async () => {
    const limited = await createTestApp({ RATE_LIMIT: 'true' });
    try {
      const someone = await createClinicOwner(limited, { nombre: 'Clínica Pruebas' });
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++)
        statuses.push(
          (await limited.request('/api/notificaciones/prueba', { method: 'POST', cookie: someone.cookie })).status,
        );
      expect(statuses.slice(0, 20)).toEqual(Array(20).fill(201));
      const refused = await limited.request('/api/notificaciones/prueba', { method: 'POST', cookie: someone.cookie });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await refused.json()) as ErrorJson).error.message).toMatch(/^Demasiados intentos/);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/notificaciones/stream', () => {
  let owner: Owner;
  beforeAll(async () => {
    owner = await createClinicOwner(t, { nombre: 'Clínica Directo' });
  });
  const me = () => ({ userId: owner.userId, clinicaId: owner.clinica.id });

  it.each([
    ['over HTTP', () => overHttp],
    ['in process (streamSSE)', () => inProcess(t.request)],
  ])("delivers a notification committed after connecting, and nobody else's (%s)", async (_, via) => {
    const colleague = await addTeamMember(t, owner.clinica.id, 'Dentista', 'dentista');
    const stream = await openStream(owner.cookie, { via: via() });
    try {
      await notifyUser({ userId: colleague.userId, clinicaId: owner.clinica.id }, 'Para el compañero');
      const res = await t.request('/api/notificaciones/prueba', { method: 'POST', cookie: owner.cookie });
      const { notificacion } = (await res.json()) as { notificacion: AppNotification };
      await stream.waitForEvents(1);
      await settle();
      expect(stream.state.events).toHaveLength(1);
      expect(stream.state.events[0].event).toBe(NOTIFICATION_EVENT);
      expect(stream.notifications()[0]).toEqual(notificacion);
      // The event id is the notification's own (opaque), not its place in the platform's sequence.
      expect(stream.state.events[0].id).toBe(notificacion.id);
      expect(notificationHub(t.deps).size).toBe(1);
    } finally {
      await stream.close();
    }
    // The server lets go of a stream whose client went away.
    await expect.poll(() => notificationHub(t.deps).size, { timeout: 5000 }).toBe(0);
  });

  it('delivers nothing from a rolled-back write', async () => {
    const stream = await openStream(owner.cookie);
    try {
      await t.db
        .transaction(async (tx) => {
          await notify(tx, {
            clinicaId: owner.clinica.id,
            userIds: [owner.userId],
            titulo: 'Deshecha',
            mensaje: 'x',
            prioridad: 'alta',
          });
          throw new Error('rollback');
        })
        .catch(() => undefined);
      await notifyUser(me(), 'Confirmada');
      await stream.waitForEvents(1);
      await settle();
      expect(stream.notifications().map((n) => n.titulo)).toEqual(['Confirmada']);
      expect(await t.db.select().from(notificaciones).where(eq(notificaciones.titulo, 'Deshecha'))).toEqual([]);
    } finally {
      await stream.close();
    }
  });

  it('replays what a reconnecting client missed after its Last-Event-ID, in order', async () => {
    const first = await openStream(owner.cookie);
    await notifyUser(me(), 'Vista');
    await first.waitForEvents(1);
    const lastId = first.state.events[0].id!;
    await first.close();

    await notifyUser(me(), 'Perdida 1');
    await notifyUser(me(), 'Perdida 2');
    const colleague = await addTeamMember(t, owner.clinica.id, 'Dentista', 'dentista');
    await notifyUser({ userId: colleague.userId, clinicaId: owner.clinica.id }, 'Ajena');

    const again = await openStream(owner.cookie, { lastEventId: lastId });
    try {
      await again.waitForEvents(2);
      await notifyUser(me(), 'Nueva');
      await again.waitForEvents(3);
      await settle();
      expect(again.notifications().map((n) => n.titulo)).toEqual(['Perdida 1', 'Perdida 2', 'Nueva']);
      expect(again.state.events.map((e) => e.id)).toEqual(again.notifications().map((n) => n.id));
    } finally {
      await again.close();
    }
    // A fresh stream (no Last-Event-ID) starts from now: the list is read separately.
    const fresh = await openStream(owner.cookie);
    await settle();
    expect(fresh.state.events).toEqual([]);
    await fresh.close();
  });

  it('gives a fresh stream an id at once, so a tab that has received nothing still reconnects without a gap', async () => {
    const member = await addTeamMember(t, owner.clinica.id, 'Recepción', 'recepcion');
    const who = { userId: member.userId, clinicaId: owner.clinica.id };
    const first = await openStream(member.cookie);
    await expect.poll(() => first.state.lastId, { timeout: 5000 }).not.toBeNull();
    expect(first.state.events).toEqual([]);
    const lastId = first.state.lastId!;
    await first.close();

    await notifyUser(who, 'Durante el corte');
    const again = await openStream(member.cookie, { lastEventId: lastId });
    try {
      await again.waitForEvents(1);
      expect(again.notifications().map((n) => n.titulo)).toEqual(['Durante el corte']);
    } finally {
      await again.close();
    }
  });

  it("gives ids that say nothing of the platform's volume, and resumes only from the member's own", async () => {
    const member = await addTeamMember(t, owner.clinica.id, 'Recepción', 'recepcion');
    const who = { userId: member.userId, clinicaId: owner.clinica.id };
    const elsewhere = await createClinicOwner(t, { nombre: 'Clínica Ajena' });
    // A member with no notification yet starts at STREAM_START, whatever the other clinics have.
    const first = await openStream(member.cookie);
    await expect.poll(() => first.state.lastId, { timeout: 5000 }).toBe(STREAM_START);
    try {
      await notifyUser(who, 'Primera');
      for (let i = 0; i < 5; i++)
        await notifyUser({ userId: elsewhere.userId, clinicaId: elsewhere.clinica.id }, 'Ajena');
      await notifyUser(who, 'Segunda');
      await first.waitForEvents(2);
      const ids = first.state.events.map((e) => e.id!);
      expect(ids).toEqual(first.notifications().map((n) => n.id));
      for (const id of ids) expect(isId(id)).toBe(true);
    } finally {
      await first.close();
    }
    const rows = await t.db.select().from(notificaciones).where(eq(notificaciones.userId, member.userId));
    // A fresh stream starts at the member's latest notification, named by its id.
    const fresh = await openStream(member.cookie);
    await expect.poll(() => fresh.state.lastId, { timeout: 5000 }).not.toBeNull();
    expect(rows.map((r) => r.id)).toContain(fresh.state.lastId);
    await fresh.close();

    // Another member's notification id is not a place in this member's stream: it starts fresh, replaying nothing.
    const [foreign] = await notifyUser({ userId: elsewhere.userId, clinicaId: elsewhere.clinica.id }, 'Ajena');
    const stranger = await openStream(member.cookie, { lastEventId: foreign.notificacion.id });
    await expect.poll(() => stranger.state.lastId, { timeout: 5000 }).not.toBeNull();
    await settle();
    expect(stranger.state.events).toEqual([]);
    await stranger.close();

    // STREAM_START replays everything the member has, in order.
    const all = await openStream(member.cookie, { lastEventId: STREAM_START });
    try {
      await all.waitForEvents(2);
      expect(all.notifications().map((n) => n.titulo)).toEqual(['Primera', 'Segunda']);
    } finally {
      await all.close();
    }
  });

  it('ends when the session is signed out', async () => {
    const member = await addTeamMember(t, owner.clinica.id, 'Dentista', 'dentista');
    const stream = await openStream(member.cookie);
    expect((await t.request('/api/auth/sign-out', { method: 'POST', json: {}, cookie: member.cookie })).status).toBe(
      200,
    );
    await notifyUser({ userId: member.userId, clinicaId: owner.clinica.id }, 'Tras cerrar sesión');
    await expect.poll(() => stream.state.ended, { timeout: 5000 }).toBe(true);
    expect(stream.state.events).toEqual([]);
  });

  it('ends at the next ping once the member is deactivated', async () => {
    STREAM_TIMING.pingMs = 100;
    const member = await addTeamMember(t, owner.clinica.id, 'Dentista', 'dentista');
    const stream = await openStream(member.cookie);
    await expect
      .poll(() => stream.state.comments.filter((c) => c === 'ping').length, { timeout: 5000 })
      .toBeGreaterThanOrEqual(1);
    expect(stream.state.ended).toBe(false);
    await t.db.update(usuarios).set({ activo: false }).where(eq(usuarios.id, member.userId));
    await expect.poll(() => stream.state.ended, { timeout: 5000 }).toBe(true);
  });
});

describe('a request from the public profile', () => {
  it('notifies the clinic members who may see requests, live, and nobody else', async () => {
    const owner = await createClinicOwner(t, { nombre: 'Clínica Pública' });
    const other = await createClinicOwner(t, { nombre: 'Clínica Vecina' });
    const recepcion = await addTeamMember(t, owner.clinica.id, 'Recepción', 'recepcion');
    const asistente = await addTeamMember(t, owner.clinica.id, 'Asistente', 'asistente');
    const inactive = await addTeamMember(t, owner.clinica.id, 'Recepción', 'recepcion');
    await t.db.update(usuarios).set({ activo: false }).where(eq(usuarios.id, inactive.userId));
    await t.db.update(clinicas).set({ publicada: true, ciudad: 'Soria' }).where(eq(clinicas.id, owner.clinica.id));

    const perfil = await t.request(`/api/directorio/clinicas/${owner.clinica.id}`);
    expect(perfil.status).toBe(200);
    const { formulario } = (await perfil.json()) as { formulario: { token: string } };

    const stream = await openStream(recepcion.cookie);
    try {
      // The form is filled at human speed: only the clock moves forward.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 60_000 });
      const res = await t.request(`/api/directorio/clinicas/${owner.clinica.id}/solicitudes`, {
        method: 'POST',
        json: {
          nombre: 'Lucía Gil',
          email: 'lucia@ejemplo.test',
          telefono: null,
          mensaje: 'Quisiera una limpieza',
          fechaPreferida: null,
          token: formulario.token,
        },
      });
      vi.useRealTimers();
      expect(res.status).toBe(201);

      const rows = await t.db.select().from(notificaciones).where(eq(notificaciones.clinicaId, owner.clinica.id));
      expect(rows.map((r) => r.userId).sort()).toEqual([owner.userId, recepcion.userId].sort());
      expect(rows[0]).toMatchObject({
        titulo: 'Nueva solicitud de cita',
        prioridad: 'alta',
        enlace: '/solicitudes',
        leida: false,
      });
      expect(rows[0].mensaje).toContain('Lucía Gil');
      for (const nobody of [asistente, inactive, other]) {
        expect(await t.db.select().from(notificaciones).where(eq(notificaciones.userId, nobody.userId))).toEqual([]);
      }

      await stream.waitForEvents(1);
      expect(stream.notifications()[0]).toMatchObject({ titulo: 'Nueva solicitud de cita', enlace: '/solicitudes' });
    } finally {
      await stream.close();
    }
  });
});

describe('GET /api/noticias', () => {
  it('lists the seeded community news, newest first, to clinic members', async () => {
    const owner = await createClinicOwner(t);
    const res = await t.request('/api/noticias', { cookie: owner.cookie });
    expect(res.status).toBe(200);
    const { noticias } = (await res.json()) as {
      noticias: { titulo: string; resumen: string; contenido: string; fecha: string }[];
    };
    expect(noticias.length).toBeGreaterThanOrEqual(4);
    expect(noticias.map((n) => n.fecha)).toEqual(
      noticias
        .map((n) => n.fecha)
        .sort()
        .reverse(),
    );
    for (const n of noticias) {
      expect(n.fecha).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(n.resumen.length).toBeGreaterThan(20);
      expect(n.contenido.length).toBeGreaterThan(n.resumen.length);
    }
    expect((await t.request('/api/noticias')).status).toBe(401);
  });

  it('seeds them once however many times the reference data is seeded', async () => {
    const { seedReferenceData } = await import('../../seed/seed.ts');
    const { noticias } = await import('../../db/schema/index.ts');
    const before = await t.db.select().from(noticias);
    await seedReferenceData(t.db);
    expect(await t.db.select().from(noticias)).toHaveLength(before.length);
  });
});

describe.runIf(process.env.TEST_DB_DRIVER === 'postgres')('two API instances on one PostgreSQL', () => {
  it('a notification created through instance A reaches a stream open on instance B', async () => {
    const instanceB = await startSecondInstance(t);
    const baseB = instanceB.baseUrl;
    const owner = await createClinicOwner(t, { nombre: 'Clínica Dos Instancias' });
    const stream = await openStream(owner.cookie, {
      via: (pathname, headers) => fetch(`${baseB}${pathname}`, { headers }),
    });
    try {
      const res = await t.request('/api/notificaciones/prueba', { method: 'POST', cookie: owner.cookie });
      expect(res.status).toBe(201);
      const { notificacion } = (await res.json()) as { notificacion: AppNotification };
      await stream.waitForEvents(1);
      expect(stream.notifications()).toEqual([notificacion]);
      const [row] = await t.db
        .select()
        .from(notificaciones)
        .where(and(eq(notificaciones.id, notificacion.id), eq(notificaciones.userId, owner.userId)));
      expect(row.leida).toBe(false);
    } finally {
      await stream.close();
      await instanceB.close();
    }
  });
});
