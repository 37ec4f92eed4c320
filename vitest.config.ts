import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

// `*.postgres.test.ts` files need PostgreSQL itself (e.g. several API instances on one database):
// they run in the api-postgres project only, which exists when TEST_DATABASE_URL is set.
const apiProject = (name: string, driver: 'pglite' | 'postgres') => ({
  test: {
    name,
    root: fileURLToPath(new URL('./apps/api', import.meta.url)),
    include: ['src/**/*.test.ts'],
    exclude: driver === 'pglite' ? ['src/**/*.postgres.test.ts'] : [],
    environment: 'node',
    globalSetup: ['src/test/global-setup.ts'],
    setupFiles: ['src/test/setup.ts'],
    hookTimeout: 60_000,
    testTimeout: 30_000,
    env: { TEST_DB_DRIVER: driver, TZ: 'UTC' },
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          root: fileURLToPath(new URL('./packages/shared', import.meta.url)),
          include: ['src/**/*.test.ts'],
          environment: 'node',
          env: { TZ: 'UTC' },
        },
      },
      apiProject('api-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-postgres', 'postgres')] : []),
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: fileURLToPath(new URL('./apps/web', import.meta.url)),
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
          env: { TZ: 'UTC' },
          // A screen driven through user-event takes seconds when the API projects share the two cores.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
