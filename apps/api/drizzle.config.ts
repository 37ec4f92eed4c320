import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema and committed; they run at start-up (src/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/api/src/db/schema/index.ts',
  out: './apps/api/drizzle',
});
