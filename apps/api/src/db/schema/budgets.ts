import type { BudgetChannel, BudgetOption, BudgetState, CurrencyCode, DiscountKind, Surface } from '@odontia/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { dentistas } from './appointments.ts';
import { user } from './auth.ts';
import { productos } from './catalog.ts';
import { clinicas } from './clinics.ts';
import { pacientes } from './patients.ts';

/**
 * A clinic's budget numbers per year (P-2026-0001): the row is taken with an upsert in the very
 * transaction that creates the budget, so two desks wait for each other and a rolled-back creation
 * gives its number back. No gaps, no repeats.
 */
export const contadoresPresupuestos = pgTable(
  'contadores_presupuestos',
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
 * A version of a budget (presupuesto, issue 23). Its lines' amounts are computed on the server and
 * stored with the rate each line carried. A draft is edited in place; changing a sent one inserts the
 * next version with the same number and marks this one `sustituido_por` it, read-only from then on.
 * Amounts are integers of `moneda`'s smallest unit, the clinic's currency when it was made.
 */
export const presupuestos = pgTable(
  'presupuestos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicaId: uuid('clinica_id')
      .notNull()
      .references(() => clinicas.id, { onDelete: 'cascade' }),
    pacienteId: uuid('paciente_id')
      .notNull()
      .references(() => pacientes.id, { onDelete: 'cascade' }),
    numero: text('numero').notNull(),
    version: integer('version').notNull().default(1),
    estado: text('estado').$type<BudgetState>().notNull().default('borrador'),
    moneda: text('moneda').$type<CurrencyCode>().notNull(),
    validoHasta: date('valido_hasta', { mode: 'string' }).notNull(),
    condiciones: text('condiciones'),
    /** The whole budget's total as `budgetTotals` gives it (common lines and the first option). */
    total: bigint('total', { mode: 'number' }).notNull().default(0),
    /**
     * What the patient accepted, set when the budget is answered: the total of its accepted lines as
     * `budgetTotals` gives it (0 until then, and when refused). The budgets report sums it.
     */
    importeAceptado: bigint('importe_aceptado', { mode: 'number' }).notNull().default(0),
    autorId: text('autor_id').references(() => user.id, { onDelete: 'set null' }),
    autorNombre: text('autor_nombre').notNull(),
    sustituidoPor: uuid('sustituido_por'),
    fechaCreacion: timestamp('fecha_creacion', { withTimezone: true }).notNull().defaultNow(),
    fechaActualizacion: timestamp('fecha_actualizacion', { withTimezone: true }),
    fechaEnvio: timestamp('fecha_envio', { withTimezone: true }),
    fechaRespuesta: timestamp('fecha_respuesta', { withTimezone: true }),
    /** The desk's follow-up of a sent budget: when to call the patient next, and what was said. */
    proximoSeguimiento: date('proximo_seguimiento', { mode: 'string' }),
    notaSeguimiento: text('nota_seguimiento'),
    /** What the patient wrote when refusing it through the link. */
    motivoRechazo: text('motivo_rechazo'),
  },
  (t) => [
    uniqueIndex('presupuestos_clinica_numero_version_key').on(t.clinicaId, t.numero, t.version),
    index('presupuestos_clinica_fecha_idx').on(t.clinicaId, t.fechaCreacion.desc().nullsFirst(), t.id),
    index('presupuestos_paciente_idx').on(t.pacienteId, t.fechaCreacion.desc().nullsFirst()),
    // 'Pendientes de respuesta' and the dashboard's follow-ups of today: sent versions by their next call.
    index('presupuestos_seguimiento_idx')
      .on(t.clinicaId, t.proximoSeguimiento)
      .where(sql`${t.estado} = 'enviado' and ${t.sustituidoPor} is null`),
    // The budgets report (issue 25): the versions sent in a range of days.
    index('presupuestos_clinica_envio_idx')
      .on(t.clinicaId, t.fechaEnvio)
      .where(sql`${t.fechaEnvio} is not null`),
    check(
      'presupuestos_estado_valido',
      sql`${t.estado} in ('borrador', 'enviado', 'aceptado', 'aceptado_parcialmente', 'rechazado', 'caducado')`,
    ),
    check('presupuestos_total_no_negativo', sql`${t.total} >= 0`),
    check('presupuestos_importe_aceptado_no_negativo', sql`${t.importeAceptado} >= 0`),
  ],
);

/** A line of a budget version: what, where, how many, at what price, and its computed amounts. */
export const lineasPresupuesto = pgTable(
  'lineas_presupuesto',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    presupuestoId: uuid('presupuesto_id')
      .notNull()
      .references(() => presupuestos.id, { onDelete: 'cascade' }),
    orden: integer('orden').notNull(),
    servicioId: uuid('servicio_id').references(() => productos.id, { onDelete: 'set null' }),
    descripcion: text('descripcion').notNull(),
    diente: integer('diente'),
    superficies: text('superficies')
      .array()
      .$type<Surface[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    cantidad: integer('cantidad').notNull(),
    precioUnitario: bigint('precio_unitario', { mode: 'number' }).notNull(),
    descuentoTipo: text('descuento_tipo').$type<DiscountKind>(),
    descuentoValor: bigint('descuento_valor', { mode: 'number' }).notNull().default(0),
    tipoImpuesto: text('tipo_impuesto').notNull(),
    puntosBasicos: integer('puntos_basicos').notNull(),
    fase: integer('fase').notNull().default(1),
    opcion: text('opcion').$type<BudgetOption>(),
    bruto: bigint('bruto', { mode: 'number' }).notNull(),
    descuento: bigint('descuento', { mode: 'number' }).notNull(),
    base: bigint('base', { mode: 'number' }).notNull(),
    impuesto: bigint('impuesto', { mode: 'number' }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    /** Whether the patient accepted the line: null until the budget is answered. */
    aceptada: boolean('aceptada'),
  },
  (t) => [
    index('lineas_presupuesto_presupuesto_idx').on(t.presupuestoId, t.orden),
    // The budgets report (issue 25) sums the accepted lines of the budgets accepted in a range (index alone).
    index('lineas_presupuesto_aceptadas_idx')
      .on(t.presupuestoId, t.total)
      .where(sql`${t.aceptada}`),
    check('lineas_presupuesto_cantidad_valida', sql`${t.cantidad} between 1 and 1000`),
    check(
      'lineas_presupuesto_importes_validos',
      sql`${t.precioUnitario} >= 0 and ${t.descuento} between 0 and ${t.bruto} and ${t.base} = ${t.bruto} - ${t.descuento} and ${t.total} = ${t.base} + ${t.impuesto}`,
    ),
  ],
);

/**
 * A link emailed to the patient to read and answer one budget version. Only the SHA-256 of its token is
 * kept. The second factor's failed tries are counted here, on the row, so every instance sees the same
 * count: `fallos` since `primer_fallo` (a window of 15 minutes), and the lock's end once they reach 5.
 */
export const enlacesPresupuesto = pgTable(
  'enlaces_presupuesto',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicaId: uuid('clinica_id')
      .notNull()
      .references(() => clinicas.id, { onDelete: 'cascade' }),
    presupuestoId: uuid('presupuesto_id')
      .notNull()
      .references(() => presupuestos.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    email: text('email').notNull(),
    fechaCreacion: timestamp('fecha_creacion', { withTimezone: true }).notNull().defaultNow(),
    fallos: integer('fallos').notNull().default(0),
    primerFallo: timestamp('primer_fallo', { withTimezone: true }),
    bloqueadoHasta: timestamp('bloqueado_hasta', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('enlaces_presupuesto_token_key').on(t.tokenHash),
    index('enlaces_presupuesto_presupuesto_idx').on(t.presupuestoId),
  ],
);

/**
 * The signed acceptance of a budget version (one at most): the channel (the patient's link or the desk),
 * who signed and with which option, when, from which address and browser, and the signed PDF as stored
 * (`archivo_clave`, under the API-only prefix) with its SHA-256. Never changed afterwards.
 */
export const aceptacionesPresupuesto = pgTable(
  'aceptaciones_presupuesto',
  {
    presupuestoId: uuid('presupuesto_id')
      .primaryKey()
      .references(() => presupuestos.id, { onDelete: 'cascade' }),
    clinicaId: uuid('clinica_id')
      .notNull()
      .references(() => clinicas.id, { onDelete: 'cascade' }),
    canal: text('canal').$type<BudgetChannel>().notNull(),
    firmante: text('firmante').notNull(),
    opcion: text('opcion').$type<BudgetOption>(),
    fecha: timestamp('fecha', { withTimezone: true }).notNull(),
    direccion: text('direccion').notNull(),
    navegador: text('navegador').notNull(),
    /** The member who registered a desk acceptance; null through the link. */
    registradoPor: text('registrado_por').references(() => user.id, { onDelete: 'set null' }),
    archivoClave: text('archivo_clave').notNull(),
    pdfSha256: text('pdf_sha256').notNull(),
    bytes: integer('bytes').notNull(),
  },
  (t) => [check('aceptaciones_presupuesto_canal_valido', sql`${t.canal} in ('enlace', 'consulta')`)],
);

/**
 * A treatment done in the clinic (issue 23): a service for a patient, where, by which dentist, when and
 * for how much (the accepted budget line's total, or the catalogue price without one), in the clinic's
 * currency. Recording one marks its chart entries done and consumes the service's kit from stock in the
 * same transaction (movements `consumo` whose `referencia` is this row). A budget line is done once.
 */
export const tratamientosRealizados = pgTable(
  'tratamientos_realizados',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicaId: uuid('clinica_id')
      .notNull()
      .references(() => clinicas.id, { onDelete: 'cascade' }),
    pacienteId: uuid('paciente_id')
      .notNull()
      .references(() => pacientes.id, { onDelete: 'cascade' }),
    servicioId: uuid('servicio_id').references(() => productos.id, { onDelete: 'set null' }),
    descripcion: text('descripcion').notNull(),
    diente: integer('diente'),
    superficies: text('superficies')
      .array()
      .$type<Surface[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    cantidad: integer('cantidad').notNull().default(1),
    dentistaId: uuid('dentista_id').references(() => dentistas.id, { onDelete: 'set null' }),
    autorId: text('autor_id').references(() => user.id, { onDelete: 'set null' }),
    fecha: timestamp('fecha', { withTimezone: true }).notNull(),
    importe: bigint('importe', { mode: 'number' }).notNull(),
    moneda: text('moneda').$type<CurrencyCode>().notNull(),
    lineaPresupuestoId: uuid('linea_presupuesto_id').references(() => lineasPresupuesto.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('tratamientos_realizados_paciente_idx').on(t.pacienteId, t.fecha),
    index('tratamientos_realizados_clinica_fecha_idx').on(t.clinicaId, t.fecha),
    uniqueIndex('tratamientos_realizados_linea_key').on(t.lineaPresupuestoId),
    check('tratamientos_realizados_importe_valido', sql`${t.importe} >= 0`),
    check('tratamientos_realizados_cantidad_valida', sql`${t.cantidad} between 1 and 1000`),
  ],
);
