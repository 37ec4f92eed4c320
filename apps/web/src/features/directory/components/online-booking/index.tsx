import {
  BOOKING_MESSAGES,
  CODE_MINUTES,
  HOLD_MINUTES,
  type BookingDetailsInput,
  type BookingOptions,
  type BookingResult,
  type Hold,
} from '@odontia/shared';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Clock } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ApiError, errorMessage } from '@/lib/api';
import { QueryIsland } from '@/lib/query-island';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { bookingOptionsQueryOptions } from '../../api/booking-options';
import { freeSlotsQueryKey } from '../../api/free-slots';
import { releaseHold, useHoldSlot } from '../../api/hold-slot';
import { longDay } from '../booking-dates';
import { CodeStep } from './code-step';
import { DetailsStep } from './details-step';
import { HoldSummary } from './hold-summary';
import { SlotPicker, type Choice, type Picking } from './slot-picker';
import { useProofOfWork } from './use-proof-of-work';

type Stage =
  | { step: 'slot' }
  | { step: 'details'; hold: Hold; until: number; details?: BookingDetailsInput }
  | { step: 'code'; hold: Hold; until: number; details: BookingDetailsInput; mensaje: string }
  | { step: 'done'; hold: Hold; result: BookingResult };

const STEPS = [
  { step: 'slot', label: 'Día y hora', heading: 'Elige día y hora' },
  { step: 'details', label: 'Tus datos', heading: 'Tus datos' },
  { step: 'code', label: 'Confirmación', heading: 'Confirma tu correo' },
] as const;

const HOLD_MS = HOLD_MINUTES * 60_000;

/**
 * When the hold ends on the browser's clock: the server's `retenidaHasta`, unless the two clocks
 * evidently disagree (the countdown would not start near HOLD_MINUTES), then HOLD_MINUTES from now.
 */
function holdEnd(retenidaHasta: string): number {
  const left = Date.parse(retenidaHasta) - Date.now();
  return Date.now() + (Math.abs(left - HOLD_MS) <= 60_000 ? left : HOLD_MS);
}

function ResultView({ hold, result, onClose }: { hold: Hold; result: BookingResult; onClose: () => void }) {
  const confirmed = result.estado === 'confirmada';
  const Icon = confirmed ? CheckCircle2 : Clock;
  return (
    <div className="grid justify-items-center gap-4 py-4 text-center">
      <Icon className={cn('size-12', confirmed ? 'text-success' : 'text-primary')} aria-hidden="true" />
      <p role="status" className="max-w-md text-base">
        {result.mensaje}
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg border bg-muted/40 p-4 text-left text-sm">
        <dt className="text-muted-foreground">Servicio</dt>
        <dd className="font-medium">{hold.servicio}</dd>
        <dt className="text-muted-foreground">Fecha</dt>
        <dd className="font-medium first-letter:uppercase">{longDay(result.fecha)}</dd>
        <dt className="text-muted-foreground">Hora</dt>
        <dd className="font-medium">
          {result.hora} – {hold.horaFin}
        </dd>
        <dt className="text-muted-foreground">Profesional</dt>
        <dd className="font-medium">{result.dentista}</dd>
      </dl>
      <Button type="button" onClick={onClose}>
        Cerrar
      </Button>
    </div>
  );
}

/**
 * 'Reservar cita' (issue 24), in a dialog that fills a phone's screen: a real free slot chosen and held
 * for HOLD_MINUTES behind a proof of work, the visitor's details, the emailed code, and the booking
 * (confirmed, or waiting for the clinic's approval). Every failure says the server's Spanish message
 * where it happened (and in a toast); a hold that ended sends the visitor back to the slots.
 */
type OnlineBookingProps = {
  clinicaId: string;
  clinicName: string;
  options: BookingOptions;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** Loaded when the visitor is about to open it, with the query library it uses (shared with the profile's next slot). */
export default function OnlineBookingIsland(props: OnlineBookingProps) {
  return (
    <QueryIsland>
      <OnlineBooking {...props} />
    </QueryIsland>
  );
}

function OnlineBooking({ clinicaId, clinicName, options, open, onOpenChange }: OnlineBookingProps) {
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<Choice>(() => ({
    servicioId: options.servicios[0]!.id,
    dentistaId: null,
    desde: options.hoy,
    fecha: null,
  }));
  const [stage, setStage] = useState<Stage>({ step: 'slot' });
  const [notice, setNotice] = useState<string | null>(null);
  const [picking, setPicking] = useState<Picking | null>(null);
  const holdSlot = useHoldSlot(clinicaId);
  const { prepare, take } = useProofOfWork();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(stage.step);

  // Solved while the visitor chooses, so that choosing a slot seldom waits for it.
  useEffect(() => {
    if (open && stage.step === 'slot') void prepare();
  }, [open, stage.step, prepare]);

  // A new step takes the focus to its heading, so that keyboard and screen reader users follow.
  useEffect(() => {
    if (shownStep.current === stage.step) return;
    shownStep.current = stage.step;
    headingRef.current?.focus();
  }, [stage.step]);

  const refreshSlots = () => void queryClient.invalidateQueries({ queryKey: freeSlotsQueryKey(clinicaId) });

  const backToSlots = (message: string) => {
    setStage({ step: 'slot' });
    setNotice(message);
    toast.error(message);
    refreshSlots();
  };

  const pick = async (fecha: string, hora: string) => {
    setNotice(null);
    setPicking({ fecha, hora, phase: 'solving' });
    try {
      const altcha = await take();
      setPicking({ fecha, hora, phase: 'holding' });
      const hold = await holdSlot.mutateAsync({
        servicioId: choice.servicioId,
        dentistaId: choice.dentistaId,
        fecha,
        hora,
        altcha,
      });
      setStage({ step: 'details', hold, until: holdEnd(hold.retenidaHasta) });
    } catch (error) {
      // The server's message; the proof of work failing in the browser (no Web Crypto, a worker's error) is not one.
      const message = errorMessage(error, BOOKING_MESSAGES.challengeFailed);
      setNotice(message);
      toast.error(BOOKING_MESSAGES.holdError, message);
      if (error instanceof ApiError && (error.status === 409 || error.status === 422)) refreshSlots();
      if (error instanceof ApiError && error.fields?.servicioId)
        void queryClient.invalidateQueries({ queryKey: bookingOptionsQueryOptions(clinicaId).queryKey });
      void prepare();
    } finally {
      setPicking(null);
    }
  };

  const close = (next: boolean) => {
    onOpenChange(next);
    // A finished booking is not shown again: the next opening starts a new one.
    if (!next && stage.step === 'done') {
      setStage({ step: 'slot' });
      setNotice(null);
      setChoice((c) => ({ ...c, fecha: null }));
    }
  };

  const stepIndex = STEPS.findIndex((s) => s.step === stage.step);
  const stepHeading =
    stage.step === 'done'
      ? stage.result.estado === 'confirmada'
        ? 'Cita reservada'
        : 'Solicitud recibida'
      : STEPS[stepIndex]!.heading;

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        className={cn(
          'content-start sm:max-w-2xl',
          // A full-screen sheet on a phone.
          'max-sm:top-0 max-sm:left-0 max-sm:h-dvh max-sm:max-h-dvh max-sm:max-w-none max-sm:translate-x-0 max-sm:translate-y-0 max-sm:rounded-none max-sm:border-0',
        )}
      >
        <DialogHeader>
          <DialogTitle>{BOOKING_MESSAGES.bookOnline}</DialogTitle>
          <DialogDescription>{clinicName}</DialogDescription>
        </DialogHeader>
        {stepIndex >= 0 ? (
          <ol className="flex gap-2 text-xs text-muted-foreground" aria-label="Pasos">
            {STEPS.map((s, i) => (
              <li
                key={s.step}
                aria-current={i === stepIndex ? 'step' : undefined}
                className={cn(
                  'flex-1 border-t-2 pt-1',
                  i <= stepIndex ? 'border-primary' : 'border-muted',
                  i === stepIndex && 'font-medium text-foreground',
                )}
              >
                {i + 1}. {s.label}
              </li>
            ))}
          </ol>
        ) : null}
        <h3 ref={headingRef} tabIndex={-1} className="text-base font-semibold outline-none">
          {stepHeading}
        </h3>

        {stage.step === 'slot' ? (
          <SlotPicker
            clinicaId={clinicaId}
            options={options}
            choice={choice}
            onChoiceChange={(next) => {
              setChoice(next);
              setNotice(null);
            }}
            onPick={(fecha, hora) => void pick(fecha, hora)}
            picking={picking}
            notice={notice}
          />
        ) : null}

        {stage.step === 'details' || stage.step === 'code' ? (
          <>
            <HoldSummary
              hold={stage.hold}
              until={stage.until}
              requiereAprobacion={options.requiereAprobacion}
              onExpire={() => backToSlots(BOOKING_MESSAGES.holdExpired)}
            />
            {stage.step === 'details' ? (
              <DetailsStep
                token={stage.hold.token}
                defaultValues={stage.details}
                onSent={(details, mensaje) =>
                  setStage({
                    step: 'code',
                    hold: stage.hold,
                    details,
                    mensaje,
                    // The server keeps the slot as long as the code lasts.
                    until: Math.max(stage.until, Date.now() + CODE_MINUTES * 60_000),
                  })
                }
                onHoldLost={backToSlots}
                onBack={() => {
                  void releaseHold(stage.hold.token).then(refreshSlots);
                  setStage({ step: 'slot' });
                }}
              />
            ) : (
              <CodeStep
                token={stage.hold.token}
                details={stage.details}
                mensaje={stage.mensaje}
                onBooked={(result) => {
                  setStage({ step: 'done', hold: stage.hold, result });
                  refreshSlots();
                }}
                onResent={(mensaje) =>
                  setStage({ ...stage, mensaje, until: Math.max(stage.until, Date.now() + CODE_MINUTES * 60_000) })
                }
                onHoldLost={backToSlots}
                onEditDetails={() =>
                  setStage({ step: 'details', hold: stage.hold, until: stage.until, details: stage.details })
                }
              />
            )}
          </>
        ) : null}

        {stage.step === 'done' ? (
          <ResultView hold={stage.hold} result={stage.result} onClose={() => close(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
