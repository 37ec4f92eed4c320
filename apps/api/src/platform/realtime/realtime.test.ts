import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { encodeEvent, publish, type RealtimeEvent } from './realtime.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const event = (id: string): RealtimeEvent => ({ kind: 'notificacion', userId: 'u1', id });

/** Collects the events this instance receives until `count` have arrived (or the time runs out). */
function collect(count: number, timeoutMs = 2000) {
  const received: RealtimeEvent[] = [];
  let resyncs = 0;
  let done: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => (done = resolve));
  const timer = setTimeout(done, timeoutMs);
  const stop = t.deps.realtime.subscribe({
    event: (e) => {
      received.push(e);
      if (received.length >= count) done();
    },
    resync: () => {
      resyncs += 1;
    },
  });
  return {
    received,
    resyncs: () => resyncs,
    wait: async () => {
      await finished;
      clearTimeout(timer);
      stop();
      return received;
    },
  };
}

describe('platform/realtime', () => {
  it('delivers what a committed transaction published, in order, and nothing from a rolled-back one', async () => {
    const got = collect(3, 1500);
    await t.db
      .transaction(async (tx) => {
        await publish(tx, event('perdido'));
        throw new Error('rollback');
      })
      .catch(() => undefined);
    await t.db.transaction(async (tx) => {
      await publish(tx, [event('a'), event('b')]);
    });
    await publish(t.db, event('c'));
    // Only three of the four may arrive: waiting for a fourth shows the rolled-back one never does.
    expect((await got.wait()).map((e) => ('id' in e ? e.id : e.kind))).toEqual(['a', 'b', 'c']);
    const late = collect(1, 300);
    expect(await late.wait()).toEqual([]);
  });

  it('ignores payloads that are not its events', async () => {
    const got = collect(1, 1500);
    await t.db.execute(
      sql`select pg_notify('odontia_eventos', 'no es json'), pg_notify('odontia_eventos', '{"kind":"otro"}')`,
    );
    await publish(t.db, event('bueno'));
    expect((await got.wait()).map((e) => ('id' in e ? e.id : e.kind))).toEqual(['bueno']);
  });

  it('refuses a payload PostgreSQL would refuse (8,000 bytes)', () => {
    expect(() => encodeEvent(event('x'.repeat(8000)))).toThrow(/demasiado grande/);
  });

  it.runIf(process.env.TEST_DB_DRIVER === 'postgres')(
    'reconnects its LISTEN connection and asks subscribers to resync',
    async () => {
      const got = collect(1, 8000);
      await t.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'odontia-realtime' and datname = current_database()`,
      );
      await expect.poll(() => got.resyncs(), { timeout: 5000 }).toBe(1);
      await publish(t.db, event('después'));
      expect((await got.wait()).map((e) => ('id' in e ? e.id : e.kind))).toEqual(['después']);
    },
  );
});
