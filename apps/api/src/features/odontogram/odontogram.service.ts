import { emptyChart, ODONTOGRAM_HISTORY_PAGE_SIZE, type OdontogramChart } from '@odontia/shared';
import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client.ts';
import { isoTimestampSql, preparedStatement } from '../../db/prepared.ts';
import {
  auditInsert,
  auditInsertPrepared,
  auditValues,
  type AuditActor,
  type AuditValues,
} from '../../platform/audit.ts';
import { PG_ERROR, sqlState } from '../../platform/db-errors.ts';
import type { JsonText } from '../../platform/http.ts';

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
/** Whose chart it is, as the patient picker shows a patient: the chart screen needs no read of the record. */
export type ChartPatient = { id: string; nombres: string; apellidos: string; telefono: string | null };
/** The current chart as the screen opens it. */
export type ChartView = ChartVersion & { paciente: ChartPatient };

type VersionRow = {
  version: number | null;
  carta: OdontogramChart | null;
  autor_id: string | null;
  autor_nombre: string | null;
  fecha_creacion: Date | string | null;
};

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

/*
 * The three hot statements (the current chart, a save, the history's page) are prepared statements
 * (db/prepared.ts): planned once per connection, rows as the driver reads them. The chart travels as
 * PostgreSQL's text of the jsonb and is spliced into the response, never parsed nor serialized again,
 * and dates come formatted as the API writes them (ISO 8601, UTC, milliseconds).
 */
const ph = (name: string) => sql.placeholder(name);
/** The values that find the caller clinic's patient in `preparedPatientCte`. */
type PatientKey = { pacienteId: string; clinicaId: string };
const preparedPatientCte = sql`paciente as (
  select id, nombres, apellidos, telefono from pacientes where id = ${ph('pacienteId')}::uuid and clinica_id = ${ph('clinicaId')}::uuid and fecha_archivado is null)`;

type ChartTextRow = {
  version: number | null;
  carta?: string | null;
  autor_id: string | null;
  autor_nombre: string | null;
  fecha: string | null;
};
const EMPTY_VERSION_FIELDS = JSON.stringify({ version: 0, chart: emptyChart(), autor: null, fecha: null }).slice(1, -1);

/** A version's fields as the API writes them (no braces), `chart` being the chart's JSON text. */
function versionFields(row: ChartTextRow, chart: string): string {
  const autor = JSON.stringify({ id: row.autor_id, nombre: row.autor_nombre });
  return `"version":${Number(row.version)},"chart":${chart},"autor":${autor},"fecha":"${row.fecha}"`;
}

type LoadRow = ChartTextRow & { paciente: string | null; nombres: string; apellidos: string; telefono: string | null };

const loadStatement = preparedStatement<LoadRow, PatientKey & AuditValues>(
  'odontia_odontograma_cargar',
  sql`with ${preparedPatientCte},
    visto as (${auditInsertPrepared({ from: sql`paciente` })})
    select paciente.id as paciente, paciente.nombres, paciente.apellidos, paciente.telefono,
           actual.version, actual.carta::text as carta, actual.autor_id, actual.autor_nombre,
           ${isoTimestampSql(sql`actual.fecha_creacion`)} as fecha
    from (select 1) as uno
    left join paciente on true
    left join lateral (
      select version, carta, autor_id, autor_nombre, fecha_creacion from odontograma_versiones
      where paciente_id = paciente.id order by version desc limit 1
    ) as actual on true`,
);

/**
 * The current chart (or version 0) and whose it is, as JSON, with the view written to the audit trail.
 * Null: no such patient.
 */
export async function loadChart(
  db: Executor,
  actor: AuditActor,
  pacienteId: string,
): Promise<JsonText<ChartView> | null> {
  const [row] = await loadStatement(db, {
    pacienteId,
    clinicaId: actor.clinicaId,
    ...auditValues(actor, { accion: 'odontograma.ver', pacienteId }),
  });
  if (!row.paciente) return null;
  const paciente = JSON.stringify({
    id: row.paciente,
    nombres: row.nombres,
    apellidos: row.apellidos,
    telefono: row.telefono,
  } satisfies ChartPatient);
  return `{${row.version === null ? EMPTY_VERSION_FIELDS : versionFields(row, row.carta!)},"paciente":${paciente}}`;
}

export type SaveResult =
  { saved: JsonText<ChartVersion> } | { notFound: true } | { conflict: { version: number; autor: string } };

const saveStatement = preparedStatement<
  ChartTextRow & { paciente: string | null },
  PatientKey & AuditValues & { version: number; baseVersion: number; carta: string; autorId: string }
>(
  'odontia_odontograma_guardar',
  sql`with ${preparedPatientCte},
    nueva as (
      insert into odontograma_versiones (clinica_id, paciente_id, version, carta, autor_id, autor_nombre)
      select ${ph('clinicaId')}::uuid, paciente.id, ${ph('version')}::int, ${ph('carta')}::jsonb, ${ph('autorId')}::text,
             coalesce((select nombres from usuarios where id = ${ph('autorId')}::text), '')
      from paciente
      where coalesce((select max(version) from odontograma_versiones where paciente_id = paciente.id), 0) = ${ph('baseVersion')}::int
      returning version, autor_id, autor_nombre, fecha_creacion
    ),
    guardado as (${auditInsertPrepared({ from: sql`nueva` })})
    select (select id from paciente) as paciente, nueva.version, nueva.autor_id, nueva.autor_nombre, ${isoTimestampSql(sql`nueva.fecha_creacion`)} as fecha
    from (select 1) as uno left join nueva on true`,
);

/**
 * Saves a new version on top of `baseVersion`, with its audit row. It is stored only if `baseVersion` is
 * still the current version; two saves from the same base both try to insert the same version and the
 * unique index lets one of them win. The loser, like a save from an older base, gets the conflict with the
 * current version and its author. The saved version is answered with the chart as stored (the checked,
 * normalized chart of the request).
 */
export async function saveChart(
  db: Executor,
  actor: AuditActor,
  pacienteId: string,
  input: { baseVersion: number; chart: OdontogramChart },
): Promise<SaveResult> {
  const version = input.baseVersion + 1;
  const carta = JSON.stringify(input.chart);
  let row: (ChartTextRow & { paciente: string | null }) | undefined;
  try {
    [row] = await saveStatement(db, {
      pacienteId,
      clinicaId: actor.clinicaId,
      version,
      baseVersion: input.baseVersion,
      carta,
      autorId: actor.userId,
      ...auditValues(actor, { accion: 'odontograma.guardar', pacienteId, detalle: { version } }),
    });
  } catch (error) {
    // Another save took this version, or the patient was erased while this one was saving.
    const state = sqlState(error);
    if (state === PG_ERROR.foreignKeyViolation) return { notFound: true };
    if (state !== PG_ERROR.uniqueViolation) throw error;
  }
  if (row && !row.paciente) return { notFound: true };
  if (row && row.version !== null) return { saved: `{${versionFields(row, carta)}}` };
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

/** The page's versions as a JSON array written by PostgreSQL, in the API's shape (VersionListItem). */
const historyStatement = preparedStatement<
  { paciente: string | null; total: number; versiones: string },
  PatientKey & { limit: number; offset: number }
>(
  'odontia_odontograma_historial',
  sql`with ${preparedPatientCte}
    select paciente.id as paciente,
           coalesce((select max(version) from odontograma_versiones where paciente_id = paciente.id), 0) as total,
           coalesce((
             select json_agg(json_build_object(
                      'version', v.version, 'fecha', ${isoTimestampSql(sql`v.fecha_creacion`)},
                      'autor', json_build_object('id', v.autor_id, 'nombre', v.autor_nombre)) order by v.version desc)::text
             from (
               select version, autor_id, autor_nombre, fecha_creacion from odontograma_versiones
               where paciente_id = paciente.id order by version desc limit ${ph('limit')}::int offset ${ph('offset')}::int
             ) as v
           ), '[]') as versiones
    from (select 1) as uno left join paciente on true`,
);

/** One page of the history, newest first, as JSON. Null: no such patient. */
export async function listVersions(
  db: Executor,
  clinicaId: string,
  pacienteId: string,
  pagina: number,
): Promise<JsonText<VersionPage> | null> {
  const [row] = await historyStatement(db, {
    pacienteId,
    clinicaId,
    limit: ODONTOGRAM_HISTORY_PAGE_SIZE,
    offset: (pagina - 1) * ODONTOGRAM_HISTORY_PAGE_SIZE,
  });
  if (!row.paciente) return null;
  return `{"versiones":${row.versiones},"total":${Number(row.total)},"pagina":${pagina},"porPagina":${ODONTOGRAM_HISTORY_PAGE_SIZE}}`;
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
