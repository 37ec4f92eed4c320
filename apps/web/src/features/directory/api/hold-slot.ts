import type { HoldInput } from '@odontia/shared';
import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

export const holdSlot = (clinicaId: string, body: HoldInput) =>
  unwrap(api.reservas[':id'].retener.$post({ param: { id: clinicaId }, json: body }));

/** Holds the chosen slot for HOLD_MINUTES: 409 when it was taken meanwhile, 400 when the proof of work fails. */
export const useHoldSlot = (clinicaId: string) =>
  useMutation({ mutationFn: (body: HoldInput) => holdSlot(clinicaId, body) });

/**
 * Lets the held slot go when the visitor goes back to choose another: free at once for others. Nothing
 * waits on it, and a failure only means the hold ends on its own a few minutes later.
 */
export const releaseHold = (token: string) =>
  api.reservas.retenciones[':token'].$delete({ param: { token } }).then(
    () => undefined,
    () => undefined,
  );
