import type { Context, MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { AppError, type ErrorBody } from './errors.ts';
import type { Logger } from './logger.ts';

const INTERNAL: ErrorBody = { error: { code: 'internal_error', message: 'Ocurrió un error inesperado. Inténtalo de nuevo.' } };

/** Every failure leaves the server in one shape, with a Spanish message and nothing internal. */
export function errorResponse(error: unknown, c: Context, logger: Logger): Response {
  if (error instanceof AppError) return c.json(error.toBody(), error.status, error.headers);
  if (error instanceof SyntaxError || (error instanceof HTTPException && /json/i.test(error.message))) {
    return c.json({ error: { code: 'bad_request', message: 'El cuerpo de la petición no es JSON válido' } } satisfies ErrorBody, 400);
  }
  if (error instanceof HTTPException) {
    if (error.status === 413) {
      return c.json({ error: { code: 'payload_too_large', message: 'La petición es demasiado grande' } } satisfies ErrorBody, 413);
    }
    if (error.status < 500) {
      return c.json({ error: { code: 'bad_request', message: 'Petición no válida' } } satisfies ErrorBody, error.status);
    }
  }
  logger.error({ err: error, method: c.req.method, path: c.req.path }, 'unhandled error');
  return c.json(INTERNAL, 500);
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

export function noStore(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  };
}
