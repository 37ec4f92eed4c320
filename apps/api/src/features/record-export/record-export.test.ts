import { createHash } from 'node:crypto';
import {
  applyStatus,
  canonicalNoteContent,
  emptyChart,
  RECORD_EXPORT_FORMAT,
  RECORD_EXPORT_MESSAGES,
  recordExportSchema,
  setToothNotes,
  type RecordExport,
} from '@odontia/shared';
import { and, eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditoria, citas, consentimientos, dentistas, productos } from '../../db/schema/index.ts';
import { renderPdf } from '../../platform/pdf.ts';
import { addTeamMember, createClinicOwner, createTestApp, errorOf, type TestApp } from '../../test/app.ts';

let t: TestApp;
type Owner = Awaited<ReturnType<typeof createClinicOwner>>;
let ana: Owner;
let beto: Owner;
let dentista: { cookie: string; userId: string };
let asistente: { cookie: string };
let servicio: string;

beforeAll(async () => {
  t = await createTestApp();
  ana = await createClinicOwner(t, { nombre: 'Clínica Ana' });
  beto = await createClinicOwner(t, { nombre: 'Clínica Beto' });
  dentista = await addTeamMember(t, ana.clinica.id, 'Dentista', 'dentista');
  asistente = await addTeamMember(t, ana.clinica.id, 'Asistente', 'asistente');
  [{ id: servicio }] = await t.db
    .insert(productos)
    .values({
      tipoImpuesto: 'ES_IVA_21',
      clinicaId: ana.clinica.id,
      nombre: 'Obturación simple',
      categoria: 'servicio',
    })
    .returning({ id: productos.id });
});
afterAll(() => t.close());

const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');
const send = (cookie: string, path: string, json?: unknown, method = 'POST') =>
  t.request(path, { method, cookie, ...(json === undefined ? {} : { json }) });
const exportOf = (cookie: string, pacienteId: string) => t.request(`/api/pacientes/${pacienteId}/exportar`, { cookie });

async function newPatient(cookie: string, nombres = 'Íñigo', apellidos = 'Núñez Peña') {
  const res = await t.client(cookie).pacientes.$post({ json: { nombres, apellidos, telefono: '600111222' } });
  expect(res.status).toBe(201);
  return (await res.json()).id;
}

/** A signed note by `cookie`'s member (optionally subjective), optionally with an addendum. */
async function signedNote(cookie: string, pacienteId: string, over: Record<string, unknown>, adenda?: string) {
  const created = await send(cookie, `/api/pacientes/${pacienteId}/notas`, {
    fecha: '2026-03-02',
    texto: 'Caries en 16 oclusal. Obturación con composite.',
    diagnostico: 'K02.1',
    procedimientos: [servicio],
    subjetiva: false,
    ...over,
  });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect((await send(cookie, `/api/notas/${id}/firmar`)).status).toBe(200);
  if (adenda) expect((await send(cookie, `/api/notas/${id}/adendas`, { texto: adenda })).status).toBe(201);
  return id;
}

async function draftNote(cookie: string, pacienteId: string, texto: string) {
  const created = await send(cookie, `/api/pacientes/${pacienteId}/notas`, {
    fecha: '2026-03-03',
    texto,
    subjetiva: false,
  });
  expect(created.status).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

/** A signed consent as the signing feature leaves it: its row, and a real PDF in storage with its SHA-256. */
async function signedConsent(clinicaId: string, pacienteId: string, titulo: string, fechaFirma: Date, tutor = false) {
  const pdf = new Uint8Array(await renderPdf({ content: [{ text: `${titulo}: consiento el tratamiento.` }] }));
  const key = `consentimientos/${clinicaId}/${fechaFirma.getTime()}-${crypto.randomUUID()}.pdf`;
  await t.deps.storage.put(key, pdf, 'application/pdf');
  const [row] = await t.db
    .insert(consentimientos)
    .values({
      clinicaId,
      pacienteId,
      titulo,
      texto: `${titulo}. Texto firmado.`,
      pacienteNombre: 'Íñigo Núñez Peña',
      firmante: tutor ? 'tutor' : 'paciente',
      tutorNombre: tutor ? 'Rosa Peña' : null,
      tutorRelacion: tutor ? 'Madre' : null,
      profesionalId: ana.userId,
      profesionalNombre: 'Ana',
      fechaFirma,
      archivoClave: key,
      sha256: sha256(pdf),
      bytes: pdf.byteLength,
    })
    .returning({ id: consentimientos.id });
  return { id: row.id, pdf, key };
}

/** The export's answer unzipped: its file name, its entries, and `historia.json` parsed by its shared schema. */
async function exported(res: Response) {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/zip');
  // A patient's whole record is never kept by a browser or a proxy (every /api answer is no-store).
  expect(res.headers.get('cache-control')).toBe('no-store');
  const fileName = /attachment; filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1];
  const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
  const raw = JSON.parse(strFromU8(files['historia.json'])) as unknown;
  const record: RecordExport = recordExportSchema.parse(raw);
  return { fileName, files, record, raw };
}

const exportAudits = (pacienteId: string) =>
  t.db
    .select()
    .from(auditoria)
    .where(and(eq(auditoria.pacienteId, pacienteId), eq(auditoria.accion, 'historia.exportar')));

describe('export of a patient record (GET /api/pacientes/:id/exportar)', () => {
  it('zips the record: JSON by its schema, a PDF summary, the consents byte for byte; no subjective note, no draft', async () => {
    const id = await newPatient(ana.cookie);
    // Alerts: one that holds, one withdrawn (with who and when).
    const alergia = await send(ana.cookie, `/api/pacientes/${id}/antecedentes`, {
      tipo: 'alergia',
      descripcion: 'penicilina',
    });
    expect(alergia.status).toBe(201);
    const retirada = await send(ana.cookie, `/api/pacientes/${id}/antecedentes`, {
      tipo: 'medicacion',
      descripcion: 'Sintrom',
      anticoagulante: true,
    });
    const retiradaId = ((await retirada.json()) as { antecedente: { id: string } }).antecedente.id;
    expect((await send(dentista.cookie, `/api/pacientes/${id}/antecedentes/${retiradaId}/retirar`)).status).toBe(200);

    // Notes: a signed one with an addendum, a later signed one, a subjective one, a draft and a discarded draft.
    const firmada = await signedNote(dentista.cookie, id, {}, 'Se corrige: composite A2.');
    const segunda = await signedNote(ana.cookie, id, { fecha: '2026-04-10', texto: 'Revisión sin hallazgos.' });
    await signedNote(dentista.cookie, id, {
      texto: 'Paciente poco colaborador, sospecho que no cepilla.',
      subjetiva: true,
    });
    await draftNote(dentista.cookie, id, 'Borrador pendiente de firmar');
    const descartada = await draftNote(dentista.cookie, id, 'Borrador descartado');
    expect((await send(dentista.cookie, `/api/notas/${descartada}/descartar`)).status).toBe(200);

    // Chart: two versions, the second with a caries on 16 and a note on 11.
    const first = applyStatus(emptyChart(), { tooth: 36, surface: null }, 'crown');
    expect(
      (await send(ana.cookie, `/api/pacientes/${id}/odontograma`, { baseVersion: 0, chart: first }, 'PUT')).status,
    ).toBe(200);
    const second = setToothNotes(applyStatus(first, { tooth: 16, surface: 'center' }, 'cavity'), 11, 'Fractura leve');
    expect(
      (await send(ana.cookie, `/api/pacientes/${id}/odontograma`, { baseVersion: 1, chart: second }, 'PUT')).status,
    ).toBe(200);

    // Consents: signed directly (the signing routes are another feature's), one by a guardian.
    const general = await signedConsent(ana.clinica.id, id, 'Consentimiento general', new Date('2026-03-01T10:00:00Z'));
    const extraccion = await signedConsent(
      ana.clinica.id,
      id,
      'Extracción dental',
      new Date('2026-03-05T22:30:00Z'),
      true,
    );

    // Appointments: one done, one cancelled (both part of the record).
    const [d] = await t.db
      .insert(dentistas)
      .values({
        clinicaId: ana.clinica.id,
        nombres: 'Marta',
        apellidos: 'Ruiz',
        especialidad: 'general',
        color: 'blue',
      })
      .returning({ id: dentistas.id });
    const inicio = new Date('2026-03-02T09:00:00Z');
    await t.db.insert(citas).values([
      {
        clinicaId: ana.clinica.id,
        pacienteId: id,
        dentistaId: d.id,
        inicio,
        fin: new Date('2026-03-02T09:30:00Z'),
        titulo: 'Obturación 16',
        estado: 'completada',
      },
      {
        clinicaId: ana.clinica.id,
        pacienteId: id,
        dentistaId: d.id,
        inicio: new Date('2026-03-09T09:00:00Z'),
        fin: new Date('2026-03-09T09:30:00Z'),
        titulo: 'Revisión',
        estado: 'cancelada',
      },
    ]);

    const res = await exportOf(dentista.cookie, id);
    const { fileName, files, record, raw } = await exported(res);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
    expect(fileName).toBe(`historia-nunez-pena-inigo-${today}.zip`);
    expect(Object.keys(files).sort()).toEqual([
      'consentimientos/2026-03-01-consentimiento-general-1.pdf',
      // Signed at 22:30 UTC, already the 6th in Madrid: the clinic's day names it.
      'consentimientos/2026-03-05-extraccion-dental-2.pdf',
      'historia.json',
      'historia.pdf',
    ]);

    expect(record.formato).toBe(RECORD_EXPORT_FORMAT);
    expect(Date.now() - Date.parse(record.exportadoEn)).toBeLessThan(60_000);
    expect(record.exportadoPor).toEqual({ id: dentista.userId, nombre: 'Miembro' });
    expect(record.clinica).toMatchObject({ nombre: 'Clínica Ana', ciudad: 'Madrid', zonaHoraria: 'Europe/Madrid' });
    expect(record.paciente).toMatchObject({ id, nombres: 'Íñigo', apellidos: 'Núñez Peña', telefono: '600111222' });

    expect(record.antecedentes.map((a) => [a.descripcion, a.retirada?.autor.nombre ?? null])).toEqual([
      ['penicilina', null],
      ['Sintrom', 'Miembro'],
    ]);
    expect(record.antecedentes[1]).toMatchObject({ anticoagulante: true, autor: { id: ana.userId, nombre: 'Ana' } });

    // Only the two signed, non-subjective notes, oldest first, with the addendum; their hashes check out.
    expect(record.notas.map((n) => n.id)).toEqual([firmada, segunda]);
    expect(JSON.stringify(raw)).not.toMatch(/no cepilla|Borrador|subjetiva/);
    const [one] = record.notas;
    expect(one).toMatchObject({
      autor: { id: dentista.userId, nombre: 'Miembro' },
      diagnostico: { codigo: 'K02.1' },
      procedimientos: [{ id: servicio, nombre: 'Obturación simple' }],
      adendas: [{ texto: 'Se corrige: composite A2.', autor: { id: dentista.userId } }],
    });
    for (const n of record.notas) {
      const content = canonicalNoteContent({
        id: n.id,
        pacienteId: n.pacienteId,
        citaId: n.citaId,
        autorId: n.autor.id,
        autorNombre: n.autor.nombre,
        fecha: n.fecha,
        texto: n.texto,
        diagnostico: n.diagnostico?.codigo ?? null,
        procedimientos: n.procedimientos.map((p) => p.id),
        subjetiva: false,
        fechaFirma: n.fechaFirma,
      });
      expect(sha256(content)).toBe(n.hash);
    }

    // Every chart version; the note's procedure added none (no planned entry of that service).
    expect(record.odontograma.map((v) => [v.version, v.autor.nombre])).toEqual([
      [1, 'Ana'],
      [2, 'Ana'],
    ]);
    expect(record.odontograma[1].carta[16]?.superficies.center.estado).toBe('cavity');
    expect(record.odontograma[1].carta[11]?.notas).toBe('Fractura leve');

    // Consents: metadata in the JSON, and each PDF exactly as stored, its SHA-256 the row's.
    expect(record.consentimientos).toMatchObject([
      {
        id: general.id,
        titulo: 'Consentimiento general',
        firmante: 'paciente',
        tutor: null,
        profesional: { nombre: 'Ana' },
      },
      { id: extraccion.id, firmante: 'tutor', tutor: { nombre: 'Rosa Peña', relacion: 'Madre' } },
    ]);
    for (const [c, stored] of [
      [record.consentimientos[0], general],
      [record.consentimientos[1], extraccion],
    ] as const) {
      expect(files[c.archivo]).toEqual(stored.pdf);
      expect(sha256(files[c.archivo])).toBe(c.sha256);
      expect(c.bytes).toBe(stored.pdf.byteLength);
    }

    // Appointments in the clinic's local time (Madrid: UTC+1 in March), oldest first.
    expect(record.citas).toEqual([
      {
        id: expect.any(String),
        fecha: '2026-03-02',
        horaInicio: '10:00',
        horaFin: '10:30',
        dentista: 'Marta Ruiz',
        estado: 'completada',
        motivo: 'Obturación 16',
      },
      {
        id: expect.any(String),
        fecha: '2026-03-09',
        horaInicio: '10:00',
        horaFin: '10:30',
        dentista: 'Marta Ruiz',
        estado: 'cancelada',
        motivo: 'Revisión',
      },
    ]);

    const pdf = files['historia.pdf'];
    expect(strFromU8(pdf.subarray(0, 5), true)).toBe('%PDF-');
    expect(strFromU8(pdf.subarray(-6), true)).toContain('%%EOF');

    // The export is in the audit trail, with its member and what it held.
    const audits = await exportAudits(id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      clinicaId: ana.clinica.id,
      usuarioId: dentista.userId,
      detalle: { notas: 2, versiones: 2, consentimientos: 2, citas: 2 },
    });
  });

  it('exports a patient with nothing but personal data', async () => {
    const id = await newPatient(ana.cookie, 'Eva', 'Sol');
    const { fileName, files, record } = await exported(await exportOf(ana.cookie, id));
    expect(fileName).toMatch(/^historia-sol-eva-\d{4}-\d{2}-\d{2}\.zip$/);
    expect(Object.keys(files).sort()).toEqual(['historia.json', 'historia.pdf']);
    expect(record).toMatchObject({ antecedentes: [], notas: [], odontograma: [], consentimientos: [], citas: [] });
    expect(record.paciente).toMatchObject({ nombres: 'Eva', apellidos: 'Sol', fechaNacimiento: null });
    expect(await exportAudits(id)).toHaveLength(1);
  });

  it("answers another clinic's patient, an archived one and an unknown id like none, and writes no audit row", async () => {
    const id = await newPatient(ana.cookie);
    for (const path of [
      `/api/pacientes/${id}/exportar`,
      `/api/pacientes/${crypto.randomUUID()}/exportar`,
      '/api/pacientes/x/exportar',
    ]) {
      const res = await t.request(path, { cookie: beto.cookie });
      expect(res.status, path).toBe(404);
      expect((await errorOf(res)).message).toBe(RECORD_EXPORT_MESSAGES.patientNotFound);
    }
    expect(await exportAudits(id)).toEqual([]);
    // Deleted with clinical records: archived and hidden, so not found here either.
    expect(
      (await send(ana.cookie, `/api/pacientes/${id}/odontograma`, { baseVersion: 0, chart: emptyChart() }, 'PUT'))
        .status,
    ).toBe(200);
    expect((await send(ana.cookie, `/api/pacientes/${id}`, undefined, 'DELETE')).status).toBe(200);
    expect((await exportOf(ana.cookie, id)).status).toBe(404);
    expect(await exportAudits(id)).toEqual([]);
  });

  it('is refused without historia.exportar (an assistant may read the record, not take it away)', async () => {
    const id = await newPatient(ana.cookie);
    const res = await exportOf(asistente.cookie, id);
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe('forbidden');
    expect(await exportAudits(id)).toEqual([]);
  });

  it('fails with a Spanish message rather than zip a consent PDF that is not the one signed', async () => {
    const id = await newPatient(ana.cookie);
    const consent = await signedConsent(ana.clinica.id, id, 'Endodoncia', new Date('2026-02-01T10:00:00Z'));
    await t.deps.storage.put(consent.key, new TextEncoder().encode('%PDF-1.7 otro'), 'application/pdf');
    const res = await exportOf(ana.cookie, id);
    expect(res.status).toBe(500);
    expect((await errorOf(res)).message).toBe(RECORD_EXPORT_MESSAGES.consentFileMissing('Endodoncia'));
  });
});
