import { createHash } from 'node:crypto';
import {
  canonicalNoteContent,
  CIE10_DENTAL,
  type SignedNoteContent,
  CLINICAL_NOTE_MESSAGES as M,
  HISTORY_PAGE_SIZE,
  UNSIGNED_NOTE_HOURS,
  type HistoryKind,
  type NoteData,
  type NoteState,
} from '@odontia/shared';
import { and, asc, eq, inArray, isNull, lt, sql, type Column, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import {
  columnNames,
  jsonArray,
  jsonObject,
  jsonTextOf,
  onlyWhen,
  selectList,
  type JsonOf,
  type PgJson,
  type RowOf,
} from '../../db/column-map.ts';
import { isoTimestampSql, ph, preparedStatement } from '../../db/prepared.ts';
import {
  adendasNotas,
  citas,
  consentimientos,
  dentistas,
  notasClinicas,
  odontogramaVersiones,
  pacientes,
  plantillasNotas,
  productos,
  usuarios,
} from '../../db/schema/index.ts';
import {
  auditInsertPrepared,
  auditValues,
  recordAudit,
  type AuditActor,
  type AuditValues,
} from '../../platform/audit.ts';
import { conflict, forbidden, notFound, unprocessable } from '../../platform/errors.ts';
import {
  currentChartOf,
  paciente,
  preparedPatientCte,
  recordNoteOnChart,
  type PatientKey,
} from '../../platform/chart-versions.ts';
import { parseJsonText, type JsonText } from '../../platform/json-text.ts';
import { recordChartWorkDone } from '../../platform/treatments.ts';

/**
 * Clinical notes (evoluciones), their addenda and templates, and a patient's 'Historia clínica'
 * (issue 22). Every write and every view is one transaction with its audit row. A note is checked
 * under a row lock (`for update`) before it changes, so two requests cannot both sign or edit it;
 * the database triggers (migration 0027) refuse the change anyway if a signed note were ever reached.
 */

const n = notasClinicas;
const a = adendasNotas;
/** The row a signing statement updated (its CTE `firmada`), with the schema's columns. */
const firmada = alias(notasClinicas, 'firmada');
type Notes = typeof n | typeof firmada;

const patientNotFound = () => notFound(M.patientNotFound);
const noteNotFound = () => notFound(M.noteNotFound);

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * The hash a signed note keeps: the SHA-256 of its canonical content with its signing time to the
 * millisecond (signing, the demo seed, and anyone checking a stored note: a row of the table will do).
 */
export const noteHash = (note: Omit<SignedNoteContent, 'fechaFirma'>, fechaFirma: Date): string =>
  sha256(canonicalNoteContent({ ...note, fechaFirma: fechaFirma.toISOString() }));

/** The hash an addendum keeps, signed as it is written (adding one, and the demo seed). */
export const addendumHash = (a: {
  id: string;
  notaId: string;
  autorId: string;
  autorNombre: string;
  texto: string;
  fecha: Date;
}): string => sha256(JSON.stringify([a.id, a.notaId, a.autorId, a.autorNombre, a.texto, a.fecha.toISOString()]));

/** The caller clinic's patient, unless archived (deleted with clinical records). */
async function findPatient(tx: Executor, clinicaId: string, pacienteId: string) {
  const [row] = await tx
    .select({ id: pacientes.id, nombres: pacientes.nombres, apellidos: pacientes.apellidos })
    .from(pacientes)
    .where(and(eq(pacientes.id, pacienteId), eq(pacientes.clinicaId, clinicaId), isNull(pacientes.fechaArchivado)));
  return row ?? null;
}

async function memberName(tx: Executor, userId: string): Promise<string> {
  const [row] = await tx.select({ nombres: usuarios.nombres }).from(usuarios).where(eq(usuarios.id, userId));
  return row?.nombres ?? '';
}

/** The appointment and the procedures a note names must be this patient's and this clinic's services. */
async function checkReferences(tx: Executor, clinicaId: string, pacienteId: string, data: NoteData) {
  if (data.citaId) {
    const [cita] = await tx
      .select({ id: citas.id })
      .from(citas)
      .where(and(eq(citas.id, data.citaId), eq(citas.clinicaId, clinicaId), eq(citas.pacienteId, pacienteId)));
    if (!cita) throw unprocessable(M.appointmentUnknown, 'citaId');
  }
  if (data.procedimientos.length) {
    const found = await tx
      .select({ id: productos.id })
      .from(productos)
      .where(
        and(
          eq(productos.clinicaId, clinicaId),
          eq(productos.categoria, 'servicio'),
          inArray(productos.id, data.procedimientos),
        ),
      );
    if (found.length !== data.procedimientos.length) throw unprocessable(M.procedureUnknown, 'procedimientos');
  }
}

const noteValues = (data: NoteData) => ({
  fecha: data.fecha,
  citaId: data.citaId,
  texto: data.texto,
  diagnostico: data.diagnostico,
  procedimientos: data.procedimientos,
  subjetiva: data.subjetiva,
});

/** A new draft by the caller for the caller clinic's patient. */
export async function createNote(db: Database, actor: AuditActor, pacienteId: string, data: NoteData) {
  const id = await db.transaction(async (tx) => {
    if (!(await findPatient(tx, actor.clinicaId, pacienteId))) throw patientNotFound();
    await checkReferences(tx, actor.clinicaId, pacienteId, data);
    const [row] = await tx
      .insert(n)
      .values({
        clinicaId: actor.clinicaId,
        pacienteId,
        autorId: actor.userId,
        autorNombre: await memberName(tx, actor.userId),
        ...noteValues(data),
      })
      .returning({ id: n.id });
    await recordAudit(tx, actor, { accion: 'nota.crear', pacienteId, detalle: { nota: row.id } });
    return row.id;
  });
  return readNote(db, actor, id);
}

/**
 * Whether a chart names any of the note's procedures as the service of an entry (a tooth's or a surface's,
 * in any case): only then can signing mark anything on it (`markDoneByNote` marks planned entries of those
 * services only), so only then is the chart sent over and validated. Most signatures leave the chart as it
 * is. A JSON path over the entries: the chart's whole text, searched, cost PostgreSQL ~5 times as much.
 */
const chartNamesService = sql.raw(
  `'$.* ? (@.servicioId like_regex "^%1$s$" flag "i" || @.superficies.*.servicioId like_regex "^%1$s$" flag "i")'`,
);
const namesAProcedure = (carta: SQL | Column) =>
  sql`exists (select 1 from unnest(${n.procedimientos}) as u(p)
    where jsonb_path_exists(${carta}, format(${chartNamesService}, u.p)::jsonpath))`;

/**
 * What a lock reads: what a signature hashes and the checks need, the row version it read (`fila`, its
 * xmin: any change to the row gives it a new one), and with `conCarta` the current chart when it names
 * one of the note's procedures.
 */
const lockedColumns = {
  id: n.id,
  pacienteId: n.pacienteId,
  citaId: n.citaId,
  autorId: n.autorId,
  autorNombre: n.autorNombre,
  fecha: n.fecha,
  texto: n.texto,
  diagnostico: n.diagnostico,
  procedimientos: n.procedimientos,
  subjetiva: n.subjetiva,
  estado: n.estado,
  fila: sql<string>`${n}.xmin::text`,
  chart: onlyWhen(
    sql`${ph('conCarta')}::boolean and cardinality(${n.procedimientos}) > 0`,
    currentChartOf(n.pacienteId, n.clinicaId, namesAProcedure),
  ),
};
/**
 * The note with `lockedColumns`, locked (`for update`) or not. Prepared, and built once: signing runs it on
 * every signature (building it per call cost ~15% of a signing's CPU).
 */
const draftStatement = (name: string, lock: boolean) =>
  preparedStatement<RowOf<typeof lockedColumns>, { notaId: string; clinicaId: string; conCarta: boolean }>(
    name,
    sql`select ${selectList(lockedColumns)} from ${n}
      where ${n.id} = ${ph('notaId')}::uuid and ${n.clinicaId} = ${ph('clinicaId')}::uuid
      ${lock ? sql`for update` : sql``}`,
  );
const lockStatement = draftStatement('odontia_nota_bloquear', true);
const readDraftStatement = draftStatement('odontia_nota_leer_borrador', false);

/**
 * The caller clinic's note as a change by its author needs it: 404 when it is not there (or is another
 * member's draft, which is not yet part of the record), 403 when the caller is not its author, 409
 * when it is no longer a draft.
 */
function draftOf(row: RowOf<typeof lockedColumns> | undefined, actor: AuditActor) {
  if (!row || row.estado === 'descartada') throw noteNotFound();
  if (row.autorId !== actor.userId) {
    if (row.estado === 'borrador') throw noteNotFound();
    throw forbidden(M.notAuthor);
  }
  if (row.estado === 'firmada') throw conflict(M.locked);
  const { chart, ...note } = row;
  return { note, chart };
}

/**
 * The caller clinic's note, locked for a change by its author (`draftOf`'s answers when it cannot be).
 * With `chart`, also the patient's current chart when the note records procedures that chart names (what
 * signing may mark done), read in the same statement.
 */
async function lockDraft(tx: Transaction, actor: AuditActor, notaId: string, options: { chart?: boolean } = {}) {
  const [row] = await lockStatement(tx, { notaId, clinicaId: actor.clinicaId, conCarta: options.chart ?? false });
  return draftOf(row, actor);
}

export async function updateDraft(db: Database, actor: AuditActor, notaId: string, data: NoteData) {
  await db.transaction(async (tx) => {
    const { note } = await lockDraft(tx, actor, notaId);
    await checkReferences(tx, actor.clinicaId, note.pacienteId, data);
    await tx
      .update(n)
      .set({ ...noteValues(data), fechaActualizacion: new Date() })
      .where(eq(n.id, notaId));
    await recordAudit(tx, actor, { accion: 'nota.editar', pacienteId: note.pacienteId, detalle: { nota: notaId } });
  });
  return readNote(db, actor, notaId);
}

/** The values of `signStatement` for the draft `note` as read, signed now. */
function signing(actor: AuditActor, note: ReturnType<typeof draftOf>['note']) {
  const fechaFirma = new Date();
  return {
    fechaFirma,
    values: {
      notaId: note.id,
      fila: note.fila,
      fechaFirma: fechaFirma.toISOString(),
      hash: noteHash(note, fechaFirma),
      clinicaId: actor.clinicaId,
      userId: actor.userId,
      ...auditValues(actor, { accion: 'nota.firmar', pacienteId: note.pacienteId, detalle: { nota: note.id } }),
    },
  };
}

/**
 * Signs the caller's draft: from now on its text, author and time are fixed, with the SHA-256 of its
 * canonical content (shared `canonicalNoteContent`, the signing time to the millisecond). The procedures
 * it records mark the chart's planned entries of those services done, in the same transaction
 * (odontogram `recordNoteOnChart`).
 *
 * Most signatures have nothing to mark on the chart: then the draft is read without a lock and signed by
 * one statement (the note fixed and its audit row, one transaction of its own) that changes the row only
 * if it is still the version read and hashed (`fila`). A draft changed or signed in between, or a chart
 * with something to mark, takes the locked path: the note locked, signed and its work recorded in one
 * transaction. Two round trips (BEGIN, COMMIT) fewer on the common path; the same answers either way.
 */
export async function signNote(
  db: Database,
  actor: AuditActor,
  notaId: string,
  /** The clinic's day: a draft dated after it is not signed (drafts saved before that rule existed). */
  hoy: string,
): Promise<JsonText<NoteView>> {
  const [row] = await readDraftStatement(db, { notaId, clinicaId: actor.clinicaId, conCarta: true });
  const draft = draftOf(row, actor);
  if (draft.note.fecha > hoy) throw unprocessable(M.dateFuture, 'fecha');
  if (!draft.chart) {
    const [signed] = await signStatement(db, signing(actor, draft.note).values);
    if (signed) return signed.nota;
  }
  return db.transaction(async (tx) => {
    const { note, chart } = await lockDraft(tx, actor, notaId, { chart: true });
    const { fechaFirma, values } = signing(actor, note);
    const [signed] = await signStatement(tx, values);
    // Its procedures done: the chart's planned entries of those services become realizado (a new version),
    // each a treatment done (at its accepted budget line's total, or the catalogue's price) with its kit
    // consumed from stock.
    const work = await recordNoteOnChart(tx, actor, {
      pacienteId: note.pacienteId,
      notaId,
      procedimientos: note.procedimientos,
      fecha: fechaFirma,
      autorNombre: note.autorNombre,
      current: chart,
    });
    if (work) await recordChartWorkDone(tx, actor, { pacienteId: note.pacienteId, ...work, fecha: fechaFirma });
    return signed.nota;
  });
}

/**
 * Discards the caller's draft. A draft is not yet part of the clinical record, but nothing written about
 * a patient is erased either: the row stays, marked `descartada`, out of every list, and the triggers
 * refuse any later change to it.
 */
export async function discardNote(db: Database, actor: AuditActor, notaId: string) {
  await db.transaction(async (tx) => {
    const { note } = await lockDraft(tx, actor, notaId);
    await tx.update(n).set({ estado: 'descartada', fechaDescarte: new Date() }).where(eq(n.id, notaId));
    await recordAudit(tx, actor, { accion: 'nota.descartar', pacienteId: note.pacienteId, detalle: { nota: notaId } });
  });
}

/** An addendum to a signed note, signed by its author as it is written (its SHA-256 kept). */
export async function addAddendum(db: Database, actor: AuditActor, notaId: string, texto: string) {
  await db.transaction(async (tx) => {
    // `for share`: no addendum while the note is still being signed; addenda do not wait for each other.
    const [note] = await tx
      .select({ id: n.id, estado: n.estado, autorId: n.autorId, pacienteId: n.pacienteId })
      .from(n)
      .where(and(eq(n.id, notaId), eq(n.clinicaId, actor.clinicaId)))
      .for('share');
    if (!note || note.estado === 'descartada') throw noteNotFound();
    if (note.estado !== 'firmada') {
      if (note.autorId !== actor.userId) throw noteNotFound();
      throw conflict(M.addendumOnlySigned);
    }
    const id = crypto.randomUUID();
    const fecha = new Date();
    const autorNombre = await memberName(tx, actor.userId);
    const hash = addendumHash({ id, notaId, autorId: actor.userId, autorNombre, texto, fecha });
    await tx
      .insert(a)
      .values({ id, clinicaId: actor.clinicaId, notaId, autorId: actor.userId, autorNombre, texto, fecha, hash });
    await recordAudit(tx, actor, {
      accion: 'nota.adenda',
      pacienteId: note.pacienteId,
      detalle: { nota: notaId, adenda: id },
    });
  });
  return readNote(db, actor, notaId);
}

/**
 * The shared CIE-10 list (code to description) as a jsonb constant in the statement's text: prepared
 * statements parse it once per connection, and a note's description is one lookup in it. A code the
 * list does not hold (the server refuses one; only ever an old row) reads as ''.
 */
const cie10Descriptions = sql.raw(
  `'${JSON.stringify(Object.fromEntries(CIE10_DENTAL.map((e) => [e.codigo, e.descripcion]))).replaceAll("'", "''")}'::jsonb`,
);

/**
 * A note as every answer writes it (a timeline entry, GET /notas/:id, a write's answer), built by
 * PostgreSQL from the row of `notas_clinicas` in scope: its appointment, the procedures' names in the
 * note's order and its addenda, oldest first. `viewer` is the member reading it (`esAutor`). The
 * diagnosis' description is the shared CIE-10 list's (`cie10Descriptions`), so every answer goes out as
 * PostgreSQL wrote it, never parsed and serialised again in Node.
 */
const noteMap = (t: Notes, viewer: SQL | Placeholder, clinicaId: SQL | Placeholder) => ({
  id: t.id,
  pacienteId: t.pacienteId,
  cita: onlyWhen(
    sql`${t.citaId} is not null`,
    sql<PgJson<{ id: string; titulo: string; inicio: string | null }>>`coalesce(
      (select ${jsonObject({ id: citas.id, titulo: citas.titulo, inicio: isoTimestampSql(citas.inicio) })} from ${citas}
        where ${citas.id} = ${t.citaId} and ${citas.clinicaId} = ${clinicaId}::uuid),
      ${jsonObject({ id: t.citaId, titulo: sql<string>`''`, inicio: sql<string | null>`null` })})`,
  ),
  autor: jsonObject({ id: t.autorId, nombre: t.autorNombre }),
  esAutor: sql<boolean>`${t.autorId} = ${viewer}::text`,
  fecha: t.fecha,
  texto: t.texto,
  diagnostico: onlyWhen(
    sql`${t.diagnostico} is not null`,
    jsonObject({
      codigo: sql<string>`${t.diagnostico}`,
      descripcion: sql<string>`coalesce(${cie10Descriptions} ->> ${t.diagnostico}, '')`,
    }),
  ),
  procedimientos: jsonArray(
    jsonObject({ id: sql<string>`u.p`, nombre: sql<string>`coalesce(${productos.nombre}, '')` }),
    sql`unnest(${t.procedimientos}) with ordinality as u(p, i)
      left join ${productos} on ${productos.id} = u.p and ${productos.clinicaId} = ${clinicaId}::uuid`,
    sql`u.i`,
  ),
  subjetiva: t.subjetiva,
  estado: sql<NoteState>`${t.estado}`,
  fechaCreacion: isoTimestampSql(t.fechaCreacion),
  fechaActualizacion: isoTimestampSql(t.fechaActualizacion),
  fechaFirma: isoTimestampSql(t.fechaFirma),
  hash: t.hash,
  adendas: jsonArray(
    jsonObject({
      id: a.id,
      autor: jsonObject({ id: a.autorId, nombre: a.autorNombre }),
      texto: a.texto,
      fecha: isoTimestampSql(a.fecha),
      hash: a.hash,
    }),
    sql`${a} where ${a.notaId} = ${t.id}`,
    sql`${a.fecha}, ${a.id}`,
  ),
});
export type NoteView = JsonOf<ReturnType<typeof noteMap>>;

/** The note as JSON text, for a statement's select list. */
const noteJsonText = (t: Notes, viewer: SQL | Placeholder, clinicaId: SQL | Placeholder) =>
  jsonTextOf(jsonObject(noteMap(t, viewer, clinicaId)));

/** A note as PostgreSQL wrote it, read back where the answer adds to it. */
const described = (text: JsonText<NoteView>): NoteView => parseJsonText(text);

/** Who may see a note: a signed one, everyone with historia.ver; a draft, its author only; a discarded one, nobody. */
const visibleTo = (viewer: SQL | Placeholder) =>
  sql`(${n.estado} = 'firmada' or (${n.estado} = 'borrador' and ${n.autorId} = ${viewer}::text))`;

/** A prepared statement's one column: the note of `t` as JSON text, read by the member `userId`. */
const noteColumn = (t: Notes) => ({ nota: noteJsonText(t, ph('userId'), ph('clinicaId')) });
type NoteRow = RowOf<ReturnType<typeof noteColumn>>;

const readStatement = preparedStatement<NoteRow, { notaId: string; clinicaId: string; userId: string }>(
  'odontia_nota_leer',
  sql`select ${selectList(noteColumn(n))} from ${n}
    where ${n.id} = ${ph('notaId')}::uuid and ${n.clinicaId} = ${ph('clinicaId')}::uuid`,
);

/**
 * Signing, once the draft is read and its hash computed: the note fixed, its audit row, and the note as
 * the answer writes it, from the row the update returned. Only the row version read (`fila`) is signed:
 * no row (and no audit row) when the note changed since.
 */
const signStatement = preparedStatement<
  NoteRow,
  AuditValues & { notaId: string; fila: string; fechaFirma: string; hash: string; clinicaId: string; userId: string }
>(
  'odontia_nota_firmar',
  sql`with firmada as (
      update ${n} set (${columnNames(n.estado, n.fechaFirma, n.hash)}) = ('firmada', ${ph('fechaFirma')}::timestamptz, ${ph('hash')}::text)
      where ${n.id} = ${ph('notaId')}::uuid and ${n}.xmin = ${ph('fila')}::xid
      returning *),
    firmado as (${auditInsertPrepared({ from: sql`firmada` })})
    select ${selectList(noteColumn(firmada))} from firmada`,
);

/** A note of the caller clinic as a write answers it. */
async function readNote(db: Executor, actor: AuditActor, notaId: string): Promise<NoteView> {
  const [row] = await readStatement(db, { notaId, clinicaId: actor.clinicaId, userId: actor.userId });
  if (!row) throw noteNotFound();
  return described(row.nota);
}

/** One note with its addenda and its patient, the view written to the audit trail. */
export async function getNote(db: Database, actor: AuditActor, notaId: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        nota: noteJsonText(n, sql`${actor.userId}`, sql`${actor.clinicaId}`),
        paciente: { id: pacientes.id, nombres: pacientes.nombres, apellidos: pacientes.apellidos },
      })
      .from(n)
      .innerJoin(pacientes, eq(pacientes.id, n.pacienteId))
      .where(
        and(
          eq(n.id, notaId),
          eq(n.clinicaId, actor.clinicaId),
          visibleTo(sql`${actor.userId}`),
          isNull(pacientes.fechaArchivado),
        ),
      );
    if (!row) throw noteNotFound();
    await recordAudit(tx, actor, { accion: 'nota.ver', pacienteId: row.paciente.id, detalle: { nota: notaId } });
    return { ...described(row.nota), paciente: row.paciente };
  });
}

/** 'Notas sin firmar': the caller's drafts written more than 24 hours ago, oldest first (at most 50). */
export async function listUnsigned(db: Database, actor: AuditActor, now = new Date()) {
  const before = new Date(now.getTime() - UNSIGNED_NOTE_HOURS * 3_600_000);
  const rows = await db
    .select({
      id: n.id,
      pacienteId: n.pacienteId,
      nombres: pacientes.nombres,
      apellidos: pacientes.apellidos,
      fecha: n.fecha,
      fechaCreacion: n.fechaCreacion,
    })
    .from(n)
    .innerJoin(pacientes, eq(pacientes.id, n.pacienteId))
    .where(
      and(
        eq(n.clinicaId, actor.clinicaId),
        eq(n.autorId, actor.userId),
        eq(n.estado, 'borrador'),
        lt(n.fechaCreacion, before),
        isNull(pacientes.fechaArchivado),
      ),
    )
    .orderBy(asc(n.fechaCreacion))
    .limit(50);
  return {
    notas: rows.map((r) => ({
      id: r.id,
      paciente: { id: r.pacienteId, nombres: r.nombres, apellidos: r.apellidos },
      fecha: r.fecha,
      fechaCreacion: r.fechaCreacion,
    })),
  };
}

/* The timeline ('Historia clínica'): one prepared statement. */

const ov = odontogramaVersiones;
const co = consentimientos;
/** A dentist's name as the timeline writes it. */
const dentistName = sql<string>`btrim(${dentistas.nombres} || ' ' || ${dentistas.apellidos})`;

/** What each kind of entry holds, besides the note: one map each, written by PostgreSQL. */
const versionEntry = { version: ov.version, autor: ov.autorNombre, fecha: isoTimestampSql(ov.fechaCreacion) };
const appointmentEntry = {
  titulo: citas.titulo,
  estado: citas.estado,
  inicio: isoTimestampSql(citas.inicio),
  fin: isoTimestampSql(citas.fin),
  dentista: dentistName,
};
const consentEntry = {
  titulo: co.titulo,
  fecha: isoTimestampSql(co.fechaFirma),
  firmante: sql<'paciente' | 'tutor'>`${co.firmante}`,
  tutor: onlyWhen(
    sql`${co.firmante} = 'tutor'`,
    jsonObject({
      nombre: sql<string>`coalesce(${co.tutorNombre}, '')`,
      relacion: sql<string>`coalesce(${co.tutorRelacion}, '')`,
    }),
  ),
  profesional: co.profesionalNombre,
  sha256: co.sha256,
};

/** One entry of the timeline: a note (with its addenda), a chart version, an appointment, a signed consent. */
export type HistoryEntry =
  | { tipo: 'nota'; id: string; nota: NoteView }
  | { tipo: 'odontograma'; id: string; odontograma: JsonOf<typeof versionEntry> }
  | { tipo: 'cita'; id: string; cita: JsonOf<typeof appointmentEntry> }
  | { tipo: 'consentimiento'; id: string; consentimiento: JsonOf<typeof consentEntry> };
type HistoryPage = {
  paciente: { id: string; nombres: string; apellidos: string };
  dentistas: { id: string; nombre: string }[];
  entradas: HistoryEntry[];
  pagina: number;
  hayMas: boolean;
};

/** Whether the filter asks for this kind (every kind when it names none). */
const wants = (kind: HistoryKind) =>
  sql`(${ph('tipo')}::text is null or ${ph('tipo')}::text = ${sql.raw(`'${kind}'`)})`;
const clinic = sql`${ph('clinicaId')}::uuid`;
const patient = sql`${ph('pacienteId')}::uuid`;
const dentist = sql`${ph('dentista')}::uuid`;
/** The member linked to the dentist of the filter ('' when none: they wrote no note and saved no chart). */
const byAuthorOfFilter = (column: Column) =>
  sql`(${dentist} is null or ${column} = (select coalesce(${dentistas.usuarioId}, '') from ${dentistas}
    where ${dentistas.id} = ${dentist} and ${dentistas.clinicaId} = ${clinic}))`;

const historyColumns = {
  /** The patient was found (the caller clinic's, not archived). */
  encontrado: sql<boolean>`exists (select 1 from paciente)`,
  /** The dentist of the filter is the clinic's (or there is none): the page was read and audited. */
  valido: sql<boolean>`exists (select 1 from valido)`,
  pagina: jsonTextOf(
    sql<PgJson<HistoryPage>>`json_build_object(
      'paciente', (select ${jsonObject({ id: paciente.id, nombres: paciente.nombres, apellidos: paciente.apellidos })} from paciente),
      'dentistas', ${jsonArray(
        jsonObject({ id: dentistas.id, nombre: dentistName }),
        sql`${dentistas} where ${dentistas.clinicaId} = ${clinic}`,
        sql`${dentistas.nombres}, ${dentistas.apellidos}`,
      )},
      'entradas', coalesce((select json_agg(json_build_object('tipo', k.tipo, 'id', k.id, k.tipo, case k.tipo
          when 'nota' then (select ${jsonObject(noteMap(n, ph('userId'), ph('clinicaId')))} from ${n} where ${n.id} = k.id)
          when 'odontograma' then (select ${jsonObject(versionEntry)} from ${ov} where ${ov.id} = k.id)
          when 'cita' then (select ${jsonObject(appointmentEntry)} from ${citas}
            join ${dentistas} on ${dentistas.id} = ${citas.dentistaId} where ${citas.id} = k.id)
          when 'consentimiento' then (select ${jsonObject(consentEntry)} from ${co} where ${co.id} = k.id)
        end) order by k.momento desc, k.id desc)
        from (select * from claves order by momento desc, id desc limit ${ph('porPagina')}::int) as k), '[]'::json),
      'pagina', ${ph('pagina')}::int,
      'hayMas', (select count(*) from claves) > ${ph('porPagina')}::int)`,
  ),
};

/**
 * A page of a patient's timeline in one statement, audited only when it was read: the page's keys come
 * from one UNION over the four tables, each branch read from its patient index, filtered and cut at
 * the page's end; then each entry is written by PostgreSQL from its own row, read by its key from its
 * own table only (a CASE of subqueries: joined to all four tables, each key was looked up in every one,
 * and a table of few rows, such as a new clinic's consents, was scanned whole and hashed).
 */
const historyStatement = preparedStatement<
  RowOf<typeof historyColumns>,
  PatientKey &
    AuditValues & {
      userId: string;
      tipo: HistoryKind | null;
      dentista: string | null;
      pagina: number;
      porPagina: number;
      hasta: number;
      offset: number;
    }
>(
  'odontia_historia_pagina',
  sql`with ${preparedPatientCte},
    valido as (
      select ${paciente.id} from paciente
      where ${dentist} is null
        or exists (select 1 from ${dentistas} where ${dentistas.id} = ${dentist} and ${dentistas.clinicaId} = ${clinic})),
    claves as (
      select t.tipo, t.id, t.momento from (
        (select 'nota'::text as tipo, ${n.id} as id, ${n.fechaCreacion} as momento from ${n}
          where ${wants('nota')} and ${n.clinicaId} = ${clinic} and ${n.pacienteId} = ${patient}
            and ${visibleTo(ph('userId'))} and ${byAuthorOfFilter(n.autorId)}
          order by ${n.fechaCreacion} desc limit ${ph('hasta')}::int)
        union all
        (select 'odontograma', ${ov.id}, ${ov.fechaCreacion} from ${ov}
          where ${wants('odontograma')} and ${ov.pacienteId} = ${patient} and ${ov.clinicaId} = ${clinic}
            and ${byAuthorOfFilter(ov.autorId)}
          order by ${ov.version} desc limit ${ph('hasta')}::int)
        union all
        (select 'cita', ${citas.id}, ${citas.inicio} from ${citas}
          where ${wants('cita')} and ${citas.pacienteId} = ${patient} and ${citas.clinicaId} = ${clinic}
            and (${dentist} is null or ${citas.dentistaId} = ${dentist})
          order by ${citas.inicio} desc limit ${ph('hasta')}::int)
        union all
        (select 'consentimiento', ${co.id}, ${co.fechaFirma} from ${co}
          where ${wants('consentimiento')} and ${co.clinicaId} = ${clinic} and ${co.pacienteId} = ${patient}
            and ${byAuthorOfFilter(co.profesionalId)}
          order by ${co.fechaFirma} desc limit ${ph('hasta')}::int)
      ) as t
      where exists (select 1 from valido)
      order by t.momento desc, t.id desc
      limit ${ph('porPagina')}::int + 1 offset ${ph('offset')}::int),
    visto as (${auditInsertPrepared({ from: sql`valido` })})
    select ${selectList(historyColumns)}`,
);

/**
 * A page of a patient's 'Historia clínica', newest first: signed notes (and the caller's own drafts)
 * with their addenda, chart versions, appointments and signed consents (their PDF is downloaded from
 * /consentimientos/:id/pdf), optionally of one kind and one dentist (a dentist's notes, chart versions
 * and consents are those of the member linked to them). The view is written to the audit trail.
 */
export async function patientHistory(
  db: Database,
  actor: AuditActor,
  pacienteId: string,
  query: { tipo: HistoryKind | null; dentista: string | null; pagina: number },
): Promise<JsonText<HistoryPage>> {
  const offset = (query.pagina - 1) * HISTORY_PAGE_SIZE;
  const [row] = await historyStatement(db, {
    pacienteId,
    clinicaId: actor.clinicaId,
    userId: actor.userId,
    tipo: query.tipo,
    dentista: query.dentista,
    pagina: query.pagina,
    porPagina: HISTORY_PAGE_SIZE,
    hasta: offset + HISTORY_PAGE_SIZE + 1,
    offset,
    ...auditValues(actor, { accion: 'historia.ver', pacienteId, detalle: { pagina: query.pagina } }),
  });
  if (!row.encontrado) throw patientNotFound();
  if (!row.valido) throw unprocessable(M.filterInvalid, 'dentista');
  return row.pagina;
}

/* Templates: the clinic's own texts, not clinical data (a change is not audited; a delete is real). */

export async function listTemplates(db: Database, clinicaId: string) {
  const plantillas = await db
    .select({ id: plantillasNotas.id, titulo: plantillasNotas.titulo, cuerpo: plantillasNotas.cuerpo })
    .from(plantillasNotas)
    .where(eq(plantillasNotas.clinicaId, clinicaId))
    .orderBy(asc(plantillasNotas.titulo), asc(plantillasNotas.id));
  return { plantillas };
}

export async function createTemplate(db: Database, clinicaId: string, data: { titulo: string; cuerpo: string }) {
  const [row] = await db
    .insert(plantillasNotas)
    .values({ clinicaId, ...data })
    .returning({ id: plantillasNotas.id, titulo: plantillasNotas.titulo, cuerpo: plantillasNotas.cuerpo });
  return row;
}

export async function updateTemplate(
  db: Database,
  clinicaId: string,
  id: string,
  data: { titulo: string; cuerpo: string },
) {
  const [row] = await db
    .update(plantillasNotas)
    .set({ ...data, fechaActualizacion: new Date() })
    .where(and(eq(plantillasNotas.id, id), eq(plantillasNotas.clinicaId, clinicaId)))
    .returning({ id: plantillasNotas.id, titulo: plantillasNotas.titulo, cuerpo: plantillasNotas.cuerpo });
  if (!row) throw notFound(M.templateNotFound);
  return row;
}

export async function deleteTemplate(db: Database, clinicaId: string, id: string) {
  const [row] = await db
    .delete(plantillasNotas)
    .where(and(eq(plantillasNotas.id, id), eq(plantillasNotas.clinicaId, clinicaId)))
    .returning({ id: plantillasNotas.id });
  if (!row) throw notFound(M.templateNotFound);
}
