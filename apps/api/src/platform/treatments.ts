import { randomUUID } from 'node:crypto';
import {
  CATALOG_MESSAGES,
  treatmentsDone,
  type CurrencyCode,
  type OdontogramChart,
  type Surface,
} from '@odontia/shared';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { preparedInsert } from '../db/prepared.ts';
import {
  clinicas,
  dentistas,
  lineasPresupuesto,
  presupuestos,
  productos,
  tratamientosRealizados,
} from '../db/schema/index.ts';
import type { AuditActor } from './audit.ts';
import { notify } from './notifications.ts';
import { consumeKit, type Shortfall } from './stock.ts';

/** A treatment done, as the budget (a line done) or the clinical record records it. */
export type TreatmentDone = {
  pacienteId: string;
  servicioId: string | null;
  descripcion: string;
  diente: number | null;
  superficies: readonly Surface[];
  cantidad: number;
  dentistaId: string | null;
  fecha: Date;
  /** The accepted line's total, or the catalogue price without a budget (minor units of `moneda`). */
  importe: number;
  moneda: CurrencyCode;
  lineaPresupuestoId: string | null;
};

/** A treatment done's row: one prepared statement, the same text for every treatment. */
const insertTreatment = preparedInsert('odontia_tratamiento_insertar', tratamientosRealizados, [
  'id',
  'clinicaId',
  'pacienteId',
  'servicioId',
  'descripcion',
  'diente',
  'superficies',
  'cantidad',
  'dentistaId',
  'fecha',
  'importe',
  'moneda',
  'lineaPresupuestoId',
  'autorId',
]);

/**
 * Records a treatment done (issue 23) in the caller's transaction: its row, and its service's supplies
 * kit consumed from stock (`consumeKit`, movements naming the treatment). What the stock lacked never
 * stops it: it is recorded on the movements and told to the members with `productos.editar`. In platform
 * because budgets and the clinical record both record work done.
 */
export async function recordTreatmentDone(
  tx: Executor,
  actor: Pick<AuditActor, 'clinicaId' | 'userId'>,
  t: TreatmentDone,
): Promise<{ id: string; faltantes: Shortfall[] }> {
  const row = {
    ...t,
    id: randomUUID(),
    superficies: [...t.superficies],
    clinicaId: actor.clinicaId,
    autorId: actor.userId,
  };
  await insertTreatment(tx, [row]);
  const faltantes = t.servicioId
    ? await consumeKit(tx, {
        clinicaId: actor.clinicaId,
        servicioId: t.servicioId,
        veces: t.cantidad,
        autorId: actor.userId,
        referencia: row.id,
      })
    : [];
  if (faltantes.length > 0) {
    await notify(tx, {
      clinicaId: actor.clinicaId,
      permiso: 'productos.editar',
      titulo: CATALOG_MESSAGES.shortfallTitle,
      mensaje: CATALOG_MESSAGES.shortfallMessage(t.descripcion, faltantes),
      prioridad: 'alta',
      enlace: `/productos/${faltantes[0].productoId}`,
      tipo: 'stock',
    });
  }
  return { id: row.id, faltantes };
}

/**
 * The work a new chart version records as done (a signed note's procedures, issue 22; the chart's own
 * 'Realizado'): every planned treatment of `before` that `after` records done (`treatmentsDone`) is a
 * treatment done, at the total of the patient's
 * accepted, not yet done budget line of that service and place (which it marks done), or at the
 * catalogue's price without one; by the member's dentist record, when they have one. Answers what the
 * stock lacked.
 */
export async function recordChartWorkDone(
  tx: Executor,
  actor: Pick<AuditActor, 'clinicaId' | 'userId'>,
  input: { pacienteId: string; before: OdontogramChart; after: OdontogramChart; fecha: Date },
): Promise<Shortfall[]> {
  const done = treatmentsDone(input.before, input.after);
  if (done.length === 0) return [];
  // The services done, each beside the clinic's currency and the member's dentist record: one read.
  const services = await tx
    .select({
      id: productos.id,
      nombre: productos.nombre,
      precio: productos.precioVenta,
      moneda: clinicas.moneda,
      dentistaId: sql<string | null>`(select ${dentistas.id} from ${dentistas}
        where ${dentistas.clinicaId} = ${productos.clinicaId} and ${dentistas.usuarioId} = ${actor.userId}
          and ${dentistas.activo} order by ${dentistas.id} limit 1)`,
    })
    .from(productos)
    .innerJoin(clinicas, eq(clinicas.id, productos.clinicaId))
    .where(
      and(eq(productos.clinicaId, actor.clinicaId), inArray(productos.id, [...new Set(done.map((x) => x.servicioId))])),
    );
  const byId = new Map(services.map((x) => [x.id, x]));
  const l = lineasPresupuesto;
  const p = presupuestos;
  const faltantes: Shortfall[] = [];
  for (const treatment of done) {
    const service = byId.get(treatment.servicioId);
    if (!service) continue;
    // The oldest accepted budget's line for this very treatment, still to do (locked: done once).
    const candidates = await tx
      .select({
        id: l.id,
        total: l.total,
        descripcion: l.descripcion,
        cantidad: l.cantidad,
        superficies: l.superficies,
      })
      .from(l)
      .innerJoin(p, eq(p.id, l.presupuestoId))
      .where(
        and(
          eq(p.clinicaId, actor.clinicaId),
          eq(p.pacienteId, input.pacienteId),
          inArray(p.estado, ['aceptado', 'aceptado_parcialmente']),
          isNull(p.sustituidoPor),
          eq(l.aceptada, true),
          eq(l.servicioId, treatment.servicioId),
          eq(l.diente, treatment.diente),
          sql`not exists (select 1 from ${tratamientosRealizados} where ${tratamientosRealizados.lineaPresupuestoId} = ${l.id})`,
        ),
      )
      .orderBy(asc(p.fechaCreacion), asc(l.orden))
      .for('update', { of: l });
    const line = candidates.find((c) => c.superficies.join(',') === treatment.superficies.join(','));
    const recorded = await recordTreatmentDone(tx, actor, {
      pacienteId: input.pacienteId,
      servicioId: treatment.servicioId,
      descripcion: line?.descripcion ?? service.nombre,
      diente: treatment.diente,
      superficies: treatment.superficies,
      cantidad: line?.cantidad ?? 1,
      dentistaId: service.dentistaId,
      fecha: input.fecha,
      importe: line ? Number(line.total) : Number(service.precio ?? 0),
      moneda: service.moneda,
      lineaPresupuestoId: line?.id ?? null,
    });
    faltantes.push(...recorded.faltantes);
  }
  return faltantes;
}
