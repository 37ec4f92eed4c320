import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { boot } from '../server.ts';
import { openTestDatabase } from '../test/template.ts';
import { loadConfig } from '../platform/config.ts';
import { uploadsDir } from '../platform/storage/select.ts';
import { startS3TestServer, type S3TestServer } from '../platform/storage/s3-test-server.ts';

// On PostgreSQL, whose test database is already migrated: a start-up costs little there.
let s3: S3TestServer;
let database: Awaited<ReturnType<typeof openTestDatabase>>;
let dataDir: string;

beforeAll(async () => {
  s3 = await startS3TestServer();
  database = await openTestDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'odontia-boot-'));
});
afterAll(async () => {
  await s3?.close();
  await database?.dispose();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

let logged: string[] = [];
const logger = pino({ level: 'warn' }, { write: (line: string) => void logged.push(JSON.parse(line).msg) });

const start = (env: Record<string, string>) =>
  boot(
    loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: database.url!, SEED_DEMO: 'false', ...env }),
    logger,
    { serveWeb: false },
  );

it('starts with the store the configuration selects, and says when files are left on its disk', async () => {
  await mkdir(path.join(uploadsDir(dataDir), 'logos'), { recursive: true });
  await writeFile(path.join(uploadsDir(dataDir), 'logos', 'a.png'), 'x');
  for (const [env, driver] of [
    [{}, 'postgres'],
    [s3.env, 's3'],
  ] as const) {
    logged = [];
    const instance = await start(env);
    expect(instance.deps.storage.driver).toBe(driver);
    expect(logged).toEqual([
      `DATA_DIR/uploads tiene archivos que el almacenamiento ${driver} no sirve: cópialos con node --import tsx scripts/copy-uploads.ts`,
    ]);
    await instance.close();
  }
});

it('refuses to start when the configured bucket cannot be used', async () => {
  await expect(start({ ...s3.env, S3_BUCKET: 'no-existe' })).rejects.toThrow(
    /^No se puede usar el bucket S3 «no-existe» en http:\/\/127\.0\.0\.1:\d+: NotFound \(HTTP 404\)\./,
  );
});
