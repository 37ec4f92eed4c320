import { ESTADOS_CITA_PREVISTA, formatLongDate, MESSAGE_MESSAGES as M, type PatientAppointment } from '@odontia/shared';
import { CalendarCheck, CalendarX, Map as MapIcon, Phone } from 'lucide-react';
import { useRef, useState } from 'react';
import { useParams } from 'react-router';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DetailList } from '@/components/ui/detail-list';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { usePageTitle } from '@/lib/use-page-title';
import { cn } from '@/lib/utils';
import { useSingleFlight } from '@/lib/use-single-flight';
import {
  isAppointmentToken,
  usePatientAppointment,
  usePatientAppointmentAction,
  type PatientAction,
} from '../api/patient-appointment';
import { AppointmentStatusBadge } from '../components/appointment-status-badge';
import { cancelDeadline } from '../lib/cancel-deadline';

const mapsUrl = (place: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(place)}`;
const telHref = (telefono: string) => `tel:${telefono.replace(/[^\d+]/g, '')}`;
const hhmm = (time: string) => time.slice(0, 5);

/** What the patient is told about cancelling online: until when, or that it is too late (and whom to call). */
function cancelNote(data: PatientAppointment, now: number): string | null {
  if (data.puedeCancelar) {
    const { fecha, hora } = cancelDeadline(data);
    return M.cancelUntil(formatLongDate(fecha), hora);
  }
  const upcoming = (ESTADOS_CITA_PREVISTA as readonly string[]).includes(data.cita.estado);
  if (upcoming && now >= Date.parse(data.cancelarHasta)) {
    return M.cancelTooLate(data.cancelacionHoras, data.clinica.telefono);
  }
  return null;
}

type Notice = { tone: 'success' | 'error'; text: string };

function AppointmentForPatient({ token, data }: { token: string; data: PatientAppointment }) {
  const action = usePatientAppointmentAction(token);
  const [cancelling, setCancelling] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  // Read once: the cut-off text does not move while the page is open (the server decides anyway).
  const [now] = useState(() => Date.now());
  const noticeRef = useRef<HTMLParagraphElement>(null);
  // The button that was pressed is gone once the answer comes: focus goes to what the clinic answered.
  const focusNoticeOnClose = useRef(false);
  const { clinica, cita } = data;
  const place = [clinica.direccion, clinica.ciudad].filter(Boolean).join(', ');
  const note = cancelNote(data, now);
  const pending = action.isPending;

  const once = useSingleFlight();
  const respond = async (kind: PatientAction) => {
    let next: Notice;
    try {
      const { mensaje } = await action.mutateAsync(kind);
      toast.success(mensaje);
      next = { tone: 'success', text: mensaje };
    } catch (error) {
      const text = errorMessage(error, kind === 'confirmar' ? M.cannotConfirm : M.cannotCancel);
      toast.error(M.patientActionError, text);
      next = { tone: 'error', text };
    }
    setNotice(next);
    if (kind === 'cancelar') {
      focusNoticeOnClose.current = true;
      setCancelling(false);
    } else {
      // After the render that shows it (and drops the button).
      setTimeout(() => noticeRef.current?.focus());
    }
  };
  // A double tap answers once: a second cancel would be refused (409) after the first succeeded.
  const answer = (kind: PatientAction) => once(() => respond(kind));

  return (
    <Card>
      <CardHeader className="gap-2">
        <CardTitle>
          <h1 className="text-xl font-semibold tracking-tight sm:text-2xl">Tu cita en {clinica.nombre}</h1>
        </CardTitle>
        <AppointmentStatusBadge estado={cita.estado} />
      </CardHeader>
      <CardContent className="grid gap-6">
        <DetailList
          items={[
            { label: 'Fecha', value: <span className="first-letter:uppercase">{formatLongDate(cita.fecha)}</span> },
            { label: 'Hora', value: `${hhmm(cita.horaInicio)} – ${hhmm(cita.horaFin)}` },
            { label: 'Dentista', value: cita.dentista },
            {
              label: 'Dirección',
              value: place ? (
                <span className="grid justify-items-start gap-1">
                  {place}
                  <a
                    href={mapsUrl(place)}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline"
                  >
                    <MapIcon className="size-4" aria-hidden="true" />
                    Ver en el mapa
                    <span className="sr-only"> (se abre en una pestaña nueva)</span>
                  </a>
                </span>
              ) : null,
            },
            {
              label: 'Teléfono de la clínica',
              value: clinica.telefono ? (
                <a
                  href={telHref(clinica.telefono)}
                  className="inline-flex items-center gap-1.5 font-medium text-primary underline-offset-4 hover:underline"
                >
                  <Phone className="size-4" aria-hidden="true" />
                  {clinica.telefono}
                </a>
              ) : null,
            },
          ]}
        />

        {notice ? (
          <p
            ref={noticeRef}
            tabIndex={-1}
            role={notice.tone === 'error' ? 'alert' : 'status'}
            className={cn(
              'rounded-md border p-3 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring',
              notice.tone === 'error' ? 'border-destructive/40 text-destructive' : 'border-success/50 bg-success/10',
            )}
          >
            {notice.text}
          </p>
        ) : null}

        {data.puedeConfirmar || data.puedeCancelar ? (
          <div className="flex flex-col gap-2 sm:flex-row">
            {data.puedeConfirmar ? (
              <Button onClick={() => void answer('confirmar')} disabled={pending} aria-busy={pending}>
                <CalendarCheck aria-hidden="true" />
                {pending ? 'Confirmando...' : 'Confirmar asistencia'}
              </Button>
            ) : null}
            {data.puedeCancelar ? (
              <Button
                variant="outline"
                className="text-destructive hover:text-destructive"
                onClick={() => setCancelling(true)}
                disabled={pending}
              >
                <CalendarX aria-hidden="true" />
                Cancelar cita
              </Button>
            ) : null}
          </div>
        ) : null}
        {note ? <p className="text-sm text-muted-foreground">{note}</p> : null}
      </CardContent>

      <AlertDialog open={cancelling} onOpenChange={(open) => !pending && setCancelling(open)}>
        <AlertDialogContent
          onCloseAutoFocus={(event) => {
            if (!focusNoticeOnClose.current) return;
            focusNoticeOnClose.current = false;
            event.preventDefault();
            noticeRef.current?.focus();
          }}
        >
          <AlertDialogHeader>
            <AlertDialogTitle>Cancelar cita</AlertDialogTitle>
            <AlertDialogDescription>{M.cancelDialogDescription}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={pending}>Mantener la cita</AlertDialogCancel>
            <AlertDialogAction
              variant="destructive"
              onClick={(event) => {
                // Stays open, busy, until the clinic's answer.
                event.preventDefault();
                void answer('cancelar');
              }}
              disabled={pending}
              aria-busy={pending}
            >
              {pending ? 'Cancelando...' : 'Cancelar cita'}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}

function Problem({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-8 text-center">
        <CalendarX className="size-10 text-muted-foreground" aria-hidden="true" />
        <h1 className="text-lg font-semibold">{title}</h1>
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * The patient's appointment (/cita/{token}, issue 24), public: the link comes in the clinic's messages.
 * The appointment's facts on the clinic's clock, and the patient confirms they will come or cancels
 * (until the clinic's cut-off); the clinic's team is told at once.
 */
export default function PatientAppointmentPage() {
  const { token = '' } = useParams();
  usePageTitle(M.patientPageTitle);
  const query = usePatientAppointment(token);
  const notFound = !isAppointmentToken(token) || (query.error instanceof ApiError && query.error.status === 404);

  return (
    <div className="min-h-screen bg-muted/30">
      <header className="border-b bg-background">
        <div className="mx-auto flex max-w-2xl items-center px-4 py-3">
          <p className="font-semibold">{query.data?.clinica.nombre ?? 'Odontia'}</p>
        </div>
      </header>
      <main className="mx-auto grid max-w-2xl gap-6 px-4 py-6">
        {notFound ? (
          <Problem title={M.linkNotFound} />
        ) : query.isError ? (
          <Problem title={errorMessage(query.error, M.patientLoadError)}>
            <Button variant="outline" onClick={() => void query.refetch()}>
              Reintentar
            </Button>
          </Problem>
        ) : query.data ? (
          <AppointmentForPatient token={token} data={query.data} />
        ) : (
          <div aria-busy="true" aria-label="Cargando tu cita" className="grid gap-3">
            <Skeleton className="h-10 w-64" />
            <Skeleton className="h-48 w-full" />
          </div>
        )}
      </main>
    </div>
  );
}
