import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock, currentLockOwner, DataDirLockedError, processStartTime } from './lock.ts';

const mainFile = fileURLToPath(new URL('../main.ts', import.meta.url));

function runMain(dataDir: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', mainFile], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(40000 + Math.floor(Math.random() * 20000)),
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    // If the lock failed, the server would start and keep running: stop it and report.
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe('data folder lock', () => {
  it('makes a second process on the same DATA_DIR exit at once with a clear message', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'odontia-lock-'));
    const release = acquireDataDirLock(dir);
    try {
      const started = Date.now();
      const { code, stderr } = await runMain(dir);
      expect(code).toBe(1);
      expect(stderr).toContain('ya está en uso por otro proceso de Odontia');
      expect(stderr).toContain(`PID ${process.pid}`);
      expect(stderr).not.toMatch(/\n\s+at /);
      expect(Date.now() - started).toBeLessThan(15_000);
      // The first holder keeps its lock.
      expect(existsSync(path.join(dir, 'odontia.lock'))).toBe(true);
    } finally {
      release();
    }
    expect(existsSync(path.join(dir, 'odontia.lock'))).toBe(false);
  }, 30_000);

  it('refuses a second lock in the same process too', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'odontia-lock-'));
    const release = acquireDataDirLock(dir);
    // Simulate another live process holding it: the parent, with its real start time.
    const parent = { ...currentLockOwner(), pid: process.ppid, start: processStartTime(process.ppid) ?? undefined };
    writeFileSync(path.join(dir, 'odontia.lock'), JSON.stringify(parent));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    release();
  });

  it('records its process start time, so that a later process with the same PID is not mistaken for it', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'odontia-lock-'));
    const release = acquireDataDirLock(dir);
    const written = JSON.parse(readFileSync(path.join(dir, 'odontia.lock'), 'utf8'));
    expect(written).toEqual({ pid: process.pid, start: processStartTime(process.pid), boot: expect.any(String) });
    release();
  });

  it.runIf(process.platform === 'linux')(
    'takes over a stale lock whose PID now belongs to another live process',
    async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'odontia-lock-'));
      // A crash, then a container restart: the lock's PID is alive again, as some other process.
      const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
      try {
        await new Promise((resolve) => other.once('spawn', resolve));
        const pid = other.pid!;
        const realStart = processStartTime(pid)!;
        // Written by a process that started earlier than the one now holding this PID.
        const stale = { ...currentLockOwner(), pid, start: String(Number(realStart) - 12345) };
        writeFileSync(path.join(dir, 'odontia.lock'), JSON.stringify(stale));
        const release = acquireDataDirLock(dir);
        expect(JSON.parse(readFileSync(path.join(dir, 'odontia.lock'), 'utf8')).pid).toBe(process.pid);
        release();

        // The same PID, recorded with its real start time: that process holds the lock.
        writeFileSync(path.join(dir, 'odontia.lock'), JSON.stringify({ ...stale, start: realStart }));
        expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
      } finally {
        other.kill('SIGKILL');
      }
    },
  );

  it.runIf(process.platform === 'linux')(
    'takes over an older PID-only lock whose PID is not a Node.js process',
    async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'odontia-lock-'));
      const other = spawn('sleep', ['30'], { stdio: 'ignore' });
      try {
        await new Promise((resolve) => other.once('spawn', resolve));
        writeFileSync(path.join(dir, 'odontia.lock'), String(other.pid));
        const release = acquireDataDirLock(dir);
        release();
      } finally {
        other.kill('SIGKILL');
      }
    },
  );

  it('takes over a lock left by a process that no longer exists', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'odontia-lock-'));
    writeFileSync(path.join(dir, 'odontia.lock'), '999999999');
    const release = acquireDataDirLock(dir);
    expect(existsSync(path.join(dir, 'odontia.lock'))).toBe(true);
    release();
  });

  it('lets exactly one of many processes racing for a stale lock take it', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'odontia-lock-'));
    writeFileSync(path.join(dir, 'odontia.lock'), '999999999');
    const lockFile = fileURLToPath(new URL('./lock.ts', import.meta.url));
    // Each process waits for the same instant, then tries; the winner holds the lock a while.
    const script = `
      const { acquireDataDirLock, DataDirLockedError } = await import(${JSON.stringify(lockFile)});
      while (Date.now() < Number(process.env.AT)) {}
      try {
        acquireDataDirLock(process.env.DIR);
        console.log('ok');
        await new Promise((r) => setTimeout(r, 2000));
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
});
