import { PAYMENT_MESSAGES, formatDate } from '@odontia/shared';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { ph, preparedQuery } from '../db/prepared.ts';
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
 * when the member had not opened it, and share-locked until the caller's transaction ends: a close of the
 * same cash (which locks it exclusively) waits for the payments in flight, and a payment sees a close that
 * committed first; the payments of one cash do not wait for each other. A closed cash of `hoy` (or later)
 * sends it to the member's next day; a closed day in the past refuses it (409).
 */
export async function takeCashDay(
  tx: Executor,
  actor: Pick<AuditActor, 'clinicaId' | 'userId'>,
  dia: string,
  hoy: string,
): Promise<CashDayRef> {
  for (let day = dia; ; day = nextDay(day)) {
    const row = (await cashOf(tx, actor, day)) ?? (await insertCash(tx, actor, day)) ?? (await cashOf(tx, actor, day));
    if (row!.estado === 'abierta') return { id: row!.id, dia: day };
    if (day < hoy) throw conflict(PAYMENT_MESSAGES.dayClosed(formatDate(day)));
  }
}

/** A new row of the member's cash of `dia`: whose (named as the team knows them now) and which day. */
export const newCashRow = (actor: Pick<AuditActor, 'clinicaId' | 'userId'>, dia: string) => ({
  clinicaId: actor.clinicaId,
  usuarioId: actor.userId,
  usuarioNombre: memberNameOf(actor.userId),
  dia,
});

/** A member has one cash a day: the unique key a new row's insert meets. */
export const CASH_DAY_KEY = [cajas.clinicaId, cajas.usuarioId, cajas.dia];

/** The member's cash of `day`, share-locked: built once, a named prepared statement. */
const cashQuery = preparedQuery<{ clinicaId: string; userId: string; dia: string }>('odontia_caja_del_dia')((db) =>
  db
    .select({ id: cajas.id, estado: cajas.estado })
    .from(cajas)
    .where(and(eq(cajas.clinicaId, ph('clinicaId')), eq(cajas.usuarioId, ph('userId')), eq(cajas.dia, ph('dia'))))
    .for('share'),
);

/** The member's cash of `day`, share-locked, or undefined. */
async function cashOf(tx: Executor, actor: Pick<AuditActor, 'clinicaId' | 'userId'>, day: string) {
  const [row] = await cashQuery(tx, { clinicaId: actor.clinicaId, userId: actor.userId, dia: day });
  return row;
}

/**
 * Opens the member's cash of `day`: the new row is the caller's until it commits. Undefined when another
 * transaction opened it first (the insert waited for it to commit).
 */
async function insertCash(tx: Executor, actor: Pick<AuditActor, 'clinicaId' | 'userId'>, day: string) {
  const [row] = await tx
    .insert(cajas)
    .values(newCashRow(actor, day))
    .onConflictDoNothing({ target: CASH_DAY_KEY })
    .returning({ id: cajas.id, estado: cajas.estado });
  return row;
}
