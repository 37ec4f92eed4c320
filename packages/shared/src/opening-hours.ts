import { normalizeSearchText } from './directory.ts';

/**
 * The clinic's opening days and the warning for an appointment outside its hours (issue 21: warn,
 * do not refuse). Read from the public horario's free-text rows ({ dias: 'Lunes a viernes', horas:
 * '09:00 - 20:00' }, { dias: 'Domingos y festivos', horas: 'Cerrado' }). Free of zod.
 */

/** Weekdays as Date#getDay numbers: 0 Sunday … 6 Saturday, by the first letters of their names. */
const DAY_PREFIXES = ['dom', 'lun', 'mar', 'mie', 'jue', 'vie', 'sab'] as const;
const DAY_NAMES_PLURAL = ['domingos', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábados'] as const;
/** A time as the rows write it: 9:00, 09.30, 10h00. */
const HORARIO_TIME = /\b([01]?\d|2[0-3])[:.h]([0-5]\d)\b/g;

const dayOf = (word: string) => DAY_PREFIXES.findIndex((prefix) => word.startsWith(prefix));

/**
 * The weekdays one row names: single days ('Sábados'), lists ('Lunes, miércoles y viernes') and
 * ranges ('Lunes a viernes', 'Lun - Jue'); every day for 'Todos los días'. Null when it names none
 * this can read.
 */
function daysOfRow(text: string): Set<number> | null {
  const normalized = normalizeSearchText(text);
  if (/\btodos los dias\b|\bdiario\b/.test(normalized)) return new Set([0, 1, 2, 3, 4, 5, 6]);
  const words = normalized
    .replace(/[-–—]/g, ' a ')
    .split(/[^a-z]+/)
    .filter(Boolean);
  const days = new Set<number>();
  for (let i = 0; i < words.length; i++) {
    const from = dayOf(words[i]!);
    if (from < 0) continue;
    const to = ['a', 'al', 'hasta'].includes(words[i + 1] ?? '') ? dayOf(words[i + 2] ?? '') : -1;
    if (to < 0) {
      days.add(from);
      continue;
    }
    for (let d = from; ; d = (d + 1) % 7) {
      days.add(d);
      if (d === to) break;
    }
    i += 2;
  }
  return days.size ? days : null;
}

/**
 * The weekdays the clinic opens (sorted): those of the rows that give hours. Undefined when no row
 * gives hours, or one that does names days this cannot read: then no day is said to be closed.
 */
export function openWeekdays(horario: readonly { dias?: string; horas: string }[]): number[] | undefined {
  const open = new Set<number>();
  for (const row of horario) {
    if (!row.horas.match(HORARIO_TIME)) continue;
    const days = daysOfRow(row.dias ?? '');
    if (!days) return undefined;
    for (const d of days) open.add(d);
  }
  return open.size ? [...open].sort() : undefined;
}

export const OPENING_HOURS_MESSAGES = {
  closedDay: (dayPlural: string) =>
    `La clínica no abre los ${dayPlural} según su horario. Puedes guardar la cita igualmente.`,
  outsideHours: (apertura: string, cierre: string) =>
    `La cita queda fuera del horario de la clínica (de ${apertura} a ${cierre}). Puedes guardarla igualmente.`,
  /** The clinic's horario names no hours: the agenda's default ones. */
  outsideDefaultHours: (apertura: string, cierre: string) =>
    `La cita queda fuera del horario habitual de la agenda (de ${apertura} a ${cierre}). Puedes guardarla igualmente.`,
} as const;

/**
 * Why an appointment falls outside the clinic's hours (a closed day first, then times before opening
 * or after closing), or null when it does not or the fields are not complete yet.
 */
export function outsideOpeningHours(
  cita: { fecha: string; horaInicio: string; horaFin: string },
  hours: { apertura: string; cierre: string; delHorario?: boolean; dias?: readonly number[] },
): string | null {
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(cita.fecha);
  const time = /^\d{2}:\d{2}$/;
  if (!date || !time.test(cita.horaInicio)) return null;
  const weekday = new Date(Date.UTC(Number(date[1]), Number(date[2]) - 1, Number(date[3]))).getUTCDay();
  if (hours.dias && !hours.dias.includes(weekday)) {
    return OPENING_HOURS_MESSAGES.closedDay(DAY_NAMES_PLURAL[weekday]!);
  }
  const end = time.test(cita.horaFin) ? cita.horaFin : cita.horaInicio;
  // HH:MM strings compare as times.
  if (cita.horaInicio < hours.apertura || end > hours.cierre) {
    const message = hours.delHorario === false ? 'outsideDefaultHours' : 'outsideHours';
    return OPENING_HOURS_MESSAGES[message](hours.apertura, hours.cierre);
  }
  return null;
}
