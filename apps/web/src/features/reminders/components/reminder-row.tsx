import { ESTADO_CITA_LABELS, formatDate, MOTIVO_TELEFONO_LABELS, REMINDER_MESSAGES } from '@odontia/shared';
import { CheckCheck, ExternalLink, MessageCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import type { TomorrowReminder } from '../api/get-tomorrow-reminders';
import { useSendWhatsappReminder } from '../api/send-whatsapp-reminder';

/** Why no reminder can go to this patient, in the order the server checks: consent, then the phone. */
export function blockedReason(cita: TomorrowReminder): string | null {
  if (!cita.consentimiento) return REMINDER_MESSAGES.noConsent;
  if (cita.telefono.motivo) return MOTIVO_TELEFONO_LABELS[cita.telefono.motivo];
  return null;
}

function Phone({ telefono }: { telefono: TomorrowReminder['telefono'] }) {
  if (!telefono.original) return <span className="text-muted-foreground">Sin teléfono</span>;
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <span className="break-all">{telefono.original}</span>
      {telefono.e164 ? (
        telefono.e164 !== telefono.original ? (
          <span className="text-xs text-muted-foreground">({telefono.e164})</span>
        ) : null
      ) : (
        <Badge variant="warning">No válido</Badge>
      )}
    </span>
  );
}

/**
 * One of tomorrow's appointments: when, who, with whom, the patient's phone and consent, the reminders
 * already sent, and the button that records one and opens WhatsApp with it written.
 */
export function ReminderRow({ cita, today, canSend }: { cita: TomorrowReminder; today: string; canSend: boolean }) {
  const send = useSendWhatsappReminder();
  // The last link opened: a browser that blocked the new tab still lets the member open it by hand.
  const [lastUrl, setLastUrl] = useState<string | null>(null);
  const reasonId = useId();
  const nombre = `${cita.paciente.nombres} ${cita.paciente.apellidos}`;
  const reason = blockedReason(cita);

  const sendReminder = async () => {
    try {
      const { url } = await send.mutateAsync(cita.citaId);
      window.open(url, '_blank', 'noopener');
      setLastUrl(url);
      toast.success(REMINDER_MESSAGES.sent, REMINDER_MESSAGES.sentDetail(nombre));
    } catch (error) {
      toast.error(REMINDER_MESSAGES.sendError, errorMessage(error, 'Ocurrió un error inesperado. Inténtalo de nuevo.'));
    }
  };

  return (
    <li
      aria-label={`${cita.horaInicio} ${nombre}`}
      className="grid gap-3 p-4 @2xl:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)_minmax(13rem,auto)] @2xl:items-start"
    >
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-semibold tabular-nums">
          {cita.horaInicio}
          <span className="font-normal text-muted-foreground"> – {cita.horaFin}</span>
        </p>
        <h2 className="font-medium break-words">{nombre}</h2>
        <p className="text-sm text-muted-foreground">{cita.titulo}</p>
        <Badge variant={cita.estado === 'pendiente' ? 'outline' : 'info'}>{ESTADO_CITA_LABELS[cita.estado]}</Badge>
      </div>

      <dl className="grid min-w-0 grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Dentista</dt>
        <dd className="break-words">{cita.dentista}</dd>
        <dt className="text-muted-foreground">Teléfono</dt>
        <dd>
          <Phone telefono={cita.telefono} />
        </dd>
        <dt className="text-muted-foreground">Recordatorios</dt>
        <dd>
          {cita.consentimiento ? (
            <Badge variant="success">{REMINDER_MESSAGES.consentYes}</Badge>
          ) : (
            <Badge variant="warning">Sin consentimiento</Badge>
          )}
        </dd>
      </dl>

      <div className="flex min-w-0 flex-col items-start gap-2 @2xl:items-end @2xl:text-right">
        {cita.envios.length > 0 ? (
          <ul className="flex flex-col gap-1 text-sm" aria-label={`Recordatorios enviados a ${nombre}`}>
            {cita.envios.map((envio) => (
              <li key={envio.id} className="inline-flex items-start gap-1.5">
                <CheckCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                <span>
                  {REMINDER_MESSAGES.sentBy(
                    envio.enviadoPor,
                    envio.hora,
                    envio.fecha === today ? null : formatDate(envio.fecha),
                  )}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{REMINDER_MESSAGES.notSent}</p>
        )}
        {canSend ? (
          <>
            <Button
              type="button"
              size="sm"
              onClick={sendReminder}
              disabled={reason !== null || send.isPending}
              aria-label={`${REMINDER_MESSAGES.send} a ${nombre}`}
              aria-describedby={reason ? reasonId : undefined}
            >
              {send.isPending ? <Spinner decorative /> : <MessageCircle aria-hidden="true" />}
              {REMINDER_MESSAGES.send}
            </Button>
            {reason ? (
              <p id={reasonId} className="text-sm text-muted-foreground">
                {reason}
              </p>
            ) : null}
            {lastUrl ? (
              <a
                href={lastUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 text-sm underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                <ExternalLink className="size-3.5" aria-hidden="true" />
                {REMINDER_MESSAGES.openAgain}
                <span className="sr-only"> ({nombre}, se abre en una pestaña nueva)</span>
              </a>
            ) : null}
          </>
        ) : reason ? (
          <p className="text-sm text-muted-foreground">{reason}</p>
        ) : null}
      </div>
    </li>
  );
}
