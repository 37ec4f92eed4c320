/**
 * The built app with its demo data, served on a free local port for the public pages' browser
 * benches (bundle size, Lighthouse). Same composition as `npm start`: SEO transform with the server
 * renderer, SPA, API.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from '../../apps/api/src/app.ts';
import { openPglite } from '../../apps/api/src/db/client.ts';
import { runMigrations } from '../../apps/api/src/db/migrate.ts';
import { seed } from '../../apps/api/src/seed/seed.ts';
import { createSeoTransform } from '../../apps/api/src/features/directory/seo/seo-transform.ts';
import { loadConfig } from '../../apps/api/src/platform/config.ts';
import { createLogger } from '../../apps/api/src/platform/logger.ts';
import { loadPageRenderer } from '../../apps/api/src/platform/page-renderer.ts';
import { createDeps, webDistDir, webRendererFile } from '../../apps/api/src/server.ts';

/** The built web app to measure: WEB_DIST_DIR, or apps/web/dist (built by `npm run build`). */
export const benchDistDir = () => process.env.WEB_DIST_DIR || webDistDir;

export type PublicServer = { url: string; distDir: string; profilePath: string; close: () => Promise<void> };

export async function startPublicServer(): Promise<PublicServer> {
  const distDir = benchDistDir();
  if (!existsSync(path.join(distDir, 'index.html'))) {
    throw new Error(`No hay aplicación web compilada en ${distDir}: ejecuta "npm run build" primero.`);
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'odontia-bench-web-'));
  const handle = await openPglite(dataDir);
  await runMigrations(handle);
  // The URL is only known once listening; APP_URL only shapes canonical links and emails here.
  const config = loadConfig({
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    RATE_LIMIT: 'false',
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
  });
  const deps = createDeps(config, handle, createLogger('silent'));
  await seed(handle.db, { demo: true, storage: deps.storage });
  // The server renderer beside the measured build (dist-ssr/ next to dist/).
  const renderPage = await loadPageRenderer(
    process.env.WEB_DIST_DIR ? path.join(distDir, '..', 'dist-ssr', 'entry-server.js') : webRendererFile,
    createLogger('warn'),
  );
  const app = createApp(deps, {
    spa: { distDir, transformHtml: createSeoTransform(deps, { distDir, renderPage }) },
  });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  const { rows } = await handle.pglite!.query<{ id: string }>(
    `select id from clinicas where publicada and destacada order by nombre limit 1`,
  );
  return {
    url: `http://127.0.0.1:${port}`,
    distDir,
    profilePath: `/clinicas/${rows[0].id}`,
    close: async () => {
      (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      await new Promise((resolve) => server.close(resolve));
      await deps.realtime.close();
      await handle.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Chromium as the e2e tests run it (e2e/playwright.config.ts). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
