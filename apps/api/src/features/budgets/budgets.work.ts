import {
  BUDGET_MESSAGES as M,
  markTreatmentDone,
  odontogramChartSchema,
  plannedTreatments,
  type PatientPlan,
} from '@odontia/shared';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ph, preparedQuery } from '../../db/prepared.ts';
import {
  dentistas,
  lineasPresupuesto,
  pacientes,
  presupuestos,
  productos,
  tratamientosRealizados,
} from '../../db/schema/index.ts';
import { recordAudit, type ClinicActor } from '../../platform/audit.ts';
import { currentChartOf, recordDoneOnChart } from '../../platform/chart-versions.ts';
import { conflict, notFound, unprocessable } from '../../platform/errors.ts';
import type { Shortfall } from '../../platform/stock.ts';
import { recordTreatmentDone } from '../../platform/treatments.ts';
import { memberNameOf } from '../../platform/membership.ts';

/**
 * Work done from a budget (issue 23): an accepted line marked done records the treatment (at the line's
 * total), turns its planned chart entries done and consumes its service's kit, in one transaction; and
 * the patient's plan in money (planned, accepted, done, pending).
 */

const l = lineasPresupuesto;
const p = presupuestos;
const t = tratamientosRealizados;
const ACCEPTED = ['aceptado', 'aceptado_parcialmente'] as const;

export const lineNotFound = () => notFound(M.lineNotFound);

/**
 * The line to mark with its budget, whether it is done, the author's name and the patient's current chart;
 * the line (done once) and its patient locked: the patient's work done queues, so each mark writes its
 * chart version on top of the last instead of racing it.
 */
const lineToMarkQuery = preparedQuery<{ lineaId: string; clinicaId: string; userId: string }>(
  'odontia_presupuesto_linea_realizar',
)((db) =>
  db
    .select({
      presupuestoId: p.id,
      numero: p.numero,
      estado: p.estado,
      sustituidoPor: p.sustituidoPor,
      moneda: p.moneda,
      pacienteId: p.pacienteId,
      servicioId: l.servicioId,
      descripcion: l.descripcion,
      diente: l.diente,
      superficies: l.superficies,
      cantidad: l.cantidad,
      total: l.total,
      aceptada: l.aceptada,
      hecho: sql<boolean>`exists (select 1 from ${t} where ${t.lineaPresupuestoId} = ${l.id})`,
      autorNombre: memberNameOf(ph('userId')),
      // Read as the statement starts: a mark that waited for this patient's lock finds the version the
      // one before it saved, and `recordDoneOnChart` reads again (one more try) in that case only.
      chart: currentChartOf(p.pacienteId, p.clinicaId),
    })
    .from(l)
    .innerJoin(p, eq(p.id, l.presupuestoId))
    .innerJoin(pacientes, and(eq(pacientes.id, p.pacienteId), isNull(pacientes.fechaArchivado)))
    .where(and(eq(l.id, ph('lineaId')), eq(p.clinicaId, ph('clinicaId'))))
    .for('no key update', { of: [l, pacientes] }),
);

/**
 * Marks an accepted line of a current, accepted budget done. The line's and the patient's rows are
 * locked, so two desks cannot both do it (the unique index on the treatment's line says so too) and the
 * patient's marks write their chart versions one after another. Answers the budget's id and
 * what the stock lacked; null when the line is not the clinic's.
 */
export async function markLineDone(
  db: Database,
  actor: ClinicActor,
  lineaId: string,
  data: { dentistaId: string | null },
): Promise<{ presupuestoId: string; faltantes: Shortfall[] } | null> {
  return db.transaction(async (tx) => {
    const [line] = await lineToMarkQuery(tx, { lineaId, clinicaId: actor.clinicaId, userId: actor.userId });
    if (!line) return null;
    if (!(ACCEPTED as readonly string[]).includes(line.estado) || line.sustituidoPor || line.aceptada !== true) {
      throw conflict(M.lineNotAccepted);
    }
    if (line.hecho) throw conflict(M.lineAlreadyDone);
    if (data.dentistaId) {
      const [dentist] = await tx
        .select({ id: dentistas.id })
        .from(dentistas)
        .where(
          and(eq(dentistas.id, data.dentistaId), eq(dentistas.clinicaId, actor.clinicaId), eq(dentistas.activo, true)),
        );
      if (!dentist) throw unprocessable(M.dentistInvalid, 'dentistaId');
    }
    const fecha = new Date();
    const done = { fecha: fecha.toISOString(), autor: { id: actor.userId, nombre: line.autorNombre }, notaId: null };
    await recordDoneOnChart(tx, actor, {
      pacienteId: line.pacienteId,
      mark: (chart) => markTreatmentDone(chart, line, done),
      detalle: { presupuesto: line.numero },
      current: line.chart,
    });
    await recordAudit(tx, actor, {
      accion: 'presupuesto.realizar',
      pacienteId: line.pacienteId,
      detalle: { presupuesto: line.numero, linea: lineaId },
    });
    // The kit last: its supplies' rows stay locked until the commit, which other treatments wait for.
    const { faltantes } = await recordTreatmentDone(tx, actor, {
      pacienteId: line.pacienteId,
      servicioId: line.servicioId,
      descripcion: line.descripcion,
      diente: line.diente,
      superficies: line.superficies,
      cantidad: line.cantidad,
      dentistaId: data.dentistaId,
      fecha,
      importe: Number(line.total),
      moneda: line.moneda,
      lineaPresupuestoId: lineaId,
    });
    return { presupuestoId: line.presupuestoId, faltantes };
  });
}

/** The patient's plan in money (null when not the clinic's patient, or archived). */
export async function patientPlan(db: Database, actor: ClinicActor, pacienteId: string): Promise<PatientPlan | null> {
  const [patient] = await db
    // Bound values, not the columns: a one-table select writes its columns unqualified, which the
    // subquery would read as its own.
    .select({ chart: currentChartOf(sql`${pacienteId}::uuid`, sql`${actor.clinicaId}::uuid`) })
    .from(pacientes)
    .where(
      and(eq(pacientes.id, pacienteId), eq(pacientes.clinicaId, actor.clinicaId), isNull(pacientes.fechaArchivado)),
    );
  if (!patient) return null;
  const sum = (expr: unknown) => sql<number>`coalesce(sum(${expr}), 0)::bigint`;
  const [accepted] = await db
    .select({
      aceptadoN: sql<number>`count(*)::int`,
      aceptado: sum(l.total),
      pendienteN: sql<number>`(count(*) filter (where ${t.id} is null))::int`,
      pendiente: sql<number>`coalesce(sum(${l.total}) filter (where ${t.id} is null), 0)::bigint`,
    })
    .from(l)
    .innerJoin(p, eq(p.id, l.presupuestoId))
    .leftJoin(t, eq(t.lineaPresupuestoId, l.id))
    .where(
      and(
        eq(p.clinicaId, actor.clinicaId),
        eq(p.pacienteId, pacienteId),
        inArray(p.estado, [...ACCEPTED]),
        isNull(p.sustituidoPor),
        eq(l.aceptada, true),
      ),
    );
  const [done] = await db
    .select({ n: sql<number>`count(*)::int`, importe: sum(t.importe) })
    .from(t)
    .where(and(eq(t.clinicaId, actor.clinicaId), eq(t.pacienteId, pacienteId)));
  // Planned on the chart: valued at the catalogue's sale price (before taxes), as the next budget would start.
  const planned = patient.chart ? plannedTreatments(odontogramChartSchema.parse(patient.chart.carta)) : [];
  const ids = [...new Set(planned.map((x) => x.servicioId))];
  const prices = ids.length
    ? await db
        .select({ id: productos.id, precio: productos.precioVenta })
        .from(productos)
        .where(and(eq(productos.clinicaId, actor.clinicaId), inArray(productos.id, ids)))
    : [];
  const price = new Map(prices.map((x) => [x.id, Number(x.precio ?? 0)]));
  return {
    moneda: actor.moneda,
    planificado: {
      tratamientos: planned.length,
      importe: planned.reduce((s, x) => s + (price.get(x.servicioId) ?? 0), 0),
    },
    aceptado: { tratamientos: accepted.aceptadoN, importe: Number(accepted.aceptado) },
    realizado: { tratamientos: done.n, importe: Number(done.importe) },
    pendiente: { tratamientos: accepted.pendienteN, importe: Number(accepted.pendiente) },
  };
}
