import { BOOKING_MESSAGES, type Hold } from '@odontia/shared';
import { Clock, Info } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { longDay } from '../booking-dates';

/** '4:59' */
const minutesSeconds = (ms: number) => {
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/** The milliseconds left until `until`, every second; `onExpire` once when they run out. */
function useRemaining(until: number, onExpire: () => void): number {
  const [now, setNow] = useState(() => Date.now());
  const expire = useRef(onExpire);
  useEffect(() => {
    expire.current = onExpire;
  });
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const remaining = Math.max(0, until - now);
  useEffect(() => {
    if (remaining === 0) expire.current();
  }, [remaining]);
  return remaining;
}

/**
 * The held slot: how long it stays the visitor's ('Reservado para ti durante 4:59'), what it is, and,
 * when the clinic approves each booking, that it will. When the time runs out, `onExpire`.
 */
export function HoldSummary({
  hold,
  until,
  requiereAprobacion,
  onExpire,
}: {
  hold: Hold;
  /** When the hold ends (ms since the epoch, the browser's clock). */
  until: number;
  requiereAprobacion: boolean;
  onExpire: () => void;
}) {
  const remaining = useRemaining(until, onExpire);
  return (
    <div className="grid gap-3 rounded-lg border bg-muted/40 p-4">
      {/* role="timer" is not read aloud at every tick; the first reading says it all. */}
      <p role="timer" className="flex items-center gap-2 text-sm font-medium text-primary">
        <Clock className="size-4" aria-hidden="true" />
        {BOOKING_MESSAGES.heldFor(minutesSeconds(remaining))}
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Servicio</dt>
        <dd className="font-medium">{hold.servicio}</dd>
        <dt className="text-muted-foreground">Fecha</dt>
        <dd className="font-medium first-letter:uppercase">{longDay(hold.fecha)}</dd>
        <dt className="text-muted-foreground">Hora</dt>
        <dd className="font-medium">
          {hold.hora} – {hold.horaFin}
        </dd>
        <dt className="text-muted-foreground">Profesional</dt>
        <dd className="font-medium">{hold.dentista}</dd>
      </dl>
      {requiereAprobacion ? (
        <p className="flex items-start gap-2 text-sm text-muted-foreground">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {BOOKING_MESSAGES.approvalNotice}
        </p>
      ) : null}
    </div>
  );
}
