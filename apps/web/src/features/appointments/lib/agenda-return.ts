import type { Location } from 'react-router';

/**
 * Where a booking started from the calendar's Día (a free slot, 'Nueva cita este día') goes back to:
 * the navigation state its links carry, so that saving lands on the day of the appointment, with the
 * calendar's filter, instead of on the Lista (issue 21). Kept in history state, so a reload of the
 * form keeps it too.
 */
export type AgendaReturnState = { volverA: string };

/** The state a link from the agenda at `location` carries to the form. */
export const agendaReturnState = (location: Pick<Location, 'pathname' | 'search'>): AgendaReturnState => ({
  volverA: `${location.pathname}${location.search}`,
});

/** The agenda the form came from, if it did (only the agenda's own path is followed). */
export function agendaReturn(state: unknown): string | null {
  const volverA = (state as Partial<AgendaReturnState> | null)?.volverA;
  return typeof volverA === 'string' && /^\/citas(\?|$)/.test(volverA) ? volverA : null;
}

/** That agenda's Día view of `fecha`: the day an appointment was saved on. */
export function agendaDay(volverA: string, fecha: string): string {
  const params = new URLSearchParams(volverA.split('?')[1] ?? '');
  params.set('vista', 'calendario');
  params.set('modo', 'dia');
  params.set('fecha', fecha);
  return `/citas?${params.toString()}`;
}
