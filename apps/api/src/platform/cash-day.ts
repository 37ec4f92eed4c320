import { PAYMENT_MESSAGES, formatDate } from '@odontia/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { cajas } from '../db/schema/index.ts';
import type { AuditActor } from './audit.ts';
import { conflict } from './errors.ts';
import { memberNameOf } from './membership.ts';

export type CashDayRef = { id: string; dia: string };

const nextDay = (dia: string) => {
  const date = new Date(`${dia}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
};

/**
 * The member's cash a payment or an annulment of the clinic's day `dia` goes to (issue 25), opened by it
 * when the member had not opened it, and locked until the caller's transaction ends: a close of the same
 * cash waits for the payment, and the payment sees a close that committed first. A closed cash of `hoy`
 * (or later) sends it to the member's next day; a closed day in the past refuses it (409).
 */
export async function takeCashDay(
  tx: Executor,
  actor: Pick<AuditActor, 'clinicaId' | 'userId'>,
  dia: string,
  hoy: string,
): Promise<CashDayRef> {
  for (let day = dia; ; day = nextDay(day)) {
    // The upsert's update locks the row whether it inserted it or found it.
    const [row] = await tx
      .insert(cajas)
      .values({
        clinicaId: actor.clinicaId,
        usuarioId: actor.userId,
        usuarioNombre: memberNameOf(actor.userId),
        dia: day,
      })
      .onConflictDoUpdate({
        target: [cajas.clinicaId, cajas.usuarioId, cajas.dia],
        set: { estado: sql`${cajas.estado}` },
      })
      .returning({ id: cajas.id, estado: cajas.estado });
    if (row.estado === 'abierta') return { id: row.id, dia: day };
    if (day < hoy) throw conflict(PAYMENT_MESSAGES.dayClosed(formatDate(day)));
  }
}
