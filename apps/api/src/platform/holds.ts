import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { citas } from '../db/schema/index.ts';

/**
 * Deletes the online-booking holds that have ended (appointments `retenida` past `retenida_hasta`,
 * issue 24). A hold that has ended never blocks a booking (whoever needs its time deletes it first);
 * this keeps them from lingering in the table. Run by every instance's background round.
 */
export async function sweepExpiredHolds(db: Executor): Promise<number> {
  const gone = await db
    .delete(citas)
    .where(and(eq(citas.estado, 'retenida'), sql`${citas.retenidaHasta} <= now()`))
    .returning({ id: citas.id });
  return gone.length;
}
