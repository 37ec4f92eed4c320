import { CATALOG_MESSAGES, type CurrencyCode, type Surface } from '@odontia/shared';
import type { Executor } from '../db/client.ts';
import { tratamientosRealizados } from '../db/schema/index.ts';
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
  const [row] = await tx
    .insert(tratamientosRealizados)
    .values({ ...t, superficies: [...t.superficies], clinicaId: actor.clinicaId, autorId: actor.userId })
    .returning({ id: tratamientosRealizados.id });
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
