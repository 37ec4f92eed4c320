import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  acquireDataDirLock,
  currentLockOwner,
  DataDirLockedError,
  LOCK_MESSAGES,
  LOCK_TIMING,
  processStartTime,
} from './lock.ts';

const mainFile = fileURLToPath(new URL('../main.ts', import.meta.url));
const DEFAULT_TIMING = { ...LOCK_TIMING };
afterEach(() => {
  // Even after a failure or a timeout, no server outlives its test.
  for (const server of servers.splice(0)) {
    if (server.child.exitCode === null) process.kill(serverPid(server), 'SIGKILL');
  }
  Object.assign(LOCK_TIMING, DEFAULT_TIMING);
});

const newDir = () => mkdtempSync(path.join(os.tmpdir(), 'odontia-lock-'));
const lockFile = (dir: string) => path.join(dir, 'odontia.lock');
const readOwner = (dir: string) => JSON.parse(readFileSync(lockFile(dir), 'utf8')) as { pid: number; token?: string };
const noLoss = { onLost: () => expect.unreachable('the lock was lost') };

type Server = { child: ChildProcess; output: () => string; exited: Promise<number | null> };
const servers: Server[] = [];

/** Starts the real server (main.ts) on `dataDir`, optionally in new PID and mount namespaces (as a container would). */
function startServer(dataDir: string, options: { namespace?: boolean; logLevel?: string } = {}): Server {
  const command = [process.execPath, '--import', 'tsx', mainFile];
  const [file, ...args] = options.namespace ? ['unshare', '--pid', '--fork', '--mount-proc', ...command] : command;
  const child = spawn(file, args, {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(40000 + Math.floor(Math.random() * 20000)),
      NODE_ENV: 'test',
      SEED_DEMO: 'false',
      LOG_LEVEL: options.logLevel ?? 'silent',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const server = { child, output: () => output, exited };
  servers.push(server);
  return server;
}

/** The server's own process: the child of `unshare --fork` when it runs in a namespace. */
function serverPid(server: Server): number {
  const pid = server.child.pid!;
  const children = existsSync(`/proc/${pid}/task/${pid}/children`)
    ? readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim()
    : '';
  return children ? Number(children.split(' ')[0]) : pid;
}

async function untilListening(server: Server, timeoutMs = 90_000) {
  await vi.waitFor(
    () => {
      if (server.child.exitCode !== null) throw new Error(`exited: ${server.output()}`);
      expect(server.output()).toContain('Odontia escuchando');
    },
    { timeout: timeoutMs, interval: 250 },
  );
}

const canUnshare =
  process.platform === 'linux' && spawnSync('unshare', ['--pid', '--fork', '--mount-proc', 'true']).status === 0;

describe('data folder lock', () => {
  it('makes a second process on the same DATA_DIR exit at once with a clear message', async () => {
    const dir = newDir();
    const release = await acquireDataDirLock(dir, noLoss);
    try {
      const started = Date.now();
      const server = startServer(dir);
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain('ya está en uso por otro proceso de Odontia');
      expect(server.output()).toContain(`PID ${process.pid})`);
      expect(server.output()).not.toMatch(/\n\s+at /);
      expect(Date.now() - started).toBeLessThan(15_000);
      // The first holder keeps its lock.
      expect(existsSync(lockFile(dir))).toBe(true);
    } finally {
      release();
    }
    expect(existsSync(lockFile(dir))).toBe(false);
  }, 30_000);

  it('refuses a second lock in the same process too', async () => {
    const dir = newDir();
    const release = await acquireDataDirLock(dir, noLoss);
    await expect(acquireDataDirLock(dir, noLoss)).rejects.toThrow(DataDirLockedError);
    release();
  });

  it('records who holds it: PID and start time, boot, PID namespace, host, and a token of its own', async () => {
    const dir = newDir();
    const release = await acquireDataDirLock(dir, noLoss);
    expect(JSON.parse(readFileSync(lockFile(dir), 'utf8'))).toEqual({
      pid: process.pid,
      start: processStartTime(process.pid),
      boot: expect.any(String),
      ns: expect.stringMatching(/^pid:\[\d+\]$/),
      host: os.hostname(),
      token: expect.any(String),
    });
    release();
  });

  it('keeps its lock fresh from a worker thread, even while the main thread is busy, and says when it lost it', async () => {
    Object.assign(LOCK_TIMING, { refreshMs: 50 });
    const dir = newDir();
    let lost = 0;
    const release = await acquireDataDirLock(dir, { onLost: () => (lost += 1) });
    const before = statSync(lockFile(dir)).mtimeMs;
    const busyUntil = Date.now() + 400;
    while (Date.now() < busyUntil); // A long synchronous migration, say.
    expect(statSync(lockFile(dir)).mtimeMs).toBeGreaterThan(before);
    // Taken over by another process: the holder hears of it at its next touch.
    writeFileSync(lockFile(dir), JSON.stringify({ ...currentLockOwner(), pid: 1 }));
    await vi.waitFor(() => expect(lost).toBe(1), { timeout: 2000 });
    release();
    // Not ours any more: the release leaves it.
    expect(existsSync(lockFile(dir))).toBe(true);
  });

  it('holds a lock from another PID namespace while it is touched, and takes it over once it is not', async () => {
    Object.assign(LOCK_TIMING, { staleMs: 1000, pollMs: 50 });
    const dir = newDir();
    // Written by a process in another container: its PID (ours, even) means nothing here.
    const other = { ...currentLockOwner(), ns: 'pid:[1]', host: 'otro-contenedor' };
    writeFileSync(lockFile(dir), JSON.stringify(other));
    const touching = setInterval(() => utimesSync(lockFile(dir), new Date(), new Date()), 100);
    const waits: unknown[] = [];
    try {
      const started = Date.now();
      const refused = await acquireDataDirLock(dir, { ...noLoss, onWait: (owner) => waits.push(owner) }).catch(
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(DataDirLockedError);
      expect((refused as Error).message).toContain(`PID ${process.pid} en «otro-contenedor»`);
      expect(Date.now() - started).toBeLessThan(1000);
      expect(waits).toEqual([other]);
    } finally {
      clearInterval(touching);
    }
    // Its holder was killed: nobody touches it any more, and after the stale window it is ours.
    const started = Date.now();
    const release = await acquireDataDirLock(dir, noLoss);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(readOwner(dir).token).not.toBe(other.token);
    release();
    expect(existsSync(lockFile(dir))).toBe(false);
  });

  it.runIf(process.platform === 'linux')(
    'takes over at once a lock of this namespace whose PID now belongs to another live process',
    async () => {
      const dir = newDir();
      // A crash, then a restart in which the lock's PID is alive again, as some other process.
      const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
      try {
        await new Promise((resolve) => other.once('spawn', resolve));
        const pid = other.pid!;
        const realStart = processStartTime(pid)!;
        // Written by a process that started earlier than the one now holding this PID.
        const stale = { ...currentLockOwner(), pid, start: String(Number(realStart) - 12345) };
        writeFileSync(lockFile(dir), JSON.stringify(stale));
        const release = await acquireDataDirLock(dir, noLoss);
        expect(readOwner(dir).pid).toBe(process.pid);
        release();

        // The same PID, recorded with its real start time: that process holds the lock.
        writeFileSync(lockFile(dir), JSON.stringify({ ...stale, start: realStart }));
        await expect(acquireDataDirLock(dir, noLoss)).rejects.toThrow(DataDirLockedError);
      } finally {
        other.kill('SIGKILL');
      }
    },
  );

  it.runIf(process.platform === 'linux')(
    'takes over an older PID-only lock whose PID is not a Node.js process',
    async () => {
      const dir = newDir();
      const other = spawn('sleep', ['30'], { stdio: 'ignore' });
      try {
        await new Promise((resolve) => other.once('spawn', resolve));
        writeFileSync(lockFile(dir), String(other.pid));
        const release = await acquireDataDirLock(dir, noLoss);
        release();
      } finally {
        other.kill('SIGKILL');
      }
    },
  );

  it('takes over a lock left by a process that no longer exists', async () => {
    const dir = newDir();
    writeFileSync(lockFile(dir), '999999999');
    const release = await acquireDataDirLock(dir, noLoss);
    expect(existsSync(lockFile(dir))).toBe(true);
    release();
  });

  it('lets exactly one of many processes racing for a stale lock take it', async () => {
    const dir = newDir();
    writeFileSync(lockFile(dir), '999999999');
    const lockModule = fileURLToPath(new URL('./lock.ts', import.meta.url));
    // Each process waits for the same instant, then tries; the winner holds the lock a while.
    const script = `
      const { acquireDataDirLock, DataDirLockedError } = await import(${JSON.stringify(lockModule)});
      while (Date.now() < Number(process.env.AT)) {}
      try {
        const release = await acquireDataDirLock(process.env.DIR, { onLost: () => console.log('lost') });
        console.log('ok');
        await new Promise((r) => setTimeout(r, 2000));
        release();
      } catch (error) {
        console.log(error instanceof DataDirLockedError ? 'locked' : 'error ' + error.message);
      }`;
    const at = Date.now() + 6000;
    const outcomes = await Promise.all(
      Array.from(
        { length: 6 },
        () =>
          new Promise<string>((resolve) => {
            const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
              env: { ...process.env, DIR: dir, AT: String(at) },
              stdio: ['ignore', 'pipe', 'inherit'],
            });
            let out = '';
            child.stdout.on('data', (chunk) => (out += chunk));
            child.on('exit', () => resolve(out.trim()));
          }),
      ),
    );
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'locked')).toHaveLength(5);
  }, 30_000);

  // The servers run on PGlite whatever the project: once is enough.
  it.runIf(canUnshare && process.env.TEST_DB_DRIVER !== 'postgres')(
    'two servers in separate PID namespaces on one folder: the second refuses; after kill -9 a third takes over',
    async () => {
      const dir = newDir();
      // Each is PID 1 in its own namespace: a PID alone cannot tell them apart.
      const first = startServer(dir, { namespace: true, logLevel: 'info' });
      await untilListening(first);
      expect(readOwner(dir).pid).toBe(1);

      const second = startServer(dir, { namespace: true, logLevel: 'info' });
      const outcome = await Promise.race([
        second.exited.then((code) => `exit ${code}`),
        untilListening(second).then(
          () => 'listening',
          () => 'exit',
        ),
      ]);
      expect(outcome).toBe('exit 1');
      expect(second.output()).toContain('ya está en uso por otro proceso de Odontia (PID 1');
      expect(second.output()).not.toMatch(/\n\s+at /);
      expect(first.child.exitCode).toBeNull();

      // A crash: the lock stays behind, untouched from now on. The dead namespace is held open here, so
      // the next one cannot get its number: a reused number proves the old namespace gone, and its lock
      // would be taken over at once, without the wait this test is about.
      const deadNamespace = openSync(`/proc/${serverPid(first)}/ns/pid`, 'r');
      let third: Server;
      try {
        process.kill(serverPid(first), 'SIGKILL');
        await first.exited;
        expect(existsSync(lockFile(dir))).toBe(true);

        third = startServer(dir, { namespace: true, logLevel: 'info' });
        const startedAt = Date.now();
        await untilListening(third);
        expect(third.output()).toContain(
          LOCK_MESSAGES.waiting(dir, { pid: 1, host: os.hostname() }).split(' de otro contenedor')[0],
        );
        expect(Date.now() - startedAt).toBeGreaterThan(LOCK_TIMING.staleMs);
      } finally {
        closeSync(deadNamespace);
      }
      // A clean stop removes the lock.
      process.kill(serverPid(third), 'SIGTERM');
      expect(await third.exited).toBe(0);
      expect(existsSync(lockFile(dir))).toBe(false);
    },
    240_000,
  );
});
