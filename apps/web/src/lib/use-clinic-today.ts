import {
  DEFAULT_TIME_ZONE,
  formatDate,
  formatDateTime,
  todayInZone,
  weekStartOf,
  type WeekStart,
} from '@odontia/shared';
import { useSession } from './session';

/**
 * Today's date (YYYY-MM-DD) in the clinic's time zone: what the date rules of the clinic's forms
 * compare to. Apart from session.tsx, which the public pages load: the date code stays out of them.
 */
export function useClinicToday(): string {
  const { account } = useSession();
  return todayInZone(account?.clinica?.zonaHoraria ?? DEFAULT_TIME_ZONE);
}

/** The first day of the clinic's calendar weeks: Monday in Spain, Sunday in Colombia (its country decides). */
export function useClinicWeekStart(): WeekStart {
  const { account } = useSession();
  return weekStartOf(account?.clinica ?? null);
}

/**
 * Writes an instant (an audit row, a notification, a step of an order) as the clinic's clock reads
 * it, as the agenda's times are: a member abroad or a browser set to another zone sees the clinic's.
 */
export function useClinicDateTime(): (value: string | Date) => string {
  const { account } = useSession();
  const zone = account?.clinica?.zonaHoraria ?? DEFAULT_TIME_ZONE;
  return (value) => formatDateTime(value, zone);
}

/** The day (dd/mm/yyyy) of an instant as the clinic's clock reads it. */
export function useClinicDate(): (value: string | Date) => string {
  const { account } = useSession();
  const zone = account?.clinica?.zonaHoraria ?? DEFAULT_TIME_ZONE;
  return (value) => formatDate(todayInZone(zone, typeof value === 'string' ? new Date(value) : value));
}
