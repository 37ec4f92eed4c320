import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatLongDate, localTimeExists } from './format.ts';

describe('formatters', () => {
  it('writes the long Spanish date of the dashboard', () => {
    expect(formatLongDate(new Date(2026, 10, 21))).toBe('sábado, 21 de noviembre de 2026');
    expect(formatLongDate('2026-11-22')).toBe('domingo, 22 de noviembre de 2026');
  });

  it('writes calendar dates as dd/mm/yyyy without shifting the day', () => {
    expect(formatDate('2026-01-05')).toBe('05/01/2026');
    expect(formatDate(null)).toBe('');
  });

  it("reads an event's instant on the clinic's clock, whatever the browser's zone", () => {
    // 23:30 UTC on 31 December: already New Year in Madrid, still the afternoon in Bogotá.
    expect(formatDateTime('2026-12-31T23:30:00.000Z', 'Europe/Madrid')).toBe('01/01/2027 00:30');
    expect(formatDateTime('2026-12-31T23:30:00.000Z', 'America/Bogota')).toBe('31/12/2026 18:30');
    // Summer time: Madrid is UTC+2.
    expect(formatDateTime(new Date('2026-07-01T08:05:00Z'), 'Europe/Madrid')).toBe('01/07/2026 10:05');
  });
});

describe('localTimeExists', () => {
  it('is false only inside the hour the clocks skip when daylight saving starts', () => {
    expect(localTimeExists('2026-03-29', '02:30', 'Europe/Madrid')).toBe(false);
    expect(localTimeExists('2026-03-29', '02:00', 'Europe/Madrid')).toBe(false);
    expect(localTimeExists('2026-03-29', '01:59', 'Europe/Madrid')).toBe(true);
    expect(localTimeExists('2026-03-29', '03:00', 'Europe/Madrid')).toBe(true);
    expect(localTimeExists('2026-03-28', '02:30', 'Europe/Madrid')).toBe(true);
    // The hour that happens twice in autumn exists.
    expect(localTimeExists('2026-10-25', '02:30', 'Europe/Madrid')).toBe(true);
    // Other zones' own dates: New York skips 02:00-03:00 on 2026-03-08; UTC skips nothing.
    expect(localTimeExists('2026-03-08', '02:15', 'America/New_York')).toBe(false);
    expect(localTimeExists('2026-03-29', '02:30', 'America/New_York')).toBe(true);
    expect(localTimeExists('2026-03-29', '02:30', 'UTC')).toBe(true);
  });
});
