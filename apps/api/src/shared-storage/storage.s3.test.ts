import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { startS3TestServer, type S3TestServer } from '../platform/storage/s3-test-server.ts';
import { asInstance, expectFilesShared, startAnotherInstance } from './shared-storage.testing.ts';

/**
 * Two API instances configured with one S3 bucket (S3_*), each with its own DATA_DIR and S3 client,
 * over the same database: files live in the bucket, so either serves what the other stored.
 */
let s3: S3TestServer;
let t: TestApp;
let other: Awaited<ReturnType<typeof startAnotherInstance>>;

beforeAll(async () => {
  s3 = await startS3TestServer();
  t = await createTestApp(s3.env);
  other = await startAnotherInstance(t, t.database, s3.env);
});
afterAll(async () => {
  await other?.close();
  await t?.deps.storage.close?.();
  await t?.close();
  await s3?.close();
});

it('stores files in the bucket when S3_* is set, whatever the database', () => {
  expect([t.deps.storage.driver, other.deps.storage.driver]).toEqual(['s3', 's3']);
});

it('serves through one instance what was uploaded through the other, and forgets what either deleted', async () => {
  await expectFilesShared(t, asInstance(t), other);
  expect(s3.problems).toEqual([]);
  expect(s3.requests.some((r) => r.line.startsWith('PUT /odontia/patient_photos/'))).toBe(true);
});
