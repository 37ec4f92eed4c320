import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AlertCondition, AlertKind } from '@odontia/shared';
import { user } from './auth.ts';
import { clinicas } from './clinics.ts';
import { pacientes } from './patients.ts';

/**
 * A patient's medical alerts (antecedentes): one row per allergy, medication or condition, dated and
 * signed by the member who recorded it (their name kept as it was). Nothing clinical is deleted: an alert
 * that no longer holds is withdrawn (`fecha_retirada`, who withdrew it), and a trigger refuses any other
 * change and every DELETE but a whole clinic's (migration 0026). Like chart versions, the patient
 * reference has no cascade: a patient with alerts is archived, not erased.
 *
 * Every write moves the clinic's `pacientes_conteo.version` (triggers of migration 0026): the agenda's
 * cached reads show each appointment's short list of alerts, and that counter is the one that covers
 * what they read of a patient (docs/decisions/0015).
 */
export const antecedentes = pgTable(
  'antecedentes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicaId: uuid('clinica_id')
      .notNull()
      .references(() => clinicas.id, { onDelete: 'cascade' }),
    pacienteId: uuid('paciente_id')
      .notNull()
      .references(() => pacientes.id),
    tipo: text('tipo').$type<AlertKind>().notNull(),
    /** The allergen, the medication, or a condition 'otra'; null for a listed condition. */
    descripcion: text('descripcion'),
    anticoagulante: boolean('anticoagulante').notNull().default(false),
    condicion: text('condicion').$type<AlertCondition>(),
    fechaRegistro: timestamp('fecha_registro', { withTimezone: true }).notNull().defaultNow(),
    autorId: text('autor_id').references(() => user.id, { onDelete: 'set null' }),
    autorNombre: text('autor_nombre').notNull(),
    fechaRetirada: timestamp('fecha_retirada', { withTimezone: true }),
    retiradaPorId: text('retirada_por_id').references(() => user.id, { onDelete: 'set null' }),
    retiradaPorNombre: text('retirada_por_nombre'),
  },
  (t) => [
    // The short list of a patient (the alerts that hold) and the full list.
    index('antecedentes_paciente_idx').on(t.pacienteId, t.fechaRegistro.desc().nullsFirst()),
    index('antecedentes_clinica_idx').on(t.clinicaId),
    check('antecedentes_tipo_check', sql`${t.tipo} in ('alergia', 'medicacion', 'condicion')`),
    check(
      'antecedentes_condicion_check',
      sql`(${t.tipo} = 'condicion') = (${t.condicion} is not null)
        and (${t.condicion} is null or ${t.condicion} in ('diabetes', 'hipertension', 'cardiopatia', 'embarazo', 'otra'))`,
    ),
    check(
      'antecedentes_descripcion_check',
      sql`(${t.descripcion} is not null and length(${t.descripcion}) > 0) = (${t.tipo} <> 'condicion' or ${t.condicion} = 'otra')`,
    ),
    check('antecedentes_anticoagulante_check', sql`not ${t.anticoagulante} or ${t.tipo} = 'medicacion'`),
    check('antecedentes_retirada_check', sql`(${t.fechaRetirada} is null) = (${t.retiradaPorNombre} is null)`),
  ],
);
