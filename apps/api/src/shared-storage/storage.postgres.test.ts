import { afterAll, beforeAll, expect, it } from 'vitest';
import { openPostgres } from '../db/client.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { asInstance, expectFilesShared, startAnotherInstance } from './shared-storage.testing.ts';

/**
 * Two API instances on one PostgreSQL database, each with its own pool and its own DATA_DIR, as on
 * two machines: files live in the database, so either serves what the other stored.
 */
let t: TestApp;
let other: Awaited<ReturnType<typeof startAnotherInstance>>;
let otherDatabase: ReturnType<typeof openPostgres>;

beforeAll(async () => {
  t = await createTestApp();
  otherDatabase = openPostgres(t.database.url!, 2);
  other = await startAnotherInstance(t, otherDatabase);
});
afterAll(async () => {
  await other?.close();
  await otherDatabase?.close();
  await t?.close();
});

it('stores files in PostgreSQL when the database is PostgreSQL', () => {
  expect([t.deps.storage.driver, other.deps.storage.driver]).toEqual(['postgres', 'postgres']);
});

it('serves through one instance what was uploaded through the other, and forgets what either deleted', async () => {
  await expectFilesShared(t, asInstance(t), other);
});
