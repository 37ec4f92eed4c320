import { BOOKING_MESSAGES, type BookingOptions } from '@odontia/shared';
import { CalendarCheck } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { buttonVariants } from '@/components/ui/button-variants';

// The booking (its dialog, forms, validation and proof of work) loads when the visitor is about to
// open it, never with the profile: the public pages have a JavaScript budget (DESIGN §7).
const loadBooking = () => import('./online-booking');
const OnlineBooking = lazy(loadBooking);

/** The booking's place on the profile: the profile's structured data points search engines at it (#reservar). */
export const BOOKING_ANCHOR = 'reservar';

/**
 * 'Reservar cita' on the public profile of a clinic that takes online bookings: the 'Reserva online'
 * badge with the next free slot, the button that opens the booking, and the way to the request form.
 * Drawn whole from the first paint, before its options (`null`) and the next slot have come: they fill
 * a place kept for them, so nothing below moves (the server's HTML has no options either).
 */
export function OnlineBookingPanel({
  clinicaId,
  clinicName,
  options,
  nextSlot,
  onRequest,
}: {
  clinicaId: string;
  clinicName: string;
  /** What may be booked; null while it loads (the button waits for it). */
  options: BookingOptions | null;
  /** 'Próximo hueco: …', once known. */
  nextSlot?: ReactNode;
  /** Opens the Contacto tab's request form. */
  onRequest: () => void;
}) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so that closing by mistake keeps the slot held and the details typed.
  const [started, setStarted] = useState(false);
  const preload = () => void loadBooking();
  return (
    <section
      id={BOOKING_ANCHOR}
      aria-label={BOOKING_MESSAGES.onlineBadge}
      className="rounded-xl border border-primary/30 bg-primary/5 p-4"
    >
      <span className="inline-flex items-center gap-1 rounded-full bg-primary px-2.5 py-0.5 text-xs font-medium text-primary-foreground">
        <CalendarCheck className="size-3.5" aria-hidden="true" />
        {BOOKING_MESSAGES.onlineBadge}
      </span>
      {/* The place of the next slot, which comes after the page, kept so that it never pushes the page
          down: two lines on a phone, where 'Próximo hueco: miércoles, 16 de diciembre a las 10:30' wraps. */}
      <p className="mt-2 min-h-10 text-sm text-muted-foreground sm:min-h-5">{nextSlot}</p>
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
        <button
          type="button"
          className={buttonVariants({ size: 'lg' })}
          disabled={!options}
          onPointerEnter={preload}
          onFocus={preload}
          onClick={() => {
            setStarted(true);
            setOpen(true);
          }}
        >
          {BOOKING_MESSAGES.bookOnline}
        </button>
        <button
          type="button"
          onClick={onRequest}
          className="text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:underline focus-visible:outline-none"
        >
          {BOOKING_MESSAGES.orRequest}
        </button>
      </div>
      {started && options ? (
        <Suspense
          fallback={
            <p
              role="status"
              className="fixed inset-x-0 bottom-6 z-50 mx-auto w-fit rounded-full bg-foreground px-4 py-2 text-sm text-background shadow-lg"
            >
              Cargando…
            </p>
          }
        >
          <OnlineBooking
            clinicaId={clinicaId}
            clinicName={clinicName}
            options={options}
            open={open}
            onOpenChange={setOpen}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
