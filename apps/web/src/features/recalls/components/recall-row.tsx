import { formatDate, RECALL_MESSAGES as R, recallBlockedReason } from '@odontia/shared';
import { ExternalLink, Mail, MessageCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { ContactActionButton } from '@/components/contact-action-button';
import { errorMessage } from '@/lib/api';
import { useClinicDate } from '@/lib/use-clinic-today';
import { toast } from '@/lib/toast';
import type { RecallPatient } from '../api/get-recalls';
import { useSendRecallEmail, useWhatsappRecall } from '../api/send-recall';

const UNEXPECTED = 'Ocurrió un error inesperado. Inténtalo de nuevo.';

function Phone({ telefono }: { telefono: RecallPatient['telefono'] }) {
  if (!telefono.original) return <span className="text-muted-foreground">Sin teléfono</span>;
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <span className="break-all">{telefono.original}</span>
      {telefono.e164 ? null : <Badge variant="warning">No válido</Badge>}
    </span>
  );
}

/**
 * A patient due a check-up: their last visit and contact, whether they accept the clinic's
 * communications, the last recall sent to them, and the buttons that email them the recall or open
 * WhatsApp with it written.
 */
export function RecallRow({ paciente, canSend }: { paciente: RecallPatient; canSend: boolean }) {
  const email = useSendRecallEmail();
  const whatsapp = useWhatsappRecall();
  const clinicDate = useClinicDate();
  const last = paciente.ultimoRecordatorio;
  // The last link opened: a browser that blocked the new tab still lets the member open it by hand.
  const [lastUrl, setLastUrl] = useState<string | null>(null);
  const nombre = `${paciente.nombres} ${paciente.apellidos}`;
  const reasons = recallBlockedReason(paciente);
  const reasonId = useId();
  // Without consent both channels are off for the same reason: it is said once.
  const said: string[] = [...new Set([reasons.email, reasons.whatsapp].filter((r) => r !== null))];
  const idOf = (reason: string | null) => (reason === null ? null : `${reasonId}-${said.indexOf(reason)}`);

  const sendEmail = async () => {
    try {
      await email.mutateAsync(paciente.id);
      toast.success(R.emailSent, R.emailSentDetail(nombre));
    } catch (error) {
      toast.error(R.sendError, errorMessage(error, UNEXPECTED));
    }
  };
  const openWhatsapp = async () => {
    try {
      const { url } = await whatsapp.mutateAsync(paciente.id);
      window.open(url, '_blank', 'noopener');
      setLastUrl(url);
      toast.success(R.whatsappOpened, R.whatsappOpenedDetail(nombre));
    } catch (error) {
      toast.error(R.sendError, errorMessage(error, UNEXPECTED));
    }
  };

  return (
    <li
      aria-label={nombre}
      className="grid gap-3 p-4 @2xl:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)_minmax(13rem,auto)] @2xl:items-start"
    >
      <div className="flex min-w-0 flex-col gap-1">
        <h2 className="font-medium break-words">
          <Link to={`/pacientes/${paciente.id}`} className="hover:underline">
            {nombre}
          </Link>
        </h2>
        <p className="text-sm text-muted-foreground">
          {R.lastVisit}: <span className="text-foreground tabular-nums">{formatDate(paciente.ultimaVisita)}</span>
        </p>
      </div>

      <dl className="grid min-w-0 grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Correo</dt>
        <dd className="break-all">{paciente.email ?? <span className="text-muted-foreground">Sin correo</span>}</dd>
        <dt className="text-muted-foreground">Teléfono</dt>
        <dd>
          <Phone telefono={paciente.telefono} />
        </dd>
        <dt className="text-muted-foreground">Comunicaciones</dt>
        <dd>
          {paciente.consentimiento ? (
            <Badge variant="success">{R.consentYes}</Badge>
          ) : (
            <Badge variant="warning">{R.consentNo}</Badge>
          )}
        </dd>
        <dt className="text-muted-foreground">{R.lastReminder}</dt>
        <dd>
          {last ? (
            R.reminderVia(last.canal, clinicDate(last.fecha))
          ) : (
            <span className="text-muted-foreground">{R.noReminder}</span>
          )}
        </dd>
      </dl>

      {canSend ? (
        <div className="flex min-w-0 flex-col items-start gap-2 @2xl:items-end">
          <div className="flex flex-wrap gap-2 @2xl:justify-end">
            <ContactActionButton
              label={R.sendEmail}
              nombre={nombre}
              icon={<Mail aria-hidden="true" />}
              pending={email.isPending}
              reasonId={idOf(reasons.email)}
              onClick={sendEmail}
            />
            <ContactActionButton
              label={R.sendWhatsapp}
              nombre={nombre}
              icon={<MessageCircle aria-hidden="true" />}
              pending={whatsapp.isPending}
              reasonId={idOf(reasons.whatsapp)}
              onClick={openWhatsapp}
            />
          </div>
          {said.map((reason, i) => (
            <p key={reason} id={`${reasonId}-${i}`} className="text-sm text-muted-foreground">
              {reason}
            </p>
          ))}
          {lastUrl ? (
            <a
              href={lastUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 text-sm underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              <ExternalLink className="size-3.5" aria-hidden="true" />
              {R.openAgain}
              <span className="sr-only"> ({nombre}, se abre en una pestaña nueva)</span>
            </a>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
