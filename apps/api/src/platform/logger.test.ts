import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { AppError } from './errors.ts';
import { errorResponse } from './http.ts';
import { createLogger } from './logger.ts';

/** A value only the failed statements carry: no log line may show it. */
const SECRET = 'Lucía Gómez, caries en el 16';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function capture() {
  const lines: string[] = [];
  const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
  return { logger, lines, parsed: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

const failure = (statement: Promise<unknown>) =>
  statement.then(
    () => {
      throw new Error('the statement should have failed');
    },
    (error: unknown) => error as Error,
  );

/** A value the database quotes in its message (22P02) and a row it quotes in `detail` (23505). */
const badCast = () => failure(t.db.execute(sql`select ${SECRET}::int as n`));
const duplicate = () =>
  failure(
    t.db.transaction(async (tx) => {
      await tx.execute(sql`create temp table secretos (v text unique) on commit drop`);
      await tx.execute(sql`insert into secretos values (${SECRET}), (${SECRET})`);
    }),
  );

describe('logger', () => {
  it('never writes a failed statement, its parameters or a value the database quotes, however the error is logged', async () => {
    const { logger, lines, parsed } = capture();
    const cast = await badCast();
    const dup = await duplicate();
    // The errors do carry the data: this is what must not reach the log.
    expect(`${cast.message} ${String((cast.cause as Error).message)}`).toContain(SECRET);
    expect(JSON.stringify((dup.cause as { detail?: string }).detail ?? dup.message)).toContain('Lucía');

    for (const err of [cast, dup]) {
      logger.error({ err, method: 'PUT', path: '/api/x' }, 'unhandled error');
      logger.error({ err });
      logger.error(err);
      logger.warn({ args: ['Failed to create user', err] }, 'better-auth: error'); // better-auth's shape
      logger.error({ err: new Error('no se pudo guardar', { cause: err }) }, 'envuelto');
    }
    expect(lines).toHaveLength(10);
    for (const line of lines) {
      expect(line).not.toContain('Lucía');
      expect(line).not.toContain('caries');
      expect(line.toLowerCase()).not.toContain('select');
      expect(line.toLowerCase()).not.toContain('insert into');
    }
    const [castLine, , alone, authLine, wrapped] = parsed();
    expect(castLine).toMatchObject({ msg: 'unhandled error', method: 'PUT', err: { type: 'DrizzleQueryError' } });
    // What helps to find the fault stays: the SQLSTATE, the frames, the wrapper's own message.
    expect(JSON.stringify(castLine.err)).toContain('"code":"22P02"');
    expect((castLine.err as { stack: string }).stack).toMatch(/^\s+at /);
    expect(alone.msg).toBe('Failed query (its SQL and parameters are not logged)');
    expect(JSON.stringify(authLine.args)).toContain('22P02');
    expect(wrapped.err).toMatchObject({ message: 'no se pudo guardar', cause: { type: 'DrizzleQueryError' } });
    const dupLine = parsed()[5];
    expect(JSON.stringify(dupLine.err)).toContain('"code":"23505"');
    // A message that names objects, not values, is kept.
    expect(JSON.stringify(dupLine.err)).toContain('duplicate key value violates unique constraint');
  });

  it("the error handler's 500 log line carries no parameter either", async () => {
    const { logger, lines } = capture();
    const app = new Hono()
      .get('/x', async () => {
        await t.db.execute(sql`select ${SECRET}::uuid`);
        return new Response('no');
      })
      .onError((error, c) => errorResponse(error, c, logger));
    const res = await app.request('/x');
    expect(res.status).toBe(500);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('22P02');
    expect(lines[0]).not.toContain('Lucía');
  });

  it('logs other errors and plain objects as before', () => {
    const { logger, parsed } = capture();
    logger.warn({ err: new AppError(409, 'conflict', 'Ya existe', { nombre: 'Ya existe' }) }, 'conflicto');
    logger.info({ method: 'GET', path: '/api/x', status: 200, ms: 1.5 });
    const [conflict, request] = parsed();
    expect(conflict.err).toMatchObject({
      type: 'AppError',
      message: 'Ya existe',
      status: 409,
      fields: { nombre: 'Ya existe' },
    });
    expect(request).toMatchObject({ method: 'GET', path: '/api/x', status: 200, ms: 1.5 });
  });
});
