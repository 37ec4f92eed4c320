/**
 * The Día view's time grid (one column per dentist): wall-clock times of the clinic's day as
 * minutes since midnight. Plain arithmetic on 'HH:MM' strings, never Date: the browser's zone and
 * its daylight-saving changes cannot shift a slot.
 */
import { isCancelledAppointment, type AppointmentStatus } from '@odontia/shared';
export type Hours = { apertura: string; cierre: string };
export type Gap = { start: string; end: string; minutes: number };
type Timed = { horaInicio: string; horaFin: string; estado?: AppointmentStatus };

/** The grid's rows and the duration a slot click proposes. */
export const SLOT_MINUTES = 30;
/** Shorter free time is not worth a hint. */
export const MIN_GAP_MINUTES = 15;
const LAST_MINUTE = 23 * 60 + 59;

export const timeToMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const pad = (n: number) => String(n).padStart(2, '0');
export const minutesToTime = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
/** 'HH:MM' plus some minutes, kept within the day (a slot at 23:45 ends at 23:59). */
export const addMinutesToTime = (time: string, minutes: number) =>
  minutesToTime(Math.min(timeToMinutes(time) + minutes, LAST_MINUTE));

/**
 * The minutes the grid spans: the clinic's hours on whole hours, widened to show any appointment
 * that starts before opening or ends after closing.
 */
export function gridSpan(hours: Hours, citas: readonly Timed[]): { start: number; end: number } {
  let start = timeToMinutes(hours.apertura);
  let end = timeToMinutes(hours.cierre);
  for (const c of citas) {
    start = Math.min(start, timeToMinutes(c.horaInicio));
    end = Math.max(end, timeToMinutes(c.horaFin));
  }
  return { start: Math.floor(start / 60) * 60, end: Math.min(Math.ceil(end / 60) * 60, 24 * 60) };
}

/** The start of every slot of the span: '08:00', '08:30', ... (the last one ends at the span's end). */
export function gridSlots(span: { start: number; end: number }): string[] {
  const slots: string[] = [];
  for (let m = span.start; m + SLOT_MINUTES <= span.end; m += SLOT_MINUTES) slots.push(minutesToTime(m));
  return slots;
}

/** True when [start, start + SLOT_MINUTES) meets none of the (non-cancelled) appointments. */
/** A cancelled appointment (by the clinic or the patient) leaves its slot free, as the server's rule does. */
const frees = (c: Timed) => c.estado !== undefined && isCancelledAppointment(c.estado);

export function isSlotFree(start: string, citas: readonly Timed[]): boolean {
  const from = timeToMinutes(start);
  const to = from + SLOT_MINUTES;
  return citas.every((c) => frees(c) || timeToMinutes(c.horaFin) <= from || timeToMinutes(c.horaInicio) >= to);
}

/**
 * One dentist's free time within the clinic's hours on a day they have appointments: before the
 * first, between two and after the last (cancelled ones free their time), at least MIN_GAP_MINUTES.
 * A dentist without appointments that day gets no hints: the whole column is free.
 */
export function freeGaps(citas: readonly Timed[], hours: Hours, minMinutes = MIN_GAP_MINUTES): Gap[] {
  const open = timeToMinutes(hours.apertura);
  const close = timeToMinutes(hours.cierre);
  const busy = citas
    .filter((c) => !frees(c))
    .map((c) => [timeToMinutes(c.horaInicio), timeToMinutes(c.horaFin)] as const)
    .sort((a, b) => a[0] - b[0]);
  if (!busy.length) return [];
  const gaps: Gap[] = [];
  const add = (from: number, to: number) => {
    const start = Math.max(from, open);
    const end = Math.min(to, close);
    if (end - start >= minMinutes)
      gaps.push({ start: minutesToTime(start), end: minutesToTime(end), minutes: end - start });
  };
  let cursor = open;
  for (const [start, end] of busy) {
    if (start > cursor) add(cursor, start);
    cursor = Math.max(cursor, end);
  }
  add(cursor, close);
  return gaps;
}

/** The hint's text (the wording): '30 min libre', '90 min libre'. */
export const gapLabel = (minutes: number) => `${minutes} min libre`;
