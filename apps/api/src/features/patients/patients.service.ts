import {
  futureAppointmentsText,
  PATIENT_COUNT_LIMIT,
  PATIENT_SUGGESTIONS_LIMIT,
  patientDeletedMessage,
  type PatientDeletePreview,
  type PatientListItem,
  type PatientPage,
  type PatientDeleteResult,
  type PatientRecord,
  type PatientListView,
  type PatientConsents,
  PATIENTS_PAGE_SIZE,
  ESTADOS_CITA_PREVISTA,
  type CreatePatientData,
  type PatientStatus,
  type Gender,
  type UpdatePatientData,
} from '@odontia/shared';
import { and, count, eq, gte, inArray, isNotNull, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { containsPattern } from '../../db/search.ts';
import { jsonObject, jsonTextOf, onlyWhen, selectList, type RowOf } from '../../db/column-map.ts';
import type { Database, Executor } from '../../db/client.ts';
import {
  antecedentes,
  citas,
  consentimientos,
  notasClinicas,
  odontogramaVersiones,
  pacientes,
} from '../../db/schema/index.ts';
import { compiledStatement, isoTimestampSql, ph, preparedQuery, preparedStatement } from '../../db/prepared.ts';
import {
  auditInsertPrepared,
  auditValues,
  recordAudit,
  type AuditActor,
  type AuditValues,
} from '../../platform/audit.ts';
import type { JsonText } from '../../platform/json-text.ts';
import type { Logger } from '../../platform/logger.ts';
import { Lru } from '../../platform/lru.ts';
import { memberNameOf } from '../../platform/membership.ts';
import { notify } from '../../platform/notifications.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { deleteStoredImage, replaceStoredImage } from '../../platform/storage/stored-images.ts';
import { perInstance } from '../../platform/per-instance.ts';

/** A consent as the record answers it: when and by whom it was recorded, or null when not given. */
const consentJson = (fecha: PgColumn, por: PgColumn) =>
  onlyWhen(sql`${fecha} is not null`, jsonObject({ fecha: isoTimestampSql(fecha), por }));

/** Every field of a patient the screens use (the search column and creation time stay inside). */
const patientColumns = {
  id: pacientes.id,
  nombres: pacientes.nombres,
  apellidos: pacientes.apellidos,
  email: pacientes.email,
  telefono: pacientes.telefono,
  direccion: pacientes.direccion,
  fechaNacimiento: pacientes.fechaNacimiento,
  genero: sql<Gender | null>`${pacientes.genero}`,
  notas: pacientes.notas,
  fotoUrl: pacientes.fotoUrl,
  estado: sql<PatientStatus>`${pacientes.estado}`,
  ultimaVisita: pacientes.ultimaVisita,
  proximaVisita: pacientes.proximaVisita,
  fechaActualizacion: pacientes.fechaActualizacion,
  /** The short list of medical alerts (db/alert-labels.ts): the page header's badge. */
  alertas: pacientes.alertas,
  /**
   * Built as JSON by PostgreSQL, so the record's view (raw JSON) and the rows of Drizzle (a json value,
   * which both drivers parse) answer it alike, its times written as the rest of the record's.
   */
  consentimientos: sql<PatientConsents>`${jsonObject({
    recordatorios: consentJson(pacientes.consentimientoRecordatorios, pacientes.consentimientoRecordatoriosPor),
    comunicaciones: consentJson(pacientes.consentimientoComunicaciones, pacientes.consentimientoComunicacionesPor),
  })}`,
};

/** What the top-bar search shows of each match. */
const suggestionColumns = {
  id: pacientes.id,
  nombres: pacientes.nombres,
  apellidos: pacientes.apellidos,
  email: pacientes.email,
  telefono: pacientes.telefono,
  fotoUrl: pacientes.fotoUrl,
};

/**
 * What the list shows of each patient, for the first page (Drizzle) and the search (raw rows): the
 * days as text, which is how both drivers hand a date over to either.
 */
const listColumns = {
  ...suggestionColumns,
  estado: sql<PatientStatus>`${pacientes.estado}`,
  ultimaVisita: sql<string | null>`${pacientes.ultimaVisita}::text`,
  proximaVisita: sql<string | null>`${pacientes.proximaVisita}::text`,
  /** The short list of medical alerts: the patient picker shows the badge beside each match. */
  alertas: pacientes.alertas,
};

/**
 * The clinic's patient `id`, unless archived (deleted with clinical records): archived patients are in no
 * list, search or screen (DESIGN §1).
 */
const visiblePatient = (clinicaId: string, id: string) =>
  and(eq(pacientes.id, id), eq(pacientes.clinicaId, clinicaId), isNull(pacientes.fechaArchivado));

/**
 * Counts of patient searches, per clinic and term, tagged with the clinic's `pacientes_conteo.version`
 * at the moment they were counted. Every insert, update or delete of a clinic's patients moves its
 * version in the same transaction, so a count whose version is still the current one still holds:
 * the cache can only save work, never show a stale number. Each API instance keeps its own; the
 * version is read from the database on every request, so instances never disagree. Bounded (Lru):
 * it holds search terms, which may be names, only in memory and only while they are useful.
 */
type SearchCount = { version: number; total: number };
/** The version of a count of no match, read without a row to carry the version (versions start at 0). */
const UNKNOWN_VERSION = -1;
const SEARCH_COUNTS_MAX = 5000;
const countCache = perInstance((_db: Database) => new Lru<string, SearchCount>(SEARCH_COUNTS_MAX));
// The exact term: two spellings that normalise alike simply get an entry each.
const countKey = (clinicaId: string, term: string) => `${clinicaId}\u0000${term}`;

/** The clinic's number of patients, kept by the triggers of pacientes_conteo. */
const clinicTotal = (clinicaId: SQLWrapper | string) =>
  sql<number>`coalesce((select total from pacientes_conteo where clinica_id = ${clinicaId}), 0)`;
const clinicVersion = (clinicaId: SQLWrapper | string) =>
  sql<number>`coalesce((select version from pacientes_conteo where clinica_id = ${clinicaId}), 0)`;

/**
 * The first page of a clinic is what every visit to 'Pacientes' asks for: built once, and a named
 * prepared statement, planned once per connection (its plan does not depend on the values).
 */
const pageQuery = preparedQuery<{ clinicaId: string; limit: number; offset: number }>('odontia_patients_page')((db) =>
  db
    .select({ total: clinicTotal(ph('clinicaId')), ...listColumns })
    .from(pacientes)
    .where(and(eq(pacientes.clinicaId, ph('clinicaId')), isNull(pacientes.fechaArchivado)))
    .orderBy(pacientes.apellidos, pacientes.nombres, pacientes.id)
    .limit(ph('limit'))
    .offset(ph('offset')),
);

const toItem = ({
  total: _total,
  version: _version,
  ...item
}: RowOf<typeof listColumns> & { total?: unknown; version?: unknown }): PatientListItem => item;

/**
 * One page of the clinic's patients, ordered by apellidos then nombres, with its total, in one
 * round trip (a second one only for a page past the end of the results):
 * - without a search, the total is the clinic's row of `pacientes_conteo` (kept by triggers), so a
 *   page of a 50,000-patient clinic reads 10 index entries, not 50,000 rows;
 * - with a search, the total is a count through the trigram index up to PATIENT_COUNT_LIMIT + 1
 *   matches (past the limit the page says so: `totalExacto` false), computed once per term and
 *   clinic version: while no patient of the clinic changes (same `version`), the count still holds
 *   and is not recomputed (paging through results, several people searching the same name).
 * Totals and versions are scalar sub-selects of the page query (evaluated once): measured cheaper
 * to plan than a join of the counter with a lateral page.
 */
export async function listPatients(
  db: Database,
  clinicaId: string,
  query: { q: string; pagina: number; ver?: PatientListView },
  options: { reuseSearchCount?: boolean } = {},
): Promise<PatientPage> {
  const offset = (query.pagina - 1) * PATIENTS_PAGE_SIZE;
  const term = query.q;
  const page = (rows: PatientListItem[], count: number): PatientPage => ({
    pacientes: rows,
    total: Math.min(count, term ? PATIENT_COUNT_LIMIT : count),
    totalExacto: !term || count <= PATIENT_COUNT_LIMIT,
    pagina: query.pagina,
    porPagina: PATIENTS_PAGE_SIZE,
  });

  if (query.ver === 'desactivados') {
    const [rows, [{ total }]] = await deactivatedPage(db, clinicaId, term, offset);
    return page(rows, total);
  }

  if (!term) {
    const rows = await pageQuery(db, { clinicaId, limit: PATIENTS_PAGE_SIZE, offset });
    if (rows.length) return page(rows.map(toItem), Number(rows[0].total));
    // An empty first page is a clinic without patients; past the end, the total is still needed.
    if (offset === 0) return page([], 0);
    const [head] = await db.select({ total: clinicTotal(clinicaId) }).from(sql`(select 1) as uno`);
    return page([], Number(head.total));
  }

  const cache = countCache(db);
  const cached = options.reuseSearchCount !== false ? cache.get(countKey(clinicaId, term)) : undefined;
  const values = { clinicaId, term, offset };
  // With a count of this term at hand, only the version is read (planning the count sub-select
  // alone costs half the page query); without one, the count comes with the page, same snapshot.
  const rows = await (cached ? search.versioned : search.counted)(db, values);
  // Nothing on the first page: nothing matches, and the count is known without asking. It is kept, so
  // that the same search again (a refetch, a reload) skips counting; with no row there is no version to
  // keep, and none is needed: an empty first page answers 0 whatever the version, and a page with rows
  // never matches UNKNOWN_VERSION, so it counts again.
  if (!rows.length && offset === 0) {
    if (!cached) cache.set(countKey(clinicaId, term), { version: UNKNOWN_VERSION, total: 0 });
    return page([], 0);
  }
  // Past the end of the matches, the page carries no head: read it alone.
  let [found] = rows.length ? rows : await (cached ? search.versionHead : search.countedHead)(db, values);
  if (cached && Number(found.version) !== cached.version) {
    // The clinic's patients changed since that count: count again, with the version it belongs to.
    [found] = await search.countedHead(db, values);
  }
  const total = found.total === undefined ? cached!.total : Number(found.total);
  cache.set(countKey(clinicaId, term), { version: Number(found.version), total });
  return page(rows.map(toItem), total);
}

/**
 * The search's statements, built once (plain SQL rather than the query builder: building and mapping
 * cost more than the query here) and planned at each run, as the term decides the plan: a term that
 * matches half the clinic reads the name order, one that matches nothing the trigram index. The page
 * with its head (the clinic's version, and the count when there is none of this term at hand), or the
 * head alone, past the end of the matches.
 */
const search = (() => {
  const matches = and(
    eq(pacientes.clinicaId, ph('clinicaId')),
    isNull(pacientes.fechaArchivado),
    sql`${pacientes.busqueda} like ${containsPattern(ph('term'))}`,
  );
  // One past the limit is enough to tell 'más de 1.000': a common term stops counting there.
  const count = sql<number>`(select count(*)::int from (select 1 from ${pacientes} where ${matches} limit ${sql.raw(String(PATIENT_COUNT_LIMIT + 1))}) as hasta_el_limite)`;
  const versioned = sql`${clinicVersion(ph('clinicaId'))} as version`;
  const counted = sql`${versioned}, ${count} as total`;
  type Values = { clinicaId: string; term: string; offset: number };
  const pageWith = (head: SQL) =>
    compiledStatement<SearchRow, Values>(sql`
      select ${head}, ${selectList(listColumns)}
      from ${pacientes}
      where ${matches}
      order by ${pacientes.apellidos}, ${pacientes.nombres}, ${pacientes.id}
      limit ${PATIENTS_PAGE_SIZE} offset ${ph('offset')}`);
  const headOnly = (head: SQL) => compiledStatement<SearchHead, Values>(sql`select ${head}`);
  return {
    counted: pageWith(counted),
    versioned: pageWith(versioned),
    countedHead: headOnly(counted),
    versionHead: headOnly(versioned),
  };
})();

/**
 * The deactivated patients (deleted with clinical records) of a clinic, to reactivate them: few, so
 * counted as they are read, through the same search column as the active ones.
 */
function deactivatedPage(db: Database, clinicaId: string, term: string, offset: number) {
  const where = and(
    eq(pacientes.clinicaId, clinicaId),
    isNotNull(pacientes.fechaArchivado),
    term ? sql`${pacientes.busqueda} like ${containsPattern(term)}` : undefined,
  );
  return Promise.all([
    db
      .select(listColumns)
      .from(pacientes)
      .where(where)
      .orderBy(pacientes.apellidos, pacientes.nombres, pacientes.id)
      .limit(PATIENTS_PAGE_SIZE)
      .offset(offset),
    db.select({ total: count() }).from(pacientes).where(where),
  ]);
}

type SearchHead = {
  /** bigint: a string from node-postgres. */
  version: string | number;
  total?: number;
};
type SearchRow = SearchHead & RowOf<typeof listColumns>;

/** The top-bar search: the first few matches as the person types, without a count. */
export async function suggestPatients(db: Database, clinicaId: string, term: string) {
  if (!term) return [];
  return db
    .select(suggestionColumns)
    .from(pacientes)
    .where(
      and(
        eq(pacientes.clinicaId, clinicaId),
        isNull(pacientes.fechaArchivado),
        sql`${pacientes.busqueda} like ${containsPattern(term)}`,
      ),
    )
    .orderBy(pacientes.apellidos, pacientes.nombres, pacientes.id)
    .limit(PATIENT_SUGGESTIONS_LIMIT);
}

/** Null for an unknown id and for another clinic's patient alike: the caller cannot tell them apart. */
export async function getPatient(db: Executor, clinicaId: string, id: string) {
  const [row] = await db.select(patientColumns).from(pacientes).where(visiblePatient(clinicaId, id));
  return row ?? null;
}

export type Patient = NonNullable<Awaited<ReturnType<typeof getPatient>>>;

/**
 * A view of the patient's record: the patient as JSON (the fields of `patientColumns`, written by
 * PostgreSQL as `c.json` would write them), and the audit row written when (and only when) the patient
 * is the caller clinic's. One prepared statement: the lookup and its row in one round trip, planned once
 * per connection.
 */
const viewColumns = {
  paciente: jsonTextOf(
    jsonObject({ ...patientColumns, fechaActualizacion: isoTimestampSql(pacientes.fechaActualizacion) }),
  ),
};
const viewStatement = preparedStatement<
  RowOf<typeof viewColumns>,
  { pacienteId: string; clinicaId: string } & AuditValues
>(
  'odontia_paciente_ver',
  sql`with paciente as (
      select ${selectList(viewColumns)}
      from ${pacientes}
      where ${pacientes.id} = ${sql.placeholder('pacienteId')}::uuid and ${pacientes.clinicaId} = ${sql.placeholder('clinicaId')}::uuid
        and ${pacientes.fechaArchivado} is null
    ),
    visto as (${auditInsertPrepared({ from: sql`paciente` })})
    select paciente from paciente`,
);

export async function viewPatient(
  db: Executor,
  actor: AuditActor,
  id: string,
): Promise<JsonText<PatientRecord> | null> {
  const [row] = await viewStatement(db, {
    pacienteId: id,
    clinicaId: actor.clinicaId,
    ...auditValues(actor, { accion: 'paciente.ver', pacienteId: id }),
  });
  return row?.paciente ?? null;
}

/** Who records a patient's data: the clinic is theirs (never the request's); the consents carry their name. */
export type PatientEditor = Pick<AuditActor, 'clinicaId' | 'userId'>;

/**
 * Each consent flag of the schemas (named as its timestamp column) and the column of who recorded it.
 */
const consentFlags = [
  ['consentimientoRecordatorios', 'consentimientoRecordatoriosPor'],
  ['consentimientoComunicaciones', 'consentimientoComunicacionesPor'],
] as const;
type ConsentFlag = (typeof consentFlags)[number][0];
type ConsentColumn = (typeof consentFlags)[number][number];

/**
 * What the consent flags of a create or an edit write (issue 24). Given: now and the member's name,
 * unless it already was given (an edit that keeps the box ticked keeps who and when: an UPDATE's
 * expressions read the row as it was); withdrawn: both null; left out of an edit: nothing.
 */
function consentColumns(
  flags: Partial<Record<ConsentFlag, boolean>>,
  userId: string,
  statement: 'insert' | 'update',
): Partial<Record<ConsentColumn, SQL | null>> {
  const columns: Partial<Record<ConsentColumn, SQL | null>> = {};
  const name = sql`nullif(${memberNameOf(userId)}, '')`;
  for (const [flag, by] of consentFlags) {
    const given = flags[flag];
    if (given === undefined) continue;
    if (!given) {
      columns[flag] = columns[by] = null;
    } else if (statement === 'insert') {
      columns[flag] = sql`now()`;
      columns[by] = name;
    } else {
      const fecha = pacientes[flag];
      columns[flag] = sql`coalesce(${fecha}, now())`;
      columns[by] = sql`case when ${fecha} is null then ${name} else ${pacientes[by]} end`;
    }
  }
  return columns;
}

/** estado is activo at creation (spec 000 §4); the clinic is the caller's, never the request's. */
export async function createPatient(db: Executor, editor: PatientEditor, data: CreatePatientData): Promise<Patient> {
  const { consentimientoRecordatorios, consentimientoComunicaciones, ...fields } = data;
  const [row] = await db
    .insert(pacientes)
    .values({
      ...fields,
      ...consentColumns({ consentimientoRecordatorios, consentimientoComunicaciones }, editor.userId, 'insert'),
      clinicaId: editor.clinicaId,
      estado: 'activo',
    })
    .returning(patientColumns);
  return row;
}

export async function updatePatient(
  db: Executor,
  editor: PatientEditor,
  id: string,
  data: UpdatePatientData,
): Promise<Patient | null> {
  const { consentimientoRecordatorios, consentimientoComunicaciones, ...fields } = data;
  const [row] = await db
    .update(pacientes)
    .set({
      ...fields,
      ...consentColumns({ consentimientoRecordatorios, consentimientoComunicaciones }, editor.userId, 'update'),
      fechaActualizacion: new Date(),
    })
    .where(visiblePatient(editor.clinicaId, id))
    .returning(patientColumns);
  return row ?? null;
}

/** A patient's appointments from now on that are still to happen (not cancelled nor done). */
const futureAppointments = (clinicaId: string, pacienteId: string) =>
  and(
    eq(citas.clinicaId, clinicaId),
    eq(citas.pacienteId, pacienteId),
    gte(citas.inicio, sql`now()`),
    inArray(citas.estado, [...ESTADOS_CITA_PREVISTA]),
  );

/**
 * Whether the patient has clinical records (chart versions, medical alerts, clinical notes, even a
 * discarded draft, signed consents): then they are kept, not erased.
 */
async function hasClinicalRecords(db: Executor, id: string): Promise<boolean> {
  const [history] = await db
    .select({ id: odontogramaVersiones.id })
    .from(odontogramaVersiones)
    .where(eq(odontogramaVersiones.pacienteId, id))
    .limit(1);
  if (history) return true;
  const [alert] = await db
    .select({ id: antecedentes.id })
    .from(antecedentes)
    .where(eq(antecedentes.pacienteId, id))
    .limit(1);
  if (alert) return true;
  const [note] = await db
    .select({ id: notasClinicas.id })
    .from(notasClinicas)
    .where(eq(notasClinicas.pacienteId, id))
    .limit(1);
  if (note) return true;
  const [consent] = await db
    .select({ id: consentimientos.id })
    .from(consentimientos)
    .where(eq(consentimientos.pacienteId, id))
    .limit(1);
  return !!consent;
}

/**
 * What deleting the patient would do, for the confirmation dialog: erase or deactivate them, and how many
 * future appointments would go. Null when there is no such patient in the clinic.
 */
export async function previewPatientDeletion(
  db: Database,
  clinicaId: string,
  id: string,
): Promise<PatientDeletePreview | null> {
  const [patient] = await db.select({ id: pacientes.id }).from(pacientes).where(visiblePatient(clinicaId, id));
  if (!patient) return null;
  const [archive, [{ citasFuturas }]] = await Promise.all([
    hasClinicalRecords(db, id),
    db.select({ citasFuturas: count() }).from(citas).where(futureAppointments(clinicaId, id)),
  ]);
  return { resultado: archive ? 'archivado' : 'eliminado', citasFuturas };
}

/**
 * Deletes the patient, then its photo file, with the audit row in the same transaction. A patient with
 * clinical records (chart versions) is kept for years: instead of erased, they are deactivated and hidden
 * (archived), and their future appointments are cancelled. Either way, when future appointments go (erased
 * with the patient, or cancelled), those who see the agenda are told, in the same transaction. Null when
 * there is no such patient in the clinic.
 */
export async function deletePatient(
  db: Database,
  storage: Storage,
  logger: Logger,
  actor: AuditActor,
  id: string,
): Promise<PatientDeleteResult | null> {
  const { clinicaId } = actor;
  const result = await db.transaction(async (tx) => {
    const [patient] = await tx
      .select({ nombres: pacientes.nombres, apellidos: pacientes.apellidos, fotoUrl: pacientes.fotoUrl })
      .from(pacientes)
      .where(visiblePatient(clinicaId, id))
      .for('update');
    if (!patient) return null;
    const name = `${patient.nombres} ${patient.apellidos}`;
    const archive = await hasClinicalRecords(tx, id);
    let citasFuturas: number;
    if (archive) {
      await tx
        .update(pacientes)
        .set({ estado: 'inactivo', fechaArchivado: new Date(), fechaActualizacion: new Date() })
        .where(eq(pacientes.id, id));
      const cancelled = await tx
        .update(citas)
        .set({ estado: 'cancelada', fechaActualizacion: new Date() })
        .where(futureAppointments(clinicaId, id))
        .returning({ id: citas.id });
      citasFuturas = cancelled.length;
      await recordAudit(tx, actor, {
        accion: 'paciente.desactivar',
        pacienteId: id,
        ...(citasFuturas ? { detalle: { citasCanceladas: citasFuturas } } : {}),
      });
    } else {
      [{ citasFuturas }] = await tx
        .select({ citasFuturas: count() })
        .from(citas)
        .where(futureAppointments(clinicaId, id));
      // Its appointments go with it (foreign key on delete cascade).
      await tx.delete(pacientes).where(eq(pacientes.id, id));
      await recordAudit(tx, actor, { accion: 'paciente.eliminar', pacienteId: id, detalle: { paciente: name } });
    }
    if (citasFuturas) {
      const citasText = futureAppointmentsText(citasFuturas);
      await notify(tx, {
        clinicaId,
        permiso: 'citas.ver',
        titulo: archive ? 'Citas canceladas' : 'Citas eliminadas',
        mensaje: archive
          ? `${name} se ha desactivado: se han cancelado ${citasText}.`
          : `${name} se ha eliminado junto con ${citasText}.`,
        prioridad: 'media',
        enlace: '/citas',
      });
    }
    const resultado = archive ? ('archivado' as const) : ('eliminado' as const);
    return {
      outcome: { resultado, citasFuturas, mensaje: patientDeletedMessage(resultado, citasFuturas) },
      fotoUrl: archive ? null : patient.fotoUrl,
    };
  });
  if (!result) return null;
  await deleteStoredImage(storage, result.fotoUrl, logger);
  return result.outcome;
}

/**
 * Brings a deactivated patient back (active, in the lists and searches again), with its audit row in the
 * same transaction. Their cancelled appointments stay cancelled. Null when the clinic has no such
 * deactivated patient.
 */
export async function reactivatePatient(db: Database, actor: AuditActor, id: string): Promise<Patient | null> {
  return db.transaction(async (tx) => {
    const [patient] = await tx
      .update(pacientes)
      .set({ estado: 'activo', fechaArchivado: null, fechaActualizacion: new Date() })
      .where(and(eq(pacientes.id, id), eq(pacientes.clinicaId, actor.clinicaId), isNotNull(pacientes.fechaArchivado)))
      .returning(patientColumns);
    if (!patient) return null;
    await recordAudit(tx, actor, { accion: 'paciente.reactivar', pacienteId: id });
    return patient;
  });
}

/**
 * Replaces the patient's photo with an uploaded image (checked and re-encoded by content), stored
 * under patient_photos/{clinic}/{timestamp}-{file name}; the replaced file is deleted once the
 * patient points at the new one. Null when there is no such patient in the clinic (nothing stored).
 */
export async function setPatientPhoto(
  db: Database,
  storage: Storage,
  logger: Logger,
  actor: AuditActor,
  id: string,
  upload: { bytes: Uint8Array; fileName: string },
): Promise<Patient | null> {
  // Checked first so that nobody stores files under a patient they cannot see.
  if (!(await getPatient(db, actor.clinicaId, id))) return null;
  const saved = await replaceStoredImage(
    storage,
    { bytes: upload.bytes, prefix: 'patient_photos', ownerId: actor.clinicaId, fileName: upload.fileName },
    (url) => replacePhotoUrl(db, actor, id, url),
    logger,
  );
  return saved?.patient ?? null;
}

export async function removePatientPhoto(
  db: Database,
  storage: Storage,
  logger: Logger,
  actor: AuditActor,
  id: string,
) {
  const saved = await replacePhotoUrl(db, actor, id, null);
  if (saved) await deleteStoredImage(storage, saved.replaced, logger);
  return saved?.patient ?? null;
}

/** A new photo (or none) is an edit of the record: written to the audit trail in the same transaction. */
async function replacePhotoUrl(db: Database, actor: AuditActor, id: string, fotoUrl: string | null) {
  const { clinicaId } = actor;
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ fotoUrl: pacientes.fotoUrl })
      .from(pacientes)
      .where(visiblePatient(clinicaId, id))
      .for('update');
    if (!current) return null;
    const [patient] = await tx
      .update(pacientes)
      .set({ fotoUrl, fechaActualizacion: new Date() })
      .where(visiblePatient(clinicaId, id))
      .returning(patientColumns);
    await recordAudit(tx, actor, { accion: 'paciente.editar', pacienteId: id, detalle: { cambio: 'foto' } });
    return { replaced: current.fotoUrl, patient };
  });
}
