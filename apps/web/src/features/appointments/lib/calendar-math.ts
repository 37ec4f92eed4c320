import {
  addDays,
  addMonths,
  addWeeks,
  differenceInCalendarDays,
  endOfMonth,
  endOfWeek,
  format,
  parseISO,
  startOfMonth,
  startOfWeek,
} from 'date-fns';
import { es } from 'date-fns/locale';

/**
 * Calendar arithmetic on plain dates (YYYY-MM-DD, the clinic's local day). Every date is parsed as
 * a local midnight and formatted back, so the browser's time zone never shifts a day.
 */
export type IsoDate = string;
export type CalendarView = 'mes' | 'semana' | 'dia';

/** Spec 001 §3: weeks start on Sunday (Dom to Sáb). */
const WEEK = { weekStartsOn: 0 } as const;

const toDate = (iso: IsoDate) => parseISO(iso);
export const toIso = (date: Date): IsoDate => format(date, 'yyyy-MM-dd');

/** 'Dom' … 'Sáb', Sunday first. */
export const WEEKDAY_LABELS = ['Dom', 'Lun', 'Mar', 'Mié', 'Jue', 'Vie', 'Sáb'] as const;

/** The month grid around `iso`: whole weeks (Sunday to Saturday) covering the month, 4 to 6 rows of 7 days. */
export function monthGrid(iso: IsoDate): IsoDate[][] {
  const month = toDate(iso);
  const first = startOfWeek(startOfMonth(month), WEEK);
  const last = endOfWeek(endOfMonth(month), WEEK);
  const days = differenceInCalendarDays(last, first) + 1;
  const weeks: IsoDate[][] = [];
  for (let i = 0; i < days; i += 7) weeks.push(Array.from({ length: 7 }, (_, d) => toIso(addDays(first, i + d))));
  return weeks;
}

/** The 7 days (Sunday to Saturday) of the week holding `iso`. */
export function weekDays(iso: IsoDate): IsoDate[] {
  const first = startOfWeek(toDate(iso), WEEK);
  return Array.from({ length: 7 }, (_, d) => toIso(addDays(first, d)));
}

/** The first and last day a view shows: what the calendar asks the server for. */
export function visibleRange(view: CalendarView, iso: IsoDate): { desde: IsoDate; hasta: IsoDate } {
  if (view === 'dia') return { desde: iso, hasta: iso };
  if (view === 'semana') {
    const days = weekDays(iso);
    return { desde: days[0]!, hasta: days[6]! };
  }
  const weeks = monthGrid(iso);
  return { desde: weeks[0]![0]!, hasta: weeks[weeks.length - 1]![6]! };
}

/** Previous (-1) or next (+1) month or week; the day view does not step (spec 001 §2). */
export function step(view: CalendarView, iso: IsoDate, direction: 1 | -1): IsoDate {
  if (view === 'mes') return toIso(addMonths(startOfMonth(toDate(iso)), direction));
  if (view === 'semana') return toIso(addWeeks(toDate(iso), direction));
  return iso;
}

export const isSameMonth = (a: IsoDate, b: IsoDate) => a.slice(0, 7) === b.slice(0, 7);

/** 'noviembre 2026', 'lunes, 23 de noviembre de 2026', '22 nov – 28 nov 2026'. */
export function viewTitle(view: CalendarView, iso: IsoDate): string {
  const date = toDate(iso);
  if (view === 'mes') return format(date, 'LLLL yyyy', { locale: es });
  if (view === 'dia') return format(date, "EEEE, d 'de' MMMM 'de' yyyy", { locale: es });
  const days = weekDays(iso);
  return `${format(toDate(days[0]!), 'd MMM', { locale: es })} – ${format(toDate(days[6]!), 'd MMM yyyy', { locale: es })}`;
}

/** 'dd/MM/yyyy' (spec 001 §9). */
export const formatDay = (iso: IsoDate) => format(toDate(iso), 'dd/MM/yyyy');

/** HH:MM, the first 5 characters of a time (spec 001 §9). */
export const formatTime = (time: string) => time.slice(0, 5);

/** Minutes between two HH:MM[:SS] times of one day. */
export function minutesBetween(start: string, end: string): number {
  const m = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  return m(end) - m(start);
}

/**
 * The dashboard's week navigation (spec 000 §2), in 7-day steps from today: 0 'Esta semana',
 * 1 'Próxima semana', -1 'Semana anterior', otherwise 'Semana +N' / 'Semana -N'.
 */
export function weekOffsetLabel(offset: number): string {
  if (offset === 0) return 'Esta semana';
  if (offset === 1) return 'Próxima semana';
  if (offset === -1) return 'Semana anterior';
  return offset > 0 ? `Semana +${offset}` : `Semana ${offset}`;
}

export const addDaysIso = (iso: IsoDate, days: number) => toIso(addDays(toDate(iso), days));
