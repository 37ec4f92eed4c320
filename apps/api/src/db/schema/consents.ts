import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clinicas } from './clinics.ts';
import { pacientes } from './patients.ts';

/** Who signed a consent for the patient: the patient, or a guardian (a minor's, with name and relation). */
export type ConsentSigner = 'paciente' | 'tutor';

/**
 * Signed informed consents (consentimientos informados, issue 22; Ley 41/2002 art. 8-10). A row is the
 * record of one signing: the text exactly as it was signed (the template filled with the patient's and
 * the clinic's data), who signed it, and the PDF the server made with both signatures, kept in storage
 * under `archivoClave` with its SHA-256. Like a signed note it can never change: triggers (migration
 * 0029) refuse UPDATE, DELETE and TRUNCATE, and no key cascades into it (see `notasClinicas`). The
 * template is a plain id (templates are the clinic's texts, edited and deleted freely).
 */
export const consentimientos = pgTable(
  'consentimientos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicaId: uuid('clinica_id')
      .notNull()
      .references(() => clinicas.id),
    pacienteId: uuid('paciente_id')
      .notNull()
      .references(() => pacientes.id),
    plantillaId: uuid('plantilla_id'),
    titulo: text('titulo').notNull(),
    /** The filled text, as the patient read and signed it. */
    texto: text('texto').notNull(),
    /** The patient's full name at the time. */
    pacienteNombre: text('paciente_nombre').notNull(),
    firmante: text('firmante').$type<ConsentSigner>().notNull(),
    tutorNombre: text('tutor_nombre'),
    tutorRelacion: text('tutor_relacion'),
    /** The member who signed as the professional, by id with their name at the time. */
    profesionalId: text('profesional_id').notNull(),
    profesionalNombre: text('profesional_nombre').notNull(),
    fechaFirma: timestamp('fecha_firma', { withTimezone: true }).notNull().defaultNow(),
    /** The signed PDF in storage; never served by the public files route. */
    archivoClave: text('archivo_clave').notNull(),
    /** SHA-256 (hex) of the PDF's bytes. */
    sha256: text('sha256').notNull(),
    bytes: integer('bytes').notNull(),
  },
  (t) => [
    check('consentimientos_firmante_valido', sql`${t.firmante} in ('paciente', 'tutor')`),
    check(
      'consentimientos_tutor_completo',
      sql`(${t.firmante} = 'tutor') = (${t.tutorNombre} is not null and ${t.tutorRelacion} is not null)`,
    ),
    // The patient's record, newest first.
    index('consentimientos_paciente_fecha_idx').on(t.clinicaId, t.pacienteId, t.fechaFirma.desc().nullsFirst()),
  ],
);

/** A clinic's consent templates (title and body with placeholders). Not clinical data. */
export const plantillasConsentimientos = pgTable(
  'plantillas_consentimientos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicaId: uuid('clinica_id')
      .notNull()
      .references(() => clinicas.id, { onDelete: 'cascade' }),
    titulo: text('titulo').notNull(),
    cuerpo: text('cuerpo').notNull(),
    fechaCreacion: timestamp('fecha_creacion', { withTimezone: true }).notNull().defaultNow(),
    fechaActualizacion: timestamp('fecha_actualizacion', { withTimezone: true }),
  },
  (t) => [index('plantillas_consentimientos_clinica_idx').on(t.clinicaId, t.titulo)],
);
