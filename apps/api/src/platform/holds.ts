import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { citas } from '../db/schema/index.ts';

/** An online-booking hold that has ended: an appointment `retenida` past `retenida_hasta` (issue 24). */
const ended = () => and(eq(citas.estado, 'retenida'), sql`${citas.retenidaHasta} <= now()`);

/**
 * Deletes the holds that have ended. A hold that has ended never blocks a booking (whoever needs its
 * time deletes it first: `clearEndedHolds`); this keeps them from lingering in the table. Run by every
 * instance's background round.
 */
export async function sweepExpiredHolds(db: Executor): Promise<number> {
  const gone = await db.delete(citas).where(ended()).returning({ id: citas.id });
  return gone.length;
}

/**
 * Deletes the dentist's holds that have ended in the way of [inicio, fin) (instants, as SQL); how many
 * there were. For a write the no-overlap constraint refused, before it is tried once more: the
 * background round may not have swept them yet.
 */
export async function clearEndedHolds(db: Executor, dentistaId: string, inicio: SQL, fin: SQL): Promise<number> {
  const gone = await db
    .delete(citas)
    .where(
      and(
        eq(citas.dentistaId, dentistaId),
        ended(),
        sql`tstzrange(${citas.inicio}, ${citas.fin}) && tstzrange(${inicio}, ${fin})`,
      ),
    )
    .returning({ id: citas.id });
  return gone.length;
}
