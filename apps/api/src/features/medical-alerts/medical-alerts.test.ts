import {
  FIELD_MESSAGES,
  MEDICAL_ALERT_MESSAGES,
  PATIENT_MESSAGES,
  type CalendarAppointment,
  type MedicalAlert,
  type MedicalAlertList,
  type MonthDay,
  type PatientPage,
} from '@odontia/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { antecedentes, auditoria, clinicas, pacientes } from '../../db/schema/index.ts';
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

const path = (pacienteId: string) => `/api/pacientes/${pacienteId}/antecedentes`;
const add = (cookie: string, pacienteId: string, json: unknown) =>
  t.request(path(pacienteId), { method: 'POST', cookie, json });
const withdraw = (cookie: string, pacienteId: string, id: string) =>
  t.request(`${path(pacienteId)}/${id}/retirar`, { method: 'POST', cookie });
const list = async (cookie: string, pacienteId: string) => {
  const res = await t.request(path(pacienteId), { cookie });
  expect(res.status).toBe(200);
  return ((await res.json()) as MedicalAlertList).antecedentes;
};
const added = async (res: Response) => {
  expect(res.status).toBe(201);
  return ((await res.json()) as { antecedente: MedicalAlert }).antecedente;
};
const auditActions = async (pacienteId: string) =>
  (await t.db.select().from(auditoria).where(eq(auditoria.pacienteId, pacienteId)).orderBy(auditoria.id)).map(
    (r) => r.accion,
  );
const rowCount = async (pacienteId: string) =>
  (
    await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(antecedentes)
      .where(eq(antecedentes.pacienteId, pacienteId))
  )[0].n;

describe('medical alerts (antecedentes)', () => {
  it('records the three kinds with date and author, and builds the short list from the ones that hold', async () => {
    const id = await newPatient(ana);
    const allergy = await added(await add(ana.cookie, id, { tipo: 'alergia', descripcion: '  penicilina  ' }));
    expect(allergy).toMatchObject({
      tipo: 'alergia',
      descripcion: 'penicilina',
      anticoagulante: false,
      condicion: null,
      etiqueta: 'Alergia a penicilina',
      autor: { id: ana.userId, nombre: 'Ana' },
      retirada: null,
    });
    expect(Date.now() - Date.parse(allergy.fechaRegistro)).toBeLessThan(60_000);
    await added(await add(ana.cookie, id, { tipo: 'medicacion', descripcion: 'Sintrom', anticoagulante: true }));
    // Medication that is no anticoagulant is in the full list, not in the badge.
    const plain = await added(await add(ana.cookie, id, { tipo: 'medicacion', descripcion: 'Omeprazol' }));
    expect(plain.etiqueta).toBeNull();
    // A listed condition keeps no description, even if one is sent; the flag only applies to medication.
    const diabetes = await added(
      await add(ana.cookie, id, {
        tipo: 'condicion',
        condicion: 'diabetes',
        descripcion: 'tipo 2',
        anticoagulante: true,
      }),
    );
    expect(diabetes).toMatchObject({ descripcion: null, anticoagulante: false, etiqueta: 'Diabetes' });
    await added(await add(ana.cookie, id, { tipo: 'condicion', condicion: 'otra', descripcion: 'Epilepsia' }));

    const record = await t.client(ana.cookie).pacientes[':id'].$get({ param: { id } });
    expect((await record.json()).alertas).toEqual(['Alergia a penicilina', 'Anticoagulante', 'Diabetes', 'Epilepsia']);
    const chart = await t.client(ana.cookie).pacientes[':id'].odontograma.$get({ param: { id } });
    expect((await chart.json()).paciente.alertas).toEqual([
      'Alergia a penicilina',
      'Anticoagulante',
      'Diabetes',
      'Epilepsia',
    ]);
    expect(await list(ana.cookie, id)).toHaveLength(5);
  });

  it('withdraws an alert without deleting it: it leaves the badge, stays in the full list, and only once', async () => {
    const id = await newPatient(ana);
    const allergy = await added(await add(ana.cookie, id, { tipo: 'alergia', descripcion: 'látex' }));
    const res = await withdraw(ana.cookie, id, allergy.id);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { antecedente: MedicalAlert; mensaje: string };
    expect(body.mensaje).toBe(MEDICAL_ALERT_MESSAGES.withdrawn);
    expect(body.antecedente.retirada).toMatchObject({ autor: { id: ana.userId, nombre: 'Ana' } });
    expect(await rowCount(id)).toBe(1);
    const again = await withdraw(ana.cookie, id, allergy.id);
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe(MEDICAL_ALERT_MESSAGES.alreadyWithdrawn);
    const [shown] = await list(ana.cookie, id);
    expect(shown).toMatchObject({ id: allergy.id, descripcion: 'látex', retirada: { autor: { nombre: 'Ana' } } });
    const record = await t.client(ana.cookie).pacientes[':id'].$get({ param: { id } });
    expect((await record.json()).alertas).toEqual([]);
    expect(await auditActions(id)).toEqual([
      'paciente.crear',
      'antecedentes.crear',
      'antecedentes.retirar',
      'antecedentes.ver',
      'paciente.ver',
    ]);
  });

  it('refuses at the database to change or delete an alert, other than withdrawing it once', async () => {
    const id = await newPatient(ana);
    const alert = await added(await add(ana.cookie, id, { tipo: 'alergia', descripcion: 'yodo' }));
    await expect(
      t.db.update(antecedentes).set({ descripcion: 'otra cosa' }).where(eq(antecedentes.id, alert.id)),
    ).rejects.toThrow();
    await expect(t.db.delete(antecedentes).where(eq(antecedentes.id, alert.id))).rejects.toThrow();
    // A patient with alerts has a clinical record: deleting them archives them instead.
    const res = await t.request(`/api/pacientes/${id}`, { method: 'DELETE', cookie: ana.cookie });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { resultado: string }).resultado).toBe('archivado');
    expect(await rowCount(id)).toBe(1);
  });

  it('goes with its clinic when a whole clinic is deleted (the one DELETE the trigger lets through)', async () => {
    const owner = await createClinicOwner(t);
    const id = await newPatient(owner);
    await added(await add(owner.cookie, id, { tipo: 'condicion', condicion: 'hipertension' }));
    await t.db.delete(clinicas).where(eq(clinicas.id, owner.clinica.id));
    expect(await rowCount(id)).toBe(0);
  });

  it("answers another clinic's patient and alert as not found, and changes nothing", async () => {
    const id = await newPatient(ana);
    const alert = await added(await add(ana.cookie, id, { tipo: 'alergia', descripcion: 'aspirina' }));
    const other = await newPatient(beto);
    for (const res of [
      await t.request(path(id), { cookie: beto.cookie }),
      await add(beto.cookie, id, { tipo: 'alergia', descripcion: 'x' }),
      await withdraw(beto.cookie, id, alert.id),
      // Ana's alert under Beto's patient, and under another of Ana's patients.
      await withdraw(beto.cookie, other, alert.id),
      await withdraw(ana.cookie, await newPatient(ana, 'Otra'), alert.id),
      await withdraw(ana.cookie, id, '00000000-0000-4000-8000-000000000000'),
      await withdraw(ana.cookie, id, 'no-es-un-id'),
    ]) {
      expect(res.status).toBe(404);
      expect([PATIENT_MESSAGES.notFound, MEDICAL_ALERT_MESSAGES.notFound]).toContain((await errorOf(res)).message);
    }
    expect(await rowCount(id)).toBe(1);
    expect((await list(ana.cookie, id))[0]!.retirada).toBeNull();
  });

  it('refuses bad input with a Spanish message per field and stores nothing', async () => {
    const id = await newPatient(ana);
    const cases: [unknown, string, string][] = [
      [{ tipo: 'alergia', descripcion: '   ' }, 'descripcion', MEDICAL_ALERT_MESSAGES.allergyRequired],
      [{ tipo: 'medicacion' }, 'descripcion', MEDICAL_ALERT_MESSAGES.medicationRequired],
      [{ tipo: 'condicion' }, 'condicion', MEDICAL_ALERT_MESSAGES.conditionRequired],
      [{ tipo: 'condicion', condicion: 'gripe' }, 'condicion', MEDICAL_ALERT_MESSAGES.conditionInvalid],
      [{ tipo: 'condicion', condicion: 'otra', descripcion: '' }, 'descripcion', MEDICAL_ALERT_MESSAGES.otherRequired],
      [{ tipo: 'vacuna', descripcion: 'x' }, 'tipo', MEDICAL_ALERT_MESSAGES.kindInvalid],
      [{ tipo: 'alergia', descripcion: 'pen\u0000icilina' }, 'descripcion', FIELD_MESSAGES.controlCharacters],
      [{ tipo: 'alergia', descripcion: 'pen\ud800' }, 'descripcion', FIELD_MESSAGES.brokenCharacter],
      [{ tipo: 'alergia', descripcion: 'x'.repeat(201) }, 'descripcion', FIELD_MESSAGES.tooLong(200)],
    ];
    for (const [json, field, message] of cases) {
      const res = await add(ana.cookie, id, json);
      expect(res.status, JSON.stringify(json)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect((await errorOf(res)).fields?.[field], JSON.stringify(json)).toBe(message);
    }
    expect(await rowCount(id)).toBe(0);
    expect(await auditActions(id)).toEqual(['paciente.crear']);
  });

  it('lets Recepción see the badge but not the full list nor change it; Asistente records and withdraws', async () => {
    const id = await newPatient(ana);
    await added(await add(ana.cookie, id, { tipo: 'alergia', descripcion: 'penicilina' }));
    const recepcion = await addTeamMember(t, ana.clinica.id, 'Recepción', 'recepcion');
    expect((await t.request(path(id), { cookie: recepcion.cookie })).status).toBe(403);
    expect((await add(recepcion.cookie, id, { tipo: 'alergia', descripcion: 'x' })).status).toBe(403);
    const record = await t.client(recepcion.cookie).pacientes[':id'].$get({ param: { id } });
    expect((await record.json()).alertas).toEqual(['Alergia a penicilina']);
    const page = await t.request(`/api/pacientes?q=${encodeURIComponent('Lucía')}&pagina=1`, {
      cookie: recepcion.cookie,
    });
    const item = ((await page.json()) as PatientPage).pacientes.find((p) => p.id === id);
    expect(item?.alertas).toEqual(['Alergia a penicilina']);

    const asistente = await addTeamMember(t, ana.clinica.id, 'Asistente', 'asistente');
    const alert = await added(await add(asistente.cookie, id, { tipo: 'condicion', condicion: 'embarazo' }));
    expect(alert.autor).toEqual({ id: asistente.userId, nombre: 'Miembro' });
    expect((await withdraw(asistente.cookie, id, alert.id)).status).toBe(200);
  });

  it("shows the short list in the agenda's reads, which are recomputed when an alert changes", async () => {
    const owner = await createClinicOwner(t);
    const [{ id: pacienteId }] = await t.db
      .insert(pacientes)
      .values({ clinicaId: owner.clinica.id, nombres: 'José', apellidos: 'Muñoz' })
      .returning({ id: pacientes.id });
    const dentist = await t.request('/api/dentistas', {
      method: 'POST',
      cookie: owner.cookie,
      json: { nombres: 'Laura', apellidos: 'Gómez', especialidad: 'ortodoncia' },
    });
    const dentistaId = ((await dentist.json()) as { id: string }).id;
    const booked = await t.request('/api/citas', {
      method: 'POST',
      cookie: owner.cookie,
      json: { pacienteId, dentistaId, fecha: '2030-09-02', horaInicio: '10:00', horaFin: '10:30', titulo: 'Revisión' },
    });
    expect(booked.status).toBe(201);
    const citaId = ((await booked.json()) as { id: string }).id;
    const get = async <T>(p: string) => (await (await t.request(p, { cookie: owner.cookie })).json()) as T;
    const shown = async () => ({
      week: (await get<CalendarAppointment[]>('/api/citas/calendario?desde=2030-09-01&hasta=2030-09-07'))[0]!.paciente
        .alertas,
      month: (await get<MonthDay[]>('/api/citas/calendario/mes?desde=2030-09-01&hasta=2030-09-30'))[0]!.citas[0]!
        .paciente.alertas,
      detail: (await get<{ paciente: { alertas: string[] } }>(`/api/citas/${citaId}`)).paciente.alertas,
    });
    expect(await shown()).toEqual({ week: [], month: [], detail: [] });
    const alert = await added(
      await add(owner.cookie, pacienteId, { tipo: 'medicacion', descripcion: 'Sintrom', anticoagulante: true }),
    );
    const labels = ['Anticoagulante'];
    expect(await shown()).toEqual({ week: labels, month: labels, detail: labels });
    expect((await withdraw(owner.cookie, pacienteId, alert.id)).status).toBe(200);
    expect(await shown()).toEqual({ week: [], month: [], detail: [] });
  });
});
