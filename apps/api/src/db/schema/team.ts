import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { clinicas, rolesClinica } from './clinics.ts';

/**
 * Invitations to join a clinic (spec 001 §3 invitaciones_usuarios; DESIGN §1). The link's token is
 * never stored: only its sha256 (`token_hash`), so a copy of the table opens no account. One
 * invitation per clinic and email (the unique index answers 'Este email ya ha sido invitado a la
 * clínica'). `estado` is pendiente until the invited person registers (registrado); a pendiente
 * invitation past `fecha_expiracion` is shown Expirado.
 */
export const invitacionesUsuarios = pgTable(
  'invitaciones_usuarios',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicaId: uuid('clinica_id')
      .notNull()
      .references(() => clinicas.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    nombres: text('nombres').notNull(),
    /**
     * A role still offered by an invitation cannot be deleted (no action: checked at the end of the
     * statement, so deleting the whole clinic, which cascades to both, still works).
     */
    rolId: uuid('rol_id')
      .notNull()
      .references(() => rolesClinica.id),
    invitadoPor: text('invitado_por').references(() => user.id, { onDelete: 'set null' }),
    /** pendiente | registrado */
    estado: text('estado').notNull().default('pendiente'),
    tokenHash: text('token_hash').notNull(),
    fechaInvitacion: timestamp('fecha_invitacion', { withTimezone: true }).notNull().defaultNow(),
    fechaExpiracion: timestamp('fecha_expiracion', { withTimezone: true }).notNull(),
    fechaRegistro: timestamp('fecha_registro', { withTimezone: true }),
    usuarioId: text('usuario_id').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('invitaciones_usuarios_clinica_email_key').on(t.clinicaId, t.email),
    uniqueIndex('invitaciones_usuarios_token_key').on(t.tokenHash),
    index('invitaciones_usuarios_clinica_idx').on(t.clinicaId, t.fechaInvitacion.desc().nullsFirst()),
    index('invitaciones_usuarios_rol_idx').on(t.rolId),
    check('invitaciones_usuarios_estado_check', sql`${t.estado} in ('pendiente', 'registrado')`),
  ],
);
