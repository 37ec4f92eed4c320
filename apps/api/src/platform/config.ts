import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'debe ser true o false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const urlWithProtocols = (protocols: string[], what: string) =>
  z.string().refine((value) => {
    try {
      return protocols.includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, `debe ser una URL ${what}`);

const envSchema = z.object({
  PORT: z.coerce
    .number({ message: 'debe ser un número' })
    .int('debe ser un número entero')
    .min(1, 'debe estar entre 1 y 65535')
    .max(65535, 'debe estar entre 1 y 65535')
    .default(3000),
  DATA_DIR: z.string().min(1, 'no puede estar vacío').default('./data'),
  DATABASE_URL: urlWithProtocols(['postgres:', 'postgresql:'], 'postgres:// o postgresql://').optional(),
  APP_URL: urlWithProtocols(['http:', 'https:'], 'http:// o https://').optional(),
  SMTP_URL: urlWithProtocols(['smtp:', 'smtps:'], 'smtp:// o smtps://').optional(),
  SMTP_FROM: z.string().min(3, 'debe ser una dirección de remitente').default('Odontia <no-responder@odontia.local>'),
  AUTH_SECRET: z.string().min(32, 'debe tener al menos 32 caracteres').optional(),
  SEED_DEMO: booleanFlag.default(true),
  RATE_LIMIT: booleanFlag.optional(),
  TRUSTED_PROXY: z.coerce
    .number({ message: 'debe ser un número' })
    .int('debe ser un número entero')
    .min(0, 'debe estar entre 0 y 10')
    .max(10, 'debe estar entre 0 y 10')
    .default(0),
  /** Set by `npm run dev` only: the Vite dev server's origins, trusted beside APP_URL. */
  DEV_ORIGIN: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().optional(),
});

export type Config = {
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  appUrl: string;
  smtpUrl: string | undefined;
  smtpFrom: string;
  authSecret: string;
  seedDemo: boolean;
  rateLimit: boolean;
  /**
   * How many reverse proxies in front of the app append to X-Forwarded-For (0: none, the client
   * address is the socket's and X-Forwarded-For is ignored).
   */
  trustedProxies: number;
  /** Whether this is a production process (NODE_ENV=production): secrets never reach the log. */
  production: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Origins allowed to send state-changing requests: APP_URL, plus Vite's under `npm run dev` alone. */
  trustedOrigins: string[];
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuración no válida:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the secret from AUTH_SECRET, or keeps a generated one in DATA_DIR so sessions survive restarts. */
function resolveAuthSecret(dataDir: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, 'auth-secret');
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  } catch {
    // First start: fall through and create it.
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

function devOrigins(value: string | undefined): string[] {
  if (!value) return [];
  return value.split(',').flatMap((item) => {
    try {
      return [new URL(item.trim()).origin];
    } catch {
      return [];
    }
  });
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty variables count as unset, as in most deployment tools.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const isTest = e.NODE_ENV === 'test';
  return {
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    appUrl,
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM,
    authSecret: resolveAuthSecret(dataDir, e.AUTH_SECRET),
    seedDemo: e.SEED_DEMO,
    rateLimit: e.RATE_LIMIT ?? !isTest,
    trustedProxies: e.TRUSTED_PROXY,
    production: e.NODE_ENV === 'production',
    logLevel: e.LOG_LEVEL,
    trustedOrigins: [...new Set([new URL(appUrl).origin, ...devOrigins(e.DEV_ORIGIN)])],
  };
}
