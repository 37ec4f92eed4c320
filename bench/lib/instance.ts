import { fork, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { benchDir } from './database.ts';

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export type Instance = { child: ChildProcess; baseUrl: string };

/**
 * One API instance in its own process (bench/notifications/server.ts: boots the real app and
 * listens), so the load generator does not share its event loop. Resolves once it listens.
 */
export async function startInstance(env: Record<string, string>, options: { exposeGc?: boolean } = {}): Promise<Instance> {
  const port = await freePort();
  const child = fork(path.join(benchDir, 'notifications', 'server.ts'), [], {
    env: { ...process.env, ...env, PORT: String(port), APP_URL: `http://127.0.0.1:${port}` },
    execArgv: ['--import', 'tsx', ...(options.exposeGc ? ['--expose-gc'] : [])],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.on('message', (message: { type: string; message?: string }) => {
      if (message.type === 'ready') resolve();
      if (message.type === 'error') reject(new Error(message.message));
    });
    child.once('exit', (code) => reject(new Error(`la instancia del bench terminó (código ${code})`)));
  });
  return { child, baseUrl: `http://127.0.0.1:${port}` };
}

export async function stopInstance(instance: Instance): Promise<void> {
  if (instance.child.exitCode !== null) return;
  const exited = new Promise((resolve) => instance.child.once('exit', resolve));
  instance.child.send({ type: 'stop' });
  const timer = setTimeout(() => instance.child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
