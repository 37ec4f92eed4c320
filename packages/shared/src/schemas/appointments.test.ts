import { describe, expect, it } from 'vitest';
import { AGENDA_DEFAULT_HOURS, clinicHours, createAppointmentSchema } from './appointments.ts';

describe('clinicHours', () => {
  it('spans the earliest and latest time of any row', () => {
    expect(
      clinicHours([
        { horas: '09:30 - 14:00 y 16:00 - 20:30' },
        { horas: '9:00 - 15:00' },
        { horas: 'Cerrado' },
      ]),
    ).toEqual({ apertura: '09:00', cierre: '20:30', delHorario: true });
    expect(clinicHours([{ horas: 'de 10h00 a 14h00' }])).toEqual({ apertura: '10:00', cierre: '14:00', delHorario: true });
  });

  it('falls back to the default hours when the horario names none', () => {
    expect(clinicHours([])).toEqual({ ...AGENDA_DEFAULT_HOURS, delHorario: false });
    expect(clinicHours([{ horas: 'Cerrado' }, { horas: 'Con cita previa' }])).toEqual({ ...AGENDA_DEFAULT_HOURS, delHorario: false });
  });
});

describe('createAppointmentSchema', () => {
  const base = { dentistaId: '11111111-1111-4111-8111-111111111111', fecha: '2030-01-07', horaInicio: '10:00', horaFin: '10:30', titulo: 'Revisión' };
  it('needs a patient unless the appointment answers a request', () => {
    expect(createAppointmentSchema.safeParse(base).success).toBe(false);
    expect(createAppointmentSchema.safeParse({ ...base, pacienteId: '' }).error?.issues.map((i) => i.path)).toEqual([['pacienteId']]);
    expect(createAppointmentSchema.parse({ ...base, solicitudId: '22222222-2222-4222-8222-222222222222' })).toMatchObject({ pacienteId: null });
  });
});
