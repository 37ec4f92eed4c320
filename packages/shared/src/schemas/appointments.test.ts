import { describe, expect, it } from 'vitest';
import {
  AGENDA_DEFAULT_HOURS,
  APPOINTMENT_MESSAGES,
  calendarQuerySchema,
  clinicHours,
  createAppointmentSchema,
  createDentistSchema,
} from './appointments.ts';

const base = {
  pacienteId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  dentistaId: '9b2f1c3e-1d2a-4c1b-8f3e-2a1b3c4d5e6f',
  fecha: '2026-03-29',
  horaInicio: '10:00',
  horaFin: '10:30',
  titulo: ' Limpieza ',
};

describe('appointment contract', () => {
  it('accepts a complete appointment and trims it', () => {
    const v = createAppointmentSchema.parse({ ...base, horaFin: '10:30:00' });
    expect(v).toMatchObject({ titulo: 'Limpieza', horaFin: '10:30', notas: null, solicitudId: null });
  });

  it('refuses an end that is not after the start', () => {
    for (const horaFin of ['10:00', '09:59']) {
      const r = createAppointmentSchema.safeParse({ ...base, horaFin });
      expect(r.success).toBe(false);
      expect(r.error?.issues).toContainEqual(
        expect.objectContaining({ path: ['horaFin'], message: APPOINTMENT_MESSAGES.horaFinAfterInicio }),
      );
    }
  });

  it('names every missing required field', () => {
    const r = createAppointmentSchema.safeParse({});
    const paths = r.error?.issues.map((i) => i.path[0]);
    expect(paths).toEqual(
      expect.arrayContaining(['pacienteId', 'dentistaId', 'fecha', 'horaInicio', 'horaFin', 'titulo']),
    );
    expect(r.error?.issues.find((i) => i.path[0] === 'pacienteId')?.message).toBe(
      APPOINTMENT_MESSAGES.pacienteRequired,
    );
  });

  it('needs a patient unless the appointment answers a request', () => {
    const { pacienteId: _pacienteId, ...withoutPatient } = base;
    expect(
      createAppointmentSchema.safeParse({ ...withoutPatient, pacienteId: '' }).error?.issues.map((i) => i.path),
    ).toEqual([['pacienteId']]);
    expect(
      createAppointmentSchema.parse({ ...withoutPatient, solicitudId: '22222222-2222-4222-8222-222222222222' }),
    ).toMatchObject({ pacienteId: null });
  });

  it('refuses impossible times and dates', () => {
    expect(createAppointmentSchema.safeParse({ ...base, horaInicio: '24:00' }).success).toBe(false);
    expect(createAppointmentSchema.safeParse({ ...base, fecha: '2026-02-30' }).success).toBe(false);
  });

  it('limits the calendar range to 42 days and refuses a reversed one', () => {
    expect(calendarQuerySchema.safeParse({ desde: '2026-03-01', hasta: '2026-04-11' }).success).toBe(true);
    expect(calendarQuerySchema.safeParse({ desde: '2026-03-01', hasta: '2026-04-12' }).success).toBe(false);
    expect(calendarQuerySchema.safeParse({ desde: '2026-03-02', hasta: '2026-03-01' }).success).toBe(false);
  });

  it('dentist: specialty from the list, colour from the palette', () => {
    const d = { nombres: 'Ana', apellidos: 'Ruiz', especialidad: 'ortodoncia' };
    expect(createDentistSchema.parse(d)).toMatchObject({ usuarioId: null });
    expect(createDentistSchema.safeParse({ ...d, especialidad: 'magia' }).success).toBe(false);
    expect(createDentistSchema.parse(d).color).toBeUndefined();
    expect(createDentistSchema.safeParse({ ...d, color: '#ffffff' }).success).toBe(false);
  });
});

describe('clinicHours', () => {
  it('spans the earliest and latest time of any row', () => {
    expect(
      clinicHours([{ horas: '09:30 - 14:00 y 16:00 - 20:30' }, { horas: '9:00 - 15:00' }, { horas: 'Cerrado' }]),
    ).toEqual({ apertura: '09:00', cierre: '20:30', delHorario: true });
    expect(clinicHours([{ horas: 'de 10h00 a 14h00' }])).toEqual({
      apertura: '10:00',
      cierre: '14:00',
      delHorario: true,
    });
  });

  it('falls back to the default hours when the horario names none', () => {
    expect(clinicHours([])).toEqual({ ...AGENDA_DEFAULT_HOURS, delHorario: false });
    expect(clinicHours([{ horas: 'Cerrado' }, { horas: 'Con cita previa' }])).toEqual({
      ...AGENDA_DEFAULT_HOURS,
      delHorario: false,
    });
  });
});
