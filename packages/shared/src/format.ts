import { format, parseISO } from 'date-fns';
import { es } from 'date-fns/locale';

/**
 * Long Spanish date for the dashboard: "sábado, 21 de noviembre de 2026". A calendar date (YYYY-MM-DD,
 * e.g. the clinic's today) is that day wherever the browser is.
 */
export function formatLongDate(date: Date | string): string {
  return format(typeof date === 'string' ? parseISO(date) : date, "EEEE, d 'de' MMMM 'de' yyyy", { locale: es });
}

/** dd/mm/yyyy for an ISO calendar date (YYYY-MM-DD) or a Date, without time-zone shifts. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  if (typeof value === 'string') {
    const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
    if (match) return `${match[3]}/${match[2]}/${match[1]}`;
    return format(new Date(value), 'dd/MM/yyyy');
  }
  return format(value, 'dd/MM/yyyy');
}

/**
 * Short date and time for lists of events: "21/11/2026 09:30", as the clock of `zone` (the clinic's,
 * as its agenda) reads that instant; without a zone, as the browser's does.
 */
export function formatDateTime(value: string | Date, zone?: string): string {
  const instant = typeof value === 'string' ? new Date(value) : value;
  if (!zone) return format(instant, 'dd/MM/yyyy HH:mm', { locale: es });
  const [day, time] = wallClock(zone, instant.getTime()).split(' ');
  return `${formatDate(day)} ${time}`;
}

/** Default zone of a clinic (`clinicas.zona_horaria`). */
export const DEFAULT_TIME_ZONE = 'Europe/Madrid';

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The calendar day (YYYY-MM-DD) it is in `zone` at `now`: at 23:30 UTC it is already tomorrow in
 * Madrid. Date rules ("not in the future") compare against this, never against the UTC day.
 */
export function todayInZone(zone: string = DEFAULT_TIME_ZONE, now: Date = new Date()): string {
  let formatter = dayFormatters.get(zone);
  if (!formatter) {
    // en-CA writes dates as YYYY-MM-DD.
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormatters.set(zone, formatter);
  }
  return formatter.format(now);
}

const wallFormatters = new Map<string, Intl.DateTimeFormat>();

/** 'YYYY-MM-DD HH:MM', the wall-clock reading of an instant in `zone`. */
function wallClock(zone: string, instant: number): string {
  let formatter = wallFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    wallFormatters.set(zone, formatter);
  }
  const p = Object.fromEntries(formatter.formatToParts(instant).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

/** The clinic's day (YYYY-MM-DD) and time (HH:MM) of an instant, as the clock of `zone` reads it. */
export function wallClockParts(zone: string, instant: Date): { fecha: string; hora: string } {
  const [fecha, hora] = wallClock(zone, instant.getTime()).split(' ') as [string, string];
  return { fecha, hora };
}

/**
 * False for a local time the clocks of `zone` skip (Europe/Madrid on 2026-03-29 goes from 02:00
 * to 03:00, so 02:30 never happens that day). Tries the zone's offsets of the hours around the
 * reading: a time that exists is what one of them gives back.
 */
export function localTimeExists(fecha: string, hora: string, zone: string): boolean {
  const asUtc = Date.parse(`${fecha}T${hora}:00Z`);
  if (Number.isNaN(asUtc)) return false;
  const target = `${fecha} ${hora}`;
  const offsetAt = (instant: number) => Date.parse(`${wallClock(zone, instant).replace(' ', 'T')}:00Z`) - instant;
  return [-12, 12].some((hours) => wallClock(zone, asUtc - offsetAt(asUtc + hours * 3_600_000)) === target);
}
