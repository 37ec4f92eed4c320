import type { Context, MiddlewareHandler, TypedResponse } from 'hono';
import type { JSONParsed } from 'hono/utils/types';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { PG_ERROR, sqlState } from './db-errors.ts';
import { AppError, type ErrorBody } from './errors.ts';
import type { JsonText } from './json-text.ts';
import type { Logger } from './logger.ts';
import { setResponseHeaders } from './security-headers.ts';
import { imageBodyLimit } from './storage/images.ts';

const INTERNAL: ErrorBody = {
  error: { code: 'internal_error', message: 'Ocurrió un error inesperado. Inténtalo de nuevo.' },
};

export const MALFORMED_URL = 'La dirección de la petición no es válida';
export const FORBIDDEN_CHARACTERS = 'La petición contiene caracteres no permitidos (como el carácter nulo)';

/**
 * PostgreSQL refuses some text outright: NUL and text it cannot convert. That is the request's
 * fault, whichever field carried it.
 */
const REFUSED_TEXT: ReadonlySet<string | undefined> = new Set([
  PG_ERROR.characterNotInRepertoire,
  PG_ERROR.untranslatableCharacter,
]);

/** Every failure leaves the server in one shape, with a Spanish message and nothing internal. */
export function errorResponse(error: unknown, c: Context, logger: Logger): Response {
  if (error instanceof AppError) return c.json(error.toBody(), error.status, error.headers);
  if (error instanceof URIError) {
    return c.json({ error: { code: 'bad_request', message: MALFORMED_URL } } satisfies ErrorBody, 400);
  }
  if (REFUSED_TEXT.has(sqlState(error))) {
    return c.json({ error: { code: 'bad_request', message: FORBIDDEN_CHARACTERS } } satisfies ErrorBody, 400);
  }
  if (error instanceof SyntaxError || (error instanceof HTTPException && /json/i.test(error.message))) {
    return c.json(
      { error: { code: 'bad_request', message: 'El cuerpo de la petición no es JSON válido' } } satisfies ErrorBody,
      400,
    );
  }
  if (error instanceof HTTPException) {
    if (error.status === 413) {
      return c.json(
        { error: { code: 'payload_too_large', message: 'La petición es demasiado grande' } } satisfies ErrorBody,
        413,
      );
    }
    if (error.status < 500) {
      return c.json(
        { error: { code: 'bad_request', message: 'Petición no válida' } } satisfies ErrorBody,
        error.status,
      );
    }
  }
  logger.error({ err: error, method: c.req.method, path: c.req.path }, 'unhandled error');
  return c.json(INTERNAL, 500);
}

/**
 * Refuses, before any route runs, a path or query that cannot be decoded (a lone or malformed `%`)
 * or that carries a NUL character, which PostgreSQL cannot store and no field of ours accepts.
 */
export function refuseMalformedUrls(): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url);
    let decoded: string;
    try {
      decoded = decodeURIComponent(url.pathname);
    } catch {
      throw new AppError(400, 'bad_request', MALFORMED_URL);
    }
    if (decoded.includes('\0')) throw new AppError(400, 'bad_request', FORBIDDEN_CHARACTERS);
    // URLSearchParams decodes leniently (a malformed `%` stays as it is); NUL is what it can let through.
    for (const [key, value] of url.searchParams) {
      if (key.includes('\0') || value.includes('\0')) throw new AppError(400, 'bad_request', FORBIDDEN_CHARACTERS);
    }
    await next();
  };
}

/** Largest body of a JSON (or any non-upload) request. */
export const JSON_BODY_MAX_BYTES = 1024 * 1024;

const jsonTooLarge = (c: Context) =>
  c.json(
    {
      error: { code: 'payload_too_large', message: 'La petición es demasiado grande (máximo 1 MB)' },
    } satisfies ErrorBody,
    413,
  );
const jsonBodyLimit = bodyLimit({ maxSize: JSON_BODY_MAX_BYTES, onError: jsonTooLarge });

/**
 * Every body is limited before it is read, by Content-Length or while it streams: 1 MB in general,
 * and the image limit for multipart uploads (the only multipart bodies the app takes).
 */
export function requestBodyLimit(): MiddlewareHandler {
  return (c, next) => {
    // A GET or HEAD has no body to limit (the Fetch API refuses one). The limiters look at the
    // body stream, and merely asking for it makes the Node adapter build a full Request with its
    // AbortSignal: about 120 µs on every read, as much as the rest of the middleware together.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const type = c.req.header('content-type') ?? '';
    if (/^multipart\/form-data/i.test(type)) return imageBodyLimit(c, next);
    // A declared length is checked from the header, as the limiter would, but without asking for the
    // body stream: then the Node adapter reads the body straight from the socket when the route parses
    // it, instead of through a Fetch Request and web streams (~200 µs of every write). Node's parser
    // never reads past the declared length. A chunked body is counted while it streams.
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      return Number(length) > JSON_BODY_MAX_BYTES ? Promise.resolve(jsonTooLarge(c)) : next();
    }
    return jsonBodyLimit(c, next);
  };
}

/** One JSON line per request: method, path (never the query, which may hold patient names), status, duration. */
export function requestLog(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const start = performance.now();
    await next();
    logger.info({
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - start) * 10) / 10,
    });
  };
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF defence in depth (cookies are already SameSite=Lax): a browser always sends Origin on
 * cross-site writes, so a write whose Origin is not ours is refused.
 */
export function originCheck(trustedOrigins: string[]): MiddlewareHandler {
  const trusted = new Set(trustedOrigins);
  return async (c, next) => {
    const origin = c.req.header('origin');
    if (STATE_CHANGING.has(c.req.method) && origin && !trusted.has(origin)) {
      throw new AppError(403, 'forbidden', 'Origen de la petición no permitido');
    }
    await next();
  };
}

const NO_STORE = [['Cache-Control', 'no-store']] as const;

export function noStore(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    setResponseHeaders(c, NO_STORE);
  };
}

/** A 200 with a body already serialised, typed for the client (`hc`) as `c.json` would. */
export const jsonText = <T>(c: Context, body: JsonText<T>) =>
  c.body(body, 200, { 'content-type': 'application/json' }) as unknown as Response &
    TypedResponse<JSONParsed<T>, 200, 'json'>;
