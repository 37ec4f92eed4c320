/** The SQLSTATEs the application turns into answers of its own (PostgreSQL's appendix A). */
export const PG_ERROR = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  exclusionViolation: '23P01',
  checkViolation: '23514',
  /** Two transactions each waiting for the other: PostgreSQL aborts one of them. */
  deadlockDetected: '40P01',
  /** NUL in text: character_not_in_repertoire. */
  characterNotInRepertoire: '22021',
  /** Text the database cannot convert: untranslatable_character. */
  untranslatableCharacter: '22P05',
} as const;

/**
 * The SQLSTATE of a database error, whichever driver raised it (Drizzle wraps driver errors; the
 * PostgreSQL fields are on the cause).
 */
export function sqlState(error: unknown): string | undefined {
  return pgField(error, 'code');
}

/** A unique violation (23505), on `constraint` when given. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  return sqlState(error) === PG_ERROR.uniqueViolation && (!constraint || pgField(error, 'constraint') === constraint);
}

function pgField(error: unknown, field: 'code' | 'constraint'): string | undefined {
  let e = error;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const candidate = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return typeof candidate[field] === 'string' ? (candidate[field] as string) : undefined;
    }
    e = candidate.cause;
  }
  return undefined;
}
