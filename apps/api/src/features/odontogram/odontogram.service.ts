import {
  chartServiceIds,
  chartTeeth,
  emptyChart,
  ODONTOGRAM_HISTORY_PAGE_SIZE,
  odontogramChartSchema,
  stampDone,
  SURFACES,
  toothEntry,
  treatmentsDone,
  type OdontogramService,
  type OdontogramChart,
  type OdontogramVersion,
  type OdontogramVersionDetail,
  type OdontogramVersionPage,
  type OdontogramView,
} from '@odontia/shared';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { jsonArray, jsonObject, jsonTextOf, onlyWhen, selectList, type RowOf } from '../../db/column-map.ts';
import { rowsOf, type Database, type Executor } from '../../db/client.ts';
import { isoTimestampSql, ph, preparedStatement } from '../../db/prepared.ts';
import { odontogramaVersiones, productos, usuarios } from '../../db/schema/index.ts';
import {
  auditInsert,
  auditInsertPrepared,
  auditValues,
  type AuditActor,
  type AuditValues,
} from '../../platform/audit.ts';
import { PG_ERROR, sqlState } from '../../platform/db-errors.ts';
import {
  actual,
  authorJson,
  currentVersion,
  paciente,
  chartPatientJson,
  patientCte,
  preparedPatientCte,
  saveColumns,
  saveStatement,
  v,
  versionJson,
  type PatientKey,
} from '../../platform/chart-versions.ts';

import type { JsonText } from '../../platform/json-text.ts';
import { recordChartWorkDone } from '../../platform/treatments.ts';

/**
 * A patient's odontogram: append-only versions (db/schema/odontogram.ts). Each read of a chart and each
 * save is one SQL statement that also writes its audit row, only when the patient is the caller
 * clinic's and not archived; one round trip, and a save and its row commit or fail together.
 *
 * The three hot statements (the current chart, a save, the history's page) are prepared statements
 * (db/prepared.ts): planned once per connection, rows as the driver reads them. PostgreSQL writes their
 * whole answer as JSON (`jsonObject`, typed by its column map; the chart as the jsonb it stores), which
 * is answered as it is, never parsed nor serialised again; dates as the API writes them (ISO 8601,
 * UTC, milliseconds).
 */

const ov = odontogramaVersiones;
/** Every tooth Sano: the chart of version 0 (a value of the prepared statement, bound on each run). */
const EMPTY_CHART = sql<OdontogramChart>`${JSON.stringify(emptyChart())}::jsonb`;

/** The current chart (version 0 when there is none) and whose it is (OdontogramView). */
const loadColumns = {
  /** Null: no such patient. */
  paciente: paciente.id,
  vista: jsonTextOf(
    jsonObject({
      ...versionJson(actual),
      version: sql<number>`coalesce(${actual.version}, 0)`,
      chart: sql<OdontogramChart>`coalesce(${actual.carta}, ${EMPTY_CHART})`,
      autor: onlyWhen(sql`${actual.version} is not null`, authorJson(actual)),
      paciente: chartPatientJson,
    }),
  ),
};
const loadStatement = preparedStatement<RowOf<typeof loadColumns>, PatientKey & AuditValues>(
  'odontia_odontograma_cargar',
  sql`with ${preparedPatientCte},
    visto as (${auditInsertPrepared({ from: sql`paciente` })})
    select ${selectList(loadColumns)}
    from (select 1) as uno
    left join paciente on true
    left join lateral (
      select * from ${ov} where ${ov.pacienteId} = ${paciente.id} order by ${ov.version} desc limit 1
    ) as ${actual} on true`,
);

/**
 * The current chart (or version 0) and whose it is, as JSON, with the view written to the audit trail.
 * Null: no such patient.
 */
export async function loadChart(
  db: Executor,
  actor: AuditActor,
  pacienteId: string,
): Promise<JsonText<OdontogramView> | null> {
  const [row] = await loadStatement(db, {
    pacienteId,
    clinicaId: actor.clinicaId,
    ...auditValues(actor, { accion: 'odontograma.ver', pacienteId }),
  });
  return row.paciente ? row.vista : null;
}

export type SaveResult =
  | { saved: JsonText<OdontogramVersion> }
  | { notFound: true }
  | { conflict: { version: number; autor: string } }
  | { unknownService: true };

/**
 * Saves a new version on top of `baseVersion`, with its audit row. It is stored only if `baseVersion` is
 * still the current version; two saves from the same base both try to insert the same version and the
 * unique index lets one of them win. The loser, like a save from an older base, gets the conflict with the
 * current version and its author. The saved version is answered with the chart as stored (the checked,
 * normalized chart of the request). Planned treatments it marks 'Realizado' are recorded as treatments
 * done in the same transaction (`recordChartWorkDone`: at their accepted budget line, kit consumed).
 */
export async function saveChart(
  db: Database,
  actor: AuditActor,
  pacienteId: string,
  input: { baseVersion: number; chart: OdontogramChart },
): Promise<SaveResult> {
  const prepared = await withStagesChecked(db, actor, pacienteId, input);
  if ('unknownService' in prepared) return prepared;
  const { chart, base } = prepared;
  const version = input.baseVersion + 1;
  // Planned treatments the screen marked 'Realizado' are work done, as from a note or a budget: recorded
  // (and their kits consumed) with the version, in its transaction.
  const work = base ? treatmentsDone(base, chart) : [];
  const save = async (ex: Executor) => {
    const [saved] = await saveStatement(ex, {
      pacienteId,
      clinicaId: actor.clinicaId,
      version,
      baseVersion: input.baseVersion,
      carta: JSON.stringify(chart),
      autorId: actor.userId,
      ...auditValues(actor, { accion: 'odontograma.guardar', pacienteId, detalle: { version } }),
    });
    if (saved.guardada && base && work.length > 0) {
      await recordChartWorkDone(ex, actor, { pacienteId, before: base, after: chart, fecha: new Date() });
    }
    return saved;
  };
  let row: RowOf<typeof saveColumns>;
  try {
    row = work.length > 0 ? await db.transaction(save) : await save(db);
  } catch (error) {
    // The patient was erased while this save was on its way.
    if (sqlState(error) === PG_ERROR.foreignKeyViolation) return { notFound: true };
    throw error;
  }
  if (!row.paciente) return { notFound: true };
  // Not saved: the base is no longer the current version, or another save took this one meanwhile.
  if (row.guardada) return { saved: row.guardada };
  const current = await currentVersionOf(db, actor.clinicaId, pacienteId);
  return current ? { conflict: current } : { notFound: true };
}

/**
 * The etapas of a save (issue 22): a service a planned entry names that the chart it was edited from did
 * not name must be one of the clinic's catalogue services (another clinic's, a product, an unknown id:
 * refused); done entries get their date and author from the server (`stampDone`: kept from the base
 * chart when they were already done there). Charts with neither (most saves) need no read.
 */
async function withStagesChecked(
  db: Executor,
  actor: AuditActor,
  pacienteId: string,
  input: { baseVersion: number; chart: OdontogramChart },
): Promise<{ chart: OdontogramChart; base?: OdontogramChart } | { unknownService: true }> {
  const { chart } = input;
  const services = chartServiceIds(chart);
  const done = chartTeeth(chart).some((id) => {
    const t = toothEntry(chart, id);
    return t.etapa === 'realizado' || SURFACES.some((s) => t.superficies[s].etapa === 'realizado');
  });
  if (services.length === 0 && !done) return { chart };
  // The chart the screen started from (versions never change: a save in between is the insert's conflict).
  const [base] =
    input.baseVersion === 0
      ? []
      : await db
          .select({ carta: ov.carta })
          .from(ov)
          .where(
            and(eq(ov.pacienteId, pacienteId), eq(ov.clinicaId, actor.clinicaId), eq(ov.version, input.baseVersion)),
          );
  const baseChart = base ? odontogramChartSchema.parse(base.carta) : emptyChart();
  const known = new Set(chartServiceIds(baseChart));
  const added = services.filter((id) => !known.has(id));
  if (added.length > 0) {
    const found = await db
      .select({ id: productos.id })
      .from(productos)
      .where(
        and(
          eq(productos.clinicaId, actor.clinicaId),
          eq(productos.categoria, 'servicio'),
          inArray(productos.id, added),
        ),
      );
    if (found.length !== added.length) return { unknownService: true };
  }
  if (!done) return { chart };
  const [member] = await db.select({ nombre: usuarios.nombres }).from(usuarios).where(eq(usuarios.id, actor.userId));
  const stamp = {
    fecha: new Date().toISOString(),
    autor: { id: actor.userId, nombre: member?.nombre ?? '' },
    notaId: null,
  };
  return { chart: stampDone(chart, baseChart, stamp), base: baseChart };
}

/** The clinic's active catalogue services, by name: what a planned entry can name. */
export async function listChartServices(db: Executor, clinicaId: string): Promise<OdontogramService[]> {
  return db
    .select({ id: productos.id, nombre: productos.nombre })
    .from(productos)
    .where(and(eq(productos.clinicaId, clinicaId), eq(productos.categoria, 'servicio'), eq(productos.activo, true)))
    .orderBy(asc(productos.nombre), asc(productos.id));
}

async function currentVersionOf(db: Executor, clinicaId: string, pacienteId: string) {
  const [row] = await db
    .select({ version: ov.version, autor: ov.autorNombre })
    .from(ov)
    .where(and(eq(ov.pacienteId, pacienteId), eq(ov.clinicaId, clinicaId)))
    .orderBy(desc(ov.version))
    .limit(1);
  return row ?? null;
}

/** A page of the history, newest first (OdontogramVersionPage). */
const historyColumns = {
  /** Null: no such patient. */
  paciente: paciente.id,
  pagina: jsonTextOf(
    jsonObject({
      versiones: jsonArray(
        jsonObject({ version: v.version, fecha: isoTimestampSql(v.fechaCreacion), autor: authorJson(v) }),
        sql`(
          select * from ${ov} where ${ov.pacienteId} = ${paciente.id}
          order by ${ov.version} desc limit ${ph('porPagina')}::int offset ${ph('offset')}::int
        ) as ${v}`,
        sql`${v.version} desc`,
      ),
      total: currentVersion,
      pagina: sql<number>`${ph('pagina')}::int`,
      porPagina: sql<number>`${ph('porPagina')}::int`,
    }),
  ),
};
const historyStatement = preparedStatement<
  RowOf<typeof historyColumns>,
  PatientKey & { pagina: number; porPagina: number; offset: number }
>(
  'odontia_odontograma_historial',
  sql`with ${preparedPatientCte}
    select ${selectList(historyColumns)}
    from (select 1) as uno left join paciente on true`,
);

/** One page of the history, newest first, as JSON. Null: no such patient. */
export async function listVersions(
  db: Executor,
  clinicaId: string,
  pacienteId: string,
  pagina: number,
): Promise<JsonText<OdontogramVersionPage> | null> {
  const [row] = await historyStatement(db, {
    pacienteId,
    clinicaId,
    pagina,
    porPagina: ODONTOGRAM_HISTORY_PAGE_SIZE,
    offset: (pagina - 1) * ODONTOGRAM_HISTORY_PAGE_SIZE,
  });
  return row.paciente ? row.pagina : null;
}

/** The version asked for and the one before it (`dos`), and whether the patient was found. */
const dos = alias(odontogramaVersiones, 'dos');
const detailColumns = {
  paciente: sql<string | null>`(select ${paciente.id} from paciente)`,
  version: dos.version,
  carta: dos.carta,
  autorId: dos.autorId,
  autorNombre: dos.autorNombre,
  fecha: isoTimestampSql(dos.fechaCreacion),
};
type DetailRow = RowOf<typeof detailColumns>;

/**
 * One saved version with the one before it (the screen highlights what changed; before version 1 the
 * chart was empty, `anterior` null), the view written to the audit trail; or which of the two is missing.
 */
export async function getVersion(
  db: Executor,
  actor: AuditActor,
  pacienteId: string,
  version: number,
): Promise<OdontogramVersionDetail | { missing: 'paciente' | 'version' }> {
  const rows = await rowsOf<DetailRow>(
    db.execute(sql`
      with ${patientCte(sql`${pacienteId}`, sql`${actor.clinicaId}`)},
      dos as (
        select * from ${ov}
        where ${ov.pacienteId} = (select ${paciente.id} from paciente) and ${ov.version} in (${version}, ${version - 1})
      ),
      visto as (${auditInsert(actor, { accion: 'odontograma.ver', pacienteId, detalle: { version } }, { from: sql`paciente where exists (select 1 from dos where ${dos.version} = ${version})` })})
      select ${selectList(detailColumns)} from (select 1) as uno left join dos on true order by ${dos.version} desc`),
  );
  if (!rows[0]?.paciente) return { missing: 'paciente' };
  const current = rows.find((r) => r.version === version);
  if (!current) return { missing: 'version' };
  const previous = rows.find((r) => r.version === version - 1);
  return {
    version: current.version,
    chart: current.carta,
    autor: { id: current.autorId, nombre: current.autorNombre },
    fecha: current.fecha,
    anterior: previous ? { version: previous.version, chart: previous.carta } : null,
  };
}
