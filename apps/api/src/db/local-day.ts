import { sql, type Column, type SQL } from 'drizzle-orm';

/**
 * A clinic's days and wall-clock times in SQL, written once: PostgreSQL applies the zone's DST rules
 * (docs/decisions/0016). `zona` is an IANA zone (a value, or SQL such as a placeholder cast to text);
 * days and times are values or SQL of type date and time.
 */
type Zone = string | SQL;

/** The instant of a local day and time. One the clocks skip is moved an hour on (callers refuse it first). */
export const localInstant = (day: string | SQL, time: string | SQL, zona: Zone): SQL =>
  sql`((${day}::date + ${time}::time) AT TIME ZONE ${zona})`;

/** The instant a local day starts (its midnight); `dayOffset` 1 is the next day's: 23 or 25 hours later on a DST change. */
export const localMidnight = (day: string | SQL, zona: Zone, dayOffset: 0 | 1 = 0): SQL =>
  sql`((${day}::date${dayOffset ? sql` + 1` : sql``})::timestamp AT TIME ZONE ${zona})`;

/** The local day of an instant, as a date. */
export const localDay = (instant: Column | SQL, zona: Zone): SQL<string> =>
  sql<string>`(${instant} AT TIME ZONE ${zona})::date`;

/** The local day (`YYYY-MM-DD`) or time (`HH24:MI`) of an instant, as text. */
export const localText = (instant: Column | SQL, zona: Zone, pattern: 'YYYY-MM-DD' | 'HH24:MI'): SQL<string> =>
  sql<string>`to_char(${instant} AT TIME ZONE ${zona}, ${sql.raw(`'${pattern}'`)})`;
