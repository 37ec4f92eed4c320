import {
  ALERT_CONDITION_LABELS,
  ALERT_CONDITIONS,
  ALLERGY_LABEL_PREFIX,
  ANTICOAGULANT_LABEL,
  type AlertCondition,
} from '@odontia/shared';
import { and, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { tableRef } from './column-map.ts';
import type { Executor } from './client.ts';
import { antecedentes, pacientes } from './schema/index.ts';

/**
 * The one definition of a patient's short list of medical alerts (issue 22), the labels the red badge
 * shows wherever staff meet the patient: their record, the chart, an appointment, the calendar's cells
 * and the patient picker. It is kept in `pacientes.alertas`, written by `refreshAlertLabels` in the
 * transaction of every change to a patient's alerts, so those statements read a column: the list comes
 * with what the screen already reads, never as a request or a sub-select per patient.
 *
 * An alert that holds (not withdrawn) gives a label: an allergy 'Alergia a <descripción>', an
 * anticoagulant 'Anticoagulante' (other medication gives none: it is in the full list, not an alert),
 * a condition its name or, for 'otra', its description. Allergies first, then anticoagulants, then
 * conditions, each in the order they were recorded; a label repeated (two anticoagulants) is shown once.
 */

/** A constant of ours as an SQL literal (the texts are the shared labels, not input). */
const literal = (text: string) => sql.raw(`'${text.replaceAll("'", "''")}'`);

const al = alias(antecedentes, 'al');
type Alerts = typeof antecedentes | typeof al;

/** The short label of one alert row (null: it gives none). */
export const alertLabel = (a: Alerts): SQL<string | null> => sql<string | null>`case ${a.tipo}
    when 'alergia' then ${literal(ALLERGY_LABEL_PREFIX)} || ${a.descripcion}
    when 'medicacion' then case when ${a.anticoagulante} then ${literal(ANTICOAGULANT_LABEL)} end
    when 'condicion' then case ${a.condicion}
      ${sql.join(
        ALERT_CONDITIONS.map((code: AlertCondition) =>
          code === 'otra'
            ? sql`when 'otra' then ${a.descripcion}`
            : sql`when ${literal(code)} then ${literal(ALERT_CONDITION_LABELS[code])}`,
        ),
        sql` `,
      )}
    end
  end`;

const kindOrder = (a: Alerts) => sql`case ${a.tipo} when 'alergia' then 0 when 'medicacion' then 1 else 2 end`;

/**
 * The short list of the patient whose id is `pacienteId` (a column of the enclosing statement): a JSON
 * array of labels, empty when none. A correlated sub-select on antecedentes_paciente_idx.
 */
const alertLabels = (pacienteId: AnyColumn | SQL): SQL<string[]> =>
  sql<string[]>`coalesce((
    select jsonb_agg(e.etiqueta order by e.orden, e.primera) from (
      select ${alertLabel(al)} as etiqueta, min(${kindOrder(al)}) as orden, min(${al.fechaRegistro}) as primera
      from ${tableRef(al)}
      where ${al.pacienteId} = ${pacienteId} and ${al.fechaRetirada} is null
      group by 1
    ) as e where e.etiqueta is not null), '[]'::jsonb)`;

/**
 * Writes `pacientes.alertas` of the patients `which` selects (a condition on pacientes) from their
 * alerts, where it differs: after every change to a patient's alerts, in its transaction, and at
 * startup for all (a no-op unless an alert was written without it, e.g. before the column existed).
 */
export async function refreshAlertLabels(tx: Executor, which: SQL): Promise<void> {
  await tx
    .update(pacientes)
    .set({ alertas: alertLabels(pacientes.id) })
    .where(and(which, sql`${pacientes.alertas} is distinct from ${alertLabels(pacientes.id)}`));
}
