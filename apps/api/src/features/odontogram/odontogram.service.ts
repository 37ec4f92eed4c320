import { emptyChart, ODONTOGRAM_HISTORY_PAGE_SIZE, type OdontogramChart } from '@odontia/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditInsert, type AuditActor } from '../../platform/audit.ts';
import { sqlState } from '../../platform/db-errors.ts';

/**
 * A patient's odontogram: append-only versions (db/schema/odontogram.ts). Each read of a chart and each
 * save is one SQL statement that also writes its audit row, only when the patient is the caller
 * clinic's and not archived; one round trip, and a save and its row commit or fail together.
 */

export type ChartAuthor = { id: string | null; nombre: string };
/** A saved version; version 0 (never charted) is the empty chart with no author nor date. */
export type ChartVersion = { version: number; chart: OdontogramChart; autor: ChartAuthor | null; fecha: string | null };
export type VersionListItem = { version: number; fecha: string; autor: ChartAuthor };
export type VersionPage = { versiones: VersionListItem[]; total: number; pagina: number; porPagina: number };
export type VersionDetail = ChartVersion & { anterior: { version: number; chart: OdontogramChart } | null };

type VersionRow = {
  version: number | null;
  carta: OdontogramChart | null;
  autor_id: string | null;
  autor_nombre: string | null;
  fecha_creacion: Date | string | null;
};

const rowsOf = async <T>(result: Promise<unknown>): Promise<T[]> => ((await result) as { rows: T[] }).rows;
const iso = (value: Date | string) => new Date(value).toISOString();

function toVersion(row: VersionRow): ChartVersion {
  if (row.version === null) return { version: 0, chart: emptyChart(), autor: null, fecha: null };
  return {
    version: Number(row.version),
    chart: row.carta!,
    autor: { id: row.autor_id, nombre: row.autor_nombre! },
    fecha: iso(row.fecha_creacion!),
  };
}

/** The caller clinic's patient, not archived: the CTE every statement starts from. */
const patientCte = (clinicaId: string, pacienteId: string) =>
  sql`paciente as (select id from pacientes where id = ${pacienteId}::uuid and clinica_id = ${clinicaId}::uuid and fecha_archivado is null)`;

/** The current chart (or version 0), with the view written to the audit trail. Null: no such patient. */
export async function loadChart(db: Executor, actor: AuditActor, pacienteId: string): Promise<ChartVersion | null> {
  const [row] = await rowsOf<VersionRow & { paciente: string | null }>(
    db.execute(sql`
      with ${patientCte(actor.clinicaId, pacienteId)},
      actual as (
        select version, carta, autor_id, autor_nombre, fecha_creacion from odontograma_versiones
        where paciente_id = (select id from paciente) order by version desc limit 1
      ),
      visto as (${auditInsert(actor, { accion: 'odontograma.ver', pacienteId }, { from: sql`paciente` })})
      select (select id from paciente) as paciente, actual.* from (select 1) as uno left join actual on true`),
  );
  if (!row.paciente) return null;
  return toVersion(row);
}

export type SaveResult = { saved: ChartVersion } | { notFound: true } | { conflict: { version: number; autor: string } };

/**
 * Saves a new version on top of `baseVersion`, with its audit row. It is stored only if `baseVersion` is
 * still the current version; two saves from the same base both try to insert the same version and the
 * unique index lets one of them win. The loser, like a save from an older base, gets the conflict with the
 * current version and its author.
 */
export async function saveChart(
  db: Executor,
  actor: AuditActor,
  pacienteId: string,
  input: { baseVersion: number; chart: OdontogramChart },
): Promise<SaveResult> {
  const version = input.baseVersion + 1;
  let row: (VersionRow & { paciente: string | null }) | undefined;
  try {
    [row] = await rowsOf<VersionRow & { paciente: string | null }>(
      db.execute(sql`
        with ${patientCte(actor.clinicaId, pacienteId)},
        nueva as (
          insert into odontograma_versiones (clinica_id, paciente_id, version, carta, autor_id, autor_nombre)
          select ${actor.clinicaId}::uuid, paciente.id, ${version}, ${JSON.stringify(input.chart)}::jsonb, ${actor.userId},
                 coalesce((select nombres from usuarios where id = ${actor.userId}), '')
          from paciente
          where coalesce((select max(version) from odontograma_versiones where paciente_id = paciente.id), 0) = ${input.baseVersion}
          returning version, carta, autor_id, autor_nombre, fecha_creacion
        ),
        guardado as (${auditInsert(actor, { accion: 'odontograma.guardar', pacienteId, detalle: { version } }, { from: sql`nueva` })})
        select (select id from paciente) as paciente, nueva.* from (select 1) as uno left join nueva on true`),
    );
  } catch (error) {
    // 23505: another save took this version. 23503: the patient was erased while this one was saving.
    const state = sqlState(error);
    if (state === '23503') return { notFound: true };
    if (state !== '23505') throw error;
  }
  if (row && !row.paciente) return { notFound: true };
  if (row && row.version !== null) return { saved: toVersion(row) };
  const current = await currentVersionOf(db, actor.clinicaId, pacienteId);
  return current ? { conflict: current } : { notFound: true };
}

async function currentVersionOf(db: Executor, clinicaId: string, pacienteId: string) {
  const [row] = await rowsOf<{ version: number; autor_nombre: string }>(
    db.execute(sql`
      select version, autor_nombre from odontograma_versiones
      where paciente_id = ${pacienteId}::uuid and clinica_id = ${clinicaId}::uuid
      order by version desc limit 1`),
  );
  return row ? { version: Number(row.version), autor: row.autor_nombre } : null;
}

/** One page of the history, newest first. Null: no such patient. */
export async function listVersions(db: Executor, clinicaId: string, pacienteId: string, pagina: number): Promise<VersionPage | null> {
  const offset = (pagina - 1) * ODONTOGRAM_HISTORY_PAGE_SIZE;
  const rows = await rowsOf<{ paciente: string | null; total: number | null } & Omit<VersionRow, 'carta'>>(
    db.execute(sql`
      with ${patientCte(clinicaId, pacienteId)},
      pagina as (
        select version, autor_id, autor_nombre, fecha_creacion from odontograma_versiones
        where paciente_id = (select id from paciente) order by version desc
        limit ${ODONTOGRAM_HISTORY_PAGE_SIZE} offset ${offset}
      )
      select (select id from paciente) as paciente,
             (select max(version) from odontograma_versiones where paciente_id = (select id from paciente)) as total,
             pagina.*
      from (select 1) as uno left join pagina on true order by pagina.version desc`),
  );
  if (!rows[0]?.paciente) return null;
  return {
    versiones: rows
      .filter((r) => r.version !== null)
      .map((r) => ({ version: Number(r.version), fecha: iso(r.fecha_creacion!), autor: { id: r.autor_id, nombre: r.autor_nombre! } })),
    total: Number(rows[0].total ?? 0),
    pagina,
    porPagina: ODONTOGRAM_HISTORY_PAGE_SIZE,
  };
}

/**
 * One saved version with the one before it (the screen highlights what changed; before version 1 the
 * chart was empty, `anterior` null), the view written to the audit trail; or which of the two is missing.
 */
export async function getVersion(
  db: Executor,
  actor: AuditActor,
  pacienteId: string,
  version: number,
): Promise<VersionDetail | { missing: 'paciente' | 'version' }> {
  const rows = await rowsOf<VersionRow & { paciente: string | null }>(
    db.execute(sql`
      with ${patientCte(actor.clinicaId, pacienteId)},
      dos as (
        select version, carta, autor_id, autor_nombre, fecha_creacion from odontograma_versiones
        where paciente_id = (select id from paciente) and version in (${version}, ${version - 1})
      ),
      visto as (${auditInsert(actor, { accion: 'odontograma.ver', pacienteId, detalle: { version } }, { from: sql`paciente where exists (select 1 from dos where version = ${version})` })})
      select (select id from paciente) as paciente, dos.* from (select 1) as uno left join dos on true order by dos.version desc`),
  );
  if (!rows[0]?.paciente) return { missing: 'paciente' };
  const current = rows.find((r) => Number(r.version) === version);
  if (!current) return { missing: 'version' };
  const previous = rows.find((r) => Number(r.version) === version - 1);
  return { ...toVersion(current), anterior: previous ? { version: previous.version!, chart: previous.carta! } : null };
}
