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
  DATABASE_POOL_SIZE: z.coerce
    .number({ message: 'debe ser un número' })
    .int('debe ser un número entero')
    .min(1, 'debe estar entre 1 y 100')
    .max(100, 'debe estar entre 1 y 100')
    .default(10),
  /** How often this instance looks for messages to send (issue 24); 0 turns its outbox worker off. */
  OUTBOX_INTERVAL_MS: z.coerce
    .number({ message: 'debe ser un número' })
    .int('debe ser un número entero')
    .min(0, 'debe estar entre 0 y 3600000')
    .max(3_600_000, 'debe estar entre 0 y 3600000')
    .default(2000),
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
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'debe ser un nombre de bucket: de 3 a 63 minúsculas, números, puntos o guiones',
    )
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'debe ser una región como eu-west-1 (la que indique el proveedor)')
    .optional(),
  S3_ENDPOINT: urlWithProtocols(['http:', 'https:'], 'http:// o https://').optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.optional(),
});

const S3_VARIABLES = [
  'S3_BUCKET',
  'S3_REGION',
  'S3_ENDPOINT',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
] as const;
const S3_REQUIRED = ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** Any S3_* variable asks for S3 storage, which then needs all of S3_REQUIRED: one line per missing one. */
function missingS3Variables(env: Record<string, unknown>): string[] {
  if (!S3_VARIABLES.some((name) => name in env)) return [];
  return S3_REQUIRED.filter((name) => !(name in env)).map(
    (name) =>
      `${name}: falta; el almacenamiento S3 necesita S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY`,
  );
}

/** An S3-compatible bucket shared by every instance (platform/storage/s3.ts). */
export type S3Config = {
  bucket: string;
  region: string;
  /** Absent for AWS itself; the server's URL for any other S3-compatible store. */
  endpoint: string | undefined;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` URLs instead of `bucket.endpoint/key`. */
  forcePathStyle: boolean;
};

export type Config = {
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Connections of this instance's PostgreSQL pool (every instance opens its own). */
  databasePoolSize: number;
  /** Milliseconds between the outbox's rounds; 0: this instance sends no messages. */
  outboxIntervalMs: number;
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
  /** Uploaded files go to this bucket when set (see platform/storage/select.ts). */
  s3: S3Config | undefined;
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
  const problems = [
    ...(parsed.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? []),
    ...missingS3Variables(cleaned),
  ];
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const isTest = e.NODE_ENV === 'test';
  return {
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    outboxIntervalMs: e.OUTBOX_INTERVAL_MS,
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
    s3:
      e.S3_BUCKET && e.S3_REGION && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            // Path-style URLs work with every S3-compatible server; virtual hosts need wildcard DNS.
            forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
          }
        : undefined,
  };
}
