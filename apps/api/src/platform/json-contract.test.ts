import {
  applyStatus,
  appointmentPageSchema,
  calendarAppointmentSchema,
  emptyChart,
  monthDaySchema,
  ODONTOGRAM_HISTORY_PAGE_SIZE,
  odontogramVersionDetailSchema,
  odontogramVersionPageSchema,
  odontogramVersionSchema,
  odontogramViewSchema,
  patientPageSchema,
  patientRecordSchema,
  setToothNotes,
  todayInZone,
  type Dentist,
} from '@odontia/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pacientes } from '../db/schema/index.ts';
import { createClinicOwner, createTestApp, type TestApp } from '../test/app.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createClinicOwner>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createClinicOwner(t);
});
afterAll(() => t.close());

/** The body of a 200 answer, parsed with its shared schema (a mismatch throws, naming the field). */
async function body<S extends z.ZodType>(path: string, schema: S, init: { method?: string; json?: unknown } = {}) {
  const res = await t.request(path, { cookie: owner.cookie, ...init });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  return schema.parse(await res.json());
}

/**
 * The routes whose body is serialised before the response (JsonText: by a VersionedCache, or by
 * PostgreSQL) bypass Hono's typed `c.json`: each body is parsed here with its shared schema, strict
 * where the schema is, so a column added to or dropped from a statement, or a value written in another
 * format (a timestamp as PostgreSQL writes it, a number as text), shows up as a failure. On both drivers.
 */
describe('pre-serialised bodies match their shared schemas', () => {
  it('the agenda list (first page and search), the calendar and the month grid; the patients list', async () => {
    const [patient] = await t.db
      .insert(pacientes)
      .values({ clinicaId: owner.clinica.id, nombres: 'Ana', apellidos: 'Ruiz', telefono: '600111222' })
      .returning({ id: pacientes.id });
    const dentist = (await (
      await t.request('/api/dentistas', {
        method: 'POST',
        cookie: owner.cookie,
        json: { nombres: 'Laura', apellidos: 'Gómez', especialidad: 'ortodoncia' },
      })
    ).json()) as Dentist;
    const today = todayInZone('Europe/Madrid');
    for (const [horaInicio, horaFin] of [
      ['09:00', '09:30'],
      ['10:00', '10:30'],
      ['11:00', '11:30'],
    ]) {
      const res = await t.request('/api/citas', {
        method: 'POST',
        cookie: owner.cookie,
        json: {
          pacienteId: patient.id,
          dentistaId: dentist.id,
          fecha: '2035-03-05',
          horaInicio,
          horaFin,
          titulo: 'Revisión',
        },
      });
      expect(res.status).toBe(201);
    }

    // Twice each: computed, then reused from the cache.
    for (let i = 0; i < 2; i++) {
      expect((await body('/api/citas', appointmentPageSchema)).citas).toHaveLength(3);
      expect((await body('/api/citas?buscar=ruiz', appointmentPageSchema)).total).toBe(3);
      const range = '?desde=2035-03-01&hasta=2035-03-31';
      expect(await body(`/api/citas/calendario${range}`, z.array(calendarAppointmentSchema))).toHaveLength(3);
      const month = await body(`/api/citas/calendario/mes${range}&dentistaId=${dentist.id}`, z.array(monthDaySchema));
      expect(month).toMatchObject([{ fecha: '2035-03-05', total: 3 }]);
      expect(await body(`/api/citas?pasadas=true&desde=${today}`, appointmentPageSchema)).toBeTruthy();
      expect((await body('/api/pacientes?q=ruiz', patientPageSchema.strict())).total).toBe(1);
    }
  });

  it('the patient record, with its optional fields empty and then filled (GET /api/pacientes/:id)', async () => {
    const created = await t.request('/api/pacientes', {
      method: 'POST',
      cookie: owner.cookie,
      json: { nombres: 'Luis', apellidos: 'Pardo' },
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const bare = await body(`/api/pacientes/${id}`, patientRecordSchema);
    expect(bare).toMatchObject({ id, nombres: 'Luis', email: null, fechaNacimiento: null, fechaActualizacion: null });

    const filled = {
      nombres: 'Luis',
      apellidos: 'Pardo Ríos',
      email: 'luis@example.com',
      telefono: '600333444',
      direccion: 'Calle Mayor 1',
      fechaNacimiento: '1980-02-29',
      genero: 'masculino',
      notas: 'Alergia a la penicilina',
      estado: 'inactivo',
      ultimaVisita: '2024-05-06',
      proximaVisita: '2035-01-02',
    } as const;
    expect(
      (await t.request(`/api/pacientes/${id}`, { method: 'PUT', cookie: owner.cookie, json: filled })).status,
    ).toBe(200);
    const record = await body(`/api/pacientes/${id}`, patientRecordSchema);
    expect(record).toMatchObject(filled);
    expect(Date.now() - new Date(record.fechaActualizacion!).getTime()).toBeLessThan(60_000);
    // The schema is what catches a column the statement gained.
    expect(patientRecordSchema.safeParse({ ...record, clinicaId: owner.clinica.id }).success).toBe(false);
  });

  it('the odontogram: the chart before and after saves, the saved version, the history and a version', async () => {
    const res = await t.request('/api/pacientes', {
      method: 'POST',
      cookie: owner.cookie,
      json: { nombres: 'Marta', apellidos: 'Sanz', telefono: '600555666' },
    });
    const { id } = (await res.json()) as { id: string };
    const chartPath = `/api/pacientes/${id}/odontograma`;

    const empty = await body(chartPath, odontogramViewSchema);
    expect(empty).toEqual({
      version: 0,
      chart: emptyChart(),
      autor: null,
      fecha: null,
      paciente: { id, nombres: 'Marta', apellidos: 'Sanz', telefono: '600555666', alertas: [] },
    });

    const first = setToothNotes(applyStatus(emptyChart(), { tooth: 16, surface: 'center' }, 'cavity'), 16, 'Oclusal');
    const saved = await body(chartPath, odontogramVersionSchema, {
      method: 'PUT',
      json: { baseVersion: 0, chart: first },
    });
    expect(saved).toMatchObject({ version: 1, chart: first, autor: { id: owner.userId, nombre: 'Ana' } });
    const second = applyStatus(first, { tooth: 48, surface: null }, 'missing');
    expect(
      (await body(chartPath, odontogramVersionSchema, { method: 'PUT', json: { baseVersion: 1, chart: second } }))
        .version,
    ).toBe(2);

    const current = await body(chartPath, odontogramViewSchema);
    expect(current).toMatchObject({ version: 2, chart: second, autor: saved.autor, paciente: empty.paciente });

    const history = await body(`${chartPath}/versiones`, odontogramVersionPageSchema);
    expect(history).toMatchObject({ total: 2, pagina: 1, porPagina: ODONTOGRAM_HISTORY_PAGE_SIZE });
    expect(history.versiones.map((v) => v.version)).toEqual([2, 1]);
    expect(history.versiones[1]).toEqual({ version: 1, fecha: saved.fecha, autor: saved.autor });
    const pastTheEnd = await body(`${chartPath}/versiones?pagina=2`, odontogramVersionPageSchema);
    expect(pastTheEnd).toEqual({ versiones: [], total: 2, pagina: 2, porPagina: ODONTOGRAM_HISTORY_PAGE_SIZE });

    const detail = await body(`${chartPath}/versiones/2`, odontogramVersionDetailSchema);
    expect(detail).toMatchObject({ version: 2, chart: second, anterior: { version: 1, chart: first } });
    expect(odontogramViewSchema.safeParse({ ...current, paciente: { ...current.paciente, email: null } }).success).toBe(
      false,
    );
  });
});
