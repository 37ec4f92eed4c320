import { sql } from 'drizzle-orm';
import { boolean, check, date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { NoteState } from '@odontia/shared';
import { clinicas } from './clinics.ts';
import { pacientes } from './patients.ts';

/**
 * Clinical notes (evoluciones, issue 22; Ley 41/2002, Res. 1995/1999). A note is a `borrador` its author
 * may still change; signing (`firmada`) fixes its text, author and time and keeps the SHA-256 of its
 * canonical content (shared `canonicalNoteContent`). A draft is never erased either: its author may
 * discard it (`descartada`), which keeps the row, out of every list. Triggers (migration 0027) refuse
 * any UPDATE or DELETE of a note that is no longer a draft, whoever connects.
 *
 * No foreign key carries a cascade or a SET NULL to a signed note (either would be an update or a
 * delete the trigger refuses): the patient and the clinic cannot be erased while they have notes (the
 * app deactivates patients), the author is kept by id with their name at the time, and the appointment
 * is a plain id, checked by the app when the note is written (an appointment is never erased either,
 * only cancelled).
 */
export const notasClinicas = pgTable(
  'notas_clinicas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicaId: uuid('clinica_id')
      .notNull()
      .references(() => clinicas.id),
    pacienteId: uuid('paciente_id')
      .notNull()
      .references(() => pacientes.id),
    citaId: uuid('cita_id'),
    autorId: text('autor_id').notNull(),
    autorNombre: text('autor_nombre').notNull(),
    /** The visit's day (the clinic's calendar). */
    fecha: date('fecha', { mode: 'string' }).notNull(),
    texto: text('texto').notNull(),
    /** A CIE-10 code of the dental chapter (shared CIE10_DENTAL). */
    diagnostico: text('diagnostico'),
    /** Catalogue services (productos.categoria = 'servicio') done at the visit. */
    procedimientos: uuid('procedimientos')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** 'Anotación subjetiva': withheld from the patient's copy of the record (Ley 41/2002 art. 18.3). */
    subjetiva: boolean('subjetiva').notNull().default(false),
    estado: text('estado').$type<NoteState>().notNull().default('borrador'),
    fechaCreacion: timestamp('fecha_creacion', { withTimezone: true }).notNull().defaultNow(),
    fechaActualizacion: timestamp('fecha_actualizacion', { withTimezone: true }).notNull().defaultNow(),
    fechaFirma: timestamp('fecha_firma', { withTimezone: true }),
    /** SHA-256 (hex) of the canonical content at signing. */
    hash: text('hash'),
    fechaDescarte: timestamp('fecha_descarte', { withTimezone: true }),
  },
  (t) => [
    check('notas_clinicas_estado_valido', sql`${t.estado} in ('borrador', 'firmada', 'descartada')`),
    check(
      'notas_clinicas_firma_completa',
      sql`(${t.estado} = 'firmada') = (${t.fechaFirma} is not null and ${t.hash} is not null)`,
    ),
    // The patient's timeline, newest written first: its first page reads only the notes it shows.
    index('notas_clinicas_paciente_idx').on(t.clinicaId, t.pacienteId, t.fechaCreacion.desc().nullsFirst()),
    // 'Notas sin firmar': an author's drafts.
    index('notas_clinicas_borradores_idx')
      .on(t.clinicaId, t.autorId, t.fechaCreacion)
      .where(sql`${t.estado} = 'borrador'`),
  ],
);

/**
 * Addenda (adendas) of a signed note: the only way to correct it. Signed by their author when written
 * (their SHA-256 kept), append-only: triggers refuse UPDATE and DELETE (migration 0027).
 */
export const adendasNotas = pgTable(
  'adendas_notas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicaId: uuid('clinica_id')
      .notNull()
      .references(() => clinicas.id),
    notaId: uuid('nota_id')
      .notNull()
      .references(() => notasClinicas.id),
    autorId: text('autor_id').notNull(),
    autorNombre: text('autor_nombre').notNull(),
    texto: text('texto').notNull(),
    fecha: timestamp('fecha', { withTimezone: true }).notNull().defaultNow(),
    hash: text('hash').notNull(),
  },
  (t) => [index('adendas_notas_nota_idx').on(t.notaId, t.fecha)],
);

/** A clinic's note templates (title and body with placeholders, shared `fillTemplate`). Not clinical data. */
export const plantillasNotas = pgTable(
  'plantillas_notas',
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
  (t) => [index('plantillas_notas_clinica_idx').on(t.clinicaId, t.titulo)],
);
