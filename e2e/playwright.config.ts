import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${port}`;
/** A fresh embedded database for every run (removed by the web server command before it starts). */
export const dataDir = path.join(os.tmpdir(), `odontia-e2e-${port}`);

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  // Whole stories (register, upload, edit, delete) take 10-30 s on 2 busy cores, and up to three
  // times that on a loaded CI machine; each step still has 7 s. The long journeys are marked
  // `test.slow()`, which triples this ceiling: one knob for every story, not a figure per test.
  timeout: 90_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI
    ? [['list'], ['junit', { outputFile: path.join(root, 'test-results/e2e-junit.xml') }]]
    : 'list',
  outputDir: path.join(root, 'test-results/e2e'),
  use: {
    baseURL,
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    // The app and its toasts honour it: axe then judges a page at rest, not a toast halfway through
    // fading in (its text read as low contrast, now and then).
    contextOptions: { reducedMotion: 'reduce' },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `rm -rf "${dataDir}" && node --import tsx apps/api/src/main.ts`,
    cwd: root,
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      APP_URL: baseURL,
      // E2E_DATABASE_URL runs the same suite against PostgreSQL.
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
      // Many sign-ins from one address in a few seconds: the limiter has API tests of its own.
      RATE_LIMIT: 'false',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
    },
  },
});
