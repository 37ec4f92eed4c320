import pino from 'pino';

export type Logger = pino.Logger;

const SQLSTATE = /^[0-9A-Z]{5}$/;

/** What a database error may show: its SQLSTATE and the objects involved, never the data. */
const DATABASE_FIELDS = ['code', 'severity', 'routine', 'schema', 'table', 'column', 'dataType', 'constraint'] as const;

type ErrorFields = Error & Partial<Record<(typeof DATABASE_FIELDS)[number] | 'query' | 'params', unknown>>;

/**
 * A failed statement carries the patient's data: Drizzle's DrizzleQueryError has the SQL and its
 * parameters in its message and fields, PGlite attaches them to its own error, and PostgreSQL's
 * `detail` and `where` quote the row or the value. Such an error is known by its statement or its
 * SQLSTATE.
 */
const isDatabaseError = (error: ErrorFields) =>
  'query' in error || 'params' in error || (typeof error.code === 'string' && SQLSTATE.test(error.code));

/** The stack's frames without its first lines, which repeat the message. */
const framesOf = (stack: string | undefined) =>
  stack
    ?.split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');

/**
 * An error as a log line may show it: its type, message and stack, its own fields, and its cause
 * judged the same way (pino's serializer would paste every cause's message into the error's own). A
 * database error keeps its type, SQLSTATE, the objects involved and its frames; its message only when
 * it cannot quote a value (not a data exception, class 22, such as `invalid input syntax for type
 * uuid: "…"`).
 */
function loggableError(error: Error, depth: number): Record<string, unknown> {
  const e = error as ErrorFields;
  const type = error.constructor?.name ?? error.name;
  const cause = error.cause instanceof Error && depth < 5 ? loggableError(error.cause, depth + 1) : undefined;
  if (!isDatabaseError(e)) {
    const fields: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(error)) if (key !== 'cause') fields[key] = loggable(value, depth + 1);
    return { type, message: error.message, stack: error.stack, ...fields, ...(cause ? { cause } : {}) };
  }
  const safe: Record<string, unknown> = { type };
  for (const field of DATABASE_FIELDS) if (typeof e[field] === 'string') safe[field] = e[field];
  // The driver's error has the SQLSTATE and PostgreSQL's message; Drizzle's wrapper only the statement.
  const code = typeof e.code === 'string' && SQLSTATE.test(e.code) ? e.code : null;
  safe.message =
    code === null
      ? 'Failed query (its SQL and parameters are not logged)'
      : code.startsWith('22')
        ? `Data exception ${code} (the value is not logged)`
        : error.message;
  safe.stack = framesOf(error.stack);
  if (cause) safe.cause = cause;
  return safe;
}

/** A log call's argument with every error in it (at any depth of plain objects and arrays) made loggable. */
function loggable(value: unknown, depth = 0): unknown {
  if (value instanceof Error) return loggableError(value, depth);
  if (depth > 4 || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => loggable(item, depth + 1));
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[key] = loggable(item, depth + 1);
  return copy;
}

/**
 * The server's logger: JSON lines. No line ever carries a query's parameters or a value quoted by the
 * database, whoever logs the error (our error handler, better-auth, a feature), and whether the error
 * is given as `{ err }`, nested, or alone.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      // Defence in depth: request logs never include these, but a careless log call must not leak them either.
      redact: {
        paths: ['password', 'token', '*.password', '*.token', 'headers.cookie', 'headers.authorization'],
        censor: '[oculto]',
      },
      // Errors are already made loggable by the hook below; pino's serializer would paste their causes' messages back in.
      serializers: { err: (value: unknown) => value },
      hooks: {
        logMethod(args, method) {
          const [first, ...rest] = args as unknown[];
          if (first instanceof Error) {
            // pino would take the message from the error itself.
            const err = loggableError(first, 0);
            return method.apply(this, [{ err }, ...(rest.length ? rest : [err.message])] as never);
          }
          return method.apply(this, [loggable(first), ...rest] as never);
        },
      },
    },
    destination,
  );
}
