import { formatDate, wallClockParts } from '@odontia/shared';

const previousDay = (fecha: string) =>
  new Date(Date.parse(`${fecha}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/**
 * When a block is, as the clinic's clock reads it: whole days ('25/10/2026', '23/10/2026 – 26/10/2026'),
 * the same day between two times ('10/03/2026, 13:30 – 15:00'), or from one moment to another.
 */
export function blockWhen(block: { inicio: string; fin: string }, zone: string): string {
  const start = wallClockParts(zone, new Date(block.inicio));
  const end = wallClockParts(zone, new Date(block.fin));
  if (start.hora === '00:00' && end.hora === '00:00') {
    const last = previousDay(end.fecha);
    return last === start.fecha ? formatDate(start.fecha) : `${formatDate(start.fecha)} – ${formatDate(last)}`;
  }
  if (start.fecha === end.fecha) return `${formatDate(start.fecha)}, ${start.hora} – ${end.hora}`;
  return `${formatDate(start.fecha)} ${start.hora} – ${formatDate(end.fecha)} ${end.hora}`;
}
