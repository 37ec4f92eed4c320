import { ConfigError, loadConfig } from './platform/config.ts';
import { DataDirLockedError } from './db/lock.ts';
import { listen, stopListening } from './platform/http-server.ts';
import { createLogger } from './platform/logger.ts';
import { boot } from './server.ts';
import { StorageUnavailableError } from './platform/storage/storage.ts';

const startedAt = performance.now();

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    // One clear line per bad variable, no stack trace.
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const logger = createLogger(config.logLevel);

let instance;
try {
  instance = await boot(config, logger, { serveWeb: true });
} catch (error) {
  if (error instanceof DataDirLockedError || error instanceof StorageUnavailableError) {
    console.error(error.message);
    process.exit(1);
  }
  logger.fatal({ err: error }, 'no se pudo iniciar Odontia');
  process.exit(1);
}

const { app, close } = instance;
const server = listen(app.fetch, config.port, (info) => {
  logger.info(
    {
      port: info.port,
      database: instance.deps.database.driver,
      storage: instance.deps.storage.driver,
      startupMs: Math.round(performance.now() - startedAt),
    },
    `Odontia escuchando en ${config.appUrl}`,
  );
  // In the message, not in a field: the logger hides fields named password.
  if (instance.demo) {
    logger.info(
      `Clínica de demostración: entra en ${config.appUrl}/auth con ${instance.demo.email} y la contraseña ${instance.demo.password}`,
    );
  }
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'cerrando Odontia');
  stopListening(server);
  try {
    await close();
    process.exit(0);
  } catch (error) {
    logger.error({ err: error }, 'error al cerrar');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
