import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'odontia-config-'));

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const dir = tmp();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seedDemo).toBe(true);
    expect(config.rateLimit).toBe(true);
  });

  it('generates AUTH_SECRET once and keeps it in DATA_DIR', () => {
    const dir = tmp();
    const first = loadConfig({ DATA_DIR: dir }).authSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'auth-secret'), 'utf8').trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(first);
  });

  it('reports one clear line per bad variable', () => {
    let error: unknown;
    try {
      loadConfig({
        DATA_DIR: tmp(),
        PORT: 'abc',
        DATABASE_URL: 'mysql://x',
        APP_URL: 'ftp://x',
        SEED_DEMO: 'quizás',
        AUTH_SECRET: 'corta',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toHaveLength(5);
    expect(problems).toContain('PORT: debe ser un número');
    expect(problems.find((p) => p.startsWith('DATABASE_URL:'))).toContain('postgres://');
    expect(problems.find((p) => p.startsWith('APP_URL:'))).toContain('http://');
    expect(problems.find((p) => p.startsWith('SEED_DEMO:'))).toBe('SEED_DEMO: debe ser true o false');
    expect(problems.find((p) => p.startsWith('AUTH_SECRET:'))).toBe('AUTH_SECRET: debe tener al menos 32 caracteres');
    expect((error as Error).message.split('\n')).toHaveLength(6);
  });

  it('treats empty variables as unset and trims the trailing slash of APP_URL', () => {
    const config = loadConfig({ DATA_DIR: tmp(), PORT: '', APP_URL: 'https://odontia.example/' });
    expect(config.port).toBe(3000);
    expect(config.appUrl).toBe('https://odontia.example');
    expect(config.trustedOrigins).toContain('https://odontia.example');
  });

  it('trusts APP_URL alone; the Vite dev origin only when npm run dev sets DEV_ORIGIN', () => {
    expect(loadConfig({ DATA_DIR: tmp(), APP_URL: 'https://odontia.example' }).trustedOrigins).toEqual([
      'https://odontia.example',
    ]);
    expect(loadConfig({ DATA_DIR: tmp(), NODE_ENV: 'production' }).trustedOrigins).toEqual(['http://localhost:3000']);
    expect(
      loadConfig({ DATA_DIR: tmp(), DEV_ORIGIN: 'http://localhost:5173,http://127.0.0.1:5173' }).trustedOrigins,
    ).toEqual(['http://localhost:3000', 'http://localhost:5173', 'http://127.0.0.1:5173']);
  });

  it('reads TRUSTED_PROXY as a number of proxies, 0 by default', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).trustedProxies).toBe(0);
    expect(loadConfig({ DATA_DIR: tmp(), TRUSTED_PROXY: '1' }).trustedProxies).toBe(1);
    expect(() => loadConfig({ DATA_DIR: tmp(), TRUSTED_PROXY: 'sí' })).toThrow('TRUSTED_PROXY: debe ser un número');
  });
});
