import { isId, unstorableText } from '@odontia/shared';
import type { Context, Env, MiddlewareHandler, ValidationTargets } from 'hono';
import type { FormValue } from 'hono/types';
import type { InferInput } from 'hono/validator';
import { validator } from 'hono/validator';
import type { z } from 'zod';
import type { AppEnv } from './context.ts';
import { AppError, type FieldErrors } from './errors.ts';

function fieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

const failure = (status: 400 | 422, fields: FieldErrors) =>
  // The first message is the headline: forms show every field, toasts show this one.
  new AppError(status, 'validation_error', Object.values(fields)[0] ?? 'Datos no válidos', fields);

/**
 * Every string (and key) of a request part that no field can store (`unstorableText`: NUL, half an
 * emoji), by field path; null when there is none. Iterative, not recursive: a 1 MB body can nest half
 * a million levels deep. A first pass only looks (no path is built: the odontogram's ~230 values cost
 * a few microseconds); the paths are made only for a request that has such text.
 */
function unstorableFields(value: unknown): FieldErrors | null {
  if (!hasUnstorableText(value)) return null;
  const fields: FieldErrors = {};
  const stack: [unknown, string][] = [[value, '']];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const [node, path] = item;
    const message = typeof node === 'string' ? unstorableText(node) : null;
    if (message) fields[path || '_'] ??= message;
    if (typeof node !== 'object' || node === null) continue;
    for (const key of Object.keys(node)) {
      const keyMessage = unstorableText(key);
      if (keyMessage) fields[path || '_'] ??= keyMessage;
      stack.push([(node as Record<string, unknown>)[key], path ? `${path}.${key}` : key]);
    }
  }
  return fields;
}

function hasUnstorableText(value: unknown): boolean {
  const stack = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node === 'string') {
      if (unstorableText(node)) return true;
    } else if (typeof node === 'object' && node !== null) {
      for (const key in node) {
        if (unstorableText(key)) return true;
        stack.push((node as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}

/**
 * What every route does with what it receives: text that no field can store is refused first, on
 * every route and whatever the schema (it would reach the database as a 500, or be silently altered
 * by the driver); then the shared schema decides, with its Spanish messages. Both answer 400 with a
 * message per field. `status` 422 is for bodies that are well-formed but break a domain rule (an
 * odontogram that breaks the chart rules): it applies only when every issue is such a rule
 * (a refinement), never to a body of the wrong shape or types.
 */
export async function parseInput<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  status: 400 | 422 = 400,
): Promise<z.output<Schema>> {
  const unstorable = unstorableFields(value);
  if (unstorable) throw failure(400, unstorable);
  const result = await schema.safeParseAsync(value);
  if (result.success) return result.data;
  throw failure(result.error.issues.every((i) => i.code === 'custom') ? status : 400, fieldErrors(result.error));
}

const ROUTE_INPUT = Symbol('odontia.routeInput');

/** What a route validates: the request part, and its schema unless the schema depends on the request. */
export type RouteInput = { target: keyof ValidationTargets; schema: z.ZodType | null };

/**
 * The input a route's handler validates, read from the route table (`app.routes`): the
 * malformed-input test walks every route with this, so a route added later is covered too.
 */
export function routeInput(handler: unknown): RouteInput | undefined {
  return (handler as { [ROUTE_INPUT]?: RouteInput } | null)?.[ROUTE_INPUT];
}

/**
 * Validates a request part with a shared zod schema (see parseInput) and hands the parsed value to
 * the route (`c.req.valid('json')`), so the same rules and Spanish messages apply on the form and
 * here. The typed client (`hc`) sees the schema's input type (what may be sent: optional fields may
 * be left out), the route its output type (what was checked: trimmed, defaults applied). A schema that
 * depends on the request (the clinic's "today") is given as a function of the context.
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
  const middleware = validator(target, (value, c) =>
    parseInput(typeof schema === 'function' ? schema(c as Context<AppEnv>) : schema, value, options.status),
  );
  const input: RouteInput = { target, schema: typeof schema === 'function' ? null : schema };
  return Object.assign(middleware, { [ROUTE_INPUT]: input }) as unknown as MiddlewareHandler<Env, string, Types>;
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
