import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDaysIso,
  dashboardWeek,
  formatDay,
  formatTime,
  minutesBetween,
  monthGrid as monthGridFrom,
  step,
  viewTitle,
  visibleRange,
  weekDays as weekDaysFrom,
  weekdayLabel,
  weekdayLabels,
  weekOffsetLabel,
} from './calendar-math';

// Colombia's weeks (the spec's, Sunday first) unless a test says Monday (Spain's).
const SUNDAY = 0;
const MONDAY = 1;
const monthGrid = (iso: string) => monthGridFrom(iso, SUNDAY);
const weekDays = (iso: string) => weekDaysFrom(iso, SUNDAY);

describe('monthGrid', () => {
  it('covers the month with whole weeks from Sunday to Saturday', () => {
    // November 2026 starts on a Sunday and ends on a Monday.
    const weeks = monthGrid('2026-11-23');
    expect(weeks[0]![0]).toBe('2026-11-01');
    expect(weeks.at(-1)).toEqual([
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
    ]);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
  });

  it('starts in the previous year when January does not begin on a Sunday', () => {
    const weeks = monthGrid('2027-01-15');
    expect(weeks[0]).toEqual([
      '2026-12-27',
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
    expect(weeks.at(-1)![6]).toBe('2027-02-06');
  });

  it('handles a February of exactly four weeks and a leap February', () => {
    expect(monthGrid('2026-02-10')).toHaveLength(4); // 1 Feb 2026 is a Sunday, 28 days
    const leap = monthGrid('2028-02-29').flat();
    expect(leap).toContain('2028-02-29');
    expect(leap[0]).toBe('2028-01-30');
  });

  it('has no repeated or skipped day across a daylight-saving change', () => {
    const days = monthGrid('2026-03-01').flat(); // DST starts 8 Mar (US) and 29 Mar (EU)
    for (let i = 1; i < days.length; i++) expect(addDaysIso(days[i - 1]!, 1)).toBe(days[i]);
  });
});

describe('weeks that start on Monday (Spain)', () => {
  it('lay out the month from Monday to Sunday, with the labels to match', () => {
    const weeks = monthGridFrom('2026-11-23', MONDAY);
    expect(weeks[0]![0]).toBe('2026-10-26');
    expect(weeks.at(-1)).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ]);
    expect(weekdayLabels(MONDAY)).toEqual(['Lun', 'Mar', 'Mié', 'Jue', 'Vie', 'Sáb', 'Dom']);
    expect(weekdayLabels(SUNDAY)).toEqual(['Dom', 'Lun', 'Mar', 'Mié', 'Jue', 'Vie', 'Sáb']);
    expect(weekdayLabel('2026-11-22')).toBe('Dom');
  });

  it('make a Sunday the last day of its week, and ask for Monday to Sunday', () => {
    expect(weekDaysFrom('2026-11-22', MONDAY)[0]).toBe('2026-11-16');
    expect(weekDaysFrom('2026-11-23', MONDAY)[0]).toBe('2026-11-23');
    expect(visibleRange('semana', '2026-11-22', MONDAY)).toEqual({ desde: '2026-11-16', hasta: '2026-11-22' });
    expect(viewTitle('semana', '2026-11-22', MONDAY)).toBe('16 nov – 22 nov 2026');
    expect(viewTitle('semana', '2026-11-22', SUNDAY)).toBe('22 nov – 28 nov 2026');
  });
});

describe('weekDays', () => {
  it('is the Sunday-to-Saturday week, across a year boundary', () => {
    expect(weekDays('2026-12-31')).toEqual([
      '2026-12-27',
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
    expect(weekDays('2026-11-22')[0]).toBe('2026-11-22'); // a Sunday is its own week's first day
    expect(weekDays('2026-11-28')[0]).toBe('2026-11-22'); // and a Saturday its last
  });
});

describe('visibleRange and step', () => {
  it('asks the server for exactly the shown days', () => {
    expect(visibleRange('dia', '2026-11-23', SUNDAY)).toEqual({ desde: '2026-11-23', hasta: '2026-11-23' });
    expect(visibleRange('semana', '2026-11-23', SUNDAY)).toEqual({ desde: '2026-11-22', hasta: '2026-11-28' });
    expect(visibleRange('mes', '2026-11-23', SUNDAY)).toEqual({ desde: '2026-11-01', hasta: '2026-12-05' });
    expect(visibleRange('mes', '2026-11-23', MONDAY)).toEqual({ desde: '2026-10-26', hasta: '2026-12-06' });
  });

  it('steps by month (from the 31st too), by week and by day across years', () => {
    expect(step('mes', '2027-01-31', 1)).toBe('2027-02-01');
    expect(step('mes', '2027-01-31', -1)).toBe('2026-12-01');
    expect(step('semana', '2026-12-30', 1)).toBe('2027-01-06');
    expect(step('semana', '2027-01-02', -1)).toBe('2026-12-26');
    // The day view steps one day (DESIGN §1), over a month's and a year's end too.
    expect(step('dia', '2026-11-23', 1)).toBe('2026-11-24');
    expect(step('dia', '2026-12-31', 1)).toBe('2027-01-01');
    expect(step('dia', '2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('formatting', () => {
  it('shows dates as dd/MM/yyyy and times as HH:MM', () => {
    expect(formatDay('2026-01-05')).toBe('05/01/2026');
    expect(formatTime('09:30:00')).toBe('09:30');
    expect(minutesBetween('09:30:00', '10:15')).toBe(45);
  });

  it('titles views in Spanish', () => {
    expect(viewTitle('mes', '2026-11-23', SUNDAY)).toBe('noviembre 2026');
    expect(viewTitle('dia', '2026-11-23', SUNDAY)).toBe('lunes, 23 de noviembre de 2026');
  });

  it('labels the dashboard weeks', () => {
    expect([0, 1, -1, 2, -3].map(weekOffsetLabel)).toEqual([
      'Esta semana',
      'Próxima semana',
      'Semana anterior',
      'Semana +2',
      'Semana -3',
    ]);
  });
});

describe('dashboardWeek', () => {
  it('is the clinic’s week from today, today first and the days already gone last', () => {
    // Thursday 26 November 2026.
    expect(dashboardWeek('2026-11-26', 0, MONDAY)).toEqual({
      desde: '2026-11-23',
      hasta: '2026-11-29',
      days: ['2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29', '2026-11-23', '2026-11-24', '2026-11-25'],
    });
    expect(dashboardWeek('2026-11-26', 0, SUNDAY).desde).toBe('2026-11-22');
  });

  it('shows another week in calendar order', () => {
    expect(dashboardWeek('2026-11-26', 1, MONDAY)).toEqual({
      desde: '2026-11-30',
      hasta: '2026-12-06',
      days: ['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06'],
    });
    expect(dashboardWeek('2026-11-26', -1, SUNDAY).days[0]).toBe('2026-11-15');
  });
});

describe('in a zone whose daylight-saving change skips midnight (America/Santiago)', () => {
  const previous = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'America/Santiago';
  });
  afterAll(() => {
    if (previous === undefined) delete process.env.TZ;
    else process.env.TZ = previous;
  });

  it('keeps every day once across the change (6 Sep 2026 starts at 01:00 there)', () => {
    expect(new Date(2026, 8, 6).getHours()).toBe(1); // the zone is really in effect
    const days = monthGrid('2026-09-15').flat();
    expect(days[0]).toBe('2026-08-30');
    for (let i = 1; i < days.length; i++) expect(addDaysIso(days[i - 1]!, 1)).toBe(days[i]);
    expect(weekDays('2026-09-06')).toEqual([
      '2026-09-06',
      '2026-09-07',
      '2026-09-08',
      '2026-09-09',
      '2026-09-10',
      '2026-09-11',
      '2026-09-12',
    ]);
    expect(step('semana', '2026-09-01', 1)).toBe('2026-09-08');
    expect(step('mes', '2026-09-06', 1)).toBe('2026-10-01');
    expect(formatDay('2026-09-06')).toBe('06/09/2026');
  });
});
