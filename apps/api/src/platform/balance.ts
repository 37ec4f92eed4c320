import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { cobros, tratamientosRealizados } from '../db/schema/index.ts';

/**
 * What a patient owes (issue 25): their treatments done less their payments (annulments are negative
 * entries, so they add the amount back). Above zero it is owed; below zero it is the patient's credit.
 * One expression for the account, the debtors' list and the outbox's balance reminder, so the three
 * never disagree. `pacienteId` is a column or a bound value.
 */
export function balanceOf(pacienteId: SQLWrapper): SQL<number> {
  const t = tratamientosRealizados;
  return sql<number>`((select coalesce(sum(${t.importe}), 0) from ${t} where ${t.pacienteId} = ${pacienteId})
    - (select coalesce(sum(${cobros.importe}), 0) from ${cobros} where ${cobros.pacienteId} = ${pacienteId}))::bigint`.mapWith(
    Number,
  );
}
