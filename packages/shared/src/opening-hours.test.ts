import { describe, expect, it } from 'vitest';
import { OPENING_HOURS_MESSAGES, openWeekdays, outsideOpeningHours } from './opening-hours.ts';
import { clinicHours } from './schemas/appointments.ts';

describe('openWeekdays', () => {
  it('reads ranges, lists and single days of the rows that give hours; closed rows name no open day', () => {
    expect(
      openWeekdays([
        { dias: 'Lunes a viernes', horas: '09:00 - 20:00' },
        { dias: 'Sábados', horas: '10:00 - 14:00' },
        { dias: 'Domingos y festivos', horas: 'Cerrado' },
      ]),
    ).toEqual([1, 2, 3, 4, 5, 6]);
    expect(
      openWeekdays([
        { dias: 'Lunes a jueves', horas: '09:30 - 14:00 y 16:00 - 20:30' },
        { dias: 'Viernes', horas: '09:30 - 15:00' },
        { dias: 'Sábados, domingos y festivos', horas: 'Cerrado' },
      ]),
    ).toEqual([1, 2, 3, 4, 5]);
    expect(openWeekdays([{ dias: 'Lunes, miércoles y viernes', horas: '9:00-14:00' }])).toEqual([1, 3, 5]);
    expect(openWeekdays([{ dias: 'Lun - Jue', horas: '9h00 a 14h00' }])).toEqual([1, 2, 3, 4]);
    // A range that wraps over the weekend.
    expect(openWeekdays([{ dias: 'Viernes a lunes', horas: '10:00 - 18:00' }])).toEqual([0, 1, 5, 6]);
    expect(openWeekdays([{ dias: 'Todos los días', horas: '08:00 - 22:00' }])).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('says nothing when no row gives hours, or one that does names days it cannot read', () => {
    expect(openWeekdays([])).toBeUndefined();
    expect(openWeekdays([{ dias: 'Lunes a viernes', horas: 'Cerrado' }])).toBeUndefined();
    expect(
      openWeekdays([
        { dias: 'Lunes a viernes', horas: '09:00 - 20:00' },
        { dias: 'L-V tarde', horas: '16:00 - 20:00' },
      ]),
    ).toBeUndefined();
  });

  it('is part of the agenda’s hours when the horario names days', () => {
    expect(clinicHours([{ dias: 'Lunes a viernes', horas: '09:00 - 20:00' }])).toEqual({
      apertura: '09:00',
      cierre: '20:00',
      delHorario: true,
      dias: [1, 2, 3, 4, 5],
    });
    expect(clinicHours([{ horas: '09:00 - 20:00' }])).not.toHaveProperty('dias');
  });
});

describe('outsideOpeningHours', () => {
  const hours = { apertura: '09:00', cierre: '20:00', dias: [1, 2, 3, 4, 5, 6] };
  // 2026-11-22 is a Sunday, 2026-11-23 a Monday.

  it('warns about a closed day first, then about times before opening or after closing', () => {
    expect(outsideOpeningHours({ fecha: '2026-11-22', horaInicio: '23:00', horaFin: '23:30' }, hours)).toBe(
      OPENING_HOURS_MESSAGES.closedDay('domingos'),
    );
    expect(outsideOpeningHours({ fecha: '2026-11-23', horaInicio: '08:30', horaFin: '09:00' }, hours)).toBe(
      OPENING_HOURS_MESSAGES.outsideHours('09:00', '20:00'),
    );
    expect(outsideOpeningHours({ fecha: '2026-11-23', horaInicio: '19:45', horaFin: '20:15' }, hours)).toBe(
      'La cita queda fuera del horario de la clínica (de 09:00 a 20:00). Puedes guardarla igualmente.',
    );
  });

  it('is quiet within the hours, on days it does not know, and while the form is incomplete', () => {
    expect(outsideOpeningHours({ fecha: '2026-11-23', horaInicio: '09:00', horaFin: '20:00' }, hours)).toBeNull();
    const everyDay = { apertura: '08:00', cierre: '20:00' };
    expect(outsideOpeningHours({ fecha: '2026-11-22', horaInicio: '10:00', horaFin: '10:30' }, everyDay)).toBeNull();
    expect(outsideOpeningHours({ fecha: '2026-11-22', horaInicio: '23:00', horaFin: '' }, everyDay)).toBe(
      OPENING_HOURS_MESSAGES.outsideHours('08:00', '20:00'),
    );
    // The agenda's default hours (no horario) are named as such.
    expect(
      outsideOpeningHours(
        { fecha: '2026-11-22', horaInicio: '23:00', horaFin: '23:30' },
        { ...everyDay, delHorario: false },
      ),
    ).toBe('La cita queda fuera del horario habitual de la agenda (de 08:00 a 20:00). Puedes guardarla igualmente.');
    expect(outsideOpeningHours({ fecha: '', horaInicio: '23:00', horaFin: '23:30' }, hours)).toBeNull();
    expect(outsideOpeningHours({ fecha: '2026-11-22', horaInicio: '', horaFin: '' }, hours)).toBeNull();
  });
});
