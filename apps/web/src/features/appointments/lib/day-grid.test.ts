import type { AppointmentStatus, DaySchedule } from '@odontia/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMinutesToTime,
  closedTime,
  freeGaps,
  gapLabel,
  gridSlots,
  gridSpan,
  isSlotFree,
  minutesToTime,
  timeToMinutes,
} from './day-grid';

const hours = { apertura: '09:00', cierre: '14:00' };
const cita = (horaInicio: string, horaFin: string, estado: AppointmentStatus = 'pendiente') => ({
  horaInicio,
  horaFin,
  estado,
});

function suite() {
  it('converts times and adds minutes within the day', () => {
    expect(timeToMinutes('09:30')).toBe(570);
    expect(minutesToTime(570)).toBe('09:30');
    expect(addMinutesToTime('09:45', 30)).toBe('10:15');
    expect(addMinutesToTime('23:45', 30)).toBe('23:59');
  });

  it("spans the clinic's hours on whole hours, widened to show every appointment", () => {
    expect(gridSpan({ apertura: '09:30', cierre: '20:30' }, [])).toEqual({ start: 540, end: 21 * 60 });
    expect(gridSpan(hours, [cita('07:45', '08:15'), cita('15:00', '16:10')])).toEqual({ start: 7 * 60, end: 17 * 60 });
    expect(gridSpan(hours, [cita('23:00', '23:59')]).end).toBe(24 * 60);
    expect(gridSlots({ start: 540, end: 660 })).toEqual(['09:00', '09:30', '10:00', '10:30']);
  });

  it('finds the free time before, between and after appointments within opening hours', () => {
    const day = [cita('10:00', '10:30'), cita('11:00', '12:00'), cita('11:30', '12:15'), cita('12:15', '13:50')];
    expect(freeGaps(day, hours)).toEqual([
      { start: '09:00', end: '10:00', minutes: 60 },
      { start: '10:30', end: '11:00', minutes: 30 },
    ]);
    // 13:50-14:00 is under the 15-minute minimum; a cancelled appointment frees its time.
    expect(
      freeGaps([cita('09:00', '10:00'), cita('10:00', '11:00', 'cancelada'), cita('11:00', '14:30')], hours),
    ).toEqual([{ start: '10:00', end: '11:00', minutes: 60 }]);
    // Appointments outside the hours leave the opening hours whole.
    expect(freeGaps([cita('07:00', '08:00')], hours)).toEqual([{ start: '09:00', end: '14:00', minutes: 300 }]);
    expect(freeGaps([], hours)).toEqual([]);
    expect(gapLabel(30)).toBe('30 min libre');
  });

  it('offers a slot only when no live appointment meets it (touching edges are free)', () => {
    const day = [
      cita('10:00', '10:30'),
      cita('11:00', '11:30', 'cancelada'),
      cita('12:10', '12:20'),
      // Cancelled by the patient frees its slot too; a no-show keeps it (it happened).
      cita('13:00', '13:30', 'cancelada_paciente'),
      cita('13:30', '14:00', 'no_asistio'),
    ];
    expect(isSlotFree('09:30', day)).toBe(true);
    expect(isSlotFree('10:00', day)).toBe(false);
    expect(isSlotFree('10:30', day)).toBe(true);
    expect(isSlotFree('11:00', day)).toBe(true);
    expect(isSlotFree('12:00', day)).toBe(false);
    expect(isSlotFree('13:00', day)).toBe(true);
    expect(isSlotFree('13:30', day)).toBe(false);
  });

  describe("a dentist's closed time", () => {
    const D1 = 'd1';
    const D2 = 'd2';
    const span = { start: 8 * 60, end: 20 * 60 };
    const schedule: DaySchedule = {
      horarios: [
        {
          dentistaId: D1,
          rangos: [
            { horaInicio: '09:00', horaFin: '14:00' },
            { horaInicio: '16:00', horaFin: '19:00' },
          ],
        },
      ],
      bloqueos: [
        { id: 'b1', dentistaId: D1, horaInicio: '12:00', horaFin: '15:00', tipo: 'formacion', motivo: 'Congreso' },
        { id: 'b2', dentistaId: 'otro', horaInicio: '10:00', horaFin: '11:00', tipo: 'descanso', motivo: null },
      ],
    };
    const at = (spans: ReturnType<typeof closedTime>) =>
      spans.map((c) => [minutesToTime(c.start), minutesToTime(c.end), c.title]);

    it('is the time outside the working ranges and inside the blocks, never both on the same minute', () => {
      expect(at(closedTime(schedule, D1, span))).toEqual([
        ['08:00', '09:00', null],
        ['12:00', '15:00', 'Formación: Congreso'],
        ['15:00', '16:00', null],
        ['19:00', '20:00', null],
      ]);
    });

    it('is none for a dentist without hours set, but for the blocks of the whole clinic', () => {
      expect(closedTime(schedule, D2, span)).toEqual([]);
      expect(closedTime(undefined, D1, span)).toEqual([]);
      const holiday: DaySchedule = {
        horarios: [],
        bloqueos: [
          { id: 'b3', dentistaId: null, horaInicio: '00:00', horaFin: '24:00', tipo: 'festivo', motivo: null },
        ],
      };
      expect(at(closedTime(holiday, D2, span))).toEqual([['08:00', '20:00', 'Festivo']]);
      // Hours set, none that day: all day closed.
      expect(at(closedTime({ horarios: [{ dentistaId: D2, rangos: [] }], bloqueos: [] }, D2, span))).toEqual([
        ['08:00', '20:00', null],
      ]);
    });

    it('offers no free slot or gap in it', () => {
      const closed = closedTime(schedule, D1, span);
      expect(isSlotFree('08:30', [], closed)).toBe(false);
      expect(isSlotFree('09:00', [], closed)).toBe(true);
      expect(isSlotFree('11:30', [], closed)).toBe(true);
      expect(isSlotFree('12:00', [], closed)).toBe(false);
      expect(isSlotFree('16:00', [], closed)).toBe(true);
      expect(freeGaps([cita('10:00', '10:30')], { apertura: '08:00', cierre: '20:00' }, 15, closed)).toEqual([
        { start: '09:00', end: '10:00', minutes: 60 },
        { start: '10:30', end: '12:00', minutes: 90 },
        { start: '16:00', end: '19:00', minutes: 180 },
      ]);
    });
  });
}

describe('day grid (TZ=UTC)', suite);

describe('day grid in a zone with a daylight-saving change that day (Europe/Madrid, 2026-03-29)', () => {
  const previous = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'Europe/Madrid';
  });
  afterAll(() => {
    if (previous === undefined) delete process.env.TZ;
    else process.env.TZ = previous;
  });
  it('is really in that zone', () => {
    expect(new Date(2026, 2, 29, 12).getTimezoneOffset()).toBe(-120);
  });
  suite();
  it('lays out the wall clock of the change day as typed: 01:30-03:30 spans four slots', () => {
    const span = gridSpan({ apertura: '01:00', cierre: '04:00' }, []);
    expect(gridSlots(span)).toEqual(['01:00', '01:30', '02:00', '02:30', '03:00', '03:30']);
    expect(freeGaps([cita('01:30', '03:30')], { apertura: '01:00', cierre: '04:00' })).toEqual([
      { start: '01:00', end: '01:30', minutes: 30 },
      { start: '03:30', end: '04:00', minutes: 30 },
    ]);
  });
});
