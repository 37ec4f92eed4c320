/**
 * The Día view's time grid (one column per dentist): wall-clock times of the clinic's day as
 * minutes since midnight. Plain arithmetic on 'HH:MM' strings, never Date: the browser's zone and
 * its daylight-saving changes cannot shift a slot.
 */
import {
  isCancelledAppointment,
  TIPO_BLOQUEO_LABELS,
  type AppointmentStatus,
  type BlockKind,
  type DaySchedule,
} from '@odontia/shared';
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

/** A cancelled appointment (by the clinic or the patient) leaves its slot free, as the server's rule does. */
const frees = (c: Timed) => c.estado !== undefined && isCancelledAppointment(c.estado);

/**
 * True when [start, start + SLOT_MINUTES) meets none of the (non-cancelled) appointments and none of
 * the dentist's closed time.
 */
export function isSlotFree(start: string, citas: readonly Timed[], closed: readonly ClosedSpan[] = []): boolean {
  const from = timeToMinutes(start);
  const to = from + SLOT_MINUTES;
  return (
    citas.every((c) => frees(c) || timeToMinutes(c.horaFin) <= from || timeToMinutes(c.horaInicio) >= to) &&
    closed.every((c) => c.end <= from || c.start >= to)
  );
}

/**
 * One dentist's free time within the clinic's hours on a day they have appointments: before the
 * first, between two and after the last (cancelled ones free their time), at least MIN_GAP_MINUTES,
 * leaving out their closed time. A dentist without appointments that day gets no hints: the whole
 * column is free.
 */
export function freeGaps(
  citas: readonly Timed[],
  hours: Hours,
  minMinutes = MIN_GAP_MINUTES,
  closed: readonly ClosedSpan[] = [],
): Gap[] {
  const open = timeToMinutes(hours.apertura);
  const close = timeToMinutes(hours.cierre);
  const busy = citas
    .filter((c) => !frees(c))
    .map((c) => [timeToMinutes(c.horaInicio), timeToMinutes(c.horaFin)] as const)
    .sort((a, b) => a[0] - b[0]);
  if (!busy.length) return [];
  const gaps: Gap[] = [];
  const add = (from: number, to: number) => {
    // Closed time (outside the dentist's hours, a block) is never offered as free.
    for (const [start, end] of subtract([Math.max(from, open), Math.min(to, close)], closed)) {
      if (end - start >= minMinutes)
        gaps.push({ start: minutesToTime(start), end: minutesToTime(end), minutes: end - start });
    }
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

/**
 * Time of a dentist's day the Día grid shows closed, in minutes of the day: outside their working
 * ranges (`title` null) or inside a block (`title` its type and reason). They never overlap: where a
 * block covers time outside the hours, the block is shown.
 */
export type ClosedSpan = { start: number; end: number; title: string | null };

/** [from, to) without the parts `closed` covers. */
function subtract([from, to]: [number, number], closed: readonly { start: number; end: number }[]) {
  let pieces: [number, number][] = from < to ? [[from, to]] : [];
  for (const c of closed) {
    pieces = pieces.flatMap(([a, b]): [number, number][] =>
      c.end <= a || c.start >= b
        ? [[a, b]]
        : ([
            [a, c.start],
            [c.end, b],
          ].filter(([x, y]) => x < y) as [number, number][]),
    );
  }
  return pieces;
}

/** A block's title: its type, and its reason when it has one ('Formación: Congreso'). */
export const blockTitle = (b: { tipo: BlockKind; motivo: string | null }) =>
  b.motivo ? `${TIPO_BLOQUEO_LABELS[b.tipo]}: ${b.motivo}` : TIPO_BLOQUEO_LABELS[b.tipo];

/**
 * One dentist's closed time within the grid's span, by start. A dentist without working hours set
 * (no row in `horarios`: the clinic has not set them up) has none outside hours; blocks apply to
 * every dentist when they are the whole clinic's.
 */
export function closedTime(
  schedule: DaySchedule | undefined,
  dentistaId: string,
  span: { start: number; end: number },
): ClosedSpan[] {
  if (!schedule) return [];
  const blocks: ClosedSpan[] = schedule.bloqueos
    .filter((b) => b.dentistaId === null || b.dentistaId === dentistaId)
    .map((b) => ({
      start: Math.max(timeToMinutes(b.horaInicio), span.start),
      end: Math.min(timeToMinutes(b.horaFin), span.end),
      title: blockTitle(b),
    }))
    .filter((b) => b.start < b.end);
  // Two blocks on the same time (the clinic's holiday on a dentist's vacation): the first one is shown.
  const shownBlocks: ClosedSpan[] = [];
  for (const b of blocks) {
    for (const [start, end] of subtract([b.start, b.end], shownBlocks)) shownBlocks.push({ ...b, start, end });
  }
  const hours = schedule.horarios.find((h) => h.dentistaId === dentistaId);
  const outside: ClosedSpan[] = [];
  if (hours) {
    const open = hours.rangos.map((r) => ({ start: timeToMinutes(r.horaInicio), end: timeToMinutes(r.horaFin) }));
    for (const [start, end] of subtract([span.start, span.end], [...open, ...shownBlocks]))
      outside.push({ start, end, title: null });
  }
  return [...shownBlocks, ...outside].sort((a, b) => a.start - b.start);
}
