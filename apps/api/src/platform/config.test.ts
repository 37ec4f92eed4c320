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

  it('reads DATABASE_POOL_SIZE as the pool of each instance, 10 by default', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).databasePoolSize).toBe(10);
    expect(loadConfig({ DATA_DIR: tmp(), DATABASE_POOL_SIZE: '25' }).databasePoolSize).toBe(25);
    expect(() => loadConfig({ DATA_DIR: tmp(), DATABASE_POOL_SIZE: '0' })).toThrow(
      'DATABASE_POOL_SIZE: debe estar entre 1 y 100',
    );
  });

  it('reads TRUSTED_PROXY as a number of proxies, 0 by default', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).trustedProxies).toBe(0);
    expect(loadConfig({ DATA_DIR: tmp(), TRUSTED_PROXY: '1' }).trustedProxies).toBe(1);
    expect(() => loadConfig({ DATA_DIR: tmp(), TRUSTED_PROXY: 'sí' })).toThrow('TRUSTED_PROXY: debe ser un número');
  });

  const S3 = {
    S3_BUCKET: 'odontia-archivos',
    S3_REGION: 'eu-south-2',
    S3_ACCESS_KEY_ID: 'AKIAEJEMPLO',
    S3_SECRET_ACCESS_KEY: 'secreto-de-ejemplo',
  };

  it('uses no bucket unless S3_* is set', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).s3).toBeUndefined();
  });

  it('reads a bucket on AWS (virtual-hosted URLs) or on another S3-compatible server (path-style by default)', () => {
    expect(loadConfig({ DATA_DIR: tmp(), ...S3 }).s3).toEqual({
      bucket: 'odontia-archivos',
      region: 'eu-south-2',
      endpoint: undefined,
      accessKeyId: 'AKIAEJEMPLO',
      secretAccessKey: 'secreto-de-ejemplo',
      forcePathStyle: false,
    });
    const minio = loadConfig({ DATA_DIR: tmp(), ...S3, S3_ENDPOINT: 'http://minio:9000' }).s3;
    expect(minio).toMatchObject({ endpoint: 'http://minio:9000', forcePathStyle: true });
    expect(
      loadConfig({ DATA_DIR: tmp(), ...S3, S3_ENDPOINT: 'https://r2.example', S3_FORCE_PATH_STYLE: 'false' }).s3
        ?.forcePathStyle,
    ).toBe(false);
  });

  it('refuses an incomplete S3 configuration, one line per missing variable', () => {
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: tmp(), S3_BUCKET: 'odontia', S3_ENDPOINT: 'http://minio:9000' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const needs = 'falta; el almacenamiento S3 necesita S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY';
    expect((error as ConfigError).problems).toEqual([
      `S3_REGION: ${needs}`,
      `S3_ACCESS_KEY_ID: ${needs}`,
      `S3_SECRET_ACCESS_KEY: ${needs}`,
    ]);
    // A lone flag is a configuration too: it never silently falls back to another store.
    expect(() => loadConfig({ DATA_DIR: tmp(), S3_FORCE_PATH_STYLE: 'true' })).toThrow(`S3_BUCKET: ${needs}`);
  });

  it('explains a bad bucket name, region, endpoint or flag along with the other problems', () => {
    let error: unknown;
    try {
      loadConfig({
        DATA_DIR: tmp(),
        ...S3,
        S3_BUCKET: 'Mi_Bucket',
        S3_REGION: 'eu west',
        S3_ENDPOINT: 'minio:9000',
        S3_FORCE_PATH_STYLE: 'quizás',
        PORT: 'abc',
      });
    } catch (e) {
      error = e;
    }
    expect((error as ConfigError).problems).toEqual([
      'PORT: debe ser un número',
      'S3_BUCKET: debe ser un nombre de bucket: de 3 a 63 minúsculas, números, puntos o guiones',
      'S3_REGION: debe ser una región como eu-west-1 (la que indique el proveedor)',
      'S3_ENDPOINT: debe ser una URL http:// o https://',
      'S3_FORCE_PATH_STYLE: debe ser true o false',
    ]);
  });
});
