import { describe, expect, it } from 'vitest';
import { appointmentSteps, CITA_PASO_LABELS, CITA_PASOS, ESTADOS_CITA, isCancelledAppointment } from './estados.ts';

describe("the desk's steps through the day (issue 24)", () => {
  const today = '2026-11-26';
  it('offers arriving and being attended on the day, confirming before it, a no-show on or after it', () => {
    expect(appointmentSteps('pendiente', today, today)).toEqual(['confirmada', 'en_sala', 'no_asistio']);
    expect(appointmentSteps('pendiente', '2026-11-27', today)).toEqual(['confirmada']);
    expect(appointmentSteps('confirmada', '2026-11-25', today)).toEqual(['no_asistio']);
    expect(appointmentSteps('confirmada_paciente', today, today)).toEqual(['en_sala', 'no_asistio']);
    expect(appointmentSteps('en_sala', today, today)).toEqual(['atendida']);
    expect(appointmentSteps('en_sala', '2026-11-27', today)).toEqual([]);
    expect(appointmentSteps('atendida', today, today)).toEqual([]);
  });

  it('names every step, ends in states with none, and frees the slot only when cancelled', () => {
    for (const estado of ESTADOS_CITA) {
      for (const next of CITA_PASOS[estado]) expect(CITA_PASO_LABELS[next]).toBeTruthy();
    }
    expect(ESTADOS_CITA.filter(isCancelledAppointment)).toEqual(['cancelada', 'cancelada_paciente']);
    expect(CITA_PASOS.cancelada).toEqual([]);
  });
});
