import { BOOKING_MESSAGES, SLOT_DAYS_MAX, type BookingOptions } from '@odontia/shared';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { useFreeSlots } from '../../api/free-slots';
import { addDays, dayParts, longDay } from '../booking-dates';

/** What the visitor has chosen so far; `dentistaId` null is 'Cualquiera', `fecha` null the first day with slots. */
export type Choice = { servicioId: string; dentistaId: string | null; desde: string; fecha: string | null };

/** The slot being held: solving the proof of work, then asking the server. */
export type Picking = { fecha: string; hora: string; phase: 'solving' | 'holding' };

const cardClass =
  'flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm transition-colors hover:bg-accent has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring';

function RadioCard({
  name,
  checked,
  onChange,
  title,
  detail,
}: {
  name: string;
  checked: boolean;
  onChange: () => void;
  title: string;
  detail?: string;
}) {
  return (
    <label className={cardClass}>
      <input type="radio" name={name} checked={checked} onChange={onChange} className="mt-0.5 accent-primary" />
      <span className="grid gap-0.5">
        <span className="font-medium">{title}</span>
        {detail ? <span className="text-muted-foreground">{detail}</span> : null}
      </span>
    </label>
  );
}

const legendClass = 'mb-2 text-sm font-semibold';

/**
 * The booking's first screen: (a) the service, (b) a dentist or 'Cualquiera', (c) a day of the next
 * SLOT_DAYS_MAX (paged up to the clinic's horizon) and (d) its free slots. Choosing a slot holds it.
 */
export function SlotPicker({
  clinicaId,
  options,
  choice,
  onChoiceChange,
  onPick,
  picking,
  notice,
}: {
  clinicaId: string;
  options: BookingOptions;
  choice: Choice;
  onChoiceChange: (choice: Choice) => void;
  onPick: (fecha: string, hora: string) => void;
  picking: Picking | null;
  /** Why the visitor is back here (a slot taken, a hold lost), in the server's words. */
  notice: string | null;
}) {
  const slots = useFreeSlots(clinicaId, {
    servicioId: choice.servicioId,
    dentistaId: choice.dentistaId,
    desde: choice.desde,
    dias: SLOT_DAYS_MAX,
  });
  const ultimo = addDays(options.hoy, options.horizonteDias);
  const days = (slots.data?.dias ?? []).filter((d) => d.fecha <= ultimo);
  const day =
    days.find((d) => d.fecha === choice.fecha && d.huecos.length > 0) ?? days.find((d) => d.huecos.length > 0);
  const next = addDays(choice.desde, SLOT_DAYS_MAX);
  const hasNext = next <= ultimo;
  const hasPrevious = choice.desde > options.hoy;
  const update = (change: Partial<Choice>) => onChoiceChange({ ...choice, ...change });
  // While other days or another service load, the previous ones stay on screen but cannot be chosen.
  const stale = slots.isPlaceholderData;

  return (
    // min-w-0 on the grid and its items: the day strip scrolls inside the dialog instead of widening it.
    <div className="grid min-w-0 gap-6 *:min-w-0">
      {notice ? (
        <p
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive"
        >
          {notice}
        </p>
      ) : null}

      <fieldset>
        <legend className={legendClass}>Servicio</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {options.servicios.map((s) => (
            <RadioCard
              key={s.id}
              name="servicio"
              checked={choice.servicioId === s.id}
              onChange={() => update({ servicioId: s.id, fecha: null })}
              title={s.nombre}
              detail={`${s.duracionMinutos} min`}
            />
          ))}
        </div>
      </fieldset>

      <fieldset>
        <legend className={legendClass}>Profesional</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          <RadioCard
            name="dentista"
            checked={choice.dentistaId === null}
            onChange={() => update({ dentistaId: null, fecha: null })}
            title={BOOKING_MESSAGES.anyDentist}
            detail="El primer profesional libre"
          />
          {options.dentistas.map((d) => (
            <RadioCard
              key={d.id}
              name="dentista"
              checked={choice.dentistaId === d.id}
              onChange={() => update({ dentistaId: d.id, fecha: null })}
              title={d.nombre}
            />
          ))}
        </div>
      </fieldset>

      <section aria-labelledby="reserva-dia">
        <div className="mb-2 flex items-center justify-between gap-2">
          <h3 id="reserva-dia" className="text-sm font-semibold">
            Día
          </h3>
          <div className="flex gap-1">
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label="Días anteriores"
              disabled={!hasPrevious}
              onClick={() => update({ desde: addDays(choice.desde, -SLOT_DAYS_MAX), fecha: null })}
            >
              <ChevronLeft aria-hidden="true" />
            </Button>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label="Días siguientes"
              disabled={!hasNext}
              onClick={() => update({ desde: next, fecha: null })}
            >
              <ChevronRight aria-hidden="true" />
            </Button>
          </div>
        </div>
        {slots.isPending ? (
          <div className="flex gap-2 overflow-hidden" aria-busy="true">
            {Array.from({ length: 7 }, (_, i) => (
              <Skeleton key={i} className="h-18 w-16 shrink-0" />
            ))}
          </div>
        ) : slots.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-destructive">
            {BOOKING_MESSAGES.slotsLoadError}
            <Button type="button" variant="outline" size="sm" onClick={() => void slots.refetch()}>
              Reintentar
            </Button>
          </div>
        ) : (
          <ul
            className={cn('-mx-1 flex gap-2 overflow-x-auto px-1 pb-2', stale && 'opacity-60')}
            aria-label="Días"
            aria-busy={stale || undefined}
          >
            {days.map((d) => {
              const parts = dayParts(d.fecha);
              const free = d.huecos.length;
              const selected = d.fecha === day?.fecha;
              return (
                <li key={d.fecha} className="shrink-0">
                  <button
                    type="button"
                    disabled={free === 0 || stale}
                    aria-pressed={selected}
                    aria-label={`${longDay(d.fecha)}: ${free === 0 ? 'sin huecos' : `${free} ${free === 1 ? 'hueco libre' : 'huecos libres'}`}`}
                    onClick={() => update({ fecha: d.fecha })}
                    className={cn(
                      'flex w-16 flex-col items-center rounded-lg border px-1 py-2 text-xs transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring',
                      selected ? 'border-primary bg-primary text-primary-foreground' : 'hover:bg-accent',
                      free === 0 && 'cursor-not-allowed opacity-45',
                    )}
                  >
                    <span className="capitalize">{parts.weekday}</span>
                    <span className="text-lg leading-tight font-semibold">{parts.day}</span>
                    <span>{parts.month}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section aria-labelledby="reserva-hora">
        <h3 id="reserva-hora" className="mb-2 text-sm font-semibold">
          Hora{day ? <span className="font-normal text-muted-foreground"> · {longDay(day.fecha)}</span> : null}
        </h3>
        {slots.isPending || slots.isError ? null : day ? (
          <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5" aria-label={`Huecos libres del ${longDay(day.fecha)}`}>
            {day.huecos.map((h) => {
              const busy = picking?.fecha === day.fecha && picking.hora === h.hora;
              return (
                <li key={h.hora}>
                  <Button
                    type="button"
                    variant="outline"
                    className="w-full tabular-nums"
                    disabled={picking !== null || stale}
                    aria-busy={busy || undefined}
                    onClick={() => onPick(day.fecha, h.hora)}
                  >
                    {busy ? <Spinner decorative /> : null}
                    {h.hora}
                  </Button>
                </li>
              );
            })}
          </ul>
        ) : (
          <div className="grid justify-items-start gap-2 text-sm text-muted-foreground">
            <p>{BOOKING_MESSAGES.noSlots}</p>
            {hasNext ? (
              <Button type="button" variant="outline" size="sm" onClick={() => update({ desde: next, fecha: null })}>
                Ver los días siguientes
              </Button>
            ) : null}
          </div>
        )}
        {/* Always there, so that screen readers hear what it says when it starts saying it. */}
        <p role="status" className="mt-3 flex min-h-5 items-center gap-2 text-sm text-muted-foreground">
          {picking ? (
            <>
              <Spinner decorative />
              {picking.phase === 'solving' ? BOOKING_MESSAGES.checkingHuman : BOOKING_MESSAGES.holding}
            </>
          ) : null}
        </p>
      </section>
    </div>
  );
}
