import type { CreateMedicalAlertData, MedicalAlert, MedicalAlertList } from '@odontia/shared';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { alertLabel, refreshAlertLabels } from '../../db/alert-labels.ts';
import type { Database, Executor } from '../../db/client.ts';
import { antecedentes, pacientes } from '../../db/schema/index.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { memberNameOf } from '../../platform/membership.ts';

/**
 * A patient's medical alerts (antecedentes, db/schema/medical-alerts.ts): the full list (with who recorded
 * and withdrew each), a new alert, and withdrawing one. Each runs in one transaction with its audit row,
 * and only for the caller clinic's patient, not archived: another clinic's ids are not found. The short
 * list the badge shows is not read here: it comes with the answers where staff meet the patient
 * (db/alert-labels.ts).
 */

const a = antecedentes;
const alertColumns = {
  id: a.id,
  tipo: a.tipo,
  descripcion: a.descripcion,
  anticoagulante: a.anticoagulante,
  condicion: a.condicion,
  etiqueta: alertLabel(a),
  fechaRegistro: a.fechaRegistro,
  autorId: a.autorId,
  autorNombre: a.autorNombre,
  fechaRetirada: a.fechaRetirada,
  retiradaPorId: a.retiradaPorId,
  retiradaPorNombre: a.retiradaPorNombre,
};
const iso = (value: Date | string) => new Date(value).toISOString();

const toAlert = (r: {
  id: string;
  tipo: MedicalAlert['tipo'];
  descripcion: string | null;
  anticoagulante: boolean;
  condicion: MedicalAlert['condicion'];
  etiqueta: string | null;
  fechaRegistro: Date | string;
  autorId: string | null;
  autorNombre: string;
  fechaRetirada: Date | string | null;
  retiradaPorId: string | null;
  retiradaPorNombre: string | null;
}): MedicalAlert => ({
  id: r.id,
  tipo: r.tipo,
  descripcion: r.descripcion,
  anticoagulante: r.anticoagulante,
  condicion: r.condicion,
  etiqueta: r.etiqueta,
  fechaRegistro: iso(r.fechaRegistro),
  autor: { id: r.autorId, nombre: r.autorNombre },
  retirada:
    r.fechaRetirada && r.retiradaPorNombre !== null
      ? { fecha: iso(r.fechaRetirada), autor: { id: r.retiradaPorId, nombre: r.retiradaPorNombre } }
      : null,
});

/** The caller clinic's patient, not archived, locked against a concurrent archive while the alert is written. */
async function visiblePatient(tx: Executor, clinicaId: string, pacienteId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: pacientes.id })
    .from(pacientes)
    .where(and(eq(pacientes.id, pacienteId), eq(pacientes.clinicaId, clinicaId), isNull(pacientes.fechaArchivado)))
    .for('share');
  return !!row;
}

/** The full list, the alerts that hold first, newest first; the view is audited. Null: no such patient. */
export async function listAlerts(
  db: Database,
  actor: AuditActor,
  pacienteId: string,
): Promise<MedicalAlertList | null> {
  return db.transaction(async (tx) => {
    if (!(await visiblePatient(tx, actor.clinicaId, pacienteId))) return null;
    const rows = await tx
      .select(alertColumns)
      .from(a)
      .where(and(eq(a.pacienteId, pacienteId), eq(a.clinicaId, actor.clinicaId)))
      .orderBy(sql`${a.fechaRetirada} is not null`, desc(a.fechaRegistro), desc(a.id));
    await recordAudit(tx, actor, { accion: 'antecedentes.ver', pacienteId });
    return { antecedentes: rows.map(toAlert) };
  });
}

/** Records an alert signed by the caller, with its audit row. Null: no such patient. */
export async function createAlert(
  db: Database,
  actor: AuditActor,
  pacienteId: string,
  data: CreateMedicalAlertData,
): Promise<MedicalAlert | null> {
  return db.transaction(async (tx) => {
    if (!(await visiblePatient(tx, actor.clinicaId, pacienteId))) return null;
    const [row] = await tx
      .insert(a)
      .values({
        clinicaId: actor.clinicaId,
        pacienteId,
        tipo: data.tipo,
        descripcion: data.descripcion,
        anticoagulante: data.anticoagulante,
        condicion: data.condicion,
        autorId: actor.userId,
        autorNombre: memberNameOf(actor.userId),
      })
      .returning(alertColumns);
    await refreshAlertLabels(tx, eq(pacientes.id, pacienteId));
    await recordAudit(tx, actor, {
      accion: 'antecedentes.crear',
      pacienteId,
      detalle: { antecedente: row.id, tipo: row.tipo },
    });
    return toAlert(row);
  });
}

export type WithdrawResult = { withdrawn: MedicalAlert } | { notFound: true } | { alreadyWithdrawn: true };

/**
 * Withdraws an alert that holds (it stays, with the date and who withdrew it), with its audit row. An alert
 * of another patient or clinic is not found; one withdrawn before is refused (the first withdrawal stands).
 */
export async function withdrawAlert(
  db: Database,
  actor: AuditActor,
  pacienteId: string,
  antecedenteId: string,
): Promise<WithdrawResult> {
  return db.transaction(async (tx) => {
    if (!(await visiblePatient(tx, actor.clinicaId, pacienteId))) return { notFound: true };
    const mine = and(eq(a.id, antecedenteId), eq(a.pacienteId, pacienteId), eq(a.clinicaId, actor.clinicaId));
    const [row] = await tx
      .update(a)
      .set({ fechaRetirada: sql`now()`, retiradaPorId: actor.userId, retiradaPorNombre: memberNameOf(actor.userId) })
      .where(and(mine, isNull(a.fechaRetirada)))
      .returning(alertColumns);
    if (!row) {
      const [existing] = await tx.select({ id: a.id }).from(a).where(mine);
      return existing ? { alreadyWithdrawn: true } : { notFound: true };
    }
    await refreshAlertLabels(tx, eq(pacientes.id, pacienteId));
    await recordAudit(tx, actor, {
      accion: 'antecedentes.retirar',
      pacienteId,
      detalle: { antecedente: row.id, tipo: row.tipo },
    });
    return { withdrawn: toAlert(row) };
  });
}
