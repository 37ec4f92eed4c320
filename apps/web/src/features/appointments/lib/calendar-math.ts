import type { WeekStart } from '@odontia/shared';
import {
  addDays,
  addMonths,
  addWeeks,
  differenceInCalendarDays,
  endOfMonth,
  endOfWeek,
  format,
  getDay,
  parseISO,
  startOfMonth,
  startOfWeek,
} from 'date-fns';
import { es } from 'date-fns/locale';

/**
 * Calendar arithmetic on plain dates (YYYY-MM-DD, the clinic's local day). Every date is parsed as
 * a local midnight and formatted back, so the browser's time zone never shifts a day. Weeks start on
 * the clinic's day (`weekStartOf`, DESIGN §1): Sunday in Colombia (the spec's Dom to Sáb), Monday in Spain.
 */
export type IsoDate = string;
export type CalendarView = 'mes' | 'semana' | 'dia';

const toDate = (iso: IsoDate) => parseISO(iso);
export const toIso = (date: Date): IsoDate => format(date, 'yyyy-MM-dd');

/** 'Dom' … 'Sáb', by Date#getDay. */
const WEEKDAY_LABELS = ['Dom', 'Lun', 'Mar', 'Mié', 'Jue', 'Vie', 'Sáb'] as const;

/** The short name of a day's weekday: 'Lun'. */
export const weekdayLabel = (iso: IsoDate) => WEEKDAY_LABELS[getDay(toDate(iso))];

/** The column headers of a week that starts on `weekStartsOn`: 'Dom' … 'Sáb' or 'Lun' … 'Dom'. */
export const weekdayLabels = (weekStartsOn: WeekStart) =>
  Array.from({ length: 7 }, (_, d) => WEEKDAY_LABELS[(weekStartsOn + d) % 7]!);

/** The month grid around `iso`: whole weeks covering the month, 4 to 6 rows of 7 days. */
export function monthGrid(iso: IsoDate, weekStartsOn: WeekStart): IsoDate[][] {
  const month = toDate(iso);
  const first = startOfWeek(startOfMonth(month), { weekStartsOn });
  const last = endOfWeek(endOfMonth(month), { weekStartsOn });
  const days = differenceInCalendarDays(last, first) + 1;
  const weeks: IsoDate[][] = [];
  for (let i = 0; i < days; i += 7) weeks.push(Array.from({ length: 7 }, (_, d) => toIso(addDays(first, i + d))));
  return weeks;
}

/** The 7 days of the week holding `iso`. */
export function weekDays(iso: IsoDate, weekStartsOn: WeekStart): IsoDate[] {
  const first = startOfWeek(toDate(iso), { weekStartsOn });
  return Array.from({ length: 7 }, (_, d) => toIso(addDays(first, d)));
}

/** The first and last day a view shows: what the calendar asks the server for. */
export function visibleRange(
  view: CalendarView,
  iso: IsoDate,
  weekStartsOn: WeekStart,
): { desde: IsoDate; hasta: IsoDate } {
  if (view === 'dia') return { desde: iso, hasta: iso };
  if (view === 'semana') {
    const days = weekDays(iso, weekStartsOn);
    return { desde: days[0]!, hasta: days[6]! };
  }
  const weeks = monthGrid(iso, weekStartsOn);
  return { desde: weeks[0]![0]!, hasta: weeks[weeks.length - 1]![6]! };
}

/**
 * Previous (-1) or next (+1) month, week or day: the day view steps one day (DESIGN §1: a front desk
 * works day by day; the spec disabled it).
 */
export function step(view: CalendarView, iso: IsoDate, direction: 1 | -1): IsoDate {
  if (view === 'mes') return toIso(addMonths(startOfMonth(toDate(iso)), direction));
  if (view === 'semana') return toIso(addWeeks(toDate(iso), direction));
  return toIso(addDays(toDate(iso), direction));
}

/** How the previous and next buttons of a view are named. */
export const STEP_LABELS: Record<CalendarView, { previous: string; next: string }> = {
  mes: { previous: 'Mes anterior', next: 'Mes siguiente' },
  semana: { previous: 'Semana anterior', next: 'Semana siguiente' },
  dia: { previous: 'Día anterior', next: 'Día siguiente' },
};

export const isSameMonth = (a: IsoDate, b: IsoDate) => a.slice(0, 7) === b.slice(0, 7);

/** 'lunes, 23 de noviembre de 2026'. */
export const dayTitle = (iso: IsoDate) => format(toDate(iso), "EEEE, d 'de' MMMM 'de' yyyy", { locale: es });

/** A day in a list of the week's: 'Hoy · jueves, 26 de noviembre', 'Mañana · …', else 'sábado, 28 de noviembre'. */
export function dayHeading(iso: IsoDate, today: IsoDate): string {
  const name = format(toDate(iso), "EEEE, d 'de' MMMM", { locale: es });
  if (iso === today) return `Hoy · ${name}`;
  if (iso === toIso(addDays(toDate(today), 1))) return `Mañana · ${name}`;
  return name;
}

/** '22 nov – 28 nov 2026'. */
export const weekRangeTitle = (first: IsoDate, last: IsoDate) =>
  `${format(toDate(first), 'd MMM', { locale: es })} – ${format(toDate(last), 'd MMM yyyy', { locale: es })}`;

/** 'noviembre 2026', 'lunes, 23 de noviembre de 2026', '22 nov – 28 nov 2026'. */
export function viewTitle(view: CalendarView, iso: IsoDate, weekStartsOn: WeekStart): string {
  if (view === 'mes') return format(toDate(iso), 'LLLL yyyy', { locale: es });
  if (view === 'dia') return dayTitle(iso);
  const days = weekDays(iso, weekStartsOn);
  return weekRangeTitle(days[0]!, days[6]!);
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

/**
 * The dashboard's week `offset` weeks from today's (DESIGN §1): the days it asks for, and the order it
 * shows them in, which is the calendar's except in the current week, where today comes first, then
 * the days after it, then the week's days already gone.
 */
export function dashboardWeek(today: IsoDate, offset: number, weekStartsOn: WeekStart) {
  const days = weekDays(addDaysIso(today, offset * 7), weekStartsOn);
  const i = days.indexOf(today);
  return {
    desde: days[0]!,
    hasta: days[6]!,
    days: i < 0 ? days : [...days.slice(i), ...days.slice(0, i)],
  };
}
