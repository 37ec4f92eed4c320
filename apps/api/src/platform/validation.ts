import { isId } from '@odontia/shared';
import type { Context, Env, MiddlewareHandler, ValidationTargets } from 'hono';
import type { FormValue } from 'hono/types';
import type { InferInput } from 'hono/validator';
import { validator } from 'hono/validator';
import type { z } from 'zod';
import type { AppEnv } from './context.ts';
import { AppError, type FieldErrors } from './errors.ts';

export function fieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

export function validationError(error: z.ZodError, status: 400 | 422 = 400): AppError {
  const fields = fieldErrors(error);
  // The first message is the headline: forms show every field, toasts show this one.
  return new AppError(status, 'validation_error', Object.values(fields)[0] ?? 'Datos no válidos', fields);
}

/**
 * Validates a request part with a shared zod schema and hands the parsed value to the route
 * (`c.req.valid('json')`), so the same rules and Spanish messages apply on the form and here.
 * The typed client (`hc`) sees the schema's input type (what may be sent: optional fields may be
 * left out), the route its output type (what was checked: trimmed, defaults applied). A schema that
 * depends on the request (the clinic's "today") is given as a function of the context. `status` 422
 * is for bodies that are well-formed but break a domain rule (an odontogram that breaks the chart rules).
 */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema | ((c: Context<AppEnv>) => Schema),
  options: { status?: 400 | 422 } = {},
) {
  type Types = {
    in: { [K in Target]: K extends 'json' ? z.input<Schema> : InferInput<z.input<Schema>, K, FormValue> };
    out: { [K in Target]: z.output<Schema> };
  };
  const middleware = validator(target, async (value, c) => {
    const result = await (typeof schema === 'function' ? schema(c as Context<AppEnv>) : schema).safeParseAsync(value);
    if (!result.success) throw validationError(result.error, options.status);
    return result.data as z.output<Schema>;
  });
  return middleware as unknown as MiddlewareHandler<Env, string, Types>;
}

/**
 * The `:id` of a route, for every `/:id` route: a UUID, lower-cased. A malformed id is just another
 * id that does not exist, so it answers with the route's own not-found error (same status and body),
 * never a validation error or a database error.
 */
export function idParam(notFound: () => AppError) {
  return validator('param', (value: Record<string, string>) => {
    const id = value.id ?? '';
    if (!isId(id)) throw notFound();
    return { id: id.toLowerCase() };
  });
}
