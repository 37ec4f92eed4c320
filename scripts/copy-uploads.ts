// Copies the uploaded files of DATA_DIR/uploads (the embedded default's store) into the shared store
// that the same configuration selects: the S3 bucket with S3_*, else PostgreSQL with DATABASE_URL.
// Run it with the server's variables when moving a deployment to several instances (README):
//   DATABASE_URL=postgresql://… DATA_DIR=./data node --import tsx scripts/copy-uploads.ts
// Keys stay the same, so every URL in the database keeps working; running it again is harmless.
// DATA_DIR/uploads is left as it is: delete it once the files show.
import { existsSync } from 'node:fs';
import { openPostgres, type DatabaseHandle } from '../apps/api/src/db/client.ts';
import { runMigrations } from '../apps/api/src/db/migrate.ts';
import { ConfigError, loadConfig } from '../apps/api/src/platform/config.ts';
import { copyDiskUploads } from '../apps/api/src/platform/storage/copy.ts';
import { createStorage, uploadsDir } from '../apps/api/src/platform/storage/select.ts';

let config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const uploads = uploadsDir(config.dataDir);
if (!existsSync(uploads)) {
  console.error(`No hay archivos que copiar: ${uploads} no existe.`);
  process.exit(1);
}
if (!config.s3 && !config.databaseUrl) {
  console.error('Sin S3_* ni DATABASE_URL, el almacenamiento es el propio disco: no hay adónde copiar.');
  process.exit(1);
}

// Never the PGlite folder (a running server holds it): PostgreSQL when given, and only S3 otherwise.
let database: DatabaseHandle | undefined;
if (config.databaseUrl) {
  database = openPostgres(config.databaseUrl, 2);
  await runMigrations(database);
}
// With S3 configured the database is never read; without it, DATABASE_URL is set (checked above).
const target = createStorage(config, database ?? ({ driver: 'pglite' } as DatabaseHandle));
try {
  console.log(`Copiando ${uploads} al almacenamiento ${target.driver}…`);
  await target.check?.();
  const { copied, skipped } = await copyDiskUploads(uploads, target, (key) => console.log(`  ${key}`));
  for (const key of skipped) console.warn(`  omitido (no es un archivo de Odontia): ${key}`);
  console.log(`${copied.length} archivos copiados. Comprueba que se ven y borra ${uploads}.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await target.close?.();
  await database?.close();
}
