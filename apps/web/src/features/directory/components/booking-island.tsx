import { SLOT_DAYS_MAX, type BookingOptions } from '@odontia/shared';
import { useEffect } from 'react';
import { QueryIsland } from '@/lib/query-island';
import { useBookingOptions } from '../api/booking-options';
import { useFreeSlots } from '../api/free-slots';
import { nextSlotText } from './booking-dates';

/** The first free slot of the first service over the next SLOT_DAYS_MAX days, or nothing (silently). */
function NextSlot({ clinicaId, options }: { clinicaId: string; options: BookingOptions }) {
  const first = options.servicios[0];
  // The same query the booking's first screen makes, so opening it shows these days at once.
  const { data } = useFreeSlots(
    clinicaId,
    first ? { servicioId: first.id, dentistaId: null, desde: options.hoy, dias: SLOT_DAYS_MAX } : null,
  );
  const day = data?.dias.find((d) => d.huecos.length > 0);
  if (!day) return null;
  return nextSlotText(day.fecha, day.huecos[0]!.hora, options.hoy);
}

type Props = {
  clinicaId: string;
  /** What may be booked once known; null when the clinic takes no online booking after all (a 404) or has no service to book. */
  onOptions: (options: BookingOptions | null) => void;
};

function BookingData({ clinicaId, onOptions }: Props) {
  const booking = useBookingOptions(clinicaId);
  const options = booking.data && booking.data.servicios.length > 0 ? booking.data : null;
  const settled = !booking.isPending;
  useEffect(() => {
    if (settled) onOptions(options);
  }, [settled, options, onOptions]);
  return options ? <NextSlot clinicaId={clinicaId} options={options} /> : null;
}

/**
 * What the profile's booking panel asks for after the page has hydrated (its options and the next
 * free slot), with the query library that asks (the page itself hydrates without it): rendered in the
 * panel's line for the next slot, it reports the options to the page.
 */
export default function BookingIsland(props: Props) {
  return (
    <QueryIsland>
      <BookingData {...props} />
    </QueryIsland>
  );
}
