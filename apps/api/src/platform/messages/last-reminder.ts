import type { LastReminder, StoredMessageTemplate } from '@odontia/shared';
import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { isoTimestampSql } from '../../db/prepared.ts';
import { mensajes } from '../../db/schema/index.ts';

/** A reminder that was dropped (nothing to remind of by then) or never went out does not count as the last one. */
const NOT_SENT = ['descartado', 'fallido'] as const;

/**
 * The latest reminder made from `plantillas` for each of these patients of the clinic (a balance
 * reminder, a recall), sent or still going out, by patient id. Read for one page of a list at a time;
 * each kind has its partial index on (patient, creation).
 */
export async function lastReminders(
  db: Executor,
  clinicaId: string,
  pacienteIds: string[],
  plantillas: readonly StoredMessageTemplate[],
): Promise<Map<string, LastReminder>> {
  const byPatient = new Map<string, LastReminder>();
  if (pacienteIds.length === 0) return byPatient;
  const rows = await db
    .selectDistinctOn([mensajes.pacienteId], {
      pacienteId: mensajes.pacienteId,
      canal: mensajes.canal,
      fecha: sql<string>`${isoTimestampSql(mensajes.fechaCreacion)}`,
    })
    .from(mensajes)
    .where(
      and(
        eq(mensajes.clinicaId, clinicaId),
        inArray(mensajes.pacienteId, pacienteIds),
        inArray(mensajes.plantilla, [...plantillas]),
        notInArray(mensajes.estado, [...NOT_SENT]),
      ),
    )
    .orderBy(mensajes.pacienteId, desc(mensajes.fechaCreacion), desc(mensajes.id));
  for (const row of rows) byPatient.set(row.pacienteId, { canal: row.canal, fecha: row.fecha });
  return byPatient;
}
