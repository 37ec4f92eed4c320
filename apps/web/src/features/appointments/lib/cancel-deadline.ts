import type { PatientAppointment } from '@odontia/shared';

const HOUR = 3_600_000;
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Until when the patient may cancel online (`cancelarHasta`, an instant), as the clinic's clock reads
 * it, like the appointment's own times on the page. The page is not told the clinic's zone, but the
 * appointment's start on the clinic's clock and the instant `cancelacionHoras` before it give the
 * clinic's offset at the start. A browser on that offset (the patient at home) reads the instant with its
 * own zone, which also gets a change of clocks in between right; elsewhere the start's offset is used.
 */
export function cancelDeadline(p: PatientAppointment): { fecha: string; hora: string } {
  const until = new Date(p.cancelarHasta);
  const start = until.getTime() + p.cancelacionHoras * HOUR;
  const startOnClinicClock = Date.parse(`${p.cita.fecha}T${p.cita.horaInicio.slice(0, 5)}:00Z`);
  const offset = startOnClinicClock - start;
  if (-new Date(start).getTimezoneOffset() * 60_000 === offset) {
    return {
      fecha: `${until.getFullYear()}-${pad(until.getMonth() + 1)}-${pad(until.getDate())}`,
      hora: `${pad(until.getHours())}:${pad(until.getMinutes())}`,
    };
  }
  const wall = new Date(until.getTime() + offset).toISOString();
  return { fecha: wall.slice(0, 10), hora: wall.slice(11, 16) };
}
