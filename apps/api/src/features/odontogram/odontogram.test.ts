import {
  applyStatus,
  emptyChart,
  existingMark,
  odontogramServiceSchema,
  odontogramViewSchema,
  odontogramVersionSchema,
  PERMANENT_TEETH,
  toothEntry,
  ODONTOGRAM_MESSAGES,
  PATIENT_MESSAGES,
  setToothNotes,
  type OdontogramChart,
} from '@odontia/shared';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditoria, odontogramaVersiones, pacientes, productos } from '../../db/schema/index.ts';
import { addTeamMember, createClinicOwner, createTestApp, errorOf, type TestApp } from '../../test/app.ts';

let t: TestApp;
type Owner = Awaited<ReturnType<typeof createClinicOwner>>;
let ana: Owner;
let beto: Owner;

beforeAll(async () => {
  t = await createTestApp();
  ana = await createClinicOwner(t, { nombre: 'Clínica Ana' });
  beto = await createClinicOwner(t, { nombre: 'Clínica Beto' });
});
afterAll(() => t.close());

async function newPatient(owner: Owner, nombres = 'Lucía') {
  const res = await t.client(owner.cookie).pacientes.$post({ json: { nombres, apellidos: 'Gómez' } });
  expect(res.status).toBe(201);
  return (await res.json()).id;
}

const chartApi = (cookie: string) => t.client(cookie).pacientes[':id'].odontograma;
const load = (cookie: string, id: string) => chartApi(cookie).$get({ param: { id } });
const save = (cookie: string, id: string, baseVersion: number, chart: unknown) =>
  t.request(`/api/pacientes/${id}/odontograma`, { method: 'PUT', cookie, json: { baseVersion, chart } });

const withCavity = (chart: OdontogramChart = emptyChart()) =>
  applyStatus(chart, { tooth: 16, surface: 'center' }, 'cavity');
const withMissing = (chart: OdontogramChart = emptyChart()) =>
  applyStatus(chart, { tooth: 48, surface: null }, 'missing');

const auditRows = (pacienteId: string) =>
  t.db.select().from(auditoria).where(eq(auditoria.pacienteId, pacienteId)).orderBy(auditoria.id);

describe('current chart and saves', () => {
  it('starts at version 0 with the empty chart, and the read is audited', async () => {
    const id = await newPatient(ana);
    const res = await load(ana.cookie, id);
    expect(res.status).toBe(200);
    // The body is serialized by the service (the chart spliced in as text): still JSON, and said so.
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    // Whose chart it is comes with it: the screen reads no record (which would be audited as a view of it).
    expect(await res.json()).toEqual({
      version: 0,
      chart: emptyChart(),
      autor: null,
      fecha: null,
      paciente: { id, nombres: 'Lucía', apellidos: 'Gómez', telefono: null, alertas: [] },
    });
    const rows = await auditRows(id);
    expect(rows.map((r) => r.accion)).toEqual(['paciente.crear', 'odontograma.ver']);
    expect(rows[1]).toMatchObject({
      clinicaId: ana.clinica.id,
      usuarioId: ana.userId,
      usuarioNombre: 'Ana',
      direccion: 'desconocida',
    });
  });

  it('saves a new version with its author, reads it back, and audits the save in the same statement', async () => {
    const id = await newPatient(ana);
    const chart = setToothNotes(withCavity(), 16, '  Caries oclusal profunda  ');
    const res = await save(ana.cookie, id, 0, chart);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const saved = (await res.json()) as {
      version: number;
      chart: OdontogramChart;
      autor: { id: string; nombre: string };
      fecha: string;
    };
    expect(saved.version).toBe(1);
    // The stored chart is the checked one (notes trimmed), answered as saved and as read back.
    expect(saved.chart).toEqual(setToothNotes(chart, 16, 'Caries oclusal profunda'));
    expect(saved.fecha).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(saved.autor).toEqual({ id: ana.userId, nombre: 'Ana' });
    expect(saved.chart[16]).toEqual({ ...chart[16], notas: 'Caries oclusal profunda' });
    expect(Date.now() - new Date(saved.fecha).getTime()).toBeLessThan(60_000);

    const again = await (await load(ana.cookie, id)).json();
    expect(again).toEqual({
      ...saved,
      paciente: { id, nombres: 'Lucía', apellidos: 'Gómez', telefono: null, alertas: [] },
    });

    const second = await save(ana.cookie, id, 1, withMissing(saved.chart));
    expect(second.status).toBe(200);
    expect(((await second.json()) as { version: number }).version).toBe(2);
    const rows = await auditRows(id);
    expect(rows.filter((r) => r.accion === 'odontograma.guardar').map((r) => r.detalle)).toEqual([
      { version: 1 },
      { version: 2 },
    ]);
  });

  it('refuses a save from a stale version with 409, keeps the newer one and writes nothing', async () => {
    const id = await newPatient(ana);
    expect((await save(ana.cookie, id, 0, withCavity())).status).toBe(200);
    const stale = await save(ana.cookie, id, 0, withMissing());
    expect(stale.status).toBe(409);
    const error = await errorOf(stale);
    expect(error).toEqual({ code: 'conflict', message: ODONTOGRAM_MESSAGES.conflict(1, 'Ana') });
    // A base from the future is just as stale.
    expect((await save(ana.cookie, id, 5, withMissing())).status).toBe(409);
    const current = await (await load(ana.cookie, id)).json();
    expect(current.version).toBe(1);
    expect(current.chart).toEqual(withCavity());
    const versions = await t.db.select().from(odontogramaVersiones).where(eq(odontogramaVersiones.pacienteId, id));
    expect(versions).toHaveLength(1);
    expect((await auditRows(id)).filter((r) => r.accion === 'odontograma.guardar')).toHaveLength(1);
  });

  it('lets exactly one of several concurrent saves from the same base win', async () => {
    const id = await newPatient(ana);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        save(ana.cookie, id, 0, applyStatus(emptyChart(), { tooth: 11, surface: null }, i % 2 ? 'crown' : 'implant')),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const versions = await t.db.select().from(odontogramaVersiones).where(eq(odontogramaVersiones.pacienteId, id));
    expect(versions.map((v) => v.version)).toEqual([1]);
    expect((await auditRows(id)).filter((r) => r.accion === 'odontograma.guardar')).toHaveLength(1);
  });

  it('refuses a chart that breaks the rules with 422 and the Spanish message, storing nothing', async () => {
    const id = await newPatient(ana);
    const broken = JSON.parse(JSON.stringify(withMissing())) as Record<
      string,
      { superficies: Record<string, unknown> }
    >;
    broken['48'].superficies.top = existingMark('healthy');
    let res = await save(ana.cookie, id, 0, broken);
    expect(res.status).toBe(422);
    expect(await errorOf(res)).toMatchObject({
      code: 'validation_error',
      message: 'El diente 48 está Ausente: todas sus superficies deben estar Ausentes',
    });

    res = await save(ana.cookie, id, 0, { ...emptyChart(), 19: emptyChart()[11] });
    expect(res.status).toBe(422);
    expect((await errorOf(res)).message).toBe('El diente 19 no existe en el odontograma');

    res = await save(ana.cookie, id, 0, setToothNotes(emptyChart(), 11, 'x'.repeat(501)));
    expect((await errorOf(res)).message).toBe('Las notas del diente 11 no pueden superar los 500 caracteres');

    res = await save(ana.cookie, id, -1, emptyChart());
    expect((await errorOf(res)).message).toBe(ODONTOGRAM_MESSAGES.baseVersionInvalid);
    expect(await t.db.select().from(odontogramaVersiones).where(eq(odontogramaVersiones.pacienteId, id))).toEqual([]);
  });
});

describe('etapas and dentición (issue 22)', () => {
  // A clinic of its own: the patients made here do not change the other tests' lists.
  let ana: Owner;
  beforeAll(async () => {
    ana = await createClinicOwner(t, { nombre: 'Clínica Etapas' });
  });
  async function newItem(owner: Owner, nombre: string, categoria: 'servicio' | 'producto' = 'servicio') {
    const [row] = await t.db
      .insert(productos)
      .values({ tipoImpuesto: 'ES_IVA_21', clinicaId: owner.clinica.id, nombre, categoria })
      .returning({ id: productos.id });
    return row.id;
  }
  const planned = (servicioId: string, chart: OdontogramChart = emptyChart()) =>
    applyStatus(chart, { tooth: 36, surface: 'center' }, 'filled', { etapa: 'planificado', servicioId });

  it('stores a planned entry with its catalogue service, and refuses an unknown, foreign or non-service id', async () => {
    const id = await newPatient(ana);
    const service = await newItem(ana, 'Obturación composite');
    const res = await save(ana.cookie, id, 0, planned(service));
    expect(res.status).toBe(200);
    const saved = odontogramVersionSchema.parse(await res.json());
    expect(toothEntry(saved.chart, 36).superficies.center).toEqual({
      estado: 'filled',
      etapa: 'planificado',
      servicioId: service,
      realizado: null,
    });

    const foreign = await newItem(beto, 'Obturación de Beto');
    const product = await newItem(ana, 'Cepillo', 'producto');
    for (const bad of [foreign, product, '00000000-0000-4000-8000-000000000000']) {
      const refused = await save(
        ana.cookie,
        id,
        1,
        applyStatus(saved.chart, { tooth: 11, surface: null }, 'crown', { etapa: 'planificado', servicioId: bad }),
      );
      expect(refused.status).toBe(422);
      expect((await errorOf(refused)).message).toBe(ODONTOGRAM_MESSAGES.unknownService);
    }
    const noService = JSON.parse(JSON.stringify(saved.chart)) as Record<string, Record<string, unknown>>;
    noService['11'] = { ...noService['11'], estado: 'crown', etapa: 'planificado' };
    const refused = await save(ana.cookie, id, 1, noService);
    expect((await errorOf(refused)).message).toBe(ODONTOGRAM_MESSAGES.plannedWithoutService('Diente 11'));
    const versions = await t.db.select().from(odontogramaVersiones).where(eq(odontogramaVersiones.pacienteId, id));
    expect(versions).toHaveLength(1);
  });

  it('stamps a done entry with the server date and the author, and keeps the stamp on later saves', async () => {
    const id = await newPatient(ana);
    const service = await newItem(ana, 'Corona zirconio');
    const plan = applyStatus(emptyChart(), { tooth: 11, surface: null }, 'crown', {
      etapa: 'planificado',
      servicioId: service,
    });
    expect((await save(ana.cookie, id, 0, plan)).status).toBe(200);
    const forged = applyStatus(plan, { tooth: 11, surface: null }, 'crown', { etapa: 'realizado', servicioId: null });
    const sent = {
      ...forged,
      11: {
        ...toothEntry(forged, 11),
        realizado: { fecha: '1999-01-01T00:00:00.000Z', autor: { id: 'x', nombre: 'Otro' }, notaId: null },
      },
    };
    const before = Date.now();
    const res = await save(ana.cookie, id, 1, sent);
    expect(res.status).toBe(200);
    const done = toothEntry(odontogramVersionSchema.parse(await res.json()).chart, 11);
    expect(done).toMatchObject({ estado: 'crown', etapa: 'realizado', servicioId: service });
    expect(done.realizado?.autor).toEqual({ id: ana.userId, nombre: 'Ana' });
    expect(done.realizado?.notaId).toBeNull();
    expect(Date.parse(done.realizado?.fecha ?? '')).toBeGreaterThanOrEqual(before - 1000);

    // A later save of an unrelated change keeps the stamp.
    const later = setToothNotes(
      odontogramViewSchema.parse(await (await load(ana.cookie, id)).json()).chart,
      21,
      'Revisar',
    );
    const again = odontogramVersionSchema.parse(await (await save(ana.cookie, id, 2, later)).json());
    expect(toothEntry(again.chart, 11).realizado).toEqual(done.realizado);
  });

  it('reads a chart saved before etapas as existente', async () => {
    const id = await newPatient(ana);
    const legacy: Record<string, unknown> = {};
    for (const tooth of PERMANENT_TEETH)
      legacy[tooth] = {
        estado: 'healthy',
        superficies: {
          top: 'healthy',
          right: 'healthy',
          bottom: 'healthy',
          left: 'healthy',
          center: tooth === 26 ? 'cavity' : 'healthy',
        },
        notas: '',
      };
    await t.db.insert(odontogramaVersiones).values({
      clinicaId: ana.clinica.id,
      pacienteId: id,
      version: 1,
      carta: legacy as OdontogramChart,
      autorId: ana.userId,
      autorNombre: 'Ana',
    });
    const view = odontogramViewSchema.parse(await (await load(ana.cookie, id)).json());
    expect(toothEntry(view.chart, 26).superficies.center).toEqual(existingMark('cavity'));
    expect(toothEntry(view.chart, 26).etapa).toBe('existente');
    // Saved again from it, in the new shape.
    expect((await save(ana.cookie, id, 1, view.chart)).status).toBe(200);
  });

  it('switches a chart to temporal and mixta as new versions, and refuses a mixture of both', async () => {
    const id = await newPatient(ana, 'Mateo');
    let res = await save(ana.cookie, id, 0, emptyChart('temporal'));
    expect(res.status).toBe(200);
    const temporal = odontogramVersionSchema.parse(await res.json());
    expect(Object.keys(temporal.chart).map(Number).sort()).toContain(55);
    expect(temporal.chart[16]).toBeUndefined();
    res = await save(ana.cookie, id, 1, emptyChart('mixta'));
    expect(Object.keys(odontogramVersionSchema.parse(await res.json()).chart)).toHaveLength(52);
    res = await save(ana.cookie, id, 2, { ...emptyChart('temporal'), 16: emptyChart()[16] });
    expect(res.status).toBe(422);
    expect((await errorOf(res)).message).toBe(ODONTOGRAM_MESSAGES.mixedDentition);
  });

  it("lists the clinic's active services for whoever may edit a chart", async () => {
    const service = await newItem(ana, 'Aaa limpieza');
    await newItem(beto, 'Aaa de Beto');
    const res = await t.request('/api/odontograma/servicios', { cookie: ana.cookie });
    expect(res.status).toBe(200);
    const list = odontogramServiceSchema.array().parse(await res.json());
    expect(list[0]).toEqual({ id: service, nombre: 'Aaa limpieza' });
    expect(list.some((s) => s.nombre === 'Aaa de Beto')).toBe(false);
    expect(list.some((s) => s.nombre === 'Cepillo')).toBe(false);
  });
});

describe('history', () => {
  it('lists the versions newest first, paged, and shows one with the version before it', async () => {
    const id = await newPatient(ana);
    let chart = emptyChart();
    let lastSaved = '';
    for (let v = 0; v < 22; v++) {
      chart = setToothNotes(chart, 21, `Revisión ${v + 1}`);
      const res = await save(ana.cookie, id, v, chart);
      expect(res.status).toBe(200);
      lastSaved = ((await res.json()) as { fecha: string }).fecha;
    }
    const versiones = t.client(ana.cookie).pacientes[':id'].odontograma.versiones;
    const first = await (await versiones.$get({ param: { id }, query: {} })).json();
    expect(first.total).toBe(22);
    expect(first.porPagina).toBe(20);
    expect(first.versiones.map((v) => v.version)).toEqual(Array.from({ length: 20 }, (_, i) => 22 - i));
    expect(first.versiones[0].autor).toEqual({ id: ana.userId, nombre: 'Ana' });
    // The same date, to the millisecond and in the same format, as the save answered.
    expect(first.versiones[0].fecha).toBe(lastSaved);
    expect(Object.keys(first.versiones[0])).toEqual(['version', 'fecha', 'autor']);
    const second = await (await versiones.$get({ param: { id }, query: { pagina: '2' } })).json();
    expect(second.versiones.map((v) => v.version)).toEqual([2, 1]);

    const detail = await versiones[':version'].$get({ param: { id, version: '5' } });
    expect(detail.status).toBe(200);
    const body = await detail.json();
    expect(body.version).toBe(5);
    expect(body.chart[21]?.notas).toBe('Revisión 5');
    expect(body.anterior?.version).toBe(4);
    expect(body.anterior?.chart[21]?.notas).toBe('Revisión 4');
    const firstVersion = await (await versiones[':version'].$get({ param: { id, version: '1' } })).json();
    expect(firstVersion.anterior).toBeNull();

    const missing = await versiones[':version'].$get({ param: { id, version: '23' } });
    expect(missing.status).toBe(404);
    expect((await errorOf(missing)).message).toBe(ODONTOGRAM_MESSAGES.versionNotFound);
    expect((await versiones[':version'].$get({ param: { id, version: 'abc' } })).status).toBe(404);

    const views = (await auditRows(id)).filter((r) => r.accion === 'odontograma.ver');
    expect(views.map((r) => r.detalle)).toEqual([{ version: 5 }, { version: 1 }]);
  });

  it('lists nothing for a patient never charted', async () => {
    const id = await newPatient(ana);
    const page = await (
      await t.client(ana.cookie).pacientes[':id'].odontograma.versiones.$get({ param: { id }, query: {} })
    ).json();
    expect(page).toEqual({ versiones: [], total: 0, pagina: 1, porPagina: 20 });
  });
});

describe('isolation and permissions', () => {
  it("answers another clinic's patient like a missing one on every route, and writes nothing", async () => {
    const id = await newPatient(ana);
    expect((await save(ana.cookie, id, 0, withCavity())).status).toBe(200);
    const before = await auditRows(id);
    const responses = [
      await load(beto.cookie, id),
      await save(beto.cookie, id, 1, withMissing()),
      await t.request(`/api/pacientes/${id}/odontograma/versiones`, { cookie: beto.cookie }),
      await t.request(`/api/pacientes/${id}/odontograma/versiones/1`, { cookie: beto.cookie }),
      await load(beto.cookie, '00000000-0000-4000-8000-000000000000'),
      await load(beto.cookie, 'not-an-id'),
      // The record itself, viewed, edited and deleted from the other clinic.
      await t.request(`/api/pacientes/${id}`, { cookie: beto.cookie }),
      await t.request(`/api/pacientes/${id}`, {
        method: 'PUT',
        cookie: beto.cookie,
        json: { nombres: 'X', apellidos: 'Y', estado: 'activo' },
      }),
      await t.request(`/api/pacientes/${id}`, { method: 'DELETE', cookie: beto.cookie }),
    ];
    for (const res of responses) {
      expect(res.status).toBe(404);
      expect((await errorOf(res)).message).toBe(PATIENT_MESSAGES.notFound);
    }
    expect(await auditRows(id)).toEqual(before);
    expect(await t.db.select().from(auditoria).where(eq(auditoria.clinicaId, beto.clinica.id))).toEqual([]);
    expect((await t.db.select().from(odontogramaVersiones).where(eq(odontogramaVersiones.pacienteId, id))).length).toBe(
      1,
    );
  });

  it('lets Asistente view but not save; Recepción neither', async () => {
    const id = await newPatient(ana);
    const asistente = await addTeamMember(t, ana.clinica.id, 'Asistente', 'asistente');
    const recepcion = await addTeamMember(t, ana.clinica.id, 'Recepción', 'recepcion');
    expect((await load(asistente.cookie, id)).status).toBe(200);
    expect((await save(asistente.cookie, id, 0, withCavity())).status).toBe(403);
    expect((await load(recepcion.cookie, id)).status).toBe(403);
    const dentista = await addTeamMember(t, ana.clinica.id, 'Dentista', 'dentista');
    expect((await save(dentista.cookie, id, 0, withCavity())).status).toBe(200);
  });
});

describe('patients with clinical records', () => {
  it('are deactivated and hidden instead of deleted, with the message saying so', async () => {
    const id = await newPatient(ana, 'Archivada');
    expect((await save(ana.cookie, id, 0, withCavity())).status).toBe(200);
    const res = await t.client(ana.cookie).pacientes[':id'].$delete({ param: { id } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      resultado: 'archivado',
      citasFuturas: 0,
      mensaje: 'El paciente tiene historia clínica: se ha desactivado y ocultado, no eliminado',
    });

    const [row] = await t.db.select().from(pacientes).where(eq(pacientes.id, id));
    expect(row.estado).toBe('inactivo');
    expect(row.fechaArchivado).not.toBeNull();
    expect((await t.db.select().from(odontogramaVersiones).where(eq(odontogramaVersiones.pacienteId, id))).length).toBe(
      1,
    );
    // Hidden: not in the list, the search, the suggestions, the record nor the chart.
    const list = await (await t.client(ana.cookie).pacientes.$get({ query: {} })).json();
    expect(list.pacientes.map((p) => p.id)).not.toContain(id);
    expect(list.total).toBe(list.pacientes.length);
    const search = await (await t.client(ana.cookie).pacientes.$get({ query: { q: 'Archivada' } })).json();
    expect(search).toMatchObject({ pacientes: [], total: 0 });
    const suggestions = await (
      await t.client(ana.cookie).pacientes.sugerencias.$get({ query: { q: 'Archivada' } })
    ).json();
    expect(suggestions.pacientes).toEqual([]);
    expect((await t.client(ana.cookie).pacientes[':id'].$get({ param: { id } })).status).toBe(404);
    expect((await load(ana.cookie, id)).status).toBe(404);
    expect((await t.client(ana.cookie).pacientes[':id'].$delete({ param: { id } })).status).toBe(404);

    const actions = (await auditRows(id)).map((r) => r.accion);
    expect(actions.at(-1)).toBe('paciente.desactivar');
  });

  it('without chart versions are erased, and the deletion is audited with their name', async () => {
    const id = await newPatient(ana, 'Borrable');
    const res = await t.client(ana.cookie).pacientes[':id'].$delete({ param: { id } });
    expect(await res.json()).toEqual({ resultado: 'eliminado', citasFuturas: 0, mensaje: 'Paciente eliminado' });
    expect(await t.db.select().from(pacientes).where(eq(pacientes.id, id))).toEqual([]);
    const rows = await auditRows(id);
    expect(rows.at(-1)).toMatchObject({ accion: 'paciente.eliminar', detalle: { paciente: 'Borrable Gómez' } });
  });

  it('cannot be erased by the database either while they have chart versions', async () => {
    const id = await newPatient(ana);
    expect((await save(ana.cookie, id, 0, withCavity())).status).toBe(200);
    await expect(t.db.delete(pacientes).where(eq(pacientes.id, id))).rejects.toThrow();
  });
});

describe('audit trail of the patient record', () => {
  it('records views of the record (not of the list), edits and photo changes', async () => {
    const id = await newPatient(ana, 'Auditada');
    await t.client(ana.cookie).pacientes.$get({ query: {} });
    const view = await t.client(ana.cookie).pacientes[':id'].$get({ param: { id } });
    const patient = await view.json();
    const edit = await t
      .client(ana.cookie)
      .pacientes[':id'].$put({ param: { id }, json: { ...patient, notas: 'Alergia a la penicilina' } });
    expect(edit.status).toBe(200);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set('foto', new File([new Uint8Array(png)], 'foto.png', { type: 'image/png' }));
    expect(
      (await t.request(`/api/pacientes/${id}/foto`, { method: 'PUT', cookie: ana.cookie, body: form })).status,
    ).toBe(200);
    expect((await t.request(`/api/pacientes/${id}/foto`, { method: 'DELETE', cookie: ana.cookie })).status).toBe(200);
    const rows = await auditRows(id);
    expect(rows.map((r) => [r.accion, r.detalle])).toEqual([
      ['paciente.crear', null],
      ['paciente.ver', null],
      ['paciente.editar', null],
      ['paciente.editar', { cambio: 'foto' }],
      ['paciente.editar', { cambio: 'foto' }],
    ]);
  });

  it('writes no row for an edit that is refused', async () => {
    const id = await newPatient(ana);
    const res = await t
      .client(ana.cookie)
      .pacientes[':id'].$put({ param: { id }, json: { nombres: '', apellidos: 'X', estado: 'activo' } });
    expect(res.status).toBe(400);
    expect((await auditRows(id)).map((r) => r.accion)).toEqual(['paciente.crear']);
  });

  it('cannot be altered: UPDATE, DELETE and TRUNCATE are refused by the database', async () => {
    const id = await newPatient(ana);
    await load(ana.cookie, id);
    await expect(
      t.db.update(auditoria).set({ usuarioNombre: 'Otro' }).where(eq(auditoria.pacienteId, id)),
    ).rejects.toThrow();
    await expect(t.db.delete(auditoria).where(eq(auditoria.pacienteId, id))).rejects.toThrow();
    await expect(t.db.execute(sql`truncate auditoria`)).rejects.toThrow();
    const rows = await t.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.pacienteId, id), eq(auditoria.usuarioNombre, 'Ana')));
    expect(rows).toHaveLength(2);
  });

  it('refuses the change with the Spanish reason of the trigger', async () => {
    const error = await t.db.execute(sql`delete from auditoria`).catch((e: unknown) => e);
    const messages: string[] = [];
    for (let e = error as { message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
      messages.push(e.message ?? '');
    expect(messages.join(' | ')).toContain('El registro de auditoría no se puede modificar ni borrar (DELETE)');
  });
});
