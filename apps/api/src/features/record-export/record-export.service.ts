import { createHash } from 'node:crypto';
import {
  cie10Entry,
  exportedConsentPath,
  RECORD_EXPORT_FORMAT,
  RECORD_EXPORT_MESSAGES as M,
  recordExportFileName,
  todayInZone,
  upgradeLegacyChart,
  type OdontogramChart,
  type RecordExport,
} from '@odontia/shared';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { Database, Transaction } from '../../db/client.ts';
import {
  adendasNotas,
  antecedentes,
  citas,
  clinicas,
  consentimientos,
  dentistas,
  notasClinicas,
  odontogramaVersiones,
  pacientes,
  productos,
  usuarios,
} from '../../db/schema/index.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Logger } from '../../platform/logger.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { recordSummaryPdf } from './record-export.pdf.ts';

/**
 * The export of a patient's record (issue 22, docs/decisions/0019): everything is read in one short
 * transaction that also writes the export's audit row; the consents' PDFs, the summary PDF and the zip
 * are made after it, so no connection waits on storage or on pdfmake.
 */

const iso = (value: Date | string) => new Date(value).toISOString();
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The record as it is exported, with what the zip needs beside it (each consent's storage key). */
type RecordRead = { record: RecordExport; consentKeys: string[] };

async function readRecord(tx: Transaction, actor: AuditActor, pacienteId: string): Promise<RecordRead | null> {
  const [patient] = await tx
    .select({
      id: pacientes.id,
      nombres: pacientes.nombres,
      apellidos: pacientes.apellidos,
      fechaNacimiento: pacientes.fechaNacimiento,
      genero: pacientes.genero,
      email: pacientes.email,
      telefono: pacientes.telefono,
      direccion: pacientes.direccion,
      notas: pacientes.notas,
      estado: pacientes.estado,
      fechaRegistro: pacientes.fechaCreacion,
      clinica: {
        nombre: clinicas.nombre,
        direccion: clinicas.direccion,
        ciudad: clinicas.ciudad,
        pais: clinicas.pais,
        telefono: clinicas.telefono,
        zonaHoraria: clinicas.zonaHoraria,
      },
    })
    .from(pacientes)
    .innerJoin(clinicas, eq(clinicas.id, pacientes.clinicaId))
    .where(
      and(eq(pacientes.id, pacienteId), eq(pacientes.clinicaId, actor.clinicaId), isNull(pacientes.fechaArchivado)),
    );
  if (!patient) return null;
  const { clinica, fechaRegistro, ...paciente } = patient;
  const zone = clinica.zonaHoraria;

  // One query after another: inside a transaction they share one connection.
  const [member] = await tx.select({ nombres: usuarios.nombres }).from(usuarios).where(eq(usuarios.id, actor.userId));

  const a = antecedentes;
  const alerts = await tx
    .select()
    .from(a)
    .where(and(eq(a.pacienteId, pacienteId), eq(a.clinicaId, actor.clinicaId)))
    .orderBy(sql`${a.fechaRetirada} is not null`, sql`${a.fechaRegistro} desc`, sql`${a.id} desc`);

  // Signed notes only: no draft, no discarded draft, and no subjective annotation (Ley 41/2002 art. 18.3).
  const n = notasClinicas;
  const notes = await tx
    .select()
    .from(n)
    .where(
      and(
        eq(n.clinicaId, actor.clinicaId),
        eq(n.pacienteId, pacienteId),
        eq(n.estado, 'firmada'),
        eq(n.subjetiva, false),
      ),
    )
    .orderBy(asc(n.fecha), asc(n.fechaFirma), asc(n.id));
  const noteIds = notes.map((x) => x.id);
  const addenda = noteIds.length
    ? await tx
        .select()
        .from(adendasNotas)
        .where(and(eq(adendasNotas.clinicaId, actor.clinicaId), inArray(adendasNotas.notaId, noteIds)))
        .orderBy(asc(adendasNotas.fecha), asc(adendasNotas.id))
    : [];
  const procedureIds = [...new Set(notes.flatMap((x) => x.procedimientos))];
  const procedures = procedureIds.length
    ? await tx
        .select({ id: productos.id, nombre: productos.nombre })
        .from(productos)
        .where(and(eq(productos.clinicaId, actor.clinicaId), inArray(productos.id, procedureIds)))
    : [];
  const procedureName = new Map(procedures.map((p) => [p.id, p.nombre]));

  const ov = odontogramaVersiones;
  const versions = await tx
    .select({
      version: ov.version,
      carta: ov.carta,
      autorId: ov.autorId,
      autorNombre: ov.autorNombre,
      fecha: ov.fechaCreacion,
    })
    .from(ov)
    .where(and(eq(ov.pacienteId, pacienteId), eq(ov.clinicaId, actor.clinicaId)))
    .orderBy(asc(ov.version));

  const cs = consentimientos;
  const consents = await tx
    .select()
    .from(cs)
    .where(and(eq(cs.clinicaId, actor.clinicaId), eq(cs.pacienteId, pacienteId)))
    .orderBy(asc(cs.fechaFirma), asc(cs.id));

  // The clinic's wall clock, as its agenda shows them; a 5-minute online hold is not an appointment.
  const local = (column: typeof citas.inicio | typeof citas.fin, format: string) =>
    sql<string>`to_char(${column} at time zone ${zone}, ${format})`;
  const appointments = await tx
    .select({
      id: citas.id,
      fecha: local(citas.inicio, 'YYYY-MM-DD'),
      horaInicio: local(citas.inicio, 'HH24:MI'),
      horaFin: local(citas.fin, 'HH24:MI'),
      dentista: sql<string>`trim(${dentistas.nombres} || ' ' || ${dentistas.apellidos})`,
      estado: citas.estado,
      motivo: citas.titulo,
    })
    .from(citas)
    .innerJoin(dentistas, eq(dentistas.id, citas.dentistaId))
    .where(and(eq(citas.clinicaId, actor.clinicaId), eq(citas.pacienteId, pacienteId)))
    .orderBy(asc(citas.inicio), asc(citas.id));

  await recordAudit(tx, actor, {
    accion: 'historia.exportar',
    pacienteId,
    detalle: {
      notas: notes.length,
      versiones: versions.length,
      consentimientos: consents.length,
      citas: appointments.length,
    },
  });

  // Consent files numbered in signing order, named by the clinic's day of signing.
  const record: RecordExport = {
    formato: RECORD_EXPORT_FORMAT,
    exportadoEn: new Date().toISOString(),
    exportadoPor: { id: actor.userId, nombre: member?.nombres ?? '' },
    clinica,
    paciente: { ...paciente, fechaRegistro: iso(fechaRegistro) },
    antecedentes: alerts.map((x) => ({
      id: x.id,
      tipo: x.tipo,
      descripcion: x.descripcion,
      anticoagulante: x.anticoagulante,
      condicion: x.condicion,
      fechaRegistro: iso(x.fechaRegistro),
      autor: { id: x.autorId, nombre: x.autorNombre },
      retirada:
        x.fechaRetirada && x.retiradaPorNombre !== null
          ? { fecha: iso(x.fechaRetirada), autor: { id: x.retiradaPorId, nombre: x.retiradaPorNombre } }
          : null,
    })),
    notas: notes.map((x) => ({
      id: x.id,
      pacienteId: x.pacienteId,
      citaId: x.citaId,
      fecha: x.fecha,
      autor: { id: x.autorId, nombre: x.autorNombre },
      texto: x.texto,
      diagnostico: x.diagnostico
        ? { codigo: x.diagnostico, descripcion: cie10Entry(x.diagnostico)?.descripcion ?? '' }
        : null,
      procedimientos: x.procedimientos.map((id) => ({ id, nombre: procedureName.get(id) ?? '' })),
      fechaCreacion: iso(x.fechaCreacion),
      // Signed rows always have both (check constraint notas_clinicas_firma_completa).
      fechaFirma: iso(x.fechaFirma!),
      hash: x.hash!,
      adendas: addenda
        .filter((d) => d.notaId === x.id)
        .map((d) => ({
          id: d.id,
          autor: { id: d.autorId, nombre: d.autorNombre },
          texto: d.texto,
          fecha: iso(d.fecha),
          hash: d.hash,
        })),
    })),
    odontograma: versions.map((v) => ({
      version: v.version,
      fecha: iso(v.fecha),
      autor: { id: v.autorId, nombre: v.autorNombre },
      // A chart saved before etapas existed reads as all existente, as the odontogram shows it.
      carta: upgradeLegacyChart(v.carta) as OdontogramChart,
    })),
    consentimientos: consents.map((x, i) => ({
      id: x.id,
      titulo: x.titulo,
      fechaFirma: iso(x.fechaFirma),
      firmante: x.firmante,
      pacienteNombre: x.pacienteNombre,
      tutor: x.firmante === 'tutor' ? { nombre: x.tutorNombre ?? '', relacion: x.tutorRelacion ?? '' } : null,
      profesional: { id: x.profesionalId, nombre: x.profesionalNombre },
      sha256: x.sha256,
      bytes: x.bytes,
      archivo: exportedConsentPath(todayInZone(zone, x.fechaFirma), x.titulo, i + 1),
    })),
    citas: appointments,
  };
  return { record, consentKeys: consents.map((x) => x.archivoClave) };
}

export type RecordExportFile = { fileName: string; bytes: Uint8Array };

/**
 * The patient's record as a zip (`historia.json`, `historia.pdf`, `consentimientos/*.pdf`). Another
 * clinic's patient and an archived one are not found. A consent whose stored PDF is missing or no
 * longer matches its SHA-256 fails the export with a Spanish message: the zip never carries a file that
 * is not the one signed.
 */
export async function exportRecord(
  { db, storage, logger }: { db: Database; storage: Storage; logger: Logger },
  actor: AuditActor,
  pacienteId: string,
): Promise<RecordExportFile> {
  const read = await db.transaction((tx) => readRecord(tx, actor, pacienteId));
  if (!read) throw notFound(M.patientNotFound);
  const { record, consentKeys } = read;

  const files: Zippable = {};
  for (const [i, consent] of record.consentimientos.entries()) {
    const file = await storage.get(consentKeys[i]);
    if (!file || file.bytes.byteLength !== consent.bytes || sha256(file.bytes) !== consent.sha256) {
      // The operator must hear of it: a signed document is missing or changed in storage.
      logger.error({ consentimiento: consent.id, missing: !file }, 'signed consent PDF missing or altered');
      throw new AppError(500, 'internal_error', M.consentFileMissing(consent.titulo));
    }
    // PDFs are compressed already: stored as they are.
    files[consent.archivo] = [file.bytes, { level: 0 }];
  }
  const pdf = await recordSummaryPdf(record);
  const mtime = new Date(record.exportadoEn);
  const bytes = zipSync(
    {
      // Compact: with 50 chart versions, indentation doubled the file and the time to deflate it.
      'historia.json': strToU8(JSON.stringify(record)),
      'historia.pdf': [new Uint8Array(pdf), { level: 0 }],
      ...files,
    },
    { level: 6, mtime },
  );
  const day = todayInZone(record.clinica.zonaHoraria, mtime);
  return { fileName: recordExportFileName(record.paciente, day), bytes };
}
