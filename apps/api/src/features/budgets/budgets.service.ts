import { randomUUID } from 'node:crypto';
import {
  BUDGET_DEFAULT_VALIDITY_DAYS,
  BUDGET_MESSAGES,
  BUDGETS_PAGE_SIZE,
  FOLLOW_UPS_TODAY_SHOWN,
  budgetTotals,
  fileSlug,
  formatDate,
  lineAmounts,
  odontogramChartSchema,
  plannedTreatments,
  taxTypesOf,
  todayInZone,
  upgradeLegacyChart,
  type Budget,
  type BudgetAcceptance,
  type BudgetLine,
  type BudgetLineData,
  type BudgetFollowUpData,
  type BudgetFollowUps,
  type BudgetListFilter,
  type BudgetPage,
  type BudgetState,
  type BudgetSummary,
  type CurrencyCode,
  type UpdateBudgetData,
} from '@odontia/shared';
import { and, asc, desc, eq, getTableColumns, inArray, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { rowsOf, type Database, type Executor } from '../../db/client.ts';
import {
  aceptacionesPresupuesto,
  clinicas,
  contadoresPresupuestos,
  dentistas,
  lineasPresupuesto,
  pacientes,
  presupuestos,
  productos,
  tratamientosRealizados,
} from '../../db/schema/index.ts';
import { auditInsert, recordAudit, type ClinicActor } from '../../platform/audit.ts';
import { currentChartOf } from '../../platform/chart-versions.ts';
import { clinicPlace } from '../../platform/clinic-place.ts';
import { documentNumberSql } from '../../platform/document-number.ts';
import { conflict, notFound, unprocessable } from '../../platform/errors.ts';
import { ph, preparedInsert, preparedQuery } from '../../db/prepared.ts';
import { memberNameOf } from '../../platform/membership.ts';
import { clinicLetterhead } from '../../platform/pdf.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { renderBudgetPdf } from './budgets.pdf.ts';

/**
 * Budgets (presupuestos, issue 23): made from the patient's chart (its planned treatments at the
 * catalogue's prices) and edited line by line; every amount is computed here with the shared
 * `lineAmounts`, never taken from the client. A draft changes in place; a sent budget changes into its
 * next version, and the sent one stays as it was. Each view and change writes its audit row in its
 * transaction; another clinic's ids are not found.
 */

export const budgetNotFound = () => notFound(BUDGET_MESSAGES.notFound);

const p = presupuestos;

/**
 * The state a reader sees: a sent budget whose validity has passed (in the clinic's day: `today`, a value
 * or a prepared statement's placeholder) is caducado.
 */
export const shownState = (today: string | Placeholder): SQL<BudgetState> =>
  sql<BudgetState>`case when ${p.estado} = 'enviado' and ${p.validoHasta} < ${today}::date then 'caducado' else ${p.estado} end`;

/** A budget's signed acceptance as every reader shows it (its time added by each: a Date, or ISO text in JSON). */
export const acceptanceColumns = {
  canal: aceptacionesPresupuesto.canal,
  firmante: aceptacionesPresupuesto.firmante,
  opcion: aceptacionesPresupuesto.opcion,
  direccion: aceptacionesPresupuesto.direccion,
  navegador: aceptacionesPresupuesto.navegador,
  pdfSha256: aceptacionesPresupuesto.pdfSha256,
};

const summaryColumns = (today: string | Placeholder) => ({
  id: p.id,
  numero: p.numero,
  version: p.version,
  estado: shownState(today),
  moneda: p.moneda,
  pacienteId: pacientes.id,
  pacienteNombres: pacientes.nombres,
  pacienteApellidos: pacientes.apellidos,
  validoHasta: p.validoHasta,
  total: p.total,
  fechaCreacion: p.fechaCreacion,
  fechaEnvio: p.fechaEnvio,
  sustituidoPor: p.sustituidoPor,
  proximoSeguimiento: p.proximoSeguimiento,
  notaSeguimiento: p.notaSeguimiento,
});

type SummaryRow = {
  id: string;
  numero: string;
  version: number;
  estado: BudgetState;
  moneda: CurrencyCode;
  pacienteId: string;
  pacienteNombres: string;
  pacienteApellidos: string;
  validoHasta: string;
  total: number;
  fechaCreacion: Date;
  fechaEnvio: Date | null;
  sustituidoPor: string | null;
  proximoSeguimiento: string | null;
  notaSeguimiento: string | null;
};

const toSummary = (r: SummaryRow): BudgetSummary => ({
  id: r.id,
  numero: r.numero,
  version: r.version,
  estado: r.estado,
  moneda: r.moneda,
  paciente: { id: r.pacienteId, nombres: r.pacienteNombres, apellidos: r.pacienteApellidos },
  validoHasta: r.validoHasta,
  total: Number(r.total),
  fechaCreacion: r.fechaCreacion.toISOString(),
  fechaEnvio: r.fechaEnvio?.toISOString() ?? null,
  sustituidoPor: r.sustituidoPor,
  seguimiento: { fecha: r.proximoSeguimiento, nota: r.notaSeguimiento },
});

/** `days` after the calendar day `day` (YYYY-MM-DD). */
function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The clinic's budgets, newest first, optionally in one (shown) state, a page at a time. */
export async function listBudgets(
  db: Executor,
  member: { clinicaId: string; zonaHoraria: string },
  query: BudgetListFilter,
): Promise<BudgetPage> {
  const today = todayInZone(member.zonaHoraria);
  const where = and(
    eq(p.clinicaId, member.clinicaId),
    isNull(p.sustituidoPor),
    query.estado ? sql`${shownState(today)} = ${query.estado}` : undefined,
    query.pendientes ? awaitingAnswer(today) : undefined,
  );
  const rows = await db
    .select({ ...summaryColumns(today), count: sql<number>`(count(*) over ())::int` })
    .from(p)
    .innerJoin(pacientes, eq(pacientes.id, p.pacienteId))
    .where(where)
    .orderBy(
      ...(query.pendientes ? [sql`${p.proximoSeguimiento} asc nulls last`, asc(p.fechaEnvio)] : []),
      desc(p.fechaCreacion),
      desc(p.id),
    )
    .limit(BUDGETS_PAGE_SIZE)
    .offset((query.pagina - 1) * BUDGETS_PAGE_SIZE);
  const total =
    rows[0]?.count ??
    (query.pagina > 1
      ? ((
          await db
            .select({ n: sql<number>`count(*)::int` })
            .from(p)
            .where(where)
        )[0]?.n ?? 0)
      : 0);
  return {
    presupuestos: rows.map(({ count: _count, ...r }) => toSummary(r)),
    total,
    pagina: query.pagina,
    porPagina: BUDGETS_PAGE_SIZE,
  };
}

/** A sent budget still awaiting the patient's answer: its latest version, valid today. */
const awaitingAnswer = (today: string) =>
  and(eq(p.estado, 'enviado'), isNull(p.sustituidoPor), sql`${p.validoHasta} >= ${today}::date`);

/**
 * The dashboard's follow-ups: the sent budgets awaiting an answer whose next call is today or overdue,
 * the most overdue first, and how many there are.
 */
export async function followUpsToday(
  db: Executor,
  member: { clinicaId: string; zonaHoraria: string },
): Promise<BudgetFollowUps> {
  const today = todayInZone(member.zonaHoraria);
  const rows = await db
    .select({ ...summaryColumns(today), count: sql<number>`(count(*) over ())::int` })
    .from(p)
    .innerJoin(pacientes, eq(pacientes.id, p.pacienteId))
    .where(
      and(eq(p.clinicaId, member.clinicaId), awaitingAnswer(today), sql`${p.proximoSeguimiento} <= ${today}::date`),
    )
    .orderBy(asc(p.proximoSeguimiento), asc(p.fechaEnvio), asc(p.id))
    .limit(FOLLOW_UPS_TODAY_SHOWN);
  return { presupuestos: rows.map(({ count: _c, ...r }) => toSummary(r)), total: rows[0]?.count ?? 0 };
}

/**
 * The desk's follow-up of a sent budget still awaiting an answer: the next call (not before today) and
 * what was said. It is not part of the quote: no new version. False when not the clinic's.
 */
export async function setFollowUp(
  db: Database,
  actor: ClinicActor,
  id: string,
  data: BudgetFollowUpData,
): Promise<boolean> {
  const today = todayInZone(actor.zonaHoraria);
  if (data.fecha !== null && data.fecha < today) throw unprocessable(BUDGET_MESSAGES.followUpDatePast, 'fecha');
  return db.transaction(async (tx) => {
    const current = await lockBudget(tx, actor.clinicaId, id);
    if (!current) return false;
    const [row] = await tx
      .update(p)
      .set({ proximoSeguimiento: data.fecha, notaSeguimiento: data.nota })
      .where(and(eq(p.id, id), awaitingAnswer(today)))
      .returning({ id: p.id });
    if (!row) throw conflict(BUDGET_MESSAGES.followUpOnlySent);
    return true;
  });
}

/** A patient's budgets (their latest versions), newest first; null when not the clinic's patient. */
export async function listPatientBudgets(
  db: Executor,
  member: { clinicaId: string; zonaHoraria: string },
  pacienteId: string,
): Promise<BudgetSummary[] | null> {
  if (!(await findPatient(db, member.clinicaId, pacienteId))) return null;
  const today = todayInZone(member.zonaHoraria);
  const rows = await db
    .select(summaryColumns(today))
    .from(p)
    .innerJoin(pacientes, eq(pacientes.id, p.pacienteId))
    .where(and(eq(p.clinicaId, member.clinicaId), eq(p.pacienteId, pacienteId), isNull(p.sustituidoPor)))
    .orderBy(desc(p.fechaCreacion), desc(p.id));
  return rows.map(toSummary);
}

/** The clinic's patient, not archived. */
const visiblePatient = (clinicaId: string | Placeholder, pacienteId: string | Placeholder) =>
  and(eq(pacientes.id, pacienteId), eq(pacientes.clinicaId, clinicaId), isNull(pacientes.fechaArchivado));

async function findPatient(db: Executor, clinicaId: string, pacienteId: string) {
  const [row] = await db.select({ id: pacientes.id }).from(pacientes).where(visiblePatient(clinicaId, pacienteId));
  return row ?? null;
}

/** A budget version with its patient and acceptance: built once, a named prepared statement. */
const budgetQuery = preparedQuery<{ id: string; clinicaId: string; today: string }>('odontia_presupuesto')((db) => {
  const a = aceptacionesPresupuesto;
  return db
    .select({
      ...summaryColumns(ph('today')),
      condiciones: p.condiciones,
      autorId: p.autorId,
      autorNombre: p.autorNombre,
      motivoRechazo: p.motivoRechazo,
      aceptacion: { fecha: a.fecha, ...acceptanceColumns },
    })
    .from(p)
    .innerJoin(pacientes, eq(pacientes.id, p.pacienteId))
    .leftJoin(a, eq(a.presupuestoId, p.id))
    .where(and(eq(p.id, ph('id')), eq(p.clinicaId, ph('clinicaId'))));
});

/** The versions of a budget's number, oldest first. */
const versionsQuery = preparedQuery<{ clinicaId: string; numero: string; today: string }>(
  'odontia_presupuesto_versiones',
)((db) =>
  db
    .select({ id: p.id, version: p.version, estado: shownState(ph('today')) })
    .from(p)
    .where(and(eq(p.clinicaId, ph('clinicaId')), eq(p.numero, ph('numero'))))
    .orderBy(asc(p.version)),
);

/** The budget (any version) with its lines and totals, or null when not the clinic's. Reads only. */
export type BudgetScope = Pick<ClinicActor, 'clinicaId' | 'zonaHoraria'>;

export async function readBudget(
  db: Executor,
  actor: BudgetScope,
  id: string,
  options: { versions?: boolean } = {},
): Promise<Budget | null> {
  const today = todayInZone(actor.zonaHoraria);
  // The row (with its acceptance) and the lines at once: the lines of another clinic's id are dropped.
  const [[row], lines] = await Promise.all([
    budgetQuery(db, { id, clinicaId: actor.clinicaId, today }),
    linesOf(db, id),
  ]);
  if (!row) return null;
  const aceptacion: BudgetAcceptance | null = row.aceptacion
    ? { ...row.aceptacion, fecha: row.aceptacion.fecha.toISOString() }
    : null;
  const versions =
    options.versions === false
      ? []
      : await versionsQuery(db, { clinicaId: actor.clinicaId, numero: row.numero, today });
  const { condiciones, autorId, autorNombre, motivoRechazo, aceptacion: _a, ...summary } = row;
  return {
    ...toSummary(summary),
    condiciones,
    autor: { id: autorId, nombre: autorNombre },
    lineas: lines,
    totales: budgetTotals(lines),
    versiones: versions,
    aceptacion,
    motivoRechazo,
  };
}

/** A budget version's lines with what was done of each. */
const linesQuery = preparedQuery<{ presupuestoId: string }>('odontia_presupuesto_lineas')((db) => {
  const l = lineasPresupuesto;
  const t = tratamientosRealizados;
  return db
    .select({
      ...getTableColumns(l),
      realizadoFecha: t.fecha,
      realizadoDentista: sql<string | null>`${dentistas.nombres} || ' ' || ${dentistas.apellidos}`,
    })
    .from(l)
    .leftJoin(t, eq(t.lineaPresupuestoId, l.id))
    .leftJoin(dentistas, eq(dentistas.id, t.dentistaId))
    .where(eq(l.presupuestoId, ph('presupuestoId')))
    .orderBy(asc(l.orden));
});

/** A budget version's lines, in order, as every reader shows them. */
export async function linesOf(db: Executor, presupuestoId: string): Promise<BudgetLine[]> {
  const rows = await linesQuery(db, { presupuestoId });
  return rows.map((r) => ({
    id: r.id,
    servicioId: r.servicioId,
    descripcion: r.descripcion,
    diente: r.diente,
    superficies: r.superficies,
    cantidad: r.cantidad,
    precioUnitario: Number(r.precioUnitario),
    descuentoTipo: r.descuentoTipo,
    descuentoValor: Number(r.descuentoValor),
    tipoImpuesto: r.tipoImpuesto,
    puntosBasicos: r.puntosBasicos,
    fase: r.fase,
    opcion: r.opcion,
    importes: {
      bruto: Number(r.bruto),
      descuento: Number(r.descuento),
      base: Number(r.base),
      impuesto: Number(r.impuesto),
      total: Number(r.total),
    },
    aceptada: r.aceptada,
    realizado: r.realizadoFecha
      ? { fecha: r.realizadoFecha.toISOString(), dentista: r.realizadoDentista ?? null }
      : null,
  }));
}

/** Where a budget version's signed PDF is kept (API-only prefix: served only through its routes). */
export const signedPdfKey = (clinicaId: string, id: string) => `presupuestos/${clinicaId}/${id}.pdf`;

/** The clinic as the budget's PDF heads it, with its logo as PNG. */
export async function pdfClinic(db: Executor, storage: Storage, clinicaId: string) {
  const { logo, ...clinica } = await clinicLetterhead(db, storage, clinicaId);
  return { clinica, logo };
}

/** The clinic's day a budget was created, as its PDF prints it. */
export const budgetDay = (scope: BudgetScope, budget: Budget) =>
  formatDate(todayInZone(scope.zonaHoraria, new Date(budget.fechaCreacion)));

/**
 * A budget's PDF with its download name: the signed file as stored once it is accepted (its SHA-256 is
 * the acceptance's), otherwise drawn from the budget as it stands (a version never changes once sent).
 */
export async function budgetPdfFile(
  db: Executor,
  storage: Storage,
  scope: BudgetScope,
  budget: Budget,
): Promise<{ bytes: Buffer; fileName: string }> {
  const version = budget.version > 1 ? `-v${budget.version}` : '';
  const signed = budget.aceptacion ? '-firmado' : '';
  const fileName = `presupuesto-${budget.numero}${version}${signed}-${fileSlug(`${budget.paciente.nombres} ${budget.paciente.apellidos}`, 'paciente')}.pdf`;
  if (budget.aceptacion) {
    const file = await storage.get(signedPdfKey(scope.clinicaId, budget.id));
    if (!file) throw notFound(BUDGET_MESSAGES.fileMissing);
    return { bytes: Buffer.from(file.bytes), fileName };
  }
  const { clinica, logo } = await pdfClinic(db, storage, scope.clinicaId);
  const bytes = await renderBudgetPdf({ budget, clinica, logo, fecha: budgetDay(scope, budget) });
  return { bytes, fileName };
}

/** The budget's PDF for a member; the download is written to the audit trail. Null when not the clinic's. */
export async function budgetPdf(
  db: Database,
  storage: Storage,
  actor: ClinicActor,
  id: string,
): Promise<{ bytes: Buffer; fileName: string } | null> {
  const budget = await readBudget(db, actor, id);
  if (!budget) return null;
  const file = await budgetPdfFile(db, storage, actor, budget);
  await recordAudit(db, actor, {
    accion: 'presupuesto.descargar',
    pacienteId: budget.paciente.id,
    detalle: { presupuesto: budget.numero },
  });
  return file;
}

/** The budget for a reader: written to the audit trail as a view in the same transaction. */
export async function viewBudget(db: Database, actor: ClinicActor, id: string): Promise<Budget | null> {
  return db.transaction(async (tx) => {
    const budget = await readBudget(tx, actor, id);
    if (budget)
      await recordAudit(tx, actor, {
        accion: 'presupuesto.ver',
        pacienteId: budget.paciente.id,
        detalle: { presupuesto: budget.numero },
      });
    return budget;
  });
}

/**
 * Lines with their amounts, for the clinic: each service must be one of its catalogue's, each tax one of
 * its country's (its rate copied onto the line). Anything else is refused on its field and nothing changes.
 */
async function pricedLines(
  tx: Executor,
  clinicaId: string,
  lines: BudgetLineData[],
  /** What the caller already read: the clinic's place, and services known to be the clinic's. */
  known: {
    place: { pais: string | null; zonaHoraria: string | null } | null;
    services: ReadonlySet<string>;
  } | null = null,
) {
  const place = known ? known.place : await clinicPlace(tx, clinicaId);
  const taxes = new Map(taxTypesOf(place).map((t) => [t.codigo, t.puntosBasicos]));
  const serviceIds = [
    ...new Set(lines.flatMap((l) => (l.servicioId && !known?.services.has(l.servicioId) ? [l.servicioId] : []))),
  ];
  const found = new Set(known?.services);
  if (serviceIds.length) {
    const rows = await tx
      .select({ id: productos.id })
      .from(productos)
      .where(and(eq(productos.clinicaId, clinicaId), inArray(productos.id, serviceIds)));
    for (const r of rows) found.add(r.id);
  }
  return lines.map((line, orden) => {
    if (line.servicioId && !found.has(line.servicioId)) {
      throw unprocessable(BUDGET_MESSAGES.servicioInvalid, `lineas.${orden}.servicioId`);
    }
    const puntosBasicos = taxes.get(line.tipoImpuesto);
    if (puntosBasicos === undefined)
      throw unprocessable(BUDGET_MESSAGES.impuestoInvalid, `lineas.${orden}.tipoImpuesto`);
    const importes = lineAmounts({ ...line, puntosBasicos });
    return { ...line, id: randomUUID(), orden, puntosBasicos, ...importes, importes };
  });
}

type PricedLine = Awaited<ReturnType<typeof pricedLines>>[number];

/** A new draft's row, under its provisional number (one prepared statement for every draft from a chart). */
const insertDraft = preparedInsert('odontia_presupuesto_borrador_insertar', presupuestos, [
  'id',
  'clinicaId',
  'pacienteId',
  'numero',
  'moneda',
  'validoHasta',
  'total',
  'autorId',
  'autorNombre',
  'fechaCreacion',
]);

/** A version's lines as stored (`aceptada` stays null until the budget is answered). */
const insertLineRows = preparedInsert('odontia_lineas_presupuesto_insertar', lineasPresupuesto, [
  'id',
  'presupuestoId',
  'orden',
  'servicioId',
  'descripcion',
  'diente',
  'superficies',
  'cantidad',
  'precioUnitario',
  'descuentoTipo',
  'descuentoValor',
  'tipoImpuesto',
  'puntosBasicos',
  'fase',
  'opcion',
  'bruto',
  'descuento',
  'base',
  'impuesto',
  'total',
]);

const insertLines = (tx: Executor, presupuestoId: string, lines: PricedLine[]) =>
  insertLineRows(
    tx,
    lines.map(({ importes: _i, ...line }) => ({ ...line, presupuestoId })),
  );

const totalOf = (lines: PricedLine[]) => budgetTotals(lines).total;

/** For a budget from the chart: the patient, their current chart, the clinic's place and the author's name. */
const creationHeadQuery = preparedQuery<{ clinicaId: string; pacienteId: string; userId: string }>(
  'odontia_presupuesto_crear_paciente',
)((db) =>
  db
    .select({
      nombres: pacientes.nombres,
      apellidos: pacientes.apellidos,
      chart: currentChartOf(pacientes.id, pacientes.clinicaId),
      pais: clinicas.pais,
      zonaHoraria: clinicas.zonaHoraria,
      autorNombre: memberNameOf(ph('userId')),
    })
    .from(pacientes)
    .innerJoin(clinicas, eq(clinicas.id, pacientes.clinicaId))
    .where(visiblePatient(ph('clinicaId'), ph('pacienteId'))),
);

/** The clinic's services among `ids` (one text for any number of them), with their price and tax. */
const creationServicesQuery = preparedQuery<{ clinicaId: string; ids: string[] }>(
  'odontia_presupuesto_crear_servicios',
)((db) =>
  db
    .select({
      id: productos.id,
      nombre: productos.nombre,
      precioVenta: productos.precioVenta,
      tipoImpuesto: productos.tipoImpuesto,
    })
    .from(productos)
    .where(and(eq(productos.clinicaId, ph('clinicaId')), sql`${productos.id} = any(${ph('ids')}::uuid[])`)),
);

/**
 * A new draft for the patient from their chart: one line per planned treatment (tooth, surfaces,
 * service) at the catalogue's sale price and the service's tax, phase 1, valid for 30 days. Numbered
 * P-{year}-{nnnn} per clinic in the same transaction (`contadores_presupuestos`): no gaps, no repeats.
 * A chart without planned treatments gives an empty draft. Answers the draft as written (nothing is read
 * back); null when not the clinic's patient.
 */
export async function createBudgetFromChart(
  db: Database,
  actor: ClinicActor,
  pacienteId: string,
): Promise<Budget | null> {
  return db.transaction(async (tx) => {
    // The patient, their current chart, the clinic's place and the author's name, in one read.
    const [head] = await creationHeadQuery(tx, { clinicaId: actor.clinicaId, pacienteId, userId: actor.userId });
    if (!head) return null;
    const chart = head.chart ? odontogramChartSchema.parse(upgradeLegacyChart(head.chart.carta)) : {};
    const planned = plannedTreatments(chart);
    const serviceIds = [...new Set(planned.map((t) => t.servicioId))];
    const services = serviceIds.length
      ? await creationServicesQuery(tx, { clinicaId: actor.clinicaId, ids: serviceIds })
      : [];
    const byId = new Map(services.map((s) => [s.id, s]));
    const lines: BudgetLineData[] = planned.flatMap((t) => {
      const service = byId.get(t.servicioId);
      if (!service) return [];
      return [
        {
          servicioId: service.id,
          descripcion: service.nombre,
          diente: t.diente,
          superficies: t.superficies,
          cantidad: 1,
          precioUnitario: service.precioVenta ?? 0,
          descuentoTipo: null,
          descuentoValor: 0,
          tipoImpuesto: service.tipoImpuesto,
          fase: 1,
          opcion: null,
        },
      ];
    });
    const priced = await pricedLines(tx, actor.clinicaId, lines, {
      place: { pais: head.pais, zonaHoraria: head.zonaHoraria },
      services: new Set(byId.keys()),
    });
    const today = todayInZone(actor.zonaHoraria);
    const anio = Number(today.slice(0, 4));
    const id = randomUUID();
    const fechaCreacion = new Date();
    const validoHasta = addDays(today, BUDGET_DEFAULT_VALIDITY_DAYS);
    const total = totalOf(priced);
    // The draft and its lines go in first, under a provisional number; the clinic's number is taken last,
    // with the audit row, in one statement just before the commit: the counter row stays locked until
    // then, so the creations of one clinic queue on it for that statement and the commit alone.
    await insertDraft(tx, [
      {
        id,
        clinicaId: actor.clinicaId,
        pacienteId,
        numero: `pendiente-${id}`,
        moneda: actor.moneda,
        validoHasta,
        total,
        autorId: actor.userId,
        autorNombre: head.autorNombre,
        fechaCreacion,
      },
    ]);
    await insertLines(tx, id, priced);
    const counter = contadoresPresupuestos;
    const takeNumber = tx
      .insert(counter)
      .values({ clinicaId: actor.clinicaId, anio, ultimo: 1 })
      .onConflictDoUpdate({ target: [counter.clinicaId, counter.anio], set: { ultimo: sql`${counter.ultimo} + 1` } })
      .returning({ ultimo: counter.ultimo });
    const setNumber = tx
      .update(p)
      .set({ numero: documentNumberSql('presupuesto', anio, sql`(select ultimo from numero)`) })
      .where(eq(p.id, id))
      .returning({ numero: p.numero });
    const audit = auditInsert(
      actor,
      { accion: 'presupuesto.crear', pacienteId },
      { detalle: sql`jsonb_build_object('presupuesto', (select numero from numerado))` },
    );
    const [{ numero }] = await rowsOf<{ numero: string }>(
      tx.execute(sql`with numero as (${takeNumber.getSQL()}), numerado as (${setNumber.getSQL()}), auditado as (${audit})
        select numero from numerado`),
    );
    const lineas = priced.map(({ orden: _o, bruto: _b, descuento: _d, base: _ba, impuesto: _i, total: _t, ...l }) => ({
      ...l,
      aceptada: null,
      realizado: null,
    }));
    return {
      id,
      numero,
      version: 1,
      estado: 'borrador',
      moneda: actor.moneda,
      paciente: { id: pacienteId, nombres: head.nombres, apellidos: head.apellidos },
      validoHasta,
      total,
      fechaCreacion: fechaCreacion.toISOString(),
      fechaEnvio: null,
      sustituidoPor: null,
      seguimiento: { fecha: null, nota: null },
      condiciones: null,
      autor: { id: actor.userId, nombre: head.autorNombre },
      lineas,
      totales: budgetTotals(lineas),
      versiones: [{ id, version: 1, estado: 'borrador' }],
      aceptacion: null,
      motivoRechazo: null,
    } satisfies Budget;
  });
}

/** The budget's row locked for a change; null when not the clinic's. */
async function lockBudget(tx: Executor, clinicaId: string, id: string) {
  const [row] = await tx
    .select({
      id: p.id,
      pacienteId: p.pacienteId,
      numero: p.numero,
      version: p.version,
      estado: p.estado,
      moneda: p.moneda,
      sustituidoPor: p.sustituidoPor,
    })
    .from(p)
    .where(and(eq(p.id, id), eq(p.clinicaId, clinicaId)))
    .for('update');
  return row ?? null;
}

/**
 * Saves the editor: a draft in place; a sent budget as its next version (a draft with the same number),
 * the sent one kept and marked as replaced. Anything else is locked (409). The validity may not end
 * before the clinic's today. Answers the id of the version saved; null when not the clinic's.
 */
export async function saveBudget(
  db: Database,
  actor: ClinicActor,
  id: string,
  data: UpdateBudgetData,
): Promise<{ id: string; nuevaVersion: number | null } | null> {
  return db.transaction(async (tx) => {
    const current = await lockBudget(tx, actor.clinicaId, id);
    if (!current) return null;
    if (current.sustituidoPor || (current.estado !== 'borrador' && current.estado !== 'enviado')) {
      throw conflict(BUDGET_MESSAGES.locked);
    }
    if (data.validoHasta < todayInZone(actor.zonaHoraria)) {
      throw unprocessable(BUDGET_MESSAGES.validoHastaPast, 'validoHasta');
    }
    const priced = await pricedLines(tx, actor.clinicaId, data.lineas);
    const fields = { validoHasta: data.validoHasta, condiciones: data.condiciones, total: totalOf(priced) };
    const detalle = { presupuesto: current.numero };
    if (current.estado === 'borrador') {
      await tx
        .update(p)
        .set({ ...fields, fechaActualizacion: new Date() })
        .where(eq(p.id, id));
      await tx.delete(lineasPresupuesto).where(eq(lineasPresupuesto.presupuestoId, id));
      await insertLines(tx, id, priced);
      await recordAudit(tx, actor, { accion: 'presupuesto.editar', pacienteId: current.pacienteId, detalle });
      return { id, nuevaVersion: null };
    }
    const version = current.version + 1;
    const [next] = await tx
      .insert(p)
      .values({
        ...fields,
        clinicaId: actor.clinicaId,
        pacienteId: current.pacienteId,
        numero: current.numero,
        version,
        moneda: current.moneda,
        autorId: actor.userId,
        autorNombre: memberNameOf(actor.userId),
      })
      .returning({ id: p.id });
    await insertLines(tx, next.id, priced);
    await tx.update(p).set({ sustituidoPor: next.id }).where(eq(p.id, id));
    await recordAudit(tx, actor, {
      accion: 'presupuesto.version',
      pacienteId: current.pacienteId,
      detalle: { ...detalle, version },
    });
    return { id: next.id, nuevaVersion: version };
  });
}

/**
 * Moves a budget along: a draft with lines is marked sent (handed over or sent to the patient), a
 * sent one records the patient's refusal. Anything else is a 409 with why; null when not the clinic's.
 */
export async function setBudgetState(
  db: Database,
  actor: ClinicActor,
  id: string,
  to: 'enviado' | 'rechazado',
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const current = await lockBudget(tx, actor.clinicaId, id);
    if (!current) return false;
    const from = to === 'enviado' ? 'borrador' : 'enviado';
    if (current.sustituidoPor || current.estado !== from) {
      throw conflict(to === 'enviado' ? BUDGET_MESSAGES.notDraftOrSent : BUDGET_MESSAGES.onlySentRejected);
    }
    if (to === 'enviado') {
      const [{ n }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(lineasPresupuesto)
        .where(eq(lineasPresupuesto.presupuestoId, id));
      if (n === 0) throw unprocessable(BUDGET_MESSAGES.noLines, 'lineas');
    }
    const now = new Date();
    await tx
      .update(p)
      .set(to === 'enviado' ? { estado: to, fechaEnvio: now } : { estado: to, fechaRespuesta: now })
      .where(eq(p.id, id));
    await recordAudit(tx, actor, {
      accion: to === 'enviado' ? 'presupuesto.enviar' : 'presupuesto.rechazar',
      pacienteId: current.pacienteId,
      detalle: { presupuesto: current.numero },
    });
    return true;
  });
}
