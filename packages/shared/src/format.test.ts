import { describe, expect, it } from 'vitest';
import { formatDate, formatLongDate } from './format.ts';

describe('formatters', () => {
  it('writes the long Spanish date of the dashboard', () => {
    expect(formatLongDate(new Date(2026, 10, 21))).toBe('sábado, 21 de noviembre de 2026');
  });

  it('writes calendar dates as dd/mm/yyyy without shifting the day', () => {
    expect(formatDate('2026-01-05')).toBe('05/01/2026');
    expect(formatDate(null)).toBe('');
  });
});
