import { CURRENCY_CODES, type CurrencyCode, type MessageTemplates } from '@odontia/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

export type ScheduleRow = { dias: string; horas: string };

export const clinicas = pgTable(
  'clinicas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Owner. One clinic per user, enforced by the unique index. */
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    nombre: text('nombre').notNull(),
    telefono: text('telefono'),
    logoUrl: text('logo_url'),
    direccion: text('direccion'),
    pais: text('pais'),
    ciudad: text('ciudad'),
    /** IANA zone of the clinic: "today" for date rules is the clinic's day, not UTC. */
    zonaHoraria: text('zona_horaria').notNull().default('Europe/Madrid'),
    /**
     * Every amount of the clinic (catalogue, budgets...) is an integer of this currency's smallest
     * unit (issue 23): its country's, set with the place (`currencyOf`), fixed once it has amounts.
     */
    moneda: text('moneda').$type<CurrencyCode>().notNull().default('COP'),
    /** Supplier accounts sell their catalogue in the store (DESIGN §1). */
    esProveedor: boolean('es_proveedor').notNull().default(false),
    // Public profile (spec 001 §2, DESIGN §1).
    publicada: boolean('publicada').notNull().default(false),
    fechaPublicacion: timestamp('fecha_publicacion', { withTimezone: true }),
    descripcion: text('descripcion'),
    especialidades: text('especialidades')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    servicios: text('servicios')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    horario: jsonb('horario').$type<ScheduleRow[]>().notNull().default([]),
    emailPublico: text('email_publico'),
    sitioWeb: text('sitio_web'),
    imagenUrl: text('imagen_url'),
    /** Set by the operator, never by the clinic. */
    destacada: boolean('destacada').notNull().default(false),
    fechaPerfilActualizado: timestamp('fecha_perfil_actualizado', { withTimezone: true }),
    // Messages to patients (issue 24): how long before an appointment its email reminder goes, until
    // how long before it the patient may cancel from their link, and the templates the clinic wrote
    // (the others are PLANTILLAS_PREDETERMINADAS).
    recordatorioHoras: integer('recordatorio_horas').notNull().default(48),
    cancelacionHoras: integer('cancelacion_horas').notNull().default(24),
    // Online booking (issue 24): on or off, the least notice, how far ahead, how many future bookings
    // one email or phone may hold, and whether the clinic approves each before it is confirmed.
    reservaOnline: boolean('reserva_online').notNull().default(false),
    reservaAntelacionMinutos: integer('reserva_antelacion_minutos').notNull().default(120),
    reservaHorizonteDias: integer('reserva_horizonte_dias').notNull().default(60),
    reservaMaxFuturas: integer('reserva_max_futuras').notNull().default(2),
    reservaRequiereAprobacion: boolean('reserva_requiere_aprobacion').notNull().default(false),
    /** 'Revisiones pendientes': a patient is due a check-up this many months after their last visit. */
    revisionMeses: integer('revision_meses').notNull().default(6),
    plantillasMensajes: jsonb('plantillas_mensajes')
      .$type<Partial<MessageTemplates>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** Normalized (lower case, no accents) name for the directory search; kept by odontia_normalizar. */
    nombreBusqueda: text('nombre_busqueda').generatedAlwaysAs(sql`odontia_normalizar(nombre)`),
    ciudadBusqueda: text('ciudad_busqueda').generatedAlwaysAs(sql`odontia_normalizar(coalesce(ciudad, ''))`),
    fechaCreacion: timestamp('fecha_creacion', { withTimezone: true }).notNull().defaultNow(),
    fechaActualizacion: timestamp('fecha_actualizacion', { withTimezone: true }),
  },
  (t) => [
    check('clinicas_recordatorio_horas_validas', sql`${t.recordatorioHoras} between 1 and 168`),
    check('clinicas_cancelacion_horas_validas', sql`${t.cancelacionHoras} between 0 and 168`),
    check(
      'clinicas_reserva_valida',
      sql`${t.reservaAntelacionMinutos} between 0 and 10080 and ${t.reservaHorizonteDias} between 1 and 365 and ${t.reservaMaxFuturas} between 1 and 20`,
    ),
    check('clinicas_revision_meses_validos', sql`${t.revisionMeses} between 1 and 36`),
    check('clinicas_moneda_valida', sql`${t.moneda} in (${sql.raw(CURRENCY_CODES.map((c) => `'${c}'`).join(', '))})`),
    uniqueIndex('clinicas_user_id_key').on(t.userId),
    index('clinicas_publicadas_idx')
      .on(t.destacada.desc().nullsFirst(), t.nombre, t.id)
      .where(sql`${t.publicada}`),
    index('clinicas_publicadas_ciudad_idx')
      .on(t.ciudadBusqueda)
      .where(sql`${t.publicada}`),
    index('clinicas_especialidades_idx')
      .using('gin', t.especialidades)
      .where(sql`${t.publicada}`),
    index('clinicas_nombre_trgm_idx')
      .using('gin', sql`${t.nombreBusqueda} gin_trgm_ops`)
      .where(sql`${t.publicada}`),
  ],
);

export const perfilesUsuario = pgTable('perfiles_usuario', {
  id: text('id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  nombres: text('nombres'),
  apellidos: text('apellidos'),
  telefono: text('telefono'),
  fotoUrl: text('foto_url'),
  fechaActualizacion: timestamp('fecha_actualizacion', { withTimezone: true }),
});

/** Membership of a user in a clinic. id is the auth user id: a user belongs to one clinic. */
export const usuarios = pgTable(
  'usuarios',
  {
    id: text('id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    clinicaId: uuid('clinica_id')
      .notNull()
      .references(() => clinicas.id, { onDelete: 'cascade' }),
    nombres: text('nombres').notNull(),
    email: text('email').notNull(),
    /** admin | dentista | asistente | recepcion */
    rol: text('rol').notNull(),
    activo: boolean('activo').notNull().default(true),
    fechaCreacion: timestamp('fecha_creacion', { withTimezone: true }).notNull().defaultNow(),
    fechaActualizacion: timestamp('fecha_actualizacion', { withTimezone: true }),
  },
  (t) => [index('usuarios_clinica_idx').on(t.clinicaId, t.nombres)],
);

export const rolesClinica = pgTable(
  'roles_clinica',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicaId: uuid('clinica_id')
      .notNull()
      .references(() => clinicas.id, { onDelete: 'cascade' }),
    nombre: text('nombre').notNull(),
    descripcion: text('descripcion'),
    esPredeterminado: boolean('es_predeterminado').notNull().default(false),
    fechaCreacion: timestamp('fecha_creacion', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('roles_clinica_nombre_key').on(t.clinicaId, t.nombre)],
);

export const usuariosRol = pgTable(
  'usuarios_rol',
  {
    usuarioId: text('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    rolId: uuid('rol_id')
      .notNull()
      .references(() => rolesClinica.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.usuarioId, t.rolId] }), index('usuarios_rol_rol_idx').on(t.rolId)],
);

export const permisos = pgTable('permisos', {
  id: uuid('id').primaryKey().defaultRandom(),
  nombre: text('nombre').notNull().unique(),
  descripcion: text('descripcion').notNull(),
  modulo: text('modulo').notNull(),
});

export const permisosRol = pgTable(
  'permisos_rol',
  {
    rolId: uuid('rol_id')
      .notNull()
      .references(() => rolesClinica.id, { onDelete: 'cascade' }),
    permisoId: uuid('permiso_id')
      .notNull()
      .references(() => permisos.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.rolId, t.permisoId] }), index('permisos_rol_permiso_idx').on(t.permisoId)],
);

export const terminosYCondiciones = pgTable('terminos_y_condiciones', {
  id: serial('id').primaryKey(),
  version: text('version').notNull(),
  contenido: text('contenido').notNull(),
  fechaCreacion: timestamp('fecha_creacion', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One number per clinic that moves whenever the permissions of any of its members may have changed:
 * a grant added to or taken from a role (`permisos_rol`), a role given or taken (`usuarios_rol`), a
 * role deleted, a permission renamed or deleted. Triggers (migration 0024) move it in the transaction
 * of the change, so reading it in the same statement as the permissions tells whether permissions
 * read earlier are still exact (platform/session.ts keeps them per process and reuses them while it
 * is unchanged).
 */
export const accesosVersion = pgTable('accesos_version', {
  clinicaId: uuid('clinica_id')
    .primaryKey()
    .references(() => clinicas.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
