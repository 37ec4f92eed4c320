import {
  appointmentPageSchema,
  calendarAppointmentSchema,
  monthDaySchema,
  patientPageSchema,
  todayInZone,
  type Dentist,
} from '@odontia/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pacientes } from '../../db/schema/index.ts';
import { createClinicOwner, createTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * The routes whose body is serialised before the response (JsonText: by a VersionedCache, or by
 * PostgreSQL) bypass Hono's typed `c.json`: each body is parsed here with its shared schema, strict
 * where the schema is, so a column added to or dropped from a statement shows up as a failure.
 */
describe('pre-serialised bodies match their shared schemas', () => {
  it('the agenda list (first page and search), the calendar and the month grid; the patients list', async () => {
    const owner = await createClinicOwner(t);
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

    const body = async <S extends z.ZodType>(path: string, schema: S) => {
      const res = await t.request(path, { cookie: owner.cookie });
      expect(res.status).toBe(200);
      return schema.parse(await res.json());
    };
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
});
