import {
  CANAL_MENSAJE_LABELS,
  ESTADO_MENSAJE_LABELS,
  MESSAGE_MESSAGES as M,
  PLANTILLA_MENSAJE_LABELS,
  type MessageStatus,
} from '@odontia/shared';
import { Ban, Check, Clock, Mail, MessageCircle, Send, TriangleAlert, type LucideIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useClinicDateTime } from '@/lib/use-clinic-today';
import { useAppointmentMessages, type AppointmentMessage } from '../api/appointment-messages';

/** Each state with its colour and its mark, so that a failure is not told by colour alone. */
const STATUS_STYLE: Record<
  MessageStatus,
  { variant: 'secondary' | 'info' | 'success' | 'destructive' | 'outline'; icon: LucideIcon }
> = {
  pendiente: { variant: 'secondary', icon: Clock },
  enviando: { variant: 'info', icon: Send },
  enviado: { variant: 'success', icon: Check },
  fallido: { variant: 'destructive', icon: TriangleAlert },
  descartado: { variant: 'outline', icon: Ban },
};

function MessageRow({ m, when }: { m: AppointmentMessage; when: (iso: string) => string }) {
  const { variant, icon: StatusIcon } = STATUS_STYLE[m.estado];
  const ChannelIcon = m.canal === 'whatsapp' ? MessageCircle : Mail;
  const instant = m.fechaEnvio ?? m.enviarEn;
  // Not sent yet: the time is when it is due.
  const due = m.fechaEnvio === null && (m.estado === 'pendiente' || m.estado === 'enviando');
  return (
    <li className="grid gap-1 py-3 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <ChannelIcon className="size-4 text-muted-foreground" aria-hidden="true" />
        <span className="font-medium">
          {CANAL_MENSAJE_LABELS[m.canal]} · {PLANTILLA_MENSAJE_LABELS[m.plantilla]}
        </span>
        <Badge variant={variant}>
          <StatusIcon aria-hidden="true" />
          {ESTADO_MENSAJE_LABELS[m.estado]}
        </Badge>
      </div>
      <p className="flex flex-wrap gap-x-2 text-sm text-muted-foreground">
        <span className="break-all">{m.destinatario}</span>
        <span aria-hidden="true">·</span>
        <span>
          {due ? 'Se enviará el ' : null}
          <time dateTime={instant}>{when(instant)}</time>
        </span>
        {m.intentos > 1 ? (
          <>
            <span aria-hidden="true">·</span>
            <span>{m.intentos} intentos</span>
          </>
        ) : null}
        {m.canal === 'whatsapp' && m.enviadoPor ? (
          <>
            <span aria-hidden="true">·</span>
            <span>por {m.enviadoPor}</span>
          </>
        ) : null}
      </p>
      {m.estado === 'fallido' && m.ultimoError ? (
        <p className="text-sm text-destructive">Motivo: {m.ultimoError}</p>
      ) : null}
    </li>
  );
}

/**
 * 'Mensajes al paciente' on an appointment (issue 24): what the outbox sent or tried (the booking, the
 * changes, the reminder) and the WhatsApp reminders the desk sent, newest first, with the times on the
 * clinic's clock like the agenda's.
 */
export function AppointmentMessagesCard({ citaId }: { citaId: string }) {
  const messages = useAppointmentMessages(citaId);
  const when = useClinicDateTime();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg font-semibold">{M.historyTitle}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {messages.isPending ? (
          <div className="grid gap-2" aria-busy="true" aria-label="Cargando los mensajes">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : messages.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {M.historyError}
          </p>
        ) : messages.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{M.historyEmpty}</p>
        ) : (
          <ul className="divide-y">
            {messages.data.map((m) => (
              <MessageRow key={m.id} m={m} when={when} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
