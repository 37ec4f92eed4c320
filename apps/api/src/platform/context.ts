import type { CurrencyCode, MemberRole, Permission } from '@odontia/shared';
import type { Database, DatabaseHandle } from '../db/client.ts';
import type { Auth } from './auth.ts';
import type { Config } from './config.ts';
import type { Logger } from './logger.ts';
import type { Mailer } from './mail.ts';
import type { Realtime } from './realtime/realtime.ts';
import type { Storage } from './storage/storage.ts';

/** Everything a route may use, built once at start-up (or per test file) and injected into each request. */
export type Deps = {
  config: Config;
  db: Database;
  database: DatabaseHandle;
  auth: Auth;
  storage: Storage;
  mailer: Mailer;
  logger: Logger;
  /** Events across API instances (LISTEN/NOTIFY); close it before the database. */
  realtime: Realtime;
};

export type SessionUser = {
  id: string;
  email: string;
  name: string;
  onboardingStep: string;
};

/** The caller's membership in a clinic, resolved from the session (never from the request). */
export type Member = {
  userId: string;
  clinicaId: string;
  rol: MemberRole;
  permisos: ReadonlySet<Permission>;
  zonaHoraria: string;
  /** The clinic's country (its payment methods and taxes follow it). */
  pais: string | null;
  /** Every amount of the clinic is in this currency's smallest unit (issue 23). */
  moneda: CurrencyCode;
  /** The clinic sells its catalogue in the store (DESIGN §1): it receives orders at /ventas. */
  esProveedor: boolean;
};

export type AppEnv = {
  Variables: {
    deps: Deps;
    user: SessionUser;
    member: Member;
  };
};
