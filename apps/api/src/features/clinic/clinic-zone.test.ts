import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { CLINIC_MESSAGES, type AppointmentPage, type CalendarAppointment, type MonthDay } from '@odontia/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrationsFolder } from '../../db/migrate.ts';
import { citas, clinicas, dentistas, pacientes } from '../../db/schema/index.ts';
import { addTeamMember, createClinicOwner, createTestApp, errorOf, signUp, type TestApp } from '../../test/app.ts';
import { createClinic } from './clinic.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const PLACE = { nombre: 'Clínica Andina', telefono: '601 555 0100', direccion: 'Carrera 7 # 72-41' };

const postClinic = (cookie: string, json: Record<string, unknown>) =>
  t.request('/api/clinica', { method: 'POST', cookie, json });
const putClinic = (cookie: string, json: Record<string, unknown>) =>
  t.request('/api/clinica', { method: 'PUT', cookie, json });
const getJson = async <T>(cookie: string, pathname: string) => {
  const res = await t.request(pathname, { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
};
const zoneOf = async (clinicaId: string) =>
  (await t.db.select({ zona: clinicas.zonaHoraria }).from(clinicas).where(eq(clinicas.id, clinicaId)))[0]!.zona;

/** A new account that finishes onboarding with this place. */
async function onboard(place: Record<string, unknown>) {
  const account = await signUp(t);
  const res = await postClinic(account.cookie, { ...PLACE, ...place });
  expect(res.status).toBe(201);
  const { clinica } = (await res.json()) as { clinica: { id: string; pais: string; zonaHoraria: string } };
  return { ...account, clinica };
}

/** A patient and a dentist of the clinic, to book with. */
async function chair(owner: { cookie: string; clinica: { id: string } }) {
  const [paciente] = await t.db
    .insert(pacientes)
    .values({ clinicaId: owner.clinica.id, nombres: 'Camila', apellidos: 'Restrepo' })
    .returning({ id: pacientes.id });
  const res = await t.request('/api/dentistas', {
    method: 'POST',
    cookie: owner.cookie,
    json: { nombres: 'Andrés', apellidos: 'Mejía', especialidad: 'ortodoncia' },
  });
  expect(res.status).toBe(201);
  return { pacienteId: paciente!.id, dentistaId: ((await res.json()) as { id: string }).id };
}

async function book(
  cookie: string,
  ids: { pacienteId: string; dentistaId: string },
  fecha: string,
  horaInicio: string,
  horaFin: string,
) {
  const res = await t.request('/api/citas', {
    method: 'POST',
    cookie,
    json: { ...ids, fecha, horaInicio, horaFin, titulo: 'Control' },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const storedInstant = async (id: string) =>
  (await t.db.select({ inicio: citas.inicio }).from(citas).where(eq(citas.id, id)))[0]!.inicio.toISOString();

const isoDay = (instant: number) => new Date(instant).toISOString().slice(0, 10);

describe('the zone a clinic gets at onboarding', () => {
  it('follows its country and city: Colombia runs on Bogotá time, the Canaries on theirs', async () => {
    const bogota = await onboard({ pais: 'CO', ciudad: 'Medellín' });
    expect(bogota.clinica).toMatchObject({ pais: 'CO', zonaHoraria: 'America/Bogota' });
    // The web reads the country and the zone from the session's account.
    const me = await getJson<{ clinica: { pais: string; zonaHoraria: string } }>(bogota.cookie, '/api/me');
    expect(me.clinica).toMatchObject({ pais: 'CO', zonaHoraria: 'America/Bogota' });

    expect((await onboard({ pais: 'España', ciudad: 'Las Palmas de Gran Canaria' })).clinica).toMatchObject({
      pais: 'ES',
      zonaHoraria: 'Atlantic/Canary',
    });
    expect((await onboard({ pais: 'ES', ciudad: 'Sevilla' })).clinica.zonaHoraria).toBe('Europe/Madrid');
    // The zone chosen in the form wins over the city's.
    expect((await onboard({ pais: 'ES', ciudad: 'Sevilla', zonaHoraria: 'Atlantic/Canary' })).clinica.zonaHoraria).toBe(
      'Atlantic/Canary',
    );
  });

  it('refuses a country off the list and a zone of another country, creating nothing', async () => {
    const account = await signUp(t);
    const narnia = await postClinic(account.cookie, { ...PLACE, pais: 'Narnia', ciudad: 'Cair Paravel' });
    expect(narnia.status).toBe(400);
    expect((await errorOf(narnia)).fields).toEqual({ pais: CLINIC_MESSAGES.paisInvalid });
    const mixed = await postClinic(account.cookie, {
      ...PLACE,
      pais: 'CO',
      ciudad: 'Cali',
      zonaHoraria: 'Europe/Madrid',
    });
    expect((await errorOf(mixed)).fields).toEqual({ zonaHoraria: CLINIC_MESSAGES.zonaHorariaOtroPais });
    const unknown = await postClinic(account.cookie, { ...PLACE, pais: 'ES', zonaHoraria: 'Asia/Tokyo' });
    expect((await errorOf(unknown)).fields).toEqual({ zonaHoraria: CLINIC_MESSAGES.zonaHorariaInvalid });
    expect(await t.db.select().from(clinicas).where(eq(clinicas.userId, account.userId))).toEqual([]);
  });

  it('gives a clinic set up with name and phone alone Madrid, and its country’s zone when onboarding adds it', async () => {
    const account = await signUp(t);
    const first = await postClinic(account.cookie, { nombre: 'Clínica Mínima', telefono: '6015550100' });
    const { clinica } = (await first.json()) as { clinica: { id: string; zonaHoraria: string } };
    expect(clinica.zonaHoraria).toBe('Europe/Madrid');
    const onboarding = await postClinic(account.cookie, { ...PLACE, pais: 'Colombia', ciudad: 'Cali' });
    expect(onboarding.status).toBe(200);
    expect(await zoneOf(clinica.id)).toBe('America/Bogota');
    // A zone chosen against the city stays when a later save names no place.
    await postClinic(account.cookie, { ...PLACE, pais: 'ES', ciudad: 'Madrid', zonaHoraria: 'Atlantic/Canary' });
    expect((await postClinic(account.cookie, { nombre: 'Clínica Mínima', telefono: '6015550100' })).status).toBe(200);
    expect(await zoneOf(clinica.id)).toBe('Atlantic/Canary');
  });
});

describe('changing the zone in settings', () => {
  it('moves no appointment: the same instant shows at the new zone’s time from the next request on', async () => {
    const owner = await createClinicOwner(t);
    const ids = await chair(owner);
    // 10:00 in Madrid in January is 09:00 UTC.
    const id = await book(owner.cookie, ids, '2030-01-07', '10:00', '10:30');
    const day = '/api/citas/calendario?desde=2030-01-07&hasta=2030-01-07';
    expect((await getJson<CalendarAppointment[]>(owner.cookie, day))[0]).toMatchObject({ horaInicio: '10:00' });

    const res = await putClinic(owner.cookie, {
      ...PLACE,
      pais: 'ES',
      ciudad: 'Madrid',
      zonaHoraria: 'Atlantic/Canary',
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { clinica: { zonaHoraria: string } }).clinica.zonaHoraria).toBe('Atlantic/Canary');

    expect(await storedInstant(id)).toBe('2030-01-07T09:00:00.000Z');
    expect((await getJson<CalendarAppointment[]>(owner.cookie, day))[0]).toMatchObject({
      horaInicio: '09:00',
      horaFin: '09:30',
    });
    expect((await getJson<{ clinica: { zonaHoraria: string } }>(owner.cookie, '/api/me')).clinica.zonaHoraria).toBe(
      'Atlantic/Canary',
    );
    // A booking made now is read on the new clock.
    const later = await book(owner.cookie, ids, '2030-01-07', '10:00', '10:30');
    expect(await storedInstant(later)).toBe('2030-01-07T10:00:00.000Z');
  });

  it('keeps the zone when the form leaves it out, and follows a change of country', async () => {
    const owner = await createClinicOwner(t);
    await putClinic(owner.cookie, { ...PLACE, pais: 'ES', ciudad: 'Madrid', zonaHoraria: 'Atlantic/Canary' });
    expect((await putClinic(owner.cookie, { ...PLACE, pais: 'ES', ciudad: 'Madrid' })).status).toBe(200);
    expect(await zoneOf(owner.clinica.id)).toBe('Atlantic/Canary');
    expect((await putClinic(owner.cookie, { ...PLACE, pais: 'CO', ciudad: 'Bogotá' })).status).toBe(200);
    expect(await zoneOf(owner.clinica.id)).toBe('America/Bogota');
  });

  it('refuses a zone that is not of the clinic’s country, sent alone', async () => {
    const owner = await createClinicOwner(t);
    const res = await putClinic(owner.cookie, { ...PLACE, zonaHoraria: 'America/Bogota' });
    expect(res.status).toBe(422);
    expect((await errorOf(res)).fields).toEqual({ zonaHoraria: CLINIC_MESSAGES.zonaHorariaOtroPais });
    expect(await zoneOf(owner.clinica.id)).toBe('Europe/Madrid');
  });

  it('needs clinica.editar, like every other change of the clinic', async () => {
    const owner = await createClinicOwner(t);
    const member = await addTeamMember(t, owner.clinica.id, 'Recepción', 'recepcion');
    const res = await putClinic(member.cookie, { ...PLACE, pais: 'ES', zonaHoraria: 'Atlantic/Canary' });
    expect(res.status).toBe(403);
    expect(await zoneOf(owner.clinica.id)).toBe('Europe/Madrid');
  });
});

describe('a clinic created in Colombia runs on Bogotá time', () => {
  /** 02:00 UTC of the current day: already today in Madrid, still yesterday in Bogotá (21:00). */
  function earlyMorningUtc() {
    const now = new Date();
    const at = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 2, 0);
    return { at: new Date(at), bogotaToday: isoDay(at - 86_400_000), madridToday: isoDay(at) };
  }

  it('stores a booking at the instant of Bogotá’s clock', async () => {
    const owner = await onboard({ pais: 'CO', ciudad: 'Bogotá' });
    const ids = await chair(owner);
    // Bogotá is UTC-5 all year: 08:00 is 13:00 UTC, in January and in July alike.
    expect(await storedInstant(await book(owner.cookie, ids, '2030-01-07', '08:00', '08:30'))).toBe(
      '2030-01-07T13:00:00.000Z',
    );
    expect(await storedInstant(await book(owner.cookie, ids, '2030-07-08', '08:00', '08:30'))).toBe(
      '2030-07-08T13:00:00.000Z',
    );
    expect((await getJson<{ clinica: { zonaHoraria: string } }>(owner.cookie, '/api/me')).clinica.zonaHoraria).toBe(
      'America/Bogota',
    );
  });

  it('bounds the agenda’s days at Bogotá’s midnight', async () => {
    const owner = await onboard({ pais: 'CO', ciudad: 'Bogotá' });
    const ids = await chair(owner);
    // 23:30 on the 7th in Bogotá is 04:30 UTC on the 8th (and 05:30 on the 8th in Madrid).
    const late = await book(owner.cookie, ids, '2030-01-07', '23:30', '23:59');
    expect(await storedInstant(late)).toBe('2030-01-08T04:30:00.000Z');
    const range = (desde: string, hasta: string) =>
      getJson<CalendarAppointment[]>(owner.cookie, `/api/citas/calendario?desde=${desde}&hasta=${hasta}`);
    expect((await range('2030-01-07', '2030-01-07')).map((c) => [c.fecha, c.horaInicio])).toEqual([
      ['2030-01-07', '23:30'],
    ]);
    expect(await range('2030-01-08', '2030-01-08')).toEqual([]);
    const month = await getJson<MonthDay[]>(
      owner.cookie,
      '/api/citas/calendario/mes?desde=2030-01-01&hasta=2030-01-31',
    );
    expect(month.filter((d) => d.total > 0).map((d) => [d.fecha, d.total])).toEqual([['2030-01-07', 1]]);
  });

  it('lists from Bogotá’s today: at 21:00 there this morning’s appointment is still today’s', async () => {
    const { at, bogotaToday } = earlyMorningUtc();
    const colombia = await onboard({ pais: 'CO', ciudad: 'Bogotá' });
    const madrid = await createClinicOwner(t);
    const bookedIn = async (owner: { cookie: string; clinica: { id: string } }) => {
      const ids = await chair(owner);
      await book(owner.cookie, ids, bogotaToday, '08:00', '08:30');
    };
    await bookedIn(colombia);
    await bookedIn(madrid);

    vi.useFakeTimers({ now: at, toFake: ['Date'] });
    // Bogotá's day is still `bogotaToday`: its 08:00 appointment is today's, listed from today on.
    const upcoming = await getJson<AppointmentPage>(colombia.cookie, '/api/citas');
    expect(upcoming.citas.map((c) => [c.fecha, c.horaInicio])).toEqual([[bogotaToday, '08:00']]);
    expect((await getJson<AppointmentPage>(colombia.cookie, '/api/citas?pasadas=true')).total).toBe(0);
    // In Madrid that day is over: the same booking there is a past one.
    expect((await getJson<AppointmentPage>(madrid.cookie, '/api/citas')).total).toBe(0);
    expect((await getJson<AppointmentPage>(madrid.cookie, '/api/citas?pasadas=true')).total).toBe(1);
  });
});

describe('the migration of the countries (0020)', () => {
  async function runCountryMigration() {
    const file = (await readdir(migrationsFolder)).find((f) => f.endsWith('_clinicas_pais_codigo.sql'))!;
    const text = await readFile(path.join(migrationsFolder, file), 'utf8');
    for (const statement of text.split('--> statement-breakpoint')) await t.db.execute(sql.raw(statement));
  }

  /** A clinic as the free-text onboarding left it: its country as typed, on Madrid's zone. */
  async function legacyClinic(pais: string) {
    const account = await signUp(t);
    const clinica = await createClinic(
      t.db,
      { id: account.userId, email: account.email, nombres: 'Ana' },
      { nombre: `Clínica ${pais}`, telefono: '600123456', ciudad: 'Bogotá' },
    );
    await t.db.update(clinicas).set({ pais, zonaHoraria: 'Europe/Madrid' }).where(eq(clinicas.id, clinica.id));
    const [paciente] = await t.db
      .insert(pacientes)
      .values({ clinicaId: clinica.id, nombres: 'Luis', apellidos: 'Rojas' })
      .returning();
    const [dentista] = await t.db
      .insert(dentistas)
      .values({
        clinicaId: clinica.id,
        nombres: 'Sara',
        apellidos: 'Gil',
        especialidad: 'ortodoncia',
        color: '#1d4ed8',
      })
      .returning();
    /** An appointment typed as `desde`-`hasta` on the day `fecha`, stored on Madrid's clock as before. */
    const cita = async (fecha: string, desde: string, hasta: string) => {
      const at = (hora: string) => sql`((${fecha}::date + ${hora}::time) at time zone 'Europe/Madrid')`;
      const [row] = await t.db
        .insert(citas)
        .values({
          clinicaId: clinica.id,
          pacienteId: paciente!.id,
          dentistaId: dentista!.id,
          inicio: at(desde),
          fin: at(hasta),
          titulo: 'Control',
        })
        .returning({ id: citas.id });
      return row!.id;
    };
    return { ...account, clinica, cita };
  }

  const countryOf = async (id: string) =>
    (await t.db.select({ pais: clinicas.pais }).from(clinicas).where(eq(clinicas.id, id)))[0]!.pais;

  it('writes the country as its code and moves Colombian clinics to Bogotá, keeping the times they typed', async () => {
    const spain = await legacyClinic(' españa');
    const other = await legacyClinic('Venezuela');
    const colombia = await legacyClinic('Colombia');
    const winter = await colombia.cita('2030-01-07', '10:00', '10:30');
    const summer = await colombia.cita('2030-07-08', '10:00', '10:30');
    const next = await colombia.cita('2030-07-08', '10:30', '11:00');
    // Two appointments that only Madrid's October change keeps apart: 02:00 summer time, then 02:15
    // winter time (75 minutes later). On Bogotá's clock they would overlap: this clinic stays as it was.
    const stuck = await legacyClinic('colombia');
    const first = await stuck.cita('2030-10-27', '01:59', '02:20');
    await t.db
      .update(citas)
      .set({ inicio: new Date('2030-10-27T00:00:00Z'), fin: new Date('2030-10-27T00:30:00Z') })
      .where(eq(citas.id, first));
    const second = await stuck.cita('2030-10-27', '02:15', '02:45');
    expect(await storedInstant(second)).toBe('2030-10-27T01:15:00.000Z');

    await runCountryMigration();

    expect(await countryOf(spain.clinica.id)).toBe('ES');
    expect(await zoneOf(spain.clinica.id)).toBe('Europe/Madrid');
    expect(await countryOf(other.clinica.id)).toBe('Venezuela');
    expect(await countryOf(colombia.clinica.id)).toBe('CO');
    expect(await zoneOf(colombia.clinica.id)).toBe('America/Bogota');
    expect(await storedInstant(winter)).toBe('2030-01-07T15:00:00.000Z');
    expect(await storedInstant(summer)).toBe('2030-07-08T15:00:00.000Z');
    expect(await storedInstant(next)).toBe('2030-07-08T15:30:00.000Z');
    const agenda = await getJson<CalendarAppointment[]>(
      colombia.cookie,
      '/api/citas/calendario?desde=2030-07-08&hasta=2030-07-08',
    );
    expect(agenda.map((c) => [c.horaInicio, c.horaFin])).toEqual([
      ['10:00', '10:30'],
      ['10:30', '11:00'],
    ]);

    expect(await countryOf(stuck.clinica.id)).toBe('CO');
    expect(await zoneOf(stuck.clinica.id)).toBe('Europe/Madrid');
    expect(await storedInstant(first)).toBe('2030-10-27T00:00:00.000Z');
    expect(await storedInstant(second)).toBe('2030-10-27T01:15:00.000Z');
  });
});
