import { createHash } from 'node:crypto';
import {
  canonicalNoteContent,
  cie10Entry,
  type SignedNoteContent,
  CLINICAL_NOTE_MESSAGES as M,
  HISTORY_PAGE_SIZE,
  UNSIGNED_NOTE_HOURS,
  type HistoryKind,
  type NoteData,
  type NoteState,
} from '@odontia/shared';
import { and, asc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Database, type Executor, type Transaction } from '../../db/client.ts';
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
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { conflict, forbidden, notFound, unprocessable } from '../../platform/errors.ts';
import { recordNoteOnChart } from '../../platform/chart-versions.ts';

/**
 * Clinical notes (evoluciones), their addenda and templates, and a patient's 'Historia clínica'
 * (issue 22). Every write and every view is one transaction with its audit row. A note is checked
 * under a row lock (`for update`) before it changes, so two requests cannot both sign or edit it;
 * the database triggers (migration 0027) refuse the change anyway if a signed note were ever reached.
 */

const n = notasClinicas;
const a = adendasNotas;

const patientNotFound = () => notFound(M.patientNotFound);
const noteNotFound = () => notFound(M.noteNotFound);

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The hash a signed note keeps: the SHA-256 of its canonical content (signing, and the demo seed). */
export const noteHash = (content: SignedNoteContent): string => sha256(canonicalNoteContent(content));

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

type LockedNote = typeof n.$inferSelect;

/**
 * The caller clinic's note, locked for a change by its author: 404 when it is not there (or is another
 * member's draft, which is not yet part of the record), 403 when the caller is not its author, 409
 * when it is no longer a draft.
 */
async function lockDraft(tx: Transaction, actor: AuditActor, notaId: string): Promise<LockedNote> {
  const [note] = await tx
    .select()
    .from(n)
    .where(and(eq(n.id, notaId), eq(n.clinicaId, actor.clinicaId)))
    .for('update');
  if (!note || note.estado === 'descartada') throw noteNotFound();
  if (note.autorId !== actor.userId) {
    if (note.estado === 'borrador') throw noteNotFound();
    throw forbidden(M.notAuthor);
  }
  if (note.estado === 'firmada') throw conflict(M.locked);
  return note;
}

export async function updateDraft(db: Database, actor: AuditActor, notaId: string, data: NoteData) {
  await db.transaction(async (tx) => {
    const note = await lockDraft(tx, actor, notaId);
    await checkReferences(tx, actor.clinicaId, note.pacienteId, data);
    await tx
      .update(n)
      .set({ ...noteValues(data), fechaActualizacion: new Date() })
      .where(eq(n.id, notaId));
    await recordAudit(tx, actor, { accion: 'nota.editar', pacienteId: note.pacienteId, detalle: { nota: notaId } });
  });
  return readNote(db, actor, notaId);
}

/**
 * Signs the caller's draft: from now on its text, author and time are fixed, with the SHA-256 of its
 * canonical content (shared `canonicalNoteContent`, the signing time to the millisecond). The procedures
 * it records mark the chart's planned entries of those services done, in the same transaction
 * (odontogram `recordNoteOnChart`).
 */
export async function signNote(db: Database, actor: AuditActor, notaId: string) {
  await db.transaction(async (tx) => {
    const note = await lockDraft(tx, actor, notaId);
    const fechaFirma = new Date();
    const hash = noteHash({
      id: note.id,
      pacienteId: note.pacienteId,
      citaId: note.citaId,
      autorId: note.autorId,
      autorNombre: note.autorNombre,
      fecha: note.fecha,
      texto: note.texto,
      diagnostico: note.diagnostico,
      procedimientos: note.procedimientos,
      subjetiva: note.subjetiva,
      fechaFirma: fechaFirma.toISOString(),
    });
    await tx.update(n).set({ estado: 'firmada', fechaFirma, hash }).where(eq(n.id, notaId));
    await recordAudit(tx, actor, { accion: 'nota.firmar', pacienteId: note.pacienteId, detalle: { nota: notaId } });
    // Its procedures done: the chart's planned entries of those services become realizado (a new version).
    await recordNoteOnChart(tx, actor, {
      pacienteId: note.pacienteId,
      notaId,
      procedimientos: note.procedimientos,
      fecha: fechaFirma,
      autorNombre: note.autorNombre,
    });
  });
  return readNote(db, actor, notaId);
}

/**
 * Discards the caller's draft. A draft is not yet part of the clinical record, but nothing written about
 * a patient is erased either: the row stays, marked `descartada`, out of every list, and the triggers
 * refuse any later change to it.
 */
export async function discardNote(db: Database, actor: AuditActor, notaId: string) {
  await db.transaction(async (tx) => {
    const note = await lockDraft(tx, actor, notaId);
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

/** The note columns every answer shows (a list or one note). */
const noteColumns = {
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
  fechaCreacion: n.fechaCreacion,
  fechaActualizacion: n.fechaActualizacion,
  fechaFirma: n.fechaFirma,
  hash: n.hash,
};
type NoteRow = Pick<typeof n.$inferSelect, keyof typeof noteColumns>;

/** Notes as the API answers them: with the diagnosis' description, the procedures' names, the appointment and the addenda. */
async function noteViews(tx: Executor, actor: AuditActor, rows: NoteRow[]) {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const procedureIds = [...new Set(rows.flatMap((r) => r.procedimientos))];
  const citaIds = [...new Set(rows.flatMap((r) => (r.citaId ? [r.citaId] : [])))];
  // One after another: inside a transaction the queries share one connection.
  const addenda = await tx
    .select({
      id: a.id,
      notaId: a.notaId,
      autorId: a.autorId,
      autorNombre: a.autorNombre,
      texto: a.texto,
      fecha: a.fecha,
      hash: a.hash,
    })
    .from(a)
    .where(inArray(a.notaId, ids))
    .orderBy(asc(a.fecha), asc(a.id));
  const procedures = procedureIds.length
    ? await tx
        .select({ id: productos.id, nombre: productos.nombre })
        .from(productos)
        .where(and(eq(productos.clinicaId, actor.clinicaId), inArray(productos.id, procedureIds)))
    : [];
  const appointments = citaIds.length
    ? await tx
        .select({ id: citas.id, titulo: citas.titulo, inicio: citas.inicio })
        .from(citas)
        .where(and(eq(citas.clinicaId, actor.clinicaId), inArray(citas.id, citaIds)))
    : [];
  const procedureName = new Map(procedures.map((p) => [p.id, p.nombre]));
  const appointment = new Map(appointments.map((c) => [c.id, c]));
  return rows.map((r) => {
    const diagnosis = r.diagnostico ? cie10Entry(r.diagnostico) : undefined;
    return {
      id: r.id,
      pacienteId: r.pacienteId,
      cita: r.citaId
        ? {
            id: r.citaId,
            titulo: appointment.get(r.citaId)?.titulo ?? '',
            inicio: appointment.get(r.citaId)?.inicio ?? null,
          }
        : null,
      autor: { id: r.autorId, nombre: r.autorNombre },
      esAutor: r.autorId === actor.userId,
      fecha: r.fecha,
      texto: r.texto,
      diagnostico: r.diagnostico ? { codigo: r.diagnostico, descripcion: diagnosis?.descripcion ?? '' } : null,
      procedimientos: r.procedimientos.map((id) => ({ id, nombre: procedureName.get(id) ?? '' })),
      subjetiva: r.subjetiva,
      estado: r.estado satisfies NoteState,
      fechaCreacion: r.fechaCreacion,
      fechaActualizacion: r.fechaActualizacion,
      fechaFirma: r.fechaFirma,
      hash: r.hash,
      adendas: addenda
        .filter((x) => x.notaId === r.id)
        .map((x) => ({
          id: x.id,
          autor: { id: x.autorId, nombre: x.autorNombre },
          texto: x.texto,
          fecha: x.fecha,
          hash: x.hash,
        })),
    };
  });
}
export type NoteView = Awaited<ReturnType<typeof noteViews>>[number];

/** Who may see a note: a signed one, everyone with historia.ver; a draft, its author only; a discarded one, nobody. */
const visibleTo = (actor: AuditActor) =>
  or(eq(n.estado, 'firmada'), and(eq(n.estado, 'borrador'), eq(n.autorId, actor.userId)));

async function readNote(db: Executor, actor: AuditActor, notaId: string): Promise<NoteView> {
  const [row] = await db
    .select(noteColumns)
    .from(n)
    .where(and(eq(n.id, notaId), eq(n.clinicaId, actor.clinicaId)));
  if (!row) throw noteNotFound();
  return (await noteViews(db, actor, [row]))[0];
}

/** One note with its addenda and its patient, the view written to the audit trail. */
export async function getNote(db: Database, actor: AuditActor, notaId: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select(noteColumns)
      .from(n)
      .where(and(eq(n.id, notaId), eq(n.clinicaId, actor.clinicaId), visibleTo(actor)));
    if (!row) throw noteNotFound();
    const paciente = await findPatient(tx, actor.clinicaId, row.pacienteId);
    if (!paciente) throw noteNotFound();
    await recordAudit(tx, actor, { accion: 'nota.ver', pacienteId: row.pacienteId, detalle: { nota: notaId } });
    const [note] = await noteViews(tx, actor, [row]);
    return { ...note, paciente };
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

type TimelineKey = { tipo: HistoryKind; id: string; momento: string };

/** One entry of the timeline: a note (with its addenda), a chart version, an appointment. */
type HistoryEntry =
  | { tipo: 'nota'; id: string; nota: NoteView }
  | { tipo: 'odontograma'; id: string; odontograma: { version: number; autor: string; fecha: Date } }
  | {
      tipo: 'cita';
      id: string;
      cita: { titulo: string; estado: string; inicio: Date; fin: Date; dentista: string };
    }
  | {
      tipo: 'consentimiento';
      id: string;
      consentimiento: {
        titulo: string;
        fecha: Date;
        firmante: string;
        tutor: { nombre: string; relacion: string } | null;
        profesional: string;
        sha256: string;
      };
    };

/**
 * A page of a patient's 'Historia clínica', newest first: signed notes (and the caller's own drafts)
 * with their addenda, chart versions, appointments and signed consents (their PDF is downloaded from
 * /consentimientos/:id/pdf), optionally of one kind and one dentist (a
 * dentist's notes and chart versions are those of the member linked to them). The page's keys come
 * from one UNION over the four tables, each branch read from its patient index and cut at the page's
 * end; then each kind's rows are read by id. The view is written to the audit trail.
 */
export async function patientHistory(
  db: Database,
  actor: AuditActor,
  pacienteId: string,
  query: { tipo: HistoryKind | null; dentista: string | null; pagina: number },
) {
  return db.transaction(async (tx) => {
    const paciente = await findPatient(tx, actor.clinicaId, pacienteId);
    if (!paciente) throw patientNotFound();
    const team = await tx
      .select({
        id: dentistas.id,
        nombres: dentistas.nombres,
        apellidos: dentistas.apellidos,
        usuarioId: dentistas.usuarioId,
      })
      .from(dentistas)
      .where(eq(dentistas.clinicaId, actor.clinicaId))
      .orderBy(asc(dentistas.nombres), asc(dentistas.apellidos));
    const dentist = query.dentista ? team.find((d) => d.id === query.dentista) : undefined;
    if (query.dentista && !dentist) throw unprocessable(M.filterInvalid, 'dentista');
    // A dentist with no member linked wrote no note and saved no chart.
    const author: SQL | null = dentist ? sql`${dentist.usuarioId ?? ''}` : null;
    const limit = HISTORY_PAGE_SIZE + 1;
    const offset = (query.pagina - 1) * HISTORY_PAGE_SIZE;
    const end = offset + limit;
    const branches: SQL[] = [];
    const wants = (k: HistoryKind) => !query.tipo || query.tipo === k;
    if (wants('nota'))
      branches.push(sql`(select 'nota' as tipo, ${n.id}::text as id, ${n.fechaCreacion} as momento from ${n}
        where ${n.clinicaId} = ${actor.clinicaId} and ${n.pacienteId} = ${pacienteId}
          and (${n.estado} = 'firmada' or (${n.estado} = 'borrador' and ${n.autorId} = ${actor.userId}))
          ${author ? sql`and ${n.autorId} = ${author}` : sql``}
        order by ${n.fechaCreacion} desc limit ${end})`);
    const ov = odontogramaVersiones;
    if (wants('odontograma'))
      branches.push(sql`(select 'odontograma' as tipo, ${ov.id}::text as id, ${ov.fechaCreacion} as momento from ${ov}
        where ${ov.pacienteId} = ${pacienteId} and ${ov.clinicaId} = ${actor.clinicaId}
          ${author ? sql`and ${ov.autorId} = ${author}` : sql``}
        order by ${ov.version} desc limit ${end})`);
    if (wants('cita'))
      branches.push(sql`(select 'cita' as tipo, ${citas.id}::text as id, ${citas.inicio} as momento from ${citas}
        where ${citas.pacienteId} = ${pacienteId} and ${citas.clinicaId} = ${actor.clinicaId}
          and ${citas.estado} <> 'retenida'
          ${dentist ? sql`and ${citas.dentistaId} = ${dentist.id}` : sql``}
        order by ${citas.inicio} desc limit ${end})`);
    const co = consentimientos;
    if (wants('consentimiento'))
      branches.push(sql`(select 'consentimiento' as tipo, ${co.id}::text as id, ${co.fechaFirma} as momento from ${co}
        where ${co.clinicaId} = ${actor.clinicaId} and ${co.pacienteId} = ${pacienteId}
          ${author ? sql`and ${co.profesionalId} = ${author}` : sql``}
        order by ${co.fechaFirma} desc limit ${end})`);
    const keys = await rowsOf<TimelineKey>(
      tx.execute(sql`select tipo, id, momento::text as momento from (${sql.join(branches, sql` union all `)}) as t
        order by t.momento desc, t.id desc limit ${limit} offset ${offset}`),
    );
    const page = keys.slice(0, HISTORY_PAGE_SIZE);
    const idsOf = (k: HistoryKind) => page.filter((x) => x.tipo === k).map((x) => x.id);
    const notes = idsOf('nota').length
      ? await tx
          .select(noteColumns)
          .from(n)
          .where(inArray(n.id, idsOf('nota')))
      : [];
    const versions = idsOf('odontograma').length
      ? await tx
          .select({ id: ov.id, version: ov.version, autorNombre: ov.autorNombre, fecha: ov.fechaCreacion })
          .from(ov)
          .where(inArray(ov.id, idsOf('odontograma')))
      : [];
    const appointments = idsOf('cita').length
      ? await tx
          .select({
            id: citas.id,
            titulo: citas.titulo,
            estado: citas.estado,
            inicio: citas.inicio,
            fin: citas.fin,
            dentistaNombres: dentistas.nombres,
            dentistaApellidos: dentistas.apellidos,
          })
          .from(citas)
          .innerJoin(dentistas, eq(dentistas.id, citas.dentistaId))
          .where(inArray(citas.id, idsOf('cita')))
      : [];
    const consents = idsOf('consentimiento').length
      ? await tx
          .select({
            id: co.id,
            titulo: co.titulo,
            fecha: co.fechaFirma,
            firmante: co.firmante,
            tutorNombre: co.tutorNombre,
            tutorRelacion: co.tutorRelacion,
            profesional: co.profesionalNombre,
            sha256: co.sha256,
          })
          .from(co)
          .where(inArray(co.id, idsOf('consentimiento')))
      : [];
    const consentById = new Map(consents.map((x) => [x.id, x]));
    const noteById = new Map((await noteViews(tx, actor, notes)).map((x) => [x.id, x]));
    const versionById = new Map(versions.map((x) => [x.id, x]));
    const appointmentById = new Map(appointments.map((x) => [x.id, x]));
    const entradas = page.flatMap((k): HistoryEntry[] => {
      if (k.tipo === 'nota') {
        const nota = noteById.get(k.id);
        return nota ? [{ tipo: 'nota' as const, id: k.id, nota }] : [];
      }
      if (k.tipo === 'odontograma') {
        const v = versionById.get(k.id);
        return v
          ? [
              {
                tipo: 'odontograma' as const,
                id: k.id,
                odontograma: { version: v.version, autor: v.autorNombre, fecha: v.fecha },
              },
            ]
          : [];
      }
      if (k.tipo === 'consentimiento') {
        const x = consentById.get(k.id);
        return x
          ? [
              {
                tipo: 'consentimiento' as const,
                id: k.id,
                consentimiento: {
                  titulo: x.titulo,
                  fecha: x.fecha,
                  firmante: x.firmante,
                  tutor:
                    x.firmante === 'tutor' ? { nombre: x.tutorNombre ?? '', relacion: x.tutorRelacion ?? '' } : null,
                  profesional: x.profesional,
                  sha256: x.sha256,
                },
              },
            ]
          : [];
      }
      const c = appointmentById.get(k.id);
      return c
        ? [
            {
              tipo: 'cita' as const,
              id: k.id,
              cita: {
                titulo: c.titulo,
                estado: c.estado,
                inicio: c.inicio,
                fin: c.fin,
                dentista: `${c.dentistaNombres} ${c.dentistaApellidos}`.trim(),
              },
            },
          ]
        : [];
    });
    await recordAudit(tx, actor, { accion: 'historia.ver', pacienteId, detalle: { pagina: query.pagina } });
    return {
      paciente,
      dentistas: team.map((d) => ({ id: d.id, nombre: `${d.nombres} ${d.apellidos}`.trim() })),
      entradas,
      pagina: query.pagina,
      hayMas: keys.length > HISTORY_PAGE_SIZE,
    };
  });
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
