import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AuditAction, OdontogramChart } from '@odontia/shared';
import { user } from './auth.ts';
import { clinicas } from './clinics.ts';
import { pacientes } from './patients.ts';

/**
 * The odontogram of a patient, append-only (DESIGN §1): every save is a new row holding the complete
 * chart, its author and time; the current chart is the highest `version` (1, 2, 3… per patient, no
 * gaps, so the number of versions is the current version). Two saves from the same base race for the
 * same (paciente_id, version): the unique index lets exactly one win.
 *
 * The patient reference has no cascade (checked at the end of the statement): a patient with chart
 * versions cannot be erased (the app deactivates and hides them instead), while deleting a whole clinic,
 * which cascades to both tables, still works.
 */
export const odontogramaVersiones = pgTable(
  'odontograma_versiones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicaId: uuid('clinica_id')
      .notNull()
      .references(() => clinicas.id, { onDelete: 'cascade' }),
    pacienteId: uuid('paciente_id')
      .notNull()
      .references(() => pacientes.id),
    version: integer('version').notNull(),
    carta: jsonb('carta').$type<OdontogramChart>().notNull(),
    autorId: text('autor_id').references(() => user.id, { onDelete: 'set null' }),
    /** The author's name when they saved: the history names them even after they leave the clinic. */
    autorNombre: text('autor_nombre').notNull(),
    fechaCreacion: timestamp('fecha_creacion', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The current chart (first entry), the history pages and the race between two saves.
    uniqueIndex('odontograma_versiones_paciente_version_key').on(t.pacienteId, t.version.desc().nullsFirst()),
    index('odontograma_versiones_clinica_idx').on(t.clinicaId),
    check('odontograma_versiones_version_check', sql`${t.version} >= 1`),
  ],
);

/**
 * The audit trail of the clinical record (DESIGN §1): who viewed or changed a patient's chart or
 * record, from where and when. Append-only: the app never updates or deletes it, and triggers refuse
 * UPDATE, DELETE and TRUNCATE (migration auditoria_solo_insertar). For the same reason it has no
 * foreign keys (a cascade or a SET NULL would be an update or a delete): ids are kept as they were,
 * with the member's name at the time, and the patient's name on their deletion (`detalle.paciente`).
 */
export const auditoria = pgTable(
  'auditoria',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    clinicaId: uuid('clinica_id').notNull(),
    usuarioId: text('usuario_id').notNull(),
    usuarioNombre: text('usuario_nombre').notNull(),
    accion: text('accion').$type<AuditAction>().notNull(),
    pacienteId: uuid('paciente_id'),
    /** The client's address (platform/client-address.ts). */
    direccion: text('direccion').notNull(),
    /** Small facts of the action: the chart version saved or viewed, the deleted patient's name. */
    detalle: jsonb('detalle').$type<Record<string, string | number>>(),
    fecha: timestamp('fecha', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Newest first for the clinic, by patient, by member (id grows with time).
    index('auditoria_clinica_idx').on(t.clinicaId, t.id.desc().nullsFirst()),
    index('auditoria_paciente_idx').on(t.clinicaId, t.pacienteId, t.id.desc().nullsFirst()),
    index('auditoria_usuario_idx').on(t.clinicaId, t.usuarioId, t.id.desc().nullsFirst()),
  ],
);
