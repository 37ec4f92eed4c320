import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './lock.ts';

const mainFile = fileURLToPath(new URL('../main.ts', import.meta.url));

function runMain(dataDir: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', mainFile], {
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(40000 + Math.floor(Math.random() * 20000)), NODE_ENV: 'test', LOG_LEVEL: 'silent' },
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
    // Simulate another live process holding it.
    writeFileSync(path.join(dir, 'odontia.lock'), String(process.ppid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    release();
  });

  it('takes over a lock left by a process that no longer exists', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'odontia-lock-'));
    writeFileSync(path.join(dir, 'odontia.lock'), '999999999');
    const release = acquireDataDirLock(dir);
    expect(existsSync(path.join(dir, 'odontia.lock'))).toBe(true);
    release();
  });
});
