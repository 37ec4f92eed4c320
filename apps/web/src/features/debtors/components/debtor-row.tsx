import { formatDate, formatMoney, PAYMENT_MESSAGES as P, REMINDER_MESSAGES, type CurrencyCode } from '@odontia/shared';
import { ExternalLink, Mail, MessageCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ContactActionButton } from '@/components/contact-action-button';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useClinicDate } from '@/lib/use-clinic-today';
import { useDebtReminderEmail, useDebtReminderWhatsapp, type Debtor } from '../api/debtors';

const UNEXPECTED = 'Ocurrió un error inesperado. Inténtalo de nuevo.';

/** Why a reminder cannot go by each channel; null: it can. The server checks the same. */
export function debtReminderBlocked(d: Pick<Debtor, 'paciente' | 'whatsapp'>) {
  return {
    email: d.paciente.email?.trim() ? null : P.debtReminderNoEmail,
    whatsapp: d.whatsapp
      ? null
      : d.paciente.telefono?.trim()
        ? REMINDER_MESSAGES.invalidPhone
        : REMINDER_MESSAGES.noPhone,
  };
}

/**
 * A patient who owes: the balance, since when (the oldest treatment not yet paid) and the last
 * reminder; with `cobros.registrar`, the buttons that email the reminder or open WhatsApp with it
 * written. A card on a phone, columns where the list is wide enough.
 */
export function DebtorRow({ deudor, moneda, canSend }: { deudor: Debtor; moneda: CurrencyCode; canSend: boolean }) {
  const email = useDebtReminderEmail();
  const whatsapp = useDebtReminderWhatsapp();
  const clinicDate = useClinicDate();
  // The last link opened: a browser that blocked the new tab still lets the member open it by hand.
  const [lastUrl, setLastUrl] = useState<string | null>(null);
  const { paciente } = deudor;
  const nombre = `${paciente.nombres} ${paciente.apellidos}`;
  const reasons = debtReminderBlocked(deudor);
  const reasonId = useId();
  const idOf = (canal: 'email' | 'whatsapp') => (reasons[canal] === null ? null : `${reasonId}-${canal}`);
  const last = deudor.ultimoRecordatorio;

  const sendEmail = async () => {
    try {
      const { mensaje } = await email.mutateAsync(paciente.id);
      toast.success(mensaje);
    } catch (error) {
      toast.error(P.debtReminderError, errorMessage(error, UNEXPECTED));
    }
  };
  const openWhatsapp = async () => {
    try {
      const { url, mensaje } = await whatsapp.mutateAsync(paciente.id);
      window.open(url, '_blank', 'noopener');
      setLastUrl(url);
      toast.success(mensaje, P.debtReminderWhatsappOpened);
    } catch (error) {
      toast.error(P.debtReminderError, errorMessage(error, UNEXPECTED));
    }
  };

  return (
    <li
      aria-label={nombre}
      className="grid gap-3 p-4 @2xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] @2xl:items-start"
    >
      <div className="flex min-w-0 flex-col gap-1">
        <h2 className="font-medium break-words">
          <Link to={`/pacientes/${paciente.id}`} className="hover:underline">
            {nombre}
          </Link>
        </h2>
        <p className="text-sm">
          <span className="text-muted-foreground">{P.debtorsBalance}: </span>
          <span className="text-base font-semibold tabular-nums">{formatMoney(deudor.saldo, moneda)}</span>
        </p>
      </div>

      <dl className="grid min-w-0 grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{P.debtorsSince}</dt>
        <dd className="tabular-nums">
          {formatDate(deudor.desde)} <span className="text-muted-foreground">({P.debtorsDays(deudor.dias)})</span>
        </dd>
        <dt className="text-muted-foreground">{P.debtorsLastReminder}</dt>
        <dd>
          {last ? (
            P.debtorsReminderVia(last.canal, clinicDate(last.fecha))
          ) : (
            <span className="text-muted-foreground">{P.debtorsNoReminder}</span>
          )}
        </dd>
      </dl>

      {canSend ? (
        <div className="flex min-w-0 flex-col items-start gap-2 @2xl:items-end">
          <div className="flex flex-wrap gap-2 @2xl:justify-end">
            <ContactActionButton
              label={P.debtReminderEmail}
              nombre={nombre}
              icon={<Mail aria-hidden="true" />}
              pending={email.isPending}
              reasonId={idOf('email')}
              onClick={sendEmail}
            />
            <ContactActionButton
              label={P.debtReminderWhatsapp}
              nombre={nombre}
              icon={<MessageCircle aria-hidden="true" />}
              pending={whatsapp.isPending}
              reasonId={idOf('whatsapp')}
              onClick={openWhatsapp}
            />
          </div>
          {(['email', 'whatsapp'] as const).map((canal) =>
            reasons[canal] ? (
              <p
                key={canal}
                id={`${reasonId}-${canal}`}
                className="max-w-96 text-sm text-muted-foreground @2xl:text-right"
              >
                {reasons[canal]}
              </p>
            ) : null,
          )}
          {lastUrl ? (
            <a
              href={lastUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 text-sm underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              <ExternalLink className="size-3.5" aria-hidden="true" />
              {P.debtReminderOpenAgain}
              <span className="sr-only"> ({nombre}, se abre en una pestaña nueva)</span>
            </a>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
