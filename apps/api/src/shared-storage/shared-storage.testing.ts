import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { expect } from 'vitest';
import { createApp } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { createDeps } from '../server.ts';
import { createClinicOwner, TEST_ORIGIN, type TestApp } from '../test/app.ts';
import { loadConfig } from '../platform/config.ts';
import type { Deps } from '../platform/context.ts';
import { uploadsDir } from '../platform/storage/select.ts';

/** One API instance as a browser reaches it: its own DATA_DIR, dependencies and store client. */
export type Instance = {
  deps: Deps;
  dataDir: string;
  request: (pathname: string, init?: RequestInit & { cookie?: string }) => Promise<Response>;
};

function instance(app: { request: TestApp['app']['request'] }, deps: Deps, dataDir: string): Instance {
  return {
    deps,
    dataDir,
    request: async (pathname, { cookie, headers, ...init } = {}) =>
      app.request(`${TEST_ORIGIN}${pathname}`, {
        ...init,
        headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}), ...headers },
      }),
  };
}

export const asInstance = (t: TestApp): Instance => instance(t.app, t.deps, t.dataDir);

/**
 * Another instance beside `t`, as on a second machine: its own DATA_DIR (nothing shared on disk)
 * and its own dependencies over `database` (the same data), with `t`'s secret and `env`.
 */
export async function startAnotherInstance(
  t: TestApp,
  database: DatabaseHandle,
  env: Record<string, string> = {},
): Promise<Instance & { close: () => Promise<void> }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'odontia-other-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    APP_URL: TEST_ORIGIN,
    SEED_DEMO: 'false',
    AUTH_SECRET: t.config.authSecret,
    ...env,
  });
  const deps = createDeps(config, database, t.deps.logger);
  await deps.realtime.ready;
  return {
    ...instance(createApp(deps), deps, dataDir),
    close: async () => {
      await deps.realtime.close();
      await deps.storage.close?.();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

const image = (background: string) =>
  sharp({ create: { width: 8, height: 8, channels: 3, background } })
    .png()
    .toBuffer();

function upload(field: string, bytes: Buffer): FormData {
  const form = new FormData();
  form.set(field, new File([new Uint8Array(bytes)], `${field}.png`, { type: 'image/png' }));
  return form;
}

const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());

/**
 * The same files through both instances: a patient photo (private) uploaded through `a` is served
 * by `b` to the clinic's member and to no one else, a logo uploaded through `b` is served by `a`,
 * and what is replaced or deleted through one is gone on the other. Neither writes to its disk.
 */
export async function expectFilesShared(t: TestApp, a: Instance, b: Instance) {
  const owner = await createClinicOwner(t);
  const created = await a.request('/api/pacientes', {
    method: 'POST',
    cookie: owner.cookie,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ nombres: 'Ana', apellidos: 'Compartida' }),
  });
  expect(created.status).toBe(201);
  const patientId = ((await created.json()) as { id: string }).id;

  const photoUpload = await a.request(`/api/pacientes/${patientId}/foto`, {
    method: 'PUT',
    cookie: owner.cookie,
    body: upload('foto', await image('#c83c3c')),
  });
  expect(photoUpload.status).toBe(200);
  const photoUrl = ((await photoUpload.json()) as { fotoUrl: string }).fotoUrl;
  const fromA = await a.request(photoUrl, { cookie: owner.cookie });
  const fromB = await b.request(photoUrl, { cookie: owner.cookie });
  expect([fromA.status, fromB.status]).toEqual([200, 200]);
  expect(fromB.headers.get('content-type')).toBe('image/png');
  expect(fromB.headers.get('cache-control')).toBe('private, no-store');
  expect(await bytesOf(fromB)).toEqual(await bytesOf(fromA));
  expect((await b.request(photoUrl)).status).toBe(404);

  const logoUpload = await b.request('/api/clinica/logo', {
    method: 'POST',
    cookie: owner.cookie,
    body: upload('logo', await image('#3c78c8')),
  });
  expect(logoUpload.status).toBe(200);
  const logoUrl = ((await logoUpload.json()) as { logoUrl: string }).logoUrl;
  const logo = await a.request(logoUrl);
  expect(logo.status).toBe(200);
  expect(logo.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect((await sharp(await bytesOf(logo)).metadata()).format).toBe('png');

  // Replacing the logo through `a` deletes the one `b` stored; deleting the photo through `a`, too.
  const replaced = await a.request('/api/clinica/logo', {
    method: 'POST',
    cookie: owner.cookie,
    body: upload('logo', await image('#3cc878')),
  });
  expect(replaced.status).toBe(200);
  expect((await b.request(logoUrl)).status).toBe(404);
  const newLogoUrl = ((await replaced.json()) as { logoUrl: string }).logoUrl;
  expect((await b.request(newLogoUrl)).status).toBe(200);

  const removed = await a.request(`/api/pacientes/${patientId}/foto`, { method: 'DELETE', cookie: owner.cookie });
  expect(removed.status).toBe(200);
  const gone = await b.request(photoUrl, { cookie: owner.cookie });
  expect(gone.status).toBe(404);
  expect(await gone.json()).toEqual({ error: { code: 'not_found', message: 'Archivo no encontrado' } });

  for (const instance of [a, b]) expect(existsSync(uploadsDir(instance.dataDir))).toBe(false);
}
