import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { patientOwes, saldosPacientes } from '../db/schema/index.ts';

/**
 * What patients owe (issue 25), written once for the account, the receipt, the balance reminder, the
 * debtors' list and the balance report, so none of them disagrees with another. Read from each patient's
 * totals (`saldos_pacientes`, kept by triggers in the writing statement, migration 0051), never by summing
 * a clinic's history.
 */
const s = saldosPacientes;

/** SQL: the balance of a `saldos_pacientes` row: treatments done less payments (annulments are negative). */
const balanceOfRow = sql<number>`(${s.realizado} - ${s.cobrado})`;

/**
 * What a patient owes: their treatments done less their payments (annulments are negative entries, so
 * they add the amount back). Above zero it is owed; below zero it is the patient's credit (an advance).
 * `pacienteId` is a column or a bound value.
 */
export function balanceOf(pacienteId: SQLWrapper): SQL<number> {
  // The condition nested: a one-table select writes the columns of its fields' own chunks unqualified.
  const own = sql`${s.pacienteId} = ${pacienteId}`;
  return sql<number>`coalesce((select ${balanceOfRow} from ${s} where ${own}), 0)::bigint`.mapWith(Number);
}

/**
 * The clinic's debtors, one row each: the active patients whose balance is above zero (what they owe,
 * `saldo`, and what they paid, `pagado`). A patient's credit never lowers another patient's debt.
 */
export function debtorsOf(db: Executor, clinicaId: string) {
  return db
    .select({
      pacienteId: s.pacienteId,
      pagado: sql<number>`${s.cobrado}`.as('pagado'),
      saldo: sql<number>`${balanceOfRow}`.as('saldo'),
    })
    .from(s)
    .where(and(eq(s.clinicaId, clinicaId), patientOwes(s)));
}

/**
 * What the clinic's patients owe it now, and how many owe: the sum of every debtor's balance
 * (`debtorsOf`), one row. Read by the partial index of debtors alone: the list's total and the report's.
 */
export function owedToClinic(db: Executor, clinicaId: string) {
  const debtors = debtorsOf(db, clinicaId).as('deudores');
  return db
    .select({
      deudores: sql<number>`count(*)::int`.mapWith(Number).as('deudores'),
      importe: sql<number>`coalesce(sum(${debtors.saldo}), 0)::bigint`.mapWith(Number).as('importe'),
    })
    .from(debtors);
}
