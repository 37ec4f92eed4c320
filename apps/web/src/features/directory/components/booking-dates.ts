import { BOOKING_MESSAGES } from '@odontia/shared';

/**
 * Calendar days of the public booking (YYYY-MM-DD, the clinic's calendar as the API gives it), with
 * Intl's Spanish names instead of a date library: the profile page shows the next free slot and every
 * kilobyte of a public page counts.
 */

/** The day `n` days after `day`, by the calendar (no time zone involved). */
export function addDays(day: string, n: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

const noonOf = (day: string) => new Date(`${day}T12:00:00Z`);
const dayMonth = new Intl.DateTimeFormat('es-ES', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });

/** 'hoy', 'mañana' or 'jueves, 5 de marzo', as the next free slot says it. */
export function relativeDay(day: string, hoy: string): string {
  if (day === hoy) return 'hoy';
  if (day === addDays(hoy, 1)) return 'mañana';
  return dayMonth.format(noonOf(day));
}

/** 'Próximo hueco: mañana a las 09:00', as the profile and the directory's cards say it. */
export const nextSlotText = (day: string, hora: string, hoy: string) =>
  BOOKING_MESSAGES.nextSlot(`${relativeDay(day, hoy)} a las ${hora}`);

const weekdayShort = new Intl.DateTimeFormat('es-ES', { weekday: 'short', timeZone: 'UTC' });
const monthShort = new Intl.DateTimeFormat('es-ES', { month: 'short', timeZone: 'UTC' });

/** The parts of a day's button in the booking's day list: 'lun', '5', 'mar'. */
export function dayParts(day: string): { weekday: string; day: number; month: string } {
  const date = noonOf(day);
  return {
    weekday: weekdayShort.format(date).replace('.', ''),
    day: date.getUTCDate(),
    month: monthShort.format(date).replace('.', ''),
  };
}

/** 'jueves, 5 de marzo de 2026'. */
export const longDay = (day: string) =>
  new Intl.DateTimeFormat('es-ES', { dateStyle: 'full', timeZone: 'UTC' }).format(noonOf(day));
