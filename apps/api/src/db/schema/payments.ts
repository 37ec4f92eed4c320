import type { CurrencyCode, MethodTotal, CollectionMethod } from '@odontia/shared';
import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { lineasPresupuesto, tratamientosRealizados } from './budgets.ts';
import { clinicas } from './clinics.ts';
import { pacientes } from './patients.ts';

/**
 * A clinic's receipt numbers per year (R-2027-000123), taken with an upsert in the transaction that
 * inserts the payment, as budgets' numbers are: two desks wait for each other on the row, and a payment
 * that rolls back gives its number back. No gaps, no repeats.
 */
export const contadoresRecibos = pgTable(
  'contadores_recibos',
  {
    clinicaId: uuid('clinica_id')
      .notNull()
      .references(() => clinicas.id, { onDelete: 'cascade' }),
    anio: integer('anio').notNull(),
    ultimo: integer('ultimo').notNull(),
  },
  (t) => [primaryKey({ columns: [t.clinicaId, t.anio] })],
);

/**
 * A member's cash for one of the clinic's days (issue 25): opened with a float, by hand or by its first
 * payment, and closed with the cash counted. The close stores what it expected per method, so a later
 * change of the rules never changes a closed day. A closed day takes no more payments: they go to the
 * member's next day. Every payment and annulment takes this row's lock first, so a close and a payment
 * never cross.
 */
export const cajas = pgTable(
  'cajas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicaId: uuid('clinica_id')
      .notNull()
      .references(() => clinicas.id, { onDelete: 'cascade' }),
    usuarioId: text('usuario_id').references(() => user.id, { onDelete: 'set null' }),
    usuarioNombre: text('usuario_nombre').notNull(),
    dia: date('dia', { mode: 'string' }).notNull(),
    estado: text('estado').$type<'abierta' | 'cerrada'>().notNull().default('abierta'),
    fondoInicial: bigint('fondo_inicial', { mode: 'number' }).notNull().default(0),
    fechaApertura: timestamp('fecha_apertura', { withTimezone: true }).notNull().defaultNow(),
    fechaCierre: timestamp('fecha_cierre', { withTimezone: true }),
    /** At the close: per method, what the day's payments add up to (annulments subtracted). */
    totales: jsonb('totales').$type<MethodTotal[]>(),
    efectivoEsperado: bigint('efectivo_esperado', { mode: 'number' }),
    efectivoContado: bigint('efectivo_contado', { mode: 'number' }),
    diferencia: bigint('diferencia', { mode: 'number' }),
    nota: text('nota'),
  },
  (t) => [
    uniqueIndex('cajas_clinica_usuario_dia_key').on(t.clinicaId, t.usuarioId, t.dia),
    index('cajas_clinica_dia_idx').on(t.clinicaId, t.dia.desc().nullsFirst()),
    check('cajas_estado_valido', sql`${t.estado} in ('abierta', 'cerrada')`),
    check('cajas_fondo_no_negativo', sql`${t.fondoInicial} >= 0`),
    check(
      'cajas_cierre_completo',
      sql`${t.estado} = 'abierta' or (${t.fechaCierre} is not null and ${t.efectivoContado} is not null and ${t.diferencia} is not null and ${t.totales} is not null)`,
    ),
  ],
);

/**
 * A payment (cobro) of a patient, or the reversing entry of an annulment. A payment carries its receipt
 * number and a positive amount; an annulment a negative amount, the payment it reverses (one at most) and
 * its reason. Neither is ever deleted or changed, except the payment's `anulado` flag, set in the
 * annulment's transaction so the account reads its applications as void without a join. Amounts are
 * integers of `moneda`'s smallest unit.
 */
export const cobros = pgTable(
  'cobros',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicaId: uuid('clinica_id')
      .notNull()
      .references(() => clinicas.id, { onDelete: 'cascade' }),
    pacienteId: uuid('paciente_id')
      .notNull()
      .references(() => pacientes.id, { onDelete: 'cascade' }),
    tipo: text('tipo').$type<'cobro' | 'anulacion'>().notNull().default('cobro'),
    numero: text('numero'),
    fecha: timestamp('fecha', { withTimezone: true }).notNull().defaultNow(),
    /** The clinic's day of the cash it belongs to: the payment's day, or the next one when that was closed. */
    diaCaja: date('dia_caja', { mode: 'string' }).notNull(),
    cajaId: uuid('caja_id')
      .notNull()
      .references(() => cajas.id, { onDelete: 'cascade' }),
    importe: bigint('importe', { mode: 'number' }).notNull(),
    moneda: text('moneda').$type<CurrencyCode>().notNull(),
    metodo: text('metodo').$type<CollectionMethod>().notNull(),
    referencia: text('referencia'),
    cobradoPor: text('cobrado_por').references(() => user.id, { onDelete: 'set null' }),
    cobradoPorNombre: text('cobrado_por_nombre').notNull(),
    /** What was left on account when it was taken (a payment's amount less its applications). */
    anticipo: bigint('anticipo', { mode: 'number' }).notNull().default(0),
    anulado: boolean('anulado').notNull().default(false),
    anulaId: uuid('anula_id').references((): AnyPgColumn => cobros.id, { onDelete: 'cascade' }),
    motivo: text('motivo'),
  },
  (t) => [
    uniqueIndex('cobros_clinica_numero_key')
      .on(t.clinicaId, t.numero)
      .where(sql`${t.numero} is not null`),
    uniqueIndex('cobros_anula_key')
      .on(t.anulaId)
      .where(sql`${t.anulaId} is not null`),
    index('cobros_clinica_fecha_idx').on(t.clinicaId, t.fecha),
    index('cobros_paciente_idx').on(t.pacienteId, t.fecha),
    index('cobros_caja_idx').on(t.cajaId),
    check('cobros_tipo_valido', sql`${t.tipo} in ('cobro', 'anulacion')`),
    check(
      'cobros_metodo_valido',
      sql`${t.metodo} in ('efectivo', 'tarjeta', 'transferencia', 'bizum', 'nequi', 'daviplata')`,
    ),
    check(
      'cobros_forma_valida',
      sql`(${t.tipo} = 'cobro' and ${t.importe} > 0 and ${t.numero} is not null and ${t.anulaId} is null and ${t.anticipo} between 0 and ${t.importe})
        or (${t.tipo} = 'anulacion' and ${t.importe} < 0 and ${t.numero} is null and ${t.anulaId} is not null and ${t.motivo} is not null and not ${t.anulado})`,
    ),
  ],
);

/**
 * What a payment paid: part of a treatment done, or of an accepted budget line not yet done (paid ahead;
 * once the line is done, its treatment names it and the account counts it there). Void while its payment
 * is `anulado`.
 */
export const aplicacionesCobro = pgTable(
  'aplicaciones_cobro',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cobroId: uuid('cobro_id')
      .notNull()
      .references(() => cobros.id, { onDelete: 'cascade' }),
    clinicaId: uuid('clinica_id')
      .notNull()
      .references(() => clinicas.id, { onDelete: 'cascade' }),
    tratamientoId: uuid('tratamiento_id').references(() => tratamientosRealizados.id, { onDelete: 'cascade' }),
    lineaPresupuestoId: uuid('linea_presupuesto_id').references(() => lineasPresupuesto.id, {
      onDelete: 'cascade',
    }),
    importe: bigint('importe', { mode: 'number' }).notNull(),
    /** Applied later from the payment's advance ('Aplicar anticipo'), not when it was taken. */
    delAnticipo: boolean('del_anticipo').notNull().default(false),
  },
  (t) => [
    index('aplicaciones_cobro_cobro_idx').on(t.cobroId),
    index('aplicaciones_cobro_tratamiento_idx').on(t.tratamientoId),
    index('aplicaciones_cobro_linea_idx').on(t.lineaPresupuestoId),
    check('aplicaciones_cobro_importe_valido', sql`${t.importe} > 0`),
    check('aplicaciones_cobro_una_partida', sql`(${t.tratamientoId} is null) <> (${t.lineaPresupuestoId} is null)`),
  ],
);

/**
 * Each patient's totals (issue 25): what their treatments done add up to (`realizado`), what their
 * payments do (`cobrado`; annulments are negative rows, so they take their payment back out), and whether
 * the patient is archived. Kept exact by triggers (migration 0051): statement-level ones on
 * `tratamientos_realizados` and `cobros` add each statement's change per patient in that same statement,
 * so the writing transaction reads its own payment; a row-level one on `pacientes` follows archiving. A
 * patient with neither treatments nor payments has no row. platform/balance.ts reads them: a patient's
 * balance, and what the clinic's patients owe in all, without summing the clinic's whole history.
 */
export const saldosPacientes = pgTable(
  'saldos_pacientes',
  {
    pacienteId: uuid('paciente_id')
      .primaryKey()
      .references(() => pacientes.id, { onDelete: 'cascade' }),
    clinicaId: uuid('clinica_id')
      .notNull()
      .references(() => clinicas.id, { onDelete: 'cascade' }),
    realizado: bigint('realizado', { mode: 'number' }).notNull(),
    cobrado: bigint('cobrado', { mode: 'number' }).notNull(),
    archivado: boolean('archivado').notNull(),
  },
  (t) => [
    // The clinic's debtors, read without their rows (index-only): the list's page and every total.
    index('saldos_pacientes_deudores_idx').on(t.clinicaId, t.realizado, t.cobrado).where(patientOwes(t)),
  ],
);

/**
 * SQL: the patient of a `saldos_pacientes` row owes the clinic: not archived, and their treatments done
 * exceed their payments. The debtors' partial index and platform/balance.ts both use it, so the index
 * always serves the rule.
 */
export function patientOwes(t: { realizado: AnyPgColumn; cobrado: AnyPgColumn; archivado: AnyPgColumn }): SQL {
  return sql`${t.realizado} > ${t.cobrado} and not ${t.archivado}`;
}
