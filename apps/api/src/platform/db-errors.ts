/**
 * The SQLSTATE of a database error, whichever driver raised it (Drizzle wraps driver errors; the
 * PostgreSQL fields are on the cause).
 */
export function sqlState(error: unknown): string | undefined {
  return pgField(error, 'code');
}

/** A unique violation (23505), on `constraint` when given. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  return sqlState(error) === '23505' && (!constraint || pgField(error, 'constraint') === constraint);
}

function pgField(error: unknown, field: 'code' | 'constraint'): string | undefined {
  let e = error;
  for (let depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const candidate = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return typeof candidate[field] === 'string' ? (candidate[field] as string) : undefined;
    }
    e = candidate.cause;
  }
  return undefined;
}
