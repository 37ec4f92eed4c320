import path from 'node:path';
import { startServer, stopServer, type BenchServer } from './app-process.ts';
import { benchDir } from './database.ts';

export { freePort } from './app-process.ts';
export type Instance = BenchServer;

/**
 * One API instance in its own process (bench/notifications/server.ts: boots the real app and
 * listens), so the load generator does not share its event loop. Resolves once it listens.
 */
export function startInstance(env: Record<string, string>, options: { exposeGc?: boolean } = {}): Promise<Instance> {
  return startServer(path.join(benchDir, 'notifications', 'server.ts'), env, () => {}, options);
}

export const stopInstance = stopServer;
