import { useEffect, useState } from 'react';
import { api, unwrap } from '@/lib/api';
import { nextSlotText } from '../components/booking-dates';

const NONE: ReadonlyMap<string, string> = new Map();

/**
 * 'Próximo hueco: …' of each listed clinic that takes online bookings, as its profile says it (issue
 * 24: the directory's cards show it too). Asked once per page (a clinic listed twice is asked for once),
 * after the page is on screen; nothing on a failure, and the cards keep their 'Reserva online' badge.
 */
export function useNextSlots(
  clinicas: readonly { id: string; reservaOnline: boolean }[] | undefined,
): ReadonlyMap<string, string> {
  const ids = [
    ...new Set((clinicas ?? []).filter((clinica) => clinica.reservaOnline).map((clinica) => clinica.id)),
  ].join(',');
  const [found, setFound] = useState<{ ids: string; texts: ReadonlyMap<string, string> }>({ ids: '', texts: NONE });
  useEffect(() => {
    if (!ids) return;
    let live = true;
    unwrap(api.reservas.proximos.$get({ query: { ids } })).then(
      ({ proximos }) => {
        if (!live) return;
        const texts = new Map(proximos.map((slot) => [slot.clinicaId, nextSlotText(slot.fecha, slot.hora, slot.hoy)]));
        setFound({ ids, texts });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [ids]);
  return found.ids === ids ? found.texts : NONE;
}
