import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { clinicas } from './clinics.ts';

/**
 * Notifications for one member of one clinic (spec 000 §3, §7). `seq` orders them: a reconnecting
 * stream resumes after the `seq` of the notification its `Last-Event-ID` names. It never leaves the
 * server (one counter for the whole platform); the event id is the notification's `id`
 * (docs/decisions/0008-realtime-notifications.md).
 */
export const notificaciones = pgTable(
  'notificaciones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    clinicaId: uuid('clinica_id')
      .notNull()
      .references(() => clinicas.id, { onDelete: 'cascade' }),
    titulo: text('titulo').notNull(),
    mensaje: text('mensaje').notNull(),
    tipo: text('tipo').notNull().default('info'),
    /** alta | media | baja */
    prioridad: text('prioridad').notNull().default('media'),
    enlace: text('enlace'),
    leida: boolean('leida').notNull().default(false),
    fechaCreacion: timestamp('fecha_creacion', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('notificaciones_prioridad_check', sql`${t.prioridad} in ('alta', 'media', 'baja')`),
    // The list (newest first, keyset on seq) and the replay after a reconnect.
    index('notificaciones_usuario_seq_idx').on(t.userId, t.clinicaId, t.seq.desc().nullsFirst()),
    // The bell's unread count: only unread rows, so it stays small however many are read.
    index('notificaciones_no_leidas_idx')
      .on(t.userId, t.clinicaId, t.seq.desc().nullsFirst())
      .where(sql`not ${t.leida}`),
  ],
);

/** Community news on the dashboard (DESIGN §1), seeded by `seedReferenceData`. */
export const noticias = pgTable(
  'noticias',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    titulo: text('titulo').notNull().unique(),
    resumen: text('resumen').notNull(),
    contenido: text('contenido').notNull(),
    fecha: date('fecha').notNull(),
  },
  (t) => [index('noticias_fecha_idx').on(t.fecha.desc().nullsFirst())],
);
