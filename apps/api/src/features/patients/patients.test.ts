import {
  emptyChart,
  PATIENT_COUNT_LIMIT,
  PATIENT_MESSAGES,
  PATIENTS_PAGE_SIZE,
  type AppointmentStatus,
} from '@odontia/shared';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  auditoria,
  citas,
  clinicas,
  dentistas,
  notificaciones,
  odontogramaVersiones,
  pacientes,
  rolesClinica,
  usuarios,
} from '../../db/schema/index.ts';
import { keyFromPublicUrl } from '../../platform/storage/storage.ts';
import {
  addTeamMember,
  createClinicOwner,
  createTestApp,
  errorOf,
  setRolePermissions,
  signUp,
  type ApiClient,
  type TestApp,
} from '../../test/app.ts';

let t: TestApp;
type Owner = Awaited<ReturnType<typeof createClinicOwner>>;
let ana: Owner; // first clinic
let beto: Owner; // second clinic

// Response bodies as the routes declare them (the web app's typed client sees the same).
type PatientJson = InferResponseType<ApiClient['pacientes'][':id']['$get'], 200>;
type PageJson = InferResponseType<ApiClient['pacientes']['$get'], 200>;
type NewPatient = InferRequestType<ApiClient['pacientes']['$post']>['json'];

beforeAll(async () => {
  t = await createTestApp();
  ana = await createClinicOwner(t, { nombre: 'Clínica Ana' });
  beto = await createClinicOwner(t, { nombre: 'Clínica Beto' });
});
afterAll(() => t.close());

const api = (cookie: string, path: string, init: RequestInit & { json?: unknown } = {}) =>
  t.request(`/api/pacientes${path}`, { ...init, cookie });

async function create(owner: { cookie: string }, data: NewPatient): Promise<PatientJson> {
  const res = await t.client(owner.cookie).pacientes.$post({ json: data });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

/** One page of the list for a query string as the web app's URL has it ('?q=…&pagina=…'). */
async function list(owner: { cookie: string }, search = ''): Promise<PageJson> {
  const res = await t.client(owner.cookie).pacientes.$get({ query: Object.fromEntries(new URLSearchParams(search)) });
  expect(res.status).toBe(200);
  return res.json();
}

const fullUpdate = (p: PatientJson, changes: Record<string, unknown> = {}) => ({
  nombres: p.nombres,
  apellidos: p.apellidos,
  email: p.email,
  telefono: p.telefono,
  direccion: p.direccion,
  fechaNacimiento: p.fechaNacimiento,
  genero: p.genero,
  notas: p.notas,
  estado: p.estado,
  ultimaVisita: p.ultimaVisita,
  proximaVisita: p.proximaVisita,
  ...changes,
});

/** An instant as the API writes it: ISO 8601, UTC, milliseconds. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** A clinic of its own for tests that count rows. */
async function freshClinic() {
  return createClinicOwner(t, { nombre: 'Clínica vacía' });
}

async function bulkInsert(
  clinicaId: string,
  count: number,
  name = (i: number) => ({ nombres: `Nombre ${i}`, apellidos: `Apellido ${String(i).padStart(3, '0')}` }),
) {
  if (count === 0) return;
  await t.db.insert(pacientes).values(Array.from({ length: count }, (_, i) => ({ clinicaId, ...name(i) })));
}

describe('create', () => {
  it('answers each invalid field with the spec message', async () => {
    const res = await api(ana.cookie, '', {
      method: 'POST',
      json: { nombres: '   ', apellidos: '', telefono: '12ab', email: 'no-es-email' },
    });
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe('validation_error');
    expect(error.fields).toEqual({
      nombres: 'El nombre es obligatorio',
      apellidos: 'Los apellidos son obligatorios',
      telefono: 'Introduce un número de teléfono válido',
      email: 'Introduce un email válido',
    });
  });

  it('trims text, stores empty optional text as NULL, starts activo, and ignores a clinica_id in the body', async () => {
    const res = await api(ana.cookie, '', {
      method: 'POST',
      json: {
        nombres: '  José  ',
        apellidos: ' Muñoz Pérez ',
        email: '',
        telefono: '  ',
        direccion: '',
        notas: '  Alergia a la penicilina  ',
        genero: 'masculino',
        fechaNacimiento: '1980-05-17',
        clinica_id: beto.clinica.id,
        clinicaId: beto.clinica.id,
        estado: 'inactivo',
        fotoUrl: 'https://evil.example/x.png',
      },
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as PatientJson;
    expect(created).toMatchObject({
      nombres: 'José',
      apellidos: 'Muñoz Pérez',
      email: null,
      telefono: null,
      direccion: null,
      notas: 'Alergia a la penicilina',
      genero: 'masculino',
      fechaNacimiento: '1980-05-17',
      estado: 'activo',
      fotoUrl: null,
      fechaActualizacion: null,
    });
    const [row] = await t.db.select().from(pacientes).where(eq(pacientes.id, created.id));
    expect(row.clinicaId).toBe(ana.clinica.id);
    expect(row.email).toBeNull();
    expect((await list(beto)).pacientes.map((p) => p.id)).not.toContain(created.id);
  });

  it('accepts the phone shapes of the spec and refuses the rest', async () => {
    for (const telefono of ['+34 600 123 456', '(91) 555-1234', '600123']) {
      await create(ana, { nombres: 'Tel', apellidos: 'Válido', telefono });
    }
    for (const telefono of ['12345', '+34 600 12a 456', '+'.repeat(2) + '34600123456']) {
      const res = await api(ana.cookie, '', { method: 'POST', json: { nombres: 'Tel', apellidos: 'Malo', telefono } });
      expect((await errorOf(res)).fields).toEqual({ telefono: PATIENT_MESSAGES.telefonoInvalid });
    }
  });
});

describe('read, update, delete', () => {
  it('reads a patient, saves every edited field with fecha_actualizacion, and deletes it', async () => {
    const p = await create(ana, { nombres: 'Lucía', apellidos: 'Ortega' });
    const got = await api(ana.cookie, `/${p.id}`);
    expect(got.status).toBe(200);
    expect(await got.json()).toEqual(p);

    const before = Date.now();
    const res = await api(ana.cookie, `/${p.id}`, {
      method: 'PUT',
      json: fullUpdate(p, {
        estado: 'inactivo',
        telefono: ' +34 611 222 333 ',
        notas: '',
        ultimaVisita: '2025-01-02',
        proximaVisita: null,
        fechaNacimiento: '1990-02-28',
        genero: 'femenino',
        email: 'lucia@ejemplo.test',
        direccion: 'Calle Mayor 1',
      }),
    });
    expect(res.status).toBe(200);
    const updated = (await res.json()) as PatientJson;
    expect(updated).toMatchObject({
      estado: 'inactivo',
      telefono: '+34 611 222 333',
      notas: null,
      ultimaVisita: '2025-01-02',
    });
    expect(new Date(updated.fechaActualizacion!).getTime()).toBeGreaterThanOrEqual(before - 1000);
    // The record's JSON is written by PostgreSQL (viewPatient), the edit's by the API: the same, to the millisecond.
    expect(await (await api(ana.cookie, `/${p.id}`)).json()).toEqual(updated);

    expect((await api(ana.cookie, `/${p.id}`, { method: 'DELETE' })).status).toBe(200);
    const gone = await api(ana.cookie, `/${p.id}`);
    expect(gone.status).toBe(404);
    expect((await errorOf(gone)).message).toBe('El paciente solicitado no existe o no tienes acceso');
  });

  it('refuses an edit without estado or with an unknown one', async () => {
    const p = await create(ana, { nombres: 'Sin', apellidos: 'Estado' });
    const res = await api(ana.cookie, `/${p.id}`, { method: 'PUT', json: fullUpdate(p, { estado: 'archivado' }) });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toHaveProperty('estado');
  });

  it('answers a malformed or unknown id with the same 404', async () => {
    for (const id of ['no-es-uuid', '00000000-0000-4000-8000-000000000000']) {
      const res = await api(ana.cookie, `/${id}`);
      expect(res.status).toBe(404);
      expect((await errorOf(res)).message).toBe(PATIENT_MESSAGES.notFound);
    }
  });
});

describe("the patient's consents to reminders and to other communications (issue 24)", () => {
  /** The consent columns as stored. */
  async function storedConsents(id: string) {
    const [row] = await t.db
      .select({
        recordatorios: pacientes.consentimientoRecordatorios,
        recordatoriosPor: pacientes.consentimientoRecordatoriosPor,
        comunicaciones: pacientes.consentimientoComunicaciones,
        comunicacionesPor: pacientes.consentimientoComunicacionesPor,
      })
      .from(pacientes)
      .where(eq(pacientes.id, id));
    return row;
  }

  const editRows = async (id: string) =>
    (
      await t.db
        .select({ id: auditoria.id })
        .from(auditoria)
        .where(and(eq(auditoria.pacienteId, id), eq(auditoria.accion, 'paciente.editar')))
    ).length;

  /** A member of Ana's clinic at the desk (Recepción may create and edit patients), with a name of their own. */
  async function deskMember() {
    const member = await addTeamMember(t, ana.clinica.id, 'Recepción', 'recepcion');
    await t.db.update(usuarios).set({ nombres: 'Sofía López' }).where(eq(usuarios.id, member.userId));
    return member;
  }

  const put = async (cookie: string, p: PatientJson, changes: Record<string, unknown> = {}) => {
    const res = await api(cookie, `/${p.id}`, { method: 'PUT', json: fullUpdate(p, changes) });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as PatientJson;
  };

  it('records a consent given at creation with the member who records it and when; the record answers it', async () => {
    const before = Date.now();
    const p = await create(ana, { nombres: 'Irene', apellidos: 'Salas', consentimientoRecordatorios: true });
    const after = Date.now();
    expect(p.consentimientos.comunicaciones).toBeNull();
    expect(p.consentimientos.recordatorios).toEqual({ fecha: expect.stringMatching(ISO_INSTANT), por: 'Ana' });
    const given = new Date(p.consentimientos.recordatorios!.fecha).getTime();
    expect(given).toBeGreaterThanOrEqual(before - 1000);
    expect(given).toBeLessThanOrEqual(after + 1000);
    expect(await storedConsents(p.id)).toEqual({
      recordatorios: new Date(given),
      recordatoriosPor: 'Ana',
      comunicaciones: null,
      comunicacionesPor: null,
    });
    // The record (JSON written by PostgreSQL) answers it as the creation did, to the millisecond.
    const got = await api(ana.cookie, `/${p.id}`);
    expect(got.status).toBe(200);
    expect(((await got.json()) as PatientJson).consentimientos).toEqual(p.consentimientos);

    // Left out of a creation, a consent is not given.
    const none = await create(ana, { nombres: 'Sin', apellidos: 'Consentimiento' });
    expect(none.consentimientos).toEqual({ recordatorios: null, comunicaciones: null });
    expect(await storedConsents(none.id)).toEqual({
      recordatorios: null,
      recordatoriosPor: null,
      comunicaciones: null,
      comunicacionesPor: null,
    });
  });

  it('keeps a consent an edit leaves out or keeps given, clears both columns when withdrawn, and audits each edit', async () => {
    const p = await create(ana, {
      nombres: 'Tomás',
      apellidos: 'Vidal',
      consentimientoRecordatorios: true,
      consentimientoComunicaciones: true,
    });
    const first = p.consentimientos;
    expect(first.comunicaciones?.por).toBe('Ana');
    const desk = await deskMember();
    const audited = await editRows(p.id);

    // An edit without the flags (an older client, another screen) leaves them as they were.
    const untouched = await put(desk.cookie, p, { notas: 'Prefiere por la tarde' });
    expect(untouched.consentimientos).toEqual(first);
    // Sent again as given: still the first record of it, not the desk's nor a new time.
    const kept = await put(desk.cookie, p, { consentimientoRecordatorios: true, consentimientoComunicaciones: true });
    expect(kept.consentimientos).toEqual(first);

    // Withdrawn: both columns null, the other consent untouched.
    const withdrawn = await put(desk.cookie, p, { consentimientoComunicaciones: false });
    expect(withdrawn.consentimientos).toEqual({ recordatorios: first.recordatorios, comunicaciones: null });
    expect(await storedConsents(p.id)).toMatchObject({ comunicaciones: null, comunicacionesPor: null });
    const record = (await (await api(ana.cookie, `/${p.id}`)).json()) as PatientJson;
    expect(record.consentimientos).toEqual(withdrawn.consentimientos);

    // Given again, by the desk: a new record with her name and a later time.
    const again = await put(desk.cookie, p, { consentimientoComunicaciones: true });
    expect(again.consentimientos.recordatorios).toEqual(first.recordatorios);
    expect(again.consentimientos.comunicaciones?.por).toBe('Sofía López');
    expect(again.consentimientos.comunicaciones!.fecha >= first.comunicaciones!.fecha).toBe(true);
    expect(await storedConsents(p.id)).toMatchObject({ comunicacionesPor: 'Sofía López' });

    // Every edit is in the audit trail, whatever it did to the consents.
    expect(await editRows(p.id)).toBe(audited + 4);
  });

  it('refuses a consent that is not true or false with a Spanish message per field, and changes nothing', async () => {
    const created = await api(ana.cookie, '', {
      method: 'POST',
      json: { nombres: 'Eva', apellidos: 'Mora', consentimientoRecordatorios: 'sí', consentimientoComunicaciones: 1 },
    });
    // A value of the wrong type is a malformed body: 400 with its fields (DESIGN §7), as every route.
    expect(created.status).toBe(400);
    expect((await errorOf(created)).fields).toEqual({
      consentimientoRecordatorios: PATIENT_MESSAGES.consentimientoRecordatoriosInvalid,
      consentimientoComunicaciones: PATIENT_MESSAGES.consentimientoComunicacionesInvalid,
    });

    const p = await create(ana, { nombres: 'Eva', apellidos: 'Mora', consentimientoRecordatorios: true });
    const res = await api(ana.cookie, `/${p.id}`, {
      method: 'PUT',
      json: fullUpdate(p, { consentimientoRecordatorios: null, consentimientoComunicaciones: 'true' }),
    });
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.message).toBe(PATIENT_MESSAGES.consentimientoRecordatoriosInvalid);
    expect(error.fields).toEqual({
      consentimientoRecordatorios: PATIENT_MESSAGES.consentimientoRecordatoriosInvalid,
      consentimientoComunicaciones: PATIENT_MESSAGES.consentimientoComunicacionesInvalid,
    });
    expect((await storedConsents(p.id)).recordatoriosPor).toBe('Ana');
  });
});

describe('another clinic', () => {
  it('cannot read, edit, delete or change the photo of a patient, and the patient stays as it was', async () => {
    const p = await create(ana, { nombres: 'Privado', apellidos: 'De Ana', email: 'privado@ejemplo.test' });
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set('foto', new File([new Uint8Array(png)], 'foto.png', { type: 'image/png' }));

    const attempts = [
      api(beto.cookie, `/${p.id}`),
      api(beto.cookie, `/${p.id}`, { method: 'PUT', json: fullUpdate(p, { nombres: 'Robado' }) }),
      api(beto.cookie, `/${p.id}`, { method: 'DELETE' }),
      api(beto.cookie, `/${p.id}/foto`, { method: 'PUT', body: form }),
      api(beto.cookie, `/${p.id}/foto`, { method: 'DELETE' }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(404);
      expect(await errorOf(res)).toEqual({ code: 'not_found', message: PATIENT_MESSAGES.notFound });
    }
    const [row] = await t.db.select().from(pacientes).where(eq(pacientes.id, p.id));
    expect(row).toMatchObject({
      nombres: 'Privado',
      clinicaId: ana.clinica.id,
      fotoUrl: null,
      fechaActualizacion: null,
    });
    // And nothing was stored under either clinic for that attempt.
    expect((await list(beto, '?q=privado')).total).toBe(0);
  });

  it('ignores a clinica_id in the query of the list and the suggestions', async () => {
    await create(ana, { nombres: 'Solo', apellidos: 'Ana Consulta' });
    const page = await list(beto, `?q=consulta&clinica_id=${ana.clinica.id}&clinicaId=${ana.clinica.id}`);
    expect(page.total).toBe(0);
    const res = await api(beto.cookie, `/sugerencias?q=consulta&clinica_id=${ana.clinica.id}`);
    expect(((await res.json()) as PageJson).pacientes).toEqual([]);
  });
});

describe('permissions', () => {
  it('refuses every route to a role without pacientes.* (403), and lets the role do what it is granted', async () => {
    const owner = await freshClinic();
    const p = await create(owner, { nombres: 'Permiso', apellidos: 'Prueba' });
    const member = await addTeamMember(t, owner.clinica.id, 'Recepción', 'recepcion');
    expect((await api(member.cookie, '')).status).toBe(200);
    // Recepción may not delete by default.
    expect((await api(member.cookie, `/${p.id}`, { method: 'DELETE' })).status).toBe(403);

    await setRolePermissions(t, member.rolId, ['clinica.ver']);
    const refused = [
      api(member.cookie, ''),
      api(member.cookie, '/sugerencias?q=per'),
      api(member.cookie, `/${p.id}`),
      api(member.cookie, '', { method: 'POST', json: { nombres: 'A', apellidos: 'B' } }),
      api(member.cookie, `/${p.id}`, { method: 'PUT', json: fullUpdate(p) }),
      api(member.cookie, `/${p.id}`, { method: 'DELETE' }),
      api(member.cookie, `/${p.id}/foto`, { method: 'DELETE' }),
    ];
    for (const res of await Promise.all(refused)) {
      expect(res.status).toBe(403);
      expect((await errorOf(res)).code).toBe('forbidden');
    }
    const [row] = await t.db.select().from(pacientes).where(eq(pacientes.id, p.id));
    expect(row.nombres).toBe('Permiso');
  });

  it('answers 401 without a session and 403 clinic_required without a clinic', async () => {
    expect((await t.request('/api/pacientes')).status).toBe(401);
    const lonely = await signUp(t);
    const res = await api(lonely.cookie, '');
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe('clinic_required');
  });
});

describe('search', () => {
  let owner: Owner;
  beforeAll(async () => {
    owner = await freshClinic();
    for (const data of [
      { nombres: 'José', apellidos: 'Muñoz García', email: 'jose.munoz@correo.es', telefono: '+34 600 111 222' },
      { nombres: 'María Ángeles', apellidos: 'Núñez', email: 'angeles@correo.es' },
      { nombres: 'Jose Luis', apellidos: 'Alonso' },
      { nombres: 'Pedro', apellidos: 'Pérez', telefono: '915 555 000' },
      { nombres: 'Porcentaje', apellidos: '50% Descuento_Raro' },
    ]) {
      await create(owner, data);
    }
    await create(beto, { nombres: 'José', apellidos: 'Muñoz Ajeno' });
  });

  const names = (page: PageJson) => page.pacientes.map((p) => `${p.nombres} ${p.apellidos}`);

  it('is case- and accent-insensitive on both sides, across names, surnames, email and phone', async () => {
    expect(names(await list(owner, '?q=jose'))).toEqual(['Jose Luis Alonso', 'José Muñoz García']);
    expect(names(await list(owner, '?q=JOSÉ'))).toEqual(['Jose Luis Alonso', 'José Muñoz García']);
    expect(names(await list(owner, '?q=munoz'))).toEqual(['José Muñoz García']);
    expect(names(await list(owner, '?q=angeles'))).toEqual(['María Ángeles Núñez']);
    expect(names(await list(owner, '?q=nunez'))).toEqual(['María Ángeles Núñez']);
    expect(names(await list(owner, '?q=correo.es'))).toEqual(['José Muñoz García', 'María Ángeles Núñez']);
    expect(names(await list(owner, '?q=555 000'))).toEqual(['Pedro Pérez']);
    expect(names(await list(owner, '?q=%20%20pérez%20'))).toEqual(['Pedro Pérez']);
  });

  it('searches LIKE wildcards literally', async () => {
    expect(names(await list(owner, `?q=${encodeURIComponent('50%')}`))).toEqual(['Porcentaje 50% Descuento_Raro']);
    expect((await list(owner, `?q=${encodeURIComponent('%')}`)).total).toBe(1);
    expect((await list(owner, '?q=o_r')).total).toBe(1);
    expect((await list(owner, '?q=m_noz')).total).toBe(0);
  });

  it("returns the count of matches and never another clinic's patients", async () => {
    const page = await list(owner, '?q=jos');
    expect(page.total).toBe(2);
    expect(page.pacientes.every((p) => p.apellidos !== 'Muñoz Ajeno')).toBe(true);
    expect((await list(owner, '?q=zzzz')).total).toBe(0);
  });

  it('keeps the search count exact when matching patients are added, edited or deleted', async () => {
    expect((await list(owner, '?q=ortiz')).total).toBe(0);
    // A search with no match is kept too: asked again, and past its end, it still counts 0.
    expect(await list(owner, '?q=ortiz')).toMatchObject({ pacientes: [], total: 0 });
    expect(await list(owner, '?q=ortiz&pagina=2')).toMatchObject({ pacientes: [], total: 0 });
    const a = await create(owner, { nombres: 'Ana', apellidos: 'Ortiz' });
    expect((await list(owner, '?q=ortiz')).total).toBe(1);
    const b = await create(owner, { nombres: 'Blas', apellidos: 'Ruiz' });
    expect((await list(owner, '?q=ortiz')).total).toBe(1);
    await api(owner.cookie, `/${b.id}`, { method: 'PUT', json: fullUpdate(b, { apellidos: 'Ortiz Ruiz' }) });
    expect((await list(owner, '?q=ortiz')).total).toBe(2);
    await api(owner.cookie, `/${a.id}`, { method: 'DELETE' });
    expect((await list(owner, '?q=ortiz')).total).toBe(1);
    // A change in another clinic does not disturb this one.
    await create(beto, { nombres: 'Otro', apellidos: 'Ortiz' });
    expect((await list(owner, '?q=ortiz')).total).toBe(1);
    // Past the end of the results, and then with no result left at all.
    expect(await list(owner, '?q=ortiz&pagina=2')).toMatchObject({ pacientes: [], total: 1 });
    await api(owner.cookie, `/${b.id}`, { method: 'DELETE' });
    expect(await list(owner, '?q=ortiz')).toMatchObject({ pacientes: [], total: 0 });
  });

  it("counts a search up to PATIENT_COUNT_LIMIT and says 'más de' past it, exact again once under it", async () => {
    const big = await freshClinic();
    await bulkInsert(big.clinica.id, PATIENT_COUNT_LIMIT, (i) => ({ nombres: 'Tope', apellidos: `Apellido ${i}` }));
    expect(await list(big, '?q=tope')).toMatchObject({ total: PATIENT_COUNT_LIMIT, totalExacto: true });
    const extra = await create(big, { nombres: 'Tope', apellidos: 'Extra' });
    const over = await list(big, '?q=tope');
    expect(over).toMatchObject({ total: PATIENT_COUNT_LIMIT, totalExacto: false });
    expect(over.pacientes).toHaveLength(PATIENTS_PAGE_SIZE);
    // The list without a search keeps its exact total.
    expect(await list(big)).toMatchObject({ total: PATIENT_COUNT_LIMIT + 1, totalExacto: true });
    await api(big.cookie, `/${extra.id}`, { method: 'DELETE' });
    expect(await list(big, '?q=tope')).toMatchObject({ total: PATIENT_COUNT_LIMIT, totalExacto: true });
  });

  it('suggests the first matches for the top bar, in order, with the same matching', async () => {
    const suggest = (q: string) => t.client(owner.cookie).pacientes.sugerencias.$get({ query: { q } });
    const res = await suggest('JOSE');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.pacientes.map((p) => p.apellidos)).toEqual(['Alonso', 'Muñoz García']);
    const empty = await (await suggest('')).json();
    expect(empty.pacientes).toEqual([]);
  });
});

describe('paging', () => {
  it.each([
    [10, [10], 'no second page'],
    [11, [10, 1], 'one row on the second page'],
    [20, [10, 10], 'two full pages'],
    [21, [10, 10, 1], 'one row on the third page'],
  ])('%i patients: pages of %j (%s), each with the real total', async (count, sizes) => {
    const owner = await freshClinic();
    await bulkInsert(owner.clinica.id, count);
    const seen: string[] = [];
    for (const [index, size] of sizes.entries()) {
      const page = await list(owner, `?pagina=${index + 1}`);
      expect(page).toMatchObject({ total: count, pagina: index + 1, porPagina: PATIENTS_PAGE_SIZE });
      expect(page.pacientes).toHaveLength(size);
      seen.push(...page.pacientes.map((p) => p.apellidos));
    }
    // Ordered by apellidos, without repeats or gaps across pages.
    expect(seen).toEqual(Array.from({ length: count }, (_, i) => `Apellido ${String(i).padStart(3, '0')}`));
    // Past the end: no rows, the total still right (the page after a deletion).
    const past = await list(owner, `?pagina=${sizes.length + 1}`);
    expect(past.pacientes).toEqual([]);
    expect(past.total).toBe(count);
    // Searches page the same way.
    const searched = await list(owner, `?q=apellido&pagina=${sizes.length}`);
    expect(searched.total).toBe(count);
    expect(searched.pacientes).toHaveLength(sizes.at(-1)!);
  });

  it('orders by apellidos then nombres and counts a clinic with no patients as 0', async () => {
    const owner = await freshClinic();
    expect(await list(owner)).toEqual({
      pacientes: [],
      total: 0,
      totalExacto: true,
      pagina: 1,
      porPagina: PATIENTS_PAGE_SIZE,
    });
    for (const [nombres, apellidos] of [
      ['Zoe', 'Abad'],
      ['Ana', 'Zamora'],
      ['Ana', 'Abad'],
    ]) {
      await create(owner, { nombres, apellidos });
    }
    const page = await list(owner);
    expect(page.pacientes.map((p) => `${p.apellidos}, ${p.nombres}`)).toEqual([
      'Abad, Ana',
      'Abad, Zoe',
      'Zamora, Ana',
    ]);
    expect(page.total).toBe(3);
  });

  it('keeps the total exact after deletions, including the last patient of a page', async () => {
    const owner = await freshClinic();
    await bulkInsert(owner.clinica.id, 11);
    const second = await list(owner, '?pagina=2');
    await api(owner.cookie, `/${second.pacientes[0].id}`, { method: 'DELETE' });
    const after = await list(owner, '?pagina=2');
    expect(after.pacientes).toEqual([]);
    expect(after.total).toBe(10);
  });
});

describe("dates against the clinic's day", () => {
  const previousTz = process.env.TZ;
  beforeAll(() => {
    // The server's own zone must not matter: only the clinic's does.
    process.env.TZ = 'America/Los_Angeles';
  });
  afterAll(() => {
    process.env.TZ = previousTz;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** 23:30 UTC of the current day: already the next day in Madrid, still this day in UTC and Bogotá. */
  function lateEvening() {
    const now = new Date();
    const utcDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 23, 30));
    const iso = (d: Date) => d.toISOString().slice(0, 10);
    const day = (offset: number) => iso(new Date(utcDay.getTime() + offset * 86_400_000));
    return { at: utcDay, utcToday: day(0), madridToday: day(1), madridTomorrow: day(2) };
  }

  it("uses Madrid's day by default: at 23:30 UTC tomorrow's UTC date is today", async () => {
    const { at, utcToday, madridToday, madridTomorrow } = lateEvening();
    vi.useFakeTimers({ now: at, toFake: ['Date'] });

    const p = await create(ana, { nombres: 'Recién', apellidos: 'Nacido', fechaNacimiento: madridToday });

    const future = await api(ana.cookie, '', {
      method: 'POST',
      json: { nombres: 'Aún', apellidos: 'No', fechaNacimiento: madridTomorrow },
    });
    expect((await errorOf(future)).fields).toEqual({ fechaNacimiento: PATIENT_MESSAGES.fechaNacimientoFuture });

    // Yesterday for Madrid (still today in UTC) is already in the past for the next visit.
    const past = await api(ana.cookie, `/${p.id}`, {
      method: 'PUT',
      json: fullUpdate(p, { proximaVisita: utcToday, ultimaVisita: madridTomorrow }),
    });
    expect((await errorOf(past)).fields).toEqual({
      proximaVisita: PATIENT_MESSAGES.proximaVisitaPast,
      ultimaVisita: PATIENT_MESSAGES.ultimaVisitaFuture,
    });
    const ok = await api(ana.cookie, `/${p.id}`, {
      method: 'PUT',
      json: fullUpdate(p, { proximaVisita: madridToday, ultimaVisita: madridToday }),
    });
    expect(ok.status).toBe(200);
  });

  it("follows the clinic's zona_horaria when it is not Madrid", async () => {
    const { at, utcToday, madridToday } = lateEvening();
    const owner = await freshClinic();
    await t.db.update(clinicas).set({ zonaHoraria: 'America/Bogota' }).where(eq(clinicas.id, owner.clinica.id));
    vi.useFakeTimers({ now: at, toFake: ['Date'] });
    // 18:30 in Bogotá: Madrid's date is still tomorrow there.
    const res = await api(owner.cookie, '', {
      method: 'POST',
      json: { nombres: 'Zona', apellidos: 'Bogotá', fechaNacimiento: madridToday },
    });
    expect((await errorOf(res)).fields).toEqual({ fechaNacimiento: PATIENT_MESSAGES.fechaNacimientoFuture });
    expect(
      (
        await api(owner.cookie, '', {
          method: 'POST',
          json: { nombres: 'Zona', apellidos: 'Bogotá', fechaNacimiento: utcToday },
        })
      ).status,
    ).toBe(201);
  });
});

describe('photo', () => {
  const png = () =>
    sharp({ create: { width: 16, height: 16, channels: 3, background: '#c83c3c' } })
      .png()
      .toBuffer();
  const upload = async (cookie: string, id: string, bytes: Uint8Array, name = 'Foto Niño.png', type = 'image/png') =>
    t
      .client(cookie)
      .pacientes[':id'].foto.$put({ param: { id }, form: { foto: new File([new Uint8Array(bytes)], name, { type }) } });

  it('stores the photo under patient_photos/{clinic}/, serves it, and deletes the old file on replace and on patient deletion', async () => {
    const p = await create(ana, { nombres: 'Con', apellidos: 'Foto' });
    const first = await upload(ana.cookie, p.id, await png());
    expect(first.status).toBe(200);
    const withPhoto = await first.json();
    expect(withPhoto.fotoUrl).toMatch(new RegExp(`^/files/patient_photos/${ana.clinica.id}/\\d+-foto-nino\\.png$`));
    expect(withPhoto.fechaActualizacion).not.toBeNull();
    const served = await t.request(withPhoto.fotoUrl!, { cookie: ana.cookie });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('private, no-store');

    const firstKey = keyFromPublicUrl(withPhoto.fotoUrl)!;
    const second = await (await upload(ana.cookie, p.id, await png(), 'otra.png')).json();
    expect(second.fotoUrl).not.toBe(withPhoto.fotoUrl);
    expect(await t.deps.storage.get(firstKey)).toBeNull();

    const secondKey = keyFromPublicUrl(second.fotoUrl)!;
    expect(await t.deps.storage.get(secondKey)).not.toBeNull();
    await api(ana.cookie, `/${p.id}`, { method: 'DELETE' });
    expect(await t.deps.storage.get(secondKey)).toBeNull();
  });

  it("serves a patient's photo only to members of that clinic who may see patients; others get 404", async () => {
    const p = await create(ana, { nombres: 'Foto', apellidos: 'Privada' });
    const url = ((await (await upload(ana.cookie, p.id, await png())).json()) as PatientJson).fotoUrl!;
    const NOT_FOUND = { error: { code: 'not_found', message: 'Archivo no encontrado' } };

    const colleague = await addTeamMember(t, ana.clinica.id, 'Recepción', 'recepcion');
    const ok = await t.request(url, { cookie: colleague.cookie });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toBe('private, no-store');

    const [sinPermisos] = await t.db
      .insert(rolesClinica)
      .values({ clinicaId: ana.clinica.id, nombre: 'Sin pacientes', descripcion: 'Nada', esPredeterminado: false })
      .returning();
    const noPermission = await addTeamMember(t, ana.clinica.id, sinPermisos.nombre, 'asistente');
    const otherClinic = await freshClinic();
    const noClinic = await signUp(t);
    for (const cookie of [undefined, noPermission.cookie, otherClinic.cookie, noClinic.cookie]) {
      const res = await t.request(url, cookie ? { cookie } : {});
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual(NOT_FOUND);
      expect(res.headers.get('cache-control') ?? '').not.toMatch(/public/);
    }
  });

  it('removes the photo and its file', async () => {
    const p = await create(ana, { nombres: 'Quitar', apellidos: 'Foto' });
    const key = keyFromPublicUrl((await (await upload(ana.cookie, p.id, await png())).json()).fotoUrl)!;
    const res = await t.client(ana.cookie).pacientes[':id'].foto.$delete({ param: { id: p.id } });
    expect((await res.json()).fotoUrl).toBeNull();
    expect(await t.deps.storage.get(key)).toBeNull();
  });

  it('refuses a file that is not an image, whatever its name, and one over 2 MB', async () => {
    const p = await create(ana, { nombres: 'Foto', apellidos: 'Mala' });
    const fake = await upload(ana.cookie, p.id, new TextEncoder().encode('<svg onload="alert(1)"/>'), 'foto.png');
    expect(fake.status).toBe(415);
    expect((await errorOf(fake)).message).toBe('El archivo debe ser una imagen');
    const big = await upload(ana.cookie, p.id, new Uint8Array(2 * 1024 * 1024 + 1), 'grande.png');
    expect(big.status).toBe(413);
    expect((await errorOf(big)).message).toBe('La imagen no debe superar los 2MB');
    const [row] = await t.db
      .select()
      .from(pacientes)
      .where(and(eq(pacientes.id, p.id)));
    expect(row.fotoUrl).toBeNull();
  });
});

describe('role without the permission, created from scratch', () => {
  it('gets 403 from a role that has no permission at all', async () => {
    const owner = await freshClinic();
    const [role] = await t.db
      .insert(rolesClinica)
      .values({ clinicaId: owner.clinica.id, nombre: 'Sin permisos', descripcion: 'Nada', esPredeterminado: false })
      .returning();
    const member = await addTeamMember(t, owner.clinica.id, role.nombre, 'asistente');
    expect((await api(member.cookie, '')).status).toBe(403);
  });
});

describe('deleting a patient with clinical records, and reactivating them', () => {
  const HOUR = 3600_000;

  /** A patient of the clinic with a chart version (clinical records) or without, and appointments. */
  async function patientWith(owner: Owner, options: { chart: boolean; apellidos?: string }) {
    const p = await create(owner, { nombres: 'Clara', apellidos: options.apellidos ?? 'Soto' });
    if (options.chart) {
      await t.db.insert(odontogramaVersiones).values({
        clinicaId: owner.clinica.id,
        pacienteId: p.id,
        version: 1,
        carta: emptyChart(),
        autorNombre: 'Ana',
      });
    }
    return p;
  }

  async function dentistOf(owner: Owner) {
    const [d] = await t.db
      .insert(dentistas)
      .values({
        clinicaId: owner.clinica.id,
        nombres: 'Eva',
        apellidos: 'Ruiz',
        especialidad: 'general',
        color: 'blue',
      })
      .returning({ id: dentistas.id });
    return d.id;
  }

  /** Appointments of the patient: `offsets` in hours from now, each with its estado. */
  async function book(owner: Owner, pacienteId: string, dentistaId: string, slots: [number, AppointmentStatus][]) {
    return t.db
      .insert(citas)
      .values(
        slots.map(([hours, estado]) => ({
          clinicaId: owner.clinica.id,
          pacienteId,
          dentistaId,
          inicio: new Date(Date.now() + hours * HOUR),
          fin: new Date(Date.now() + hours * HOUR + HOUR / 2),
          titulo: 'Revisión',
          estado,
        })),
      )
      .returning({ id: citas.id, estado: citas.estado });
  }

  const preview = (cookie: string, id: string) => api(cookie, `/${id}/eliminacion`);
  const reactivate = (cookie: string, id: string) => api(cookie, `/${id}/reactivar`, { method: 'POST' });

  it('says beforehand, then deactivates, cancels only the future appointments, notifies the agenda and audits', async () => {
    const owner = await freshClinic();
    const recepcion = await addTeamMember(t, owner.clinica.id, 'Recepción', 'recepcion');
    const dentista = await dentistOf(owner);
    const p = await patientWith(owner, { chart: true });
    const [past, future1, future2, done, cancelled] = await book(owner, p.id, dentista, [
      [-48, 'completada'],
      [24, 'pendiente'],
      [72, 'confirmada'],
      [96, 'completada'],
      [120, 'cancelada'],
    ]);

    const asked = await preview(owner.cookie, p.id);
    expect(asked.status).toBe(200);
    expect(await asked.json()).toEqual({ resultado: 'archivado', citasFuturas: 2 });

    const res = await t.client(owner.cookie).pacientes[':id'].$delete({ param: { id: p.id } });
    expect(await res.json()).toEqual({
      resultado: 'archivado',
      citasFuturas: 2,
      mensaje:
        'El paciente tiene historia clínica: se ha desactivado y ocultado, no eliminado. Se han cancelado sus 2 citas futuras',
    });
    const states = Object.fromEntries(
      (await t.db.select().from(citas).where(eq(citas.pacienteId, p.id))).map((c) => [c.id, c.estado]),
    );
    expect(states).toEqual({
      [past.id]: 'completada',
      [future1.id]: 'cancelada',
      [future2.id]: 'cancelada',
      [done.id]: 'completada',
      [cancelled.id]: 'cancelada',
    });
    // Everyone who sees the agenda is told (Recepción has citas.ver).
    for (const member of [owner, recepcion]) {
      const notes = await t.db
        .select({ titulo: notificaciones.titulo, mensaje: notificaciones.mensaje, enlace: notificaciones.enlace })
        .from(notificaciones)
        .where(eq(notificaciones.userId, member.userId));
      expect(notes).toEqual([
        {
          titulo: 'Citas canceladas',
          mensaje: 'Clara Soto se ha desactivado: se han cancelado sus 2 citas futuras.',
          enlace: '/citas',
        },
      ]);
    }
    const [audit] = await t.db
      .select({ accion: auditoria.accion, detalle: auditoria.detalle })
      .from(auditoria)
      .where(and(eq(auditoria.pacienteId, p.id), eq(auditoria.accion, 'paciente.desactivar')));
    expect(audit).toEqual({ accion: 'paciente.desactivar', detalle: { citasCanceladas: 2 } });
  });

  it('erases a patient without clinical records with their appointments, and says how many were future', async () => {
    const owner = await freshClinic();
    const dentista = await dentistOf(owner);
    const p = await patientWith(owner, { chart: false });
    await book(owner, p.id, dentista, [
      [-24, 'completada'],
      [24, 'pendiente'],
    ]);
    expect(await (await preview(owner.cookie, p.id)).json()).toEqual({ resultado: 'eliminado', citasFuturas: 1 });
    const res = await t.client(owner.cookie).pacientes[':id'].$delete({ param: { id: p.id } });
    expect(await res.json()).toEqual({
      resultado: 'eliminado',
      citasFuturas: 1,
      mensaje: 'Paciente eliminado, con su cita futura',
    });
    expect(await t.db.select().from(citas).where(eq(citas.pacienteId, p.id))).toEqual([]);
    const notes = await t.db
      .select({ mensaje: notificaciones.mensaje })
      .from(notificaciones)
      .where(eq(notificaciones.userId, owner.userId));
    expect(notes).toEqual([{ mensaje: 'Clara Soto se ha eliminado junto con su cita futura.' }]);

    // Nothing in the agenda: nobody is bothered.
    const quiet = await patientWith(owner, { chart: true, apellidos: 'Quieta' });
    const done = await t.client(owner.cookie).pacientes[':id'].$delete({ param: { id: quiet.id } });
    expect(await done.json()).toMatchObject({ resultado: 'archivado', citasFuturas: 0 });
    expect(await t.db.select().from(notificaciones).where(eq(notificaciones.userId, owner.userId))).toHaveLength(1);
  });

  it("lists the deactivated patients under 'desactivados' (searchable), and reactivates them with an audit row", async () => {
    const owner = await freshClinic();
    const kept = await patientWith(owner, { chart: true, apellidos: 'Archivada' });
    const other = await patientWith(owner, { chart: true, apellidos: 'Otra' });
    await create(owner, { nombres: 'Activo', apellidos: 'Siempre' });
    for (const p of [kept, other]) await t.client(owner.cookie).pacientes[':id'].$delete({ param: { id: p.id } });

    expect((await list(owner)).pacientes.map((p) => p.apellidos)).toEqual(['Siempre']);
    const deactivated = await list(owner, '?ver=desactivados');
    expect(deactivated).toMatchObject({ total: 2, pagina: 1 });
    expect(deactivated.pacientes.map((p) => [p.apellidos, p.estado])).toEqual([
      ['Archivada', 'inactivo'],
      ['Otra', 'inactivo'],
    ]);
    expect(await list(owner, '?ver=desactivados&q=archivada')).toMatchObject({ total: 1 });
    expect(await list(owner, '?ver=desactivados&pagina=2')).toMatchObject({ pacientes: [], total: 2 });

    const res = await reactivate(owner.cookie, kept.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      paciente: { id: kept.id, estado: 'activo' },
      mensaje: 'Paciente reactivado: vuelve a aparecer en la lista y en las búsquedas',
    });
    expect((await list(owner)).pacientes.map((p) => p.apellidos)).toEqual(['Archivada', 'Siempre']);
    expect((await list(owner)).total).toBe(2);
    expect((await list(owner, '?ver=desactivados')).total).toBe(1);
    expect((await api(owner.cookie, `/${kept.id}`)).status).toBe(200);
    const actions = await t.db
      .select({ accion: auditoria.accion })
      .from(auditoria)
      .where(eq(auditoria.pacienteId, kept.id))
      .orderBy(auditoria.id);
    expect(actions.map((a) => a.accion)).toContain('paciente.reactivar');

    // Only a deactivated patient can be reactivated.
    const again = await reactivate(owner.cookie, kept.id);
    expect(again.status).toBe(404);
    expect((await errorOf(again)).message).toBe('El paciente no está desactivado o no tienes acceso');
  });

  it("needs pacientes.eliminar to ask, pacientes.editar to reactivate, and never reaches another clinic's patient", async () => {
    const owner = await freshClinic();
    const p = await patientWith(owner, { chart: true });
    const member = await addTeamMember(t, owner.clinica.id, 'Recepción', 'recepcion');
    // Recepción edits patients but does not delete them.
    expect((await preview(member.cookie, p.id)).status).toBe(403);
    await t.client(owner.cookie).pacientes[':id'].$delete({ param: { id: p.id } });
    await setRolePermissions(t, member.rolId, ['pacientes.ver']);
    expect((await reactivate(member.cookie, p.id)).status).toBe(403);
    expect((await list(member, '?ver=desactivados')).total).toBe(1);

    // Another clinic: answered as an unknown patient, and nothing changes.
    expect((await preview(beto.cookie, p.id)).status).toBe(404);
    expect((await reactivate(beto.cookie, p.id)).status).toBe(404);
    expect((await list(beto, '?ver=desactivados')).pacientes.map((x) => x.id)).not.toContain(p.id);
    const [row] = await t.db.select().from(pacientes).where(eq(pacientes.id, p.id));
    expect(row.fechaArchivado).not.toBeNull();
  });
});
