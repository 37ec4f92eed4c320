import { fileURLToPath } from 'node:url';
import { createApp } from './app.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { acquireDataDirLock, LOCK_MESSAGES } from './db/lock.ts';
import { runMigrations } from './db/migrate.ts';
import { findDemoCredentials, type DemoCredentials } from './seed/demo.ts';
import { seed } from './seed/seed.ts';
import { createSeoTransform } from './features/directory/seo/seo-transform.ts';
import { createAuth } from './platform/auth.ts';
import type { Config } from './platform/config.ts';
import type { Deps } from './platform/context.ts';
import type { Logger } from './platform/logger.ts';
import { createMailer } from './platform/mail.ts';
import { loadPageRenderer } from './platform/page-renderer.ts';
import { startOutbox } from './platform/messages/outbox.ts';
import { createRealtime } from './platform/realtime/index.ts';
import { createStorage, hasFilesLeftOnDisk } from './platform/storage/select.ts';

export const webDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));
/** The public pages' server renderer, built beside dist/ (apps/web/vite.config.ts). */
export const webRendererFile = fileURLToPath(new URL('../../web/dist-ssr/entry-server.js', import.meta.url));

/** Builds every dependency of the app from the configuration (shared by the server and the bench). */
export function createDeps(config: Config, database: DatabaseHandle, logger: Logger): Deps {
  const mailer = createMailer(config, logger);
  return {
    config,
    db: database.db,
    database,
    auth: createAuth({ config, db: database.db, mailer, logger }),
    storage: createStorage(config, database),
    mailer,
    logger,
    realtime: createRealtime(database, logger),
  };
}

export type Boot = {
  deps: Deps;
  app: ReturnType<typeof createApp>;
  /** The demo owner's credentials when the demo clinic exists, for the start-up message. */
  demo: DemoCredentials | null;
  close: () => Promise<void>;
};

/** Opens (and locks) the database, migrates, seeds and composes the app. */
export async function boot(config: Config, logger: Logger, options: { serveWeb: boolean }): Promise<Boot> {
  const releaseLock = config.databaseUrl
    ? () => undefined
    : await acquireDataDirLock(config.dataDir, {
        onWait: (owner) => logger.warn(LOCK_MESSAGES.waiting(config.dataDir, owner)),
        // Another process now writes to this folder: going on would lose its rows or ours.
        onLost: (error) => {
          logger.fatal({ err: error }, LOCK_MESSAGES.lost(config.dataDir));
          process.exit(1);
        },
      });
  let database: DatabaseHandle | undefined;
  let realtime: Deps['realtime'] | undefined;
  let storage: Deps['storage'] | undefined;
  try {
    database = await openDatabase(config);
    await runMigrations(database);
    const deps = createDeps(config, database, logger);
    realtime = deps.realtime;
    storage = deps.storage;
    await deps.realtime.ready;
    await deps.storage.check?.();
    if (hasFilesLeftOnDisk(deps.storage, config.dataDir)) {
      logger.warn(
        `DATA_DIR/uploads tiene archivos que el almacenamiento ${deps.storage.driver} no sirve: cópialos con node --import tsx scripts/copy-uploads.ts`,
      );
    }
    const seedStart = performance.now();
    const seeded = await seed(database.db, { demo: config.seedDemo, storage: deps.storage });
    if (seeded.demo) logger.info({ ms: Math.round(performance.now() - seedStart) }, 'datos de demostración cargados');
    const demo = await findDemoCredentials(database.db);
    const renderPage = options.serveWeb ? await loadPageRenderer(webRendererFile, logger) : null;
    const app = createApp(
      deps,
      options.serveWeb
        ? {
            spa: {
              distDir: webDistDir,
              transformHtml: createSeoTransform(deps, { distDir: webDistDir, renderPage }),
            },
          }
        : {},
    );
    const db = database;
    // Messages to patients go out from every instance (platform/messages/outbox.ts).
    const outbox = config.outboxIntervalMs > 0 ? startOutbox(deps, config.outboxIntervalMs) : null;
    return {
      deps,
      app,
      demo,
      close: async () => {
        await outbox?.stop();
        await deps.realtime.close();
        await deps.storage.close?.();
        await db.close();
        releaseLock();
      },
    };
  } catch (error) {
    await realtime?.close().catch(() => undefined);
    await storage?.close?.().catch(() => undefined);
    await database?.close().catch(() => undefined);
    releaseLock();
    throw error;
  }
}
