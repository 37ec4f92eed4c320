import { markDoneByNote, odontogramChartSchema, type OdontogramChart } from '@odontia/shared';
import { sql, type Column, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Transaction } from '../db/client.ts';
import { columnNames, jsonObject, jsonTextOf, onlyWhen, selectList, type RowOf } from '../db/column-map.ts';
import { isoTimestampSql, ph, preparedStatement } from '../db/prepared.ts';
import { odontogramaVersiones, pacientes, usuarios } from '../db/schema/index.ts';
import { auditInsertPrepared, auditValues, type AuditActor, type AuditValues } from './audit.ts';

/**
 * Writing a new odontogram version, as every feature does it: the chart screen's save (features/odontogram)
 * and a signed note's procedures done (features/clinical-notes, issue 22). One statement inserts the
 * version and its audit row, only on top of the current version and only for the caller clinic's patient
 * not archived. In platform because two features use it; the chart's reads stay in its feature.
 */

const ov = odontogramaVersiones;
/**
 * The statements' CTEs `paciente` (the caller clinic's patient, not archived: a row of pacientes, or
 * none) and `nueva` (the version a save inserted), the current version `actual` and the history's page
 * `v`, named through aliases of the tables whose rows they hold, so their columns are the schema's.
 */
export const paciente = alias(pacientes, 'paciente');
export const nueva = alias(odontogramaVersiones, 'nueva');
export const actual = alias(odontogramaVersiones, 'actual');
export const v = alias(odontogramaVersiones, 'v');
export type Versions = typeof ov | typeof nueva | typeof actual | typeof v;

/** The patient a chart answer names (OdontogramView.paciente): the CTE selects these columns, the answer writes them. */
const chartPatientColumns = (t: typeof pacientes | typeof paciente) => ({
  id: t.id,
  nombres: t.nombres,
  apellidos: t.apellidos,
  telefono: t.telefono,
  alertas: t.alertas,
});
/** The patient of `paciente` as a chart answer writes it. */
export const chartPatientJson = jsonObject(chartPatientColumns(paciente));

export const patientCte = (pacienteId: SQL | Placeholder, clinicaId: SQL | Placeholder) =>
  sql`paciente as (
    select ${columnNames(...Object.values(chartPatientColumns(pacientes)))} from ${pacientes}
    where ${pacientes.id} = ${pacienteId}::uuid and ${pacientes.clinicaId} = ${clinicaId}::uuid and ${pacientes.fechaArchivado} is null)`;
/** The values that find the caller clinic's patient in `preparedPatientCte`. */
export type PatientKey = { pacienteId: string; clinicaId: string };
export const preparedPatientCte = patientCte(ph('pacienteId'), ph('clinicaId'));

/** The current version of the patient of `paciente` (0 when never charted). */
export const currentVersion = sql<number>`coalesce((select max(${ov.version}) from ${ov} where ${ov.pacienteId} = ${paciente.id}), 0)`;

/** A patient's current version and its chart, as a statement reads it beside other rows. */
export type CurrentChart = { version: number; carta: unknown };
/**
 * The current version of the patient `pacienteId` of the clinic `clinicaId`, as one json value (null: never
 * charted). With `only`, null too when the current chart does not pass it (a caller with nothing to do on it).
 */
export const currentChartOf = (
  pacienteId: SQL | Column,
  clinicaId: SQL | Column,
  only?: (carta: typeof actual.carta) => SQL,
) =>
  // The JSON is built from the one row the inner select keeps: built per version, it would read every chart.
  sql<CurrentChart | null>`(select json_build_object('version', ${actual.version}, 'carta', ${actual.carta})
    from (select ${ov.version}, ${ov.carta} from ${ov} where ${ov.pacienteId} = ${pacienteId} and ${ov.clinicaId} = ${clinicaId}
      order by ${ov.version} desc limit 1) as ${actual}${only ? sql` where ${only(actual.carta)}` : sql``})`;

/** Who saved a version, as the API writes it (OdontogramAuthor). */
export const authorJson = (t: Versions) => jsonObject({ id: t.autorId, nombre: t.autorNombre });
/** A saved version as the API writes it (OdontogramVersion). */
export const versionJson = (t: Versions) => ({
  version: t.version,
  chart: t.carta,
  autor: authorJson(t),
  fecha: isoTimestampSql(t.fechaCreacion),
});

/** Whether the patient was found, and the version saved (null: another save took it first). */
export const saveColumns = {
  paciente: sql<string | null>`(select ${paciente.id} from paciente)`,
  guardada: onlyWhen(sql`${nueva.version} is not null`, jsonTextOf(jsonObject(versionJson(nueva)))),
};
export const saveStatement = preparedStatement<
  RowOf<typeof saveColumns>,
  PatientKey & AuditValues & { version: number; baseVersion: number; carta: string; autorId: string }
>(
  'odontia_odontograma_guardar',
  sql`with ${preparedPatientCte},
    nueva as (
      insert into ${ov} (${columnNames(ov.clinicaId, ov.pacienteId, ov.version, ov.carta, ov.autorId, ov.autorNombre)})
      select ${ph('clinicaId')}::uuid, ${paciente.id}, ${ph('version')}::int, ${ph('carta')}::jsonb, ${ph('autorId')}::text,
             coalesce((select ${usuarios.nombres} from ${usuarios} where ${usuarios.id} = ${ph('autorId')}::text), '')
      from paciente
      where ${currentVersion} = ${ph('baseVersion')}::int
      on conflict (${columnNames(ov.pacienteId, ov.version)}) do nothing
      returning *
    ),
    guardado as (${auditInsertPrepared({ from: sql`nueva` })})
    select ${selectList(saveColumns)}
    from (select 1) as uno left join nueva on true`,
);

/**
 * What a signed note records on the chart (issue 22), in the signing's transaction: the patient's current
 * chart with every planned entry of the note's procedures done (`markDoneByNote`: signing time, signer,
 * note), saved by `recordDoneOnChart`. Nothing planned of those services: no version.
 */
export async function recordNoteOnChart(
  tx: Transaction,
  actor: AuditActor,
  input: {
    pacienteId: string;
    notaId: string;
    procedimientos: readonly string[];
    fecha: Date;
    autorNombre: string;
    /** The current chart as the caller already read it under the note's lock (`currentChartOf`), for the first try. */
    current?: CurrentChart | null;
  },
): Promise<ChartWorkDone | null> {
  if (input.procedimientos.length === 0) return null;
  const done = {
    fecha: input.fecha.toISOString(),
    autor: { id: actor.userId, nombre: input.autorNombre },
    notaId: input.notaId,
  };
  return recordDoneOnChart(tx, actor, {
    pacienteId: input.pacienteId,
    mark: (chart) => markDoneByNote(chart, input.procedimientos, done),
    detalle: { nota: input.notaId },
    current: input.current,
  });
}

/** A chart version that recorded work done: its number, and the chart before and after it. */
export type ChartWorkDone = { version: number; before: OdontogramChart; after: OdontogramChart };

/**
 * Work done recorded on the chart, in the caller's transaction (a signed note, a budget line done): the
 * patient's current chart as `mark` changes it, saved as a new version by the same statement as a save
 * from the screen, with its audit row (`odontograma.guardar`, with `detalle`). `mark` answering null (or
 * no chart, or the patient archived): no version. A screen saving at the same moment takes the version
 * first: the chart is read again and marked on top of that save.
 */
export async function recordDoneOnChart(
  tx: Transaction,
  actor: AuditActor,
  input: {
    pacienteId: string;
    mark: (chart: OdontogramChart) => OdontogramChart | null;
    detalle: Record<string, string>;
    current?: CurrentChart | null;
  },
): Promise<ChartWorkDone | null> {
  for (let attempt = 0; ; attempt++) {
    const current =
      attempt === 0 && input.current !== undefined
        ? input.current
        : (
            await tx
              .select({ current: currentChartOf(sql`${input.pacienteId}::uuid`, sql`${actor.clinicaId}::uuid`) })
              .from(sql`(select 1) as uno`)
          )[0].current;
    if (!current) return null;
    const before = odontogramChartSchema.parse(current.carta);
    const chart = input.mark(before);
    if (!chart) return null;
    const version = current.version + 1;
    // A save that took this version first makes the insert do nothing (no error to roll back).
    const [row] = await saveStatement(tx, {
      pacienteId: input.pacienteId,
      clinicaId: actor.clinicaId,
      version,
      baseVersion: current.version,
      carta: JSON.stringify(chart),
      autorId: actor.userId,
      ...auditValues(actor, {
        accion: 'odontograma.guardar',
        pacienteId: input.pacienteId,
        detalle: { version, ...input.detalle },
      }),
    });
    if (!row.paciente) return null;
    if (row.guardada) return { version, before, after: chart };
    // Three saves in between: the work fails rather than leave its entries unmarked.
    if (attempt >= 2) throw new Error('El odontograma cambió mientras se registraba el trabajo hecho');
  }
}
