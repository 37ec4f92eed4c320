/**
 * `npm run bench -- notificaciones` (DESIGN §5, issue 9): live notifications on PostgreSQL with two
 * API instances (two processes, one database).
 * - 2,000 open Server-Sent Event streams spread over both instances;
 * - one event for a clinic of 50 members reaches all 50, p99 <= 250 ms from the commit;
 * - memory of an idle stream on the server <= 20 KB;
 * - the bell's unread count p99 <= 5 ms with 1,000,000 notifications in the table.
 *
 * Its own database (dropped and created each run): `odontia_bench_notificaciones` on the server of
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL), or BENCH_NOTIFICATIONS_DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createApp } from '../../apps/api/src/app.ts';
import { openPostgres, type DatabaseHandle } from '../../apps/api/src/db/client.ts';
import { runMigrations } from '../../apps/api/src/db/migrate.ts';
import { seedReferenceData } from '../../apps/api/src/seed/seed.ts';
import { rolesClinica, user, usuarios, usuariosRol } from '../../apps/api/src/db/schema/index.ts';
import { createClinic } from '../../apps/api/src/features/clinic/clinic.service.ts';
import { notify } from '../../apps/api/src/platform/notifications.ts';
import { countUnread } from '../../apps/api/src/features/notifications/notifications.service.ts';
import { loadConfig } from '../../apps/api/src/platform/config.ts';
import type { Deps } from '../../apps/api/src/platform/context.ts';
import { createLogger } from '../../apps/api/src/platform/logger.ts';
import { createDeps } from '../../apps/api/src/server.ts';
import { benchDatabaseUrl, isPostgresReachable, recreateDatabase } from '../lib/database.ts';
import { percentile } from '../lib/http-load.ts';
import { startInstance, stopInstance, type Instance } from '../lib/instance.ts';
import type { Measurement, Section, SectionResult } from '../lib/report.ts';
import type { MemoryReport } from '../notifications/server.ts';

const CONNECTIONS = Number(process.env.BENCH_SSE_CONNECTIONS ?? 2000);
const CLINIC_MEMBERS = 50;
/** Users of a second clinic holding the other streams (several tabs each), idle during the fan-out. */
const IDLE_USERS = 50;
const ROUNDS = Number(process.env.BENCH_NOTIFICATION_ROUNDS ?? 20);
const NOTIFICATIONS = Number(process.env.BENCH_NOTIFICATIONS ?? 1_000_000);
/** Users the million notifications are spread over (the members above and bare accounts). */
const NOTIFIED_USERS = 1000;
const COUNT_RUNS = 2000;

const BUDGETS = { fanOutP99Ms: 250, bytesPerStream: 20 * 1024, countP99Ms: 5 };

function databaseUrl(): string {
  if (process.env.BENCH_NOTIFICATIONS_DATABASE_URL) return process.env.BENCH_NOTIFICATIONS_DATABASE_URL;
  const u = new URL(process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || benchDatabaseUrl());
  u.pathname = '/odontia_bench_notificaciones';
  return u.toString();
}

/** `percentile` of values in any order. */
const percentileOf = (values: number[], p: number) =>
  percentile(
    [...values].sort((a, b) => a - b),
    p,
  );

function memoryOf(instance: Instance): Promise<MemoryReport> {
  return new Promise((resolve) => {
    const onMessage = (message: { type: string }) => {
      if (message.type !== 'memory') return;
      instance.child.off('message', onMessage);
      resolve(message as MemoryReport);
    };
    instance.child.on('message', onMessage);
    instance.child.send({ type: 'memory' });
  });
}

type Stream = { close: () => void };

/** One EventSource-like client: resolves once the server said ': conectado'; reports each notification id. */
function openStream(
  agent: http.Agent,
  baseUrl: string,
  cookie: string,
  onNotification: (id: string, at: number) => void,
): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${baseUrl}/api/notificaciones/stream`,
      { agent, headers: { cookie, accept: 'text/event-stream' } },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`stream: ${res.statusCode}`));
          res.resume();
          return;
        }
        res.setEncoding('utf8');
        let buffer = '';
        let connected = false;
        res.on('data', (chunk: string) => {
          const at = performance.now();
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (!connected && block.includes(': conectado')) {
              connected = true;
              resolve({ close: () => req.destroy() });
            }
            const data = block.split('\n').find((line) => line.startsWith('data: '));
            if (block.includes('event: notificacion') && data)
              onNotification((JSON.parse(data.slice(6)) as { id: string }).id, at);
          }
        });
        res.on('error', () => undefined);
      },
    );
    req.on('error', (error) => reject(error));
  });
}

type Account = { userId: string; cookie: string };

async function signUp(app: ReturnType<typeof createApp>, origin: string, email: string): Promise<Account> {
  const res = await app.request(`${origin}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password: 'bench-secreto-123', acceptTerms: true }),
  });
  if (res.status !== 200) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => !c.endsWith('='))
    .join('; ');
  return { userId: ((await res.json()) as { user: { id: string } }).user.id, cookie };
}

/** A clinic whose owner and members (Dentista) are signed-up accounts with a session each. */
async function clinicWithMembers(
  deps: Deps,
  app: ReturnType<typeof createApp>,
  origin: string,
  nombre: string,
  size: number,
  tag: string,
) {
  const accounts: Account[] = [];
  for (let i = 0; i < size; i++) accounts.push(await signUp(app, origin, `${tag}.${i}@bench.test`));
  const [owner, ...members] = accounts;
  const clinica = await createClinic(
    deps.db,
    { id: owner.userId, email: `${tag}.0@bench.test`, nombres: 'Titular' },
    { nombre, telefono: '600123456', pais: 'España', ciudad: 'Madrid', direccion: 'Calle Mayor 1' },
  );
  const [role] = await deps.db
    .select()
    .from(rolesClinica)
    .where(sql`${rolesClinica.clinicaId} = ${clinica.id} and ${rolesClinica.nombre} = 'Dentista'`);
  if (members.length) {
    await deps.db.insert(usuarios).values(
      members.map((m, i) => ({
        id: m.userId,
        clinicaId: clinica.id,
        nombres: `Miembro ${i + 1}`,
        email: `${tag}.${i + 1}@bench.test`,
        rol: 'dentista',
      })),
    );
    await deps.db.insert(usuariosRol).values(members.map((m) => ({ usuarioId: m.userId, rolId: role.id })));
  }
  await deps.db
    .update(user)
    .set({ onboardingStep: 'completado' })
    .where(sql`${user.id} in ${accounts.map((a) => a.userId)}`);
  return { clinicaId: clinica.id, accounts };
}

/** A million notifications over NOTIFIED_USERS users (one in ten unread), in one statement. */
async function bulkNotifications(handle: DatabaseHandle, fallbackClinicaId: string): Promise<void> {
  const existing = Number((await handle.pool!.query(`select count(*) from "user"`)).rows[0].count);
  await handle.pool!.query(
    `insert into "user" (id, name, email) select 'bench-' || g, 'Usuario ' || g, 'usuario' || g || '@bench.test' from generate_series(1, $1::int) g`,
    [Math.max(0, NOTIFIED_USERS - existing)],
  );
  await handle.pool!.query(
    `with destinatarios as (
       select array_agg(u.id order by u.id) as ids, array_agg(coalesce(m.clinica_id, $2::uuid) order by u.id) as clinicas
       from "user" u left join usuarios m on m.id = u.id
     )
     insert into notificaciones (user_id, clinica_id, titulo, mensaje, prioridad, leida, fecha_creacion)
     select d.ids[1 + g % array_length(d.ids, 1)], d.clinicas[1 + g % array_length(d.ids, 1)],
            'Aviso ' || g, 'Mensaje de una notificación del bench', (array['alta', 'media', 'baja'])[1 + g % 3],
            (g / array_length(d.ids, 1)) % 10 <> 0, now() - make_interval(secs => $1::int - g)
     from destinatarios d, generate_series(1, $1::int) g`,
    [NOTIFICATIONS, fallbackClinicaId],
  );
  await handle.pool!.query('vacuum analyze notificaciones');
  // The insert's dirty pages are written now, not while the count is being timed.
  await handle.pool!.query('checkpoint');
}

async function runNotificationsBench(log: (line: string) => void): Promise<SectionResult> {
  const url = databaseUrl();
  const title = 'Notificaciones en tiempo real';
  if (!(await isPostgresReachable(url))) {
    return {
      title,
      measurements: [],
      notes: [`PostgreSQL no disponible en ${new URL(url).host}: sección omitida (BENCH_NOTIFICATIONS_DATABASE_URL).`],
    };
  }
  const group = 'PostgreSQL, 2 instancias';
  const measurements: Measurement[] = [];
  const notes: string[] = [];
  const authSecret = randomBytes(32).toString('hex');
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'odontia-bench-notif-'));
  const origin = 'http://127.0.0.1:9';

  log(`notificaciones: base de datos nueva ${new URL(url).pathname.slice(1)}`);
  await recreateDatabase(url);
  const handle = openPostgres(url, 4);
  let deps: Deps | undefined;
  const instances: Instance[] = [];
  const streams: Stream[] = [];
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  try {
    await runMigrations(handle);
    await seedReferenceData(handle.db);
    const config = loadConfig({
      DATABASE_URL: url,
      DATA_DIR: tmp,
      AUTH_SECRET: authSecret,
      APP_URL: origin,
      SEED_DEMO: 'false',
      RATE_LIMIT: 'false',
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
    });
    deps = createDeps(config, handle, createLogger('silent'));
    const app = createApp(deps);

    log(`  ${CLINIC_MEMBERS + IDLE_USERS} cuentas (registro real)...`);
    const target = await clinicWithMembers(deps, app, origin, 'Clínica Bench Avisos', CLINIC_MEMBERS, 'avisos');
    const idle = await clinicWithMembers(deps, app, origin, 'Clínica Bench Reposo', IDLE_USERS, 'reposo');

    log(`  ${NOTIFICATIONS.toLocaleString('en-US')} notificaciones (generate_series)...`);
    let started = performance.now();
    await bulkNotifications(handle, idle.clinicaId);
    notes.push(
      `${NOTIFICATIONS.toLocaleString('en-US')} notificaciones de ${NOTIFIED_USERS} usuarios (1 de cada 10 sin leer) insertadas en ${((performance.now() - started) / 1000).toFixed(1)} s.`,
    );

    // The bell's count, as the route runs it (service, pool), for a member with the average load.
    const owner = { userId: target.accounts[1].userId, clinicaId: target.clinicaId };
    const unread = await countUnread(deps.db, owner);
    for (let i = 0; i < 200; i++) await countUnread(deps.db, owner);
    const countTimes: number[] = [];
    for (let i = 0; i < COUNT_RUNS; i++) {
      const t0 = performance.now();
      await countUnread(deps.db, owner);
      countTimes.push(performance.now() - t0);
    }
    measurements.push(
      {
        group,
        name: `conteo de no leídas (${unread} de ${NOTIFICATIONS.toLocaleString('en-US')})`,
        metric: 'p50',
        value: percentileOf(countTimes, 50),
        unit: 'ms',
      },
      {
        group,
        name: `conteo de no leídas (${unread} de ${NOTIFICATIONS.toLocaleString('en-US')})`,
        metric: 'p99',
        value: percentileOf(countTimes, 99),
        unit: 'ms',
        budget: { max: BUDGETS.countP99Ms },
      },
    );
    const plan = await deps.db.execute(
      sql`explain select count(*) from notificaciones where user_id = ${owner.userId} and clinica_id = ${owner.clinicaId} and not leida`,
    );
    const planText = (plan as unknown as { rows: Record<string, string>[] }).rows
      .map((r) => Object.values(r)[0])
      .join(' | ');
    notes.push(`Conteo: ${/Index Only Scan using (\w+)/.exec(planText)?.[0] ?? planText.slice(0, 120)}.`);

    log('  dos instancias de la API...');
    const env = { DATABASE_URL: url, DATA_DIR: tmp, AUTH_SECRET: authSecret };
    instances.push(await startInstance(env, { exposeGc: true }), await startInstance(env, { exposeGc: true }));

    // The clinic's 50 members get one stream each; the idle accounts hold the rest (several tabs).
    const received = new Map<string, number[]>();
    const onNotification = (id: string, at: number) => {
      const list = received.get(id);
      if (list) list.push(at);
      else received.set(id, [at]);
    };
    const plans: { cookie: string; live: boolean }[] = target.accounts.map((a) => ({ cookie: a.cookie, live: true }));
    for (let i = 0; plans.length < CONNECTIONS; i++)
      plans.push({ cookie: idle.accounts[i % idle.accounts.length].cookie, live: false });
    log(`  abriendo ${CONNECTIONS} flujos SSE...`);
    started = performance.now();
    // Memory is compared between the first WARM streams and all of them: code compiled on first use,
    // pool connections and caches are paid once, not per stream.
    const WARM = 200;
    let before: MemoryReport[] = [];
    for (let i = 0; i < plans.length; i += 50) {
      if (i === WARM) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        before = await Promise.all(instances.map(memoryOf));
      }
      const batch = plans
        .slice(i, i + 50)
        .map((p, j) =>
          openStream(agent, instances[(i + j) % 2].baseUrl, p.cookie, p.live ? onNotification : () => undefined),
        );
      streams.push(...(await Promise.all(batch)));
    }
    notes.push(
      `${CONNECTIONS} flujos abiertos en ${((performance.now() - started) / 1000).toFixed(1)} s (${CONNECTIONS / 2} por instancia).`,
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const after = await Promise.all(instances.map(memoryOf));
    const perStream = (key: keyof Omit<MemoryReport, 'type'>) =>
      after.reduce((sum, m, i) => sum + (m[key] - before[i][key]), 0) / (CONNECTIONS - WARM);
    measurements.push(
      {
        group,
        name: 'memoria por flujo inactivo (RSS)',
        metric: 'bytes',
        value: perStream('rss'),
        unit: 'B',
        budget: { max: BUDGETS.bytesPerStream },
      },
      {
        group,
        name: 'memoria por flujo inactivo (heap + externa)',
        metric: 'bytes',
        value: perStream('heapUsed') + perStream('external'),
        unit: 'B',
      },
    );

    log(`  ${ROUNDS} avisos a los ${CLINIC_MEMBERS} miembros de una clínica...`);
    const latencies: number[] = [];
    let missing = 0;
    for (let round = 0; round < ROUNDS; round++) {
      let committedAt = 0;
      const created = await deps.db.transaction(async (tx) => {
        const rows = await notify(tx, {
          clinicaId: target.clinicaId,
          permiso: 'notificaciones.ver',
          titulo: `Aviso ${round + 1}`,
          mensaje: 'Fan-out del bench',
          prioridad: 'media',
        });
        committedAt = performance.now();
        return rows;
      });
      if (created.length !== CLINIC_MEMBERS)
        throw new Error(`se esperaban ${CLINIC_MEMBERS} destinatarios y hubo ${created.length}`);
      const ids = created.map((c) => c.notificacion.id);
      const deadline = performance.now() + 5000;
      while (ids.some((id) => !received.has(id)) && performance.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 5));
      for (const id of ids) {
        const at = received.get(id);
        if (!at) missing++;
        else latencies.push(at[0] - committedAt);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    measurements.push(
      {
        group,
        name: `aviso a ${CLINIC_MEMBERS} miembros, desde el commit`,
        metric: 'p50',
        value: percentileOf(latencies, 50),
        unit: 'ms',
      },
      {
        group,
        name: `aviso a ${CLINIC_MEMBERS} miembros, desde el commit`,
        metric: 'p99',
        value: percentileOf(latencies, 99),
        unit: 'ms',
        budget: { max: BUDGETS.fanOutP99Ms },
      },
      { group, name: 'entregas perdidas', metric: 'count', value: missing, unit: '', budget: { max: 0 } },
    );
    notes.push(
      `Fan-out: ${ROUNDS} rondas de ${CLINIC_MEMBERS} notificaciones creadas por un tercer proceso (notify en una transacción); latencia = llegada al cliente SSE - instante antes del COMMIT, con ${CONNECTIONS} flujos abiertos; los miembros reparten sus flujos entre las dos instancias.`,
      `Carga de la máquina durante la medida (load average 1/5/15 min): ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')} con ${os.availableParallelism()} núcleos: las colas p99 dependen de ella.`,
      `Memoria: diferencia tras GC en cada instancia entre ${WARM} y ${CONNECTIONS} flujos abiertos, dividida por ${CONNECTIONS - WARM}.`,
    );
  } finally {
    for (const s of streams) s.close();
    agent.destroy();
    await Promise.all(instances.map(stopInstance));
    await deps?.realtime.close();
    await handle.close();
    await rm(tmp, { recursive: true, force: true });
  }
  return { title, measurements, notes };
}

export const notificationsSection: Section = { name: 'notificaciones', run: runNotificationsBench };
