import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  applyStatus,
  canonicalNoteContent,
  CLINICAL_NOTE_MESSAGES as M,
  DEFAULT_NOTE_TEMPLATES,
  emptyChart,
  FIELD_MESSAGES,
  odontogramChartSchema,
  todayInZone,
  toothEntry,
  type OdontogramChart,
} from '@odontia/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import {
  adendasNotas,
  auditoria,
  citas,
  consentimientos,
  dentistas,
  notasClinicas,
  odontogramaVersiones,
  plantillasNotas,
  productos,
} from '../../db/schema/index.ts';
import { recordNoteOnChart } from '../../platform/chart-versions.ts';
import { noteHash } from './clinical-notes.service.ts';
import { addTeamMember, createClinicOwner, createTestApp, errorOf, type TestApp } from '../../test/app.ts';

let t: TestApp;
type Owner = Awaited<ReturnType<typeof createClinicOwner>>;
let ana: Owner;
let beto: Owner;
let dentista: { cookie: string; userId: string };
let asistente: { cookie: string };
let servicio: string;
let otroServicio: string;

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
  [{ id: otroServicio }] = await t.db
    .insert(productos)
    .values({ tipoImpuesto: 'ES_IVA_21', clinicaId: beto.clinica.id, nombre: 'Limpieza', categoria: 'servicio' })
    .returning({ id: productos.id });
});
afterAll(() => t.close());

async function newPatient(owner: { cookie: string }, nombres = 'Lucía') {
  const res = await t.client(owner.cookie).pacientes.$post({ json: { nombres, apellidos: 'Gómez' } });
  expect(res.status).toBe(201);
  return (await res.json()).id;
}

async function newAppointment(clinicaId: string, pacienteId: string, usuarioId: string | null = null) {
  const [d] = await t.db
    .insert(dentistas)
    .values({ clinicaId, nombres: 'Marta', apellidos: 'Ruiz', especialidad: 'general', color: 'blue', usuarioId })
    .returning({ id: dentistas.id });
  const inicio = new Date(Date.now() - 3_600_000);
  const [c] = await t.db
    .insert(citas)
    .values({
      clinicaId,
      pacienteId,
      dentistaId: d.id,
      inicio,
      fin: new Date(inicio.getTime() + 1_800_000),
      titulo: 'Revisión',
    })
    .returning({ id: citas.id });
  return { dentistaId: d.id, citaId: c.id };
}

const note = (over: Record<string, unknown> = {}) => ({
  fecha: '2026-03-02',
  texto: 'Caries en 16 oclusal. Obturación con composite.',
  diagnostico: 'K02.1',
  procedimientos: [servicio],
  subjetiva: false,
  ...over,
});

/** The day after today in the test clinics' zone (Spain's mainland). */
function dayAfterClinicToday() {
  const day = new Date(`${todayInZone('Europe/Madrid')}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

const post = (cookie: string, path: string, json?: unknown, method = 'POST') =>
  t.request(path, { method, cookie, ...(json === undefined ? {} : { json }) });

type NoteBody = {
  id: string;
  estado: string;
  hash: string | null;
  fechaFirma: string | null;
  fecha: string;
  texto: string;
  autor: { id: string; nombre: string };
  cita: { id: string } | null;
  diagnostico: { codigo: string; descripcion: string } | null;
  procedimientos: { id: string; nombre: string }[];
  subjetiva: boolean;
  adendas: { texto: string; autor: { id: string }; hash: string }[];
};

async function draft(cookie: string, pacienteId: string, over: Record<string, unknown> = {}) {
  const res = await post(cookie, `/api/pacientes/${pacienteId}/notas`, note(over));
  expect(res.status).toBe(201);
  return (await res.json()) as NoteBody;
}

const auditOf = (pacienteId: string) =>
  t.db
    .select({ accion: auditoria.accion, usuarioId: auditoria.usuarioId })
    .from(auditoria)
    .where(eq(auditoria.pacienteId, pacienteId))
    .orderBy(auditoria.id);

describe('drafts', () => {
  it('writes a draft by the signed-in member, with the appointment, diagnosis and procedures, audited', async () => {
    const p = await newPatient(ana);
    const { citaId } = await newAppointment(ana.clinica.id, p);
    const body = await draft(dentista.cookie, p, { citaId, diagnostico: 'k02.1' });
    expect(body).toMatchObject({
      estado: 'borrador',
      hash: null,
      autor: { id: dentista.userId, nombre: 'Miembro' },
      cita: { id: citaId },
      diagnostico: { codigo: 'K02.1', descripcion: 'Caries de la dentina' },
      procedimientos: [{ id: servicio, nombre: 'Obturación simple' }],
    });
    expect((await auditOf(p)).map((r) => r.accion)).toContain('nota.crear');

    const edited = await post(dentista.cookie, `/api/notas/${body.id}`, note({ texto: 'Texto corregido' }), 'PUT');
    expect(edited.status).toBe(200);
    expect(((await edited.json()) as NoteBody).texto).toBe('Texto corregido');
  });

  it('lets only the author see, edit, sign or discard a draft', async () => {
    const p = await newPatient(ana);
    const body = await draft(dentista.cookie, p);
    for (const [path, method, json] of [
      [`/api/notas/${body.id}`, 'GET', undefined],
      [`/api/notas/${body.id}`, 'PUT', note()],
      [`/api/notas/${body.id}/firmar`, 'POST', undefined],
      [`/api/notas/${body.id}/descartar`, 'POST', undefined],
    ] as const) {
      const res = await post(ana.cookie, path, json, method);
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const [row] = await t.db.select().from(notasClinicas).where(eq(notasClinicas.id, body.id));
    expect(row.estado).toBe('borrador');
    expect(row.texto).toBe(note().texto);
  });

  it('discards a draft by keeping it marked descartada, out of the timeline', async () => {
    const p = await newPatient(ana);
    const body = await draft(dentista.cookie, p);
    expect((await post(dentista.cookie, `/api/notas/${body.id}/descartar`)).status).toBe(200);
    const [row] = await t.db.select().from(notasClinicas).where(eq(notasClinicas.id, body.id));
    expect(row.estado).toBe('descartada');
    expect((await post(dentista.cookie, `/api/notas/${body.id}`, undefined, 'GET')).status).toBe(404);
    const history = await post(dentista.cookie, `/api/pacientes/${p}/historia`, undefined, 'GET');
    expect(((await history.json()) as { entradas: unknown[] }).entradas).toEqual([]);
    // Discarded is final, even by raw SQL.
    await expect(
      t.db.execute(sql`update notas_clinicas set estado = 'borrador' where id = ${body.id}`),
    ).rejects.toThrow();
  });

  it("lists the author's drafts older than 24 hours as Notas sin firmar", async () => {
    const p = await newPatient(ana, 'Pendiente');
    const old = await draft(dentista.cookie, p);
    const recent = await draft(dentista.cookie, p);
    await t.db.execute(
      sql`update notas_clinicas set fecha_creacion = now() - interval '25 hours' where id = ${old.id}`,
    );
    const res = await post(dentista.cookie, '/api/notas/sin-firmar', undefined, 'GET');
    const ids = ((await res.json()) as { notas: { id: string }[] }).notas.map((x) => x.id);
    expect(ids).toContain(old.id);
    expect(ids).not.toContain(recent.id);
    const others = await post(ana.cookie, '/api/notas/sin-firmar', undefined, 'GET');
    expect(((await others.json()) as { notas: { id: string }[] }).notas.map((x) => x.id)).not.toContain(old.id);
  });
});

describe('signing and addenda', () => {
  it('signs a draft, keeping the SHA-256 of its canonical content, and locks it', async () => {
    const p = await newPatient(ana);
    const body = await draft(dentista.cookie, p);
    const res = await post(dentista.cookie, `/api/notas/${body.id}/firmar`);
    expect(res.status).toBe(200);
    const signed = (await res.json()) as NoteBody;
    expect(signed.estado).toBe('firmada');
    const expected = createHash('sha256')
      .update(
        canonicalNoteContent({
          id: signed.id,
          pacienteId: p,
          citaId: null,
          autorId: dentista.userId,
          autorNombre: 'Miembro',
          fecha: signed.fecha,
          texto: signed.texto,
          diagnostico: 'K02.1',
          procedimientos: [servicio],
          subjetiva: false,
          fechaFirma: signed.fechaFirma!,
        }),
      )
      .digest('hex');
    expect(signed.hash).toBe(expected);

    // No route changes it: not its author, not anyone.
    const again = await post(dentista.cookie, `/api/notas/${body.id}/firmar`);
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe(M.locked);
    expect((await post(dentista.cookie, `/api/notas/${body.id}`, note({ texto: 'otra' }), 'PUT')).status).toBe(409);
    expect((await post(dentista.cookie, `/api/notas/${body.id}/descartar`)).status).toBe(409);
    const byOwner = await post(ana.cookie, `/api/notas/${body.id}`, note({ texto: 'otra' }), 'PUT');
    expect(byOwner.status).toBe(403);
    expect((await errorOf(byOwner)).message).toBe(M.notAuthor);
    const [row] = await t.db.select().from(notasClinicas).where(eq(notasClinicas.id, body.id));
    expect(row.texto).toBe(note().texto);
    expect(row.hash).toBe(expected);
    expect((await auditOf(p)).map((r) => r.accion)).toEqual(['paciente.crear', 'nota.crear', 'nota.firmar']);
  });

  it('signs a draft once when signatures and an edit arrive at once, hashing the text it keeps', async () => {
    const p = await newPatient(ana);
    const race = async () => {
      const body = await draft(dentista.cookie, p);
      const url = `/api/notas/${body.id}`;
      const [first, second, edit] = await Promise.all([
        post(dentista.cookie, `${url}/firmar`),
        post(dentista.cookie, `${url}/firmar`),
        post(dentista.cookie, url, note({ texto: 'Texto corregido antes de firmar.' }), 'PUT'),
      ]);
      expect([first.status, second.status].sort()).toEqual([200, 409]);
      const [row] = await t.db.select().from(notasClinicas).where(eq(notasClinicas.id, body.id));
      expect(row.estado).toBe('firmada');
      // The edit went in before the signature, or was refused after it: the hash is of the text kept.
      expect(row.texto).toBe(edit.status === 200 ? 'Texto corregido antes de firmar.' : note().texto);
      if (edit.status !== 200) expect(edit.status).toBe(409);
      expect(row.hash).toBe(noteHash(row, row.fechaFirma!));
      const signed = (await (first.status === 200 ? first : second).json()) as NoteBody;
      expect(signed.hash).toBe(row.hash);
      expect(signed.texto).toBe(row.texto);
    };
    await Promise.all([race(), race(), race()]);
    const actions = (await auditOf(p)).map((r) => r.accion);
    expect(actions.filter((a) => a === 'nota.firmar')).toHaveLength(3);
  });

  it('refuses UPDATE and DELETE of a signed note and of an addendum even by raw SQL', async () => {
    const p = await newPatient(ana);
    const body = await draft(dentista.cookie, p);
    await post(dentista.cookie, `/api/notas/${body.id}/firmar`);
    await post(ana.cookie, `/api/notas/${body.id}/adendas`, { texto: 'Adenda' });
    for (const statement of [
      sql`update notas_clinicas set texto = 'manipulado' where id = ${body.id}`,
      sql`update notas_clinicas set estado = 'borrador', fecha_firma = null, hash = null where id = ${body.id}`,
      sql`delete from notas_clinicas where id = ${body.id}`,
      sql`update adendas_notas set texto = 'manipulado' where nota_id = ${body.id}`,
      sql`delete from adendas_notas where nota_id = ${body.id}`,
    ]) {
      await expect(t.db.execute(statement)).rejects.toThrow();
    }
    const [row] = await t.db.select().from(notasClinicas).where(eq(notasClinicas.id, body.id));
    expect(row.texto).toBe(note().texto);
    const addenda = await t.db.select().from(adendasNotas).where(eq(adendasNotas.notaId, body.id));
    expect(addenda.map((x) => x.texto)).toEqual(['Adenda']);
  });

  it('adds addenda to a signed note only, each signed by its author, shown under the note in order', async () => {
    const p = await newPatient(ana);
    const body = await draft(dentista.cookie, p);
    const early = await post(dentista.cookie, `/api/notas/${body.id}/adendas`, { texto: 'Demasiado pronto' });
    expect(early.status).toBe(409);
    expect((await errorOf(early)).message).toBe(M.addendumOnlySigned);
    await post(dentista.cookie, `/api/notas/${body.id}/firmar`);
    expect((await post(dentista.cookie, `/api/notas/${body.id}/adendas`, { texto: 'Primera' })).status).toBe(201);
    const res = await post(ana.cookie, `/api/notas/${body.id}/adendas`, { texto: 'Segunda' });
    expect(res.status).toBe(201);
    const withAddenda = (await res.json()) as NoteBody;
    expect(withAddenda.adendas.map((x) => [x.texto, x.autor.id])).toEqual([
      ['Primera', dentista.userId],
      ['Segunda', ana.userId],
    ]);
    expect(withAddenda.adendas.every((x) => /^[0-9a-f]{64}$/.test(x.hash))).toBe(true);
    expect((await auditOf(p)).filter((r) => r.accion === 'nota.adenda')).toHaveLength(2);
  });
});

describe('timeline', () => {
  it('lists notes, chart versions and appointments newest first, filtered by kind and dentist, audited', async () => {
    const p = await newPatient(ana);
    const { citaId, dentistaId } = await newAppointment(ana.clinica.id, p, dentista.userId);
    const signed = await draft(dentista.cookie, p, { citaId });
    await post(dentista.cookie, `/api/notas/${signed.id}/firmar`);
    const chart = await t.request(`/api/pacientes/${p}/odontograma`, { cookie: ana.cookie });
    const { chart: empty } = (await chart.json()) as { chart: unknown };
    await t.request(`/api/pacientes/${p}/odontograma`, {
      method: 'PUT',
      cookie: ana.cookie,
      json: { baseVersion: 0, chart: empty },
    });
    const othersDraft = await draft(ana.cookie, p);

    type Page = { entradas: { tipo: string; id: string }[]; hayMas: boolean; dentistas: { id: string }[] };
    const read = async (cookie: string, query = '') =>
      (await (await t.request(`/api/pacientes/${p}/historia${query}`, { cookie })).json()) as Page;

    const all = await read(dentista.cookie);
    expect(all.entradas.map((e) => e.tipo)).toEqual(['odontograma', 'nota', 'cita']);
    // Ana's draft is hers only.
    expect(all.entradas.map((e) => e.id)).not.toContain(othersDraft.id);
    expect((await read(ana.cookie)).entradas.map((e) => e.tipo)).toEqual(['nota', 'odontograma', 'nota', 'cita']);
    expect((await read(dentista.cookie, '?tipo=nota')).entradas.map((e) => e.id)).toEqual([signed.id]);
    // The dentist's notes (their linked member) and appointments; the chart was saved by Ana.
    expect((await read(dentista.cookie, `?dentista=${dentistaId}`)).entradas.map((e) => e.tipo)).toEqual([
      'nota',
      'cita',
    ]);
    // The assistant reads it too (historia.ver).
    expect((await read(asistente.cookie)).entradas).toHaveLength(3);
    expect((await auditOf(p)).filter((r) => r.accion === 'historia.ver').length).toBeGreaterThanOrEqual(5);
  });

  it('answers each kind of entry whole: a note as GET /notas/:id answers it, a version, an appointment, a consent', async () => {
    const p = await newPatient(ana, 'Entradas');
    const { citaId, dentistaId } = await newAppointment(ana.clinica.id, p, dentista.userId);
    const signed = await draft(dentista.cookie, p, { citaId, subjetiva: true });
    await post(dentista.cookie, `/api/notas/${signed.id}/firmar`);
    expect((await post(ana.cookie, `/api/notas/${signed.id}/adendas`, { texto: 'Diente 16, no 17.' })).status).toBe(
      201,
    );
    const mine = await draft(dentista.cookie, p, { citaId: null, diagnostico: null, procedimientos: [] });
    const [version] = await t.db
      .insert(odontogramaVersiones)
      .values({
        clinicaId: ana.clinica.id,
        pacienteId: p,
        version: 1,
        carta: emptyChart(),
        autorId: ana.userId,
        autorNombre: 'Ana',
        fechaCreacion: new Date(Date.now() - 7_200_000),
      })
      .returning();
    const [consent] = await t.db
      .insert(consentimientos)
      .values({
        clinicaId: ana.clinica.id,
        pacienteId: p,
        titulo: 'Consentimiento de extracción',
        texto: 'Texto firmado.',
        pacienteNombre: 'Entradas Gómez',
        firmante: 'tutor',
        tutorNombre: 'Rosa Gómez',
        tutorRelacion: 'Madre',
        profesionalId: dentista.userId,
        profesionalNombre: 'Miembro',
        fechaFirma: new Date(Date.now() - 10_800_000),
        archivoClave: 'consentimientos/x.pdf',
        sha256: 'a'.repeat(64),
        bytes: 10,
      })
      .returning();
    const [cita] = await t.db.select().from(citas).where(eq(citas.id, citaId));
    const asNote = async (id: string) => {
      const { paciente, ...rest } = (await (
        await post(dentista.cookie, `/api/notas/${id}`, undefined, 'GET')
      ).json()) as {
        paciente: unknown;
      };
      expect(paciente).toEqual({ id: p, nombres: 'Entradas', apellidos: 'Gómez' });
      return rest;
    };
    const res = await post(dentista.cookie, `/api/pacientes/${p}/historia`, undefined, 'GET');
    expect(res.status).toBe(200);
    const page = (await res.json()) as {
      dentistas: { id: string; nombre: string }[];
      entradas: { nota?: { diagnostico: unknown } }[];
    };
    // The diagnosis with its description from the shared CIE-10 list, written by PostgreSQL.
    expect(page.entradas[1].nota?.diagnostico).toEqual({ codigo: 'K02.1', descripcion: 'Caries de la dentina' });
    expect(page).toEqual({
      paciente: { id: p, nombres: 'Entradas', apellidos: 'Gómez' },
      dentistas: expect.arrayContaining([{ id: dentistaId, nombre: 'Marta Ruiz' }]),
      entradas: [
        { tipo: 'nota', id: mine.id, nota: await asNote(mine.id) },
        { tipo: 'nota', id: signed.id, nota: await asNote(signed.id) },
        {
          tipo: 'cita',
          id: citaId,
          cita: {
            titulo: 'Revisión',
            estado: 'pendiente',
            inicio: cita.inicio.toISOString(),
            fin: cita.fin.toISOString(),
            dentista: 'Marta Ruiz',
          },
        },
        {
          tipo: 'odontograma',
          id: version.id,
          odontograma: { version: 1, autor: 'Ana', fecha: version.fechaCreacion.toISOString() },
        },
        {
          tipo: 'consentimiento',
          id: consent.id,
          consentimiento: {
            titulo: 'Consentimiento de extracción',
            fecha: consent.fechaFirma.toISOString(),
            firmante: 'tutor',
            tutor: { nombre: 'Rosa Gómez', relacion: 'Madre' },
            profesional: 'Miembro',
            sha256: 'a'.repeat(64),
          },
        },
      ],
      pagina: 1,
      hayMas: false,
    });
    // Every dentist of the clinic, by name, for the filter.
    const team = await t.db.select({ id: dentistas.id }).from(dentistas).where(eq(dentistas.clinicaId, ana.clinica.id));
    expect(page.dentistas.map((d) => d.id).sort()).toEqual(team.map((d) => d.id).sort());
    // An unknown dentist in the filter is refused, and that request is not audited as a view.
    const before = (await auditOf(p)).length;
    const bad = await post(
      dentista.cookie,
      `/api/pacientes/${p}/historia?dentista=${crypto.randomUUID()}`,
      undefined,
      'GET',
    );
    expect(bad.status).toBe(422);
    expect((await auditOf(p)).length).toBe(before);
  });

  it('pages the timeline', async () => {
    const p = await newPatient(ana);
    for (let i = 0; i < 22; i++) await draft(dentista.cookie, p, { texto: `Nota ${i}` });
    const first = await t.request(`/api/pacientes/${p}/historia`, { cookie: dentista.cookie });
    const one = (await first.json()) as { entradas: { nota: { texto: string } }[]; hayMas: boolean };
    expect(one.entradas).toHaveLength(20);
    expect(one.hayMas).toBe(true);
    const second = await t.request(`/api/pacientes/${p}/historia?pagina=2`, { cookie: dentista.cookie });
    const two = (await second.json()) as { entradas: { nota: { texto: string } }[]; hayMas: boolean };
    expect(two.hayMas).toBe(false);
    const texts = [...one.entradas, ...two.entradas].map((e) => e.nota.texto);
    expect(new Set(texts).size).toBe(22);
  });
});

describe('permissions, isolation and bad input', () => {
  it("refuses writing to a member without historia.editar, and answers another clinic's ids with 404", async () => {
    const p = await newPatient(ana);
    const refused = await post(asistente.cookie, `/api/pacientes/${p}/notas`, note());
    expect(refused.status).toBe(403);
    const body = await draft(dentista.cookie, p);
    await post(dentista.cookie, `/api/notas/${body.id}/firmar`);
    expect((await post(beto.cookie, `/api/pacientes/${p}/notas`, note({ procedimientos: [] }))).status).toBe(404);
    expect((await post(beto.cookie, `/api/pacientes/${p}/historia`, undefined, 'GET')).status).toBe(404);
    expect((await post(beto.cookie, `/api/notas/${body.id}`, undefined, 'GET')).status).toBe(404);
    expect((await post(beto.cookie, `/api/notas/${body.id}/adendas`, { texto: 'Intruso' })).status).toBe(404);
    // Another clinic's service or appointment cannot be named in a note.
    const foreignService = await post(
      dentista.cookie,
      `/api/pacientes/${p}/notas`,
      note({ procedimientos: [otroServicio] }),
    );
    expect(foreignService.status).toBe(422);
    expect((await errorOf(foreignService)).message).toBe(M.procedureUnknown);
    const q = await newPatient(beto);
    const { citaId } = await newAppointment(beto.clinica.id, q);
    const foreignAppointment = await post(dentista.cookie, `/api/pacientes/${p}/notas`, note({ citaId }));
    expect(foreignAppointment.status).toBe(422);
    const rows = await t.db.select().from(notasClinicas).where(eq(notasClinicas.pacienteId, p));
    expect(rows).toHaveLength(1);
  });

  it('refuses an empty text, an unknown CIE-10 code and NUL with Spanish messages, changing nothing', async () => {
    const p = await newPatient(ana);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ texto: '   ' }, 'texto', M.textRequired],
      [{ diagnostico: 'K99.9' }, 'diagnostico', M.diagnosisUnknown],
      [{ diagnostico: 'J45.0' }, 'diagnostico', M.diagnosisUnknown],
      [{ texto: 'con \u0000 nulo' }, 'texto', FIELD_MESSAGES.controlCharacters],
      [{ texto: 'medio \ud83d emoji' }, 'texto', FIELD_MESSAGES.brokenCharacter],
      [{ fecha: '2026-02-30' }, 'fecha', M.dateInvalid],
      // A note tells what was done: never dated after the clinic's today.
      [{ fecha: dayAfterClinicToday() }, 'fecha', M.dateFuture],
      [{ procedimientos: ['no-id'] }, 'procedimientos.0', M.procedureInvalid],
    ];
    for (const [over, field, message] of cases) {
      const res = await post(dentista.cookie, `/api/pacientes/${p}/notas`, note(over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect((await errorOf(res)).fields?.[field]).toBe(message);
    }
    const body = await draft(dentista.cookie, p);
    const future = await post(dentista.cookie, `/api/notas/${body.id}`, note({ fecha: dayAfterClinicToday() }), 'PUT');
    expect(future.status).toBe(400);
    expect((await errorOf(future)).fields?.fecha).toBe(M.dateFuture);
    // A draft dated later before that rule existed is not signed either.
    await t.db.execute(sql`update notas_clinicas set fecha = ${dayAfterClinicToday()} where id = ${body.id}`);
    const early = await post(dentista.cookie, `/api/notas/${body.id}/firmar`);
    expect(early.status).toBe(422);
    expect((await errorOf(early)).fields?.fecha).toBe(M.dateFuture);
    await t.db.execute(sql`update notas_clinicas set fecha = '2026-03-02' where id = ${body.id}`);
    await post(dentista.cookie, `/api/notas/${body.id}/firmar`);
    const empty = await post(dentista.cookie, `/api/notas/${body.id}/adendas`, { texto: '' });
    expect(empty.status).toBe(400);
    expect((await errorOf(empty)).fields?.texto).toBe(M.addendumRequired);
    const rows = await t.db.select().from(notasClinicas).where(eq(notasClinicas.pacienteId, p));
    expect(rows).toHaveLength(1);
    expect(await t.db.select().from(adendasNotas).where(eq(adendasNotas.notaId, body.id))).toEqual([]);
  });
});

describe('templates', () => {
  it('gives a new clinic the five Spanish templates, and manages them per clinic', async () => {
    const list = await t.request('/api/plantillas-notas', { cookie: dentista.cookie });
    const { plantillas } = (await list.json()) as { plantillas: { id: string; titulo: string }[] };
    expect(plantillas.map((x) => x.titulo).sort()).toEqual(DEFAULT_NOTE_TEMPLATES.map((x) => x.titulo).sort());
    const created = await post(dentista.cookie, '/api/plantillas-notas', {
      titulo: 'Blanqueamiento',
      cuerpo: 'Blanqueamiento de {paciente}',
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect((await post(beto.cookie, `/api/plantillas-notas/${id}`, { titulo: 'X', cuerpo: 'Y' }, 'PUT')).status).toBe(
      404,
    );
    expect((await post(beto.cookie, `/api/plantillas-notas/${id}`, undefined, 'DELETE')).status).toBe(404);
    expect((await post(asistente.cookie, '/api/plantillas-notas', { titulo: 'X', cuerpo: 'Y' })).status).toBe(403);
    expect(
      (
        await post(
          dentista.cookie,
          `/api/plantillas-notas/${id}`,
          { titulo: 'Blanqueamiento dental', cuerpo: 'Texto' },
          'PUT',
        )
      ).status,
    ).toBe(200);
    expect((await post(dentista.cookie, `/api/plantillas-notas/${id}`, undefined, 'DELETE')).status).toBe(200);
    const left = await t.db
      .select()
      .from(plantillasNotas)
      .where(and(eq(plantillasNotas.clinicaId, ana.clinica.id), eq(plantillasNotas.id, id)));
    expect(left).toEqual([]);
  });

  it('gives existing clinics, in migration 0027, the same five templates as a new clinic', async () => {
    const migration = readFileSync(new URL('../../../drizzle/0027_notas_clinicas.sql', import.meta.url), 'utf8');
    const values = /CROSS JOIN \(VALUES([\s\S]*?)\) AS t\(titulo, cuerpo\)/.exec(migration)?.[1];
    expect(values).toBeDefined();
    const rows = await rowsOf<{ titulo: string; cuerpo: string }>(
      t.db.execute(sql.raw(`select titulo, cuerpo from (values ${values}) as t(titulo, cuerpo)`)),
    );
    expect(rows).toEqual(DEFAULT_NOTE_TEMPLATES);
  });
});

describe('a signed note on the chart (issue 22)', () => {
  const ov = odontogramaVersiones;
  const planned = (chart: OdontogramChart, tooth: 11 | 21 | 36, servicioId: string) =>
    applyStatus(chart, { tooth, surface: tooth === 36 ? 'center' : null }, tooth === 36 ? 'filled' : 'crown', {
      etapa: 'planificado',
      servicioId,
    });
  async function saveChart(cookie: string, pacienteId: string, baseVersion: number, chart: OdontogramChart) {
    const res = await post(cookie, `/api/pacientes/${pacienteId}/odontograma`, { baseVersion, chart }, 'PUT');
    expect(res.status).toBe(200);
  }
  const versions = async (pacienteId: string) => {
    const rows = await t.db
      .select({ version: ov.version, carta: ov.carta, autorId: ov.autorId })
      .from(ov)
      .where(eq(ov.pacienteId, pacienteId))
      .orderBy(ov.version);
    return rows.map((r) => ({ ...r, chart: odontogramChartSchema.parse(r.carta) }));
  };
  let corona: string;
  beforeAll(async () => {
    [{ id: corona }] = await t.db
      .insert(productos)
      .values({ tipoImpuesto: 'ES_IVA_21', clinicaId: ana.clinica.id, nombre: 'Corona', categoria: 'servicio' })
      .returning({ id: productos.id });
  });

  it('signing marks the planned entries of its procedures realizado in a new version naming the note', async () => {
    const p = await newPatient(ana);
    const chart = planned(planned(planned(emptyChart(), 36, servicio), 11, servicio), 21, corona);
    await saveChart(ana.cookie, p, 0, chart);
    const body = await draft(dentista.cookie, p);
    const res = await post(dentista.cookie, `/api/notas/${body.id}/firmar`);
    expect(res.status).toBe(200);
    const signed = (await res.json()) as NoteBody;
    const all = await versions(p);
    expect(all.map((v) => v.version)).toEqual([1, 2]);
    const v2 = all[1];
    expect(v2.autorId).toBe(dentista.userId);
    const done = { fecha: signed.fechaFirma, autor: body.autor, notaId: body.id };
    expect(toothEntry(v2.chart, 36).superficies.center).toEqual({
      estado: 'filled',
      etapa: 'realizado',
      servicioId: servicio,
      realizado: done,
    });
    expect(toothEntry(v2.chart, 11)).toMatchObject({ estado: 'crown', etapa: 'realizado', realizado: done });
    // Another service's plan and every other entry: as they were.
    expect(toothEntry(v2.chart, 21)).toEqual(toothEntry(all[0].chart, 21));
    expect(toothEntry(v2.chart, 36).superficies.top).toEqual(toothEntry(all[0].chart, 36).superficies.top);
    const audit = await t.db
      .select({ accion: auditoria.accion, detalle: auditoria.detalle, usuarioId: auditoria.usuarioId })
      .from(auditoria)
      .where(eq(auditoria.pacienteId, p))
      .orderBy(auditoria.id);
    expect(audit.slice(-2)).toEqual([
      { accion: 'nota.firmar', detalle: { nota: body.id }, usuarioId: dentista.userId },
      { accion: 'odontograma.guardar', detalle: { version: 2, nota: body.id }, usuarioId: dentista.userId },
    ]);
    // The screen reads it as the current chart.
    const view = await post(ana.cookie, `/api/pacientes/${p}/odontograma`, undefined, 'GET');
    expect(((await view.json()) as { version: number }).version).toBe(2);
  });

  it('marks a service planned on one surface only', async () => {
    const p = await newPatient(ana);
    await saveChart(ana.cookie, p, 0, planned(emptyChart(), 36, servicio));
    const body = await draft(dentista.cookie, p);
    expect((await post(dentista.cookie, `/api/notas/${body.id}/firmar`)).status).toBe(200);
    const all = await versions(p);
    expect(all.map((v) => v.version)).toEqual([1, 2]);
    expect(toothEntry(all[1].chart, 36).superficies.center).toMatchObject({ etapa: 'realizado', servicioId: servicio });
  });

  it('no planned entry of its procedures (or no chart): no new version', async () => {
    const p = await newPatient(ana);
    await saveChart(ana.cookie, p, 0, planned(emptyChart(), 21, corona));
    const body = await draft(dentista.cookie, p);
    expect((await post(dentista.cookie, `/api/notas/${body.id}/firmar`)).status).toBe(200);
    expect((await versions(p)).map((v) => v.version)).toEqual([1]);
    // A chart naming the service only in work already done: nothing planned to mark.
    const treated = await newPatient(ana);
    const crowned = applyStatus(emptyChart(), { tooth: 11, surface: null }, 'crown', {
      etapa: 'realizado',
      servicioId: servicio,
    });
    await saveChart(ana.cookie, treated, 0, crowned);
    const again = await draft(dentista.cookie, treated);
    expect((await post(dentista.cookie, `/api/notas/${again.id}/firmar`)).status).toBe(200);
    expect((await versions(treated)).map((v) => v.version)).toEqual([1]);
    const blank = await newPatient(ana);
    const other = await draft(dentista.cookie, blank);
    expect((await post(dentista.cookie, `/api/notas/${other.id}/firmar`)).status).toBe(200);
    expect(await versions(blank)).toEqual([]);
    expect((await auditOf(blank)).map((r) => r.accion)).toEqual(['paciente.crear', 'nota.crear', 'nota.firmar']);
  });

  it("never touches another clinic's chart", async () => {
    const theirs = await newPatient(beto);
    await saveChart(beto.cookie, theirs, 0, planned(emptyChart(), 36, otroServicio));
    const marked = await t.db.transaction((tx) =>
      recordNoteOnChart(
        tx,
        { clinicaId: ana.clinica.id, userId: dentista.userId, direccion: '127.0.0.1' },
        {
          pacienteId: theirs,
          notaId: crypto.randomUUID(),
          procedimientos: [otroServicio],
          fecha: new Date(),
          autorNombre: 'Dentista',
        },
      ),
    );
    expect(marked).toBeNull();
    expect((await versions(theirs)).map((v) => v.version)).toEqual([1]);
  });
});
