import { zoneName } from '@odontia/shared';

const clocks = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, Intl.DateTimeFormat>();

/** 'HH:MM' of an instant on the clock of `zone`. */
export function clockIn(zone: string, instant: number = Date.now()): string {
  let clock = clocks.get(zone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('es-ES', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    clocks.set(zone, clock);
  }
  return clock.format(instant);
}

/** Minutes `zone` is ahead of UTC at `instant` (Madrid in winter: 60; Bogotá: -300). */
function offsetMinutes(zone: string, instant: number): number {
  let format = offsets.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    offsets.set(zone, format);
  }
  const name = format.formatToParts(instant).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

/** What `hora` (HH:MM) on `from`'s clock reads on `to`'s, today. */
export function sameInstantIn(hora: string, from: string, to: string, now: number = Date.now()): string {
  const minutes = Number(hora.slice(0, 2)) * 60 + Number(hora.slice(3, 5));
  const shifted = (minutes + offsetMinutes(to, now) - offsetMinutes(from, now) + 24 * 60) % (24 * 60);
  return `${String(Math.floor(shifted / 60)).padStart(2, '0')}:${String(shifted % 60).padStart(2, '0')}`;
}

/**
 * What the settings screen says before the zone changes (decision 0016): appointments keep their
 * instants, so they show on the new clock; with an example for today.
 */
export function zoneChangeNotice(from: string, to: string, now: number = Date.now()): string {
  return (
    'Cambiar la zona horaria no mueve las citas ya guardadas: conservan su momento y se mostrarán en la hora de la ' +
    `nueva zona. Por ejemplo, una cita guardada a las 10:00 (${zoneName(from)}) se mostrará a las ` +
    `${sameInstantIn('10:00', from, to, now)} (${zoneName(to)}). El día de hoy, la agenda y los filtros por fecha ` +
    'usarán la nueva zona.'
  );
}
