/** The SQLSTATE of a database error, also when the driver wraps it (drizzle puts it in `cause`). */
export function sqlState(error: unknown): string | undefined {
  let e = error;
  for (let depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const candidate = e as { code?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate.code;
    e = candidate.cause;
  }
  return undefined;
}
