import { fork, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { benchDir } from './database.ts';

/** Drops and creates the database of `url` (a section's own database, fresh each run). */
export async function recreateDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name.replaceAll('"', '""')}" with (force)`);
    await client.query(`create database "${name.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}

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

/**
 * The API in its own process (the generic boot-and-listen server of bench/notifications/server.ts):
 * a real server that a section can stop, or kill -9.
 */
export async function startInstance(env: Record<string, string>, port?: number): Promise<{ child: ChildProcess; baseUrl: string }> {
  const listenPort = port ?? (await freePort());
  const child = fork(path.join(benchDir, 'notifications', 'server.ts'), [], {
    env: { ...process.env, ...env, PORT: String(listenPort), APP_URL: `http://127.0.0.1:${listenPort}` },
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.on('message', (message: { type: string; message?: string }) => {
      if (message.type === 'ready') resolve();
      if (message.type === 'error') reject(new Error(message.message));
    });
    child.once('exit', (code) => reject(new Error(`la instancia del bench terminó (código ${code})`)));
  });
  return { child, baseUrl: `http://127.0.0.1:${listenPort}` };
}

export async function stopInstance(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.send({ type: 'stop' });
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** kill -9: no shutdown hook runs, open transactions are cut mid-way. */
export async function killInstance(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}
