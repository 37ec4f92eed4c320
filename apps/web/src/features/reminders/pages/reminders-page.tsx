import { formatLongDate, REMINDER_MESSAGES } from '@odontia/shared';
import { CalendarCheck } from 'lucide-react';
import { EmptyState, ListContent } from '@/components/list-content';
import { Card, CardContent } from '@/components/ui/card';
import { errorMessage } from '@/lib/api';
import { useCan } from '@/lib/session';
import { useClinicToday } from '@/lib/use-clinic-today';
import { usePageTitle } from '@/lib/use-page-title';
import { useTomorrowReminders } from '../api/get-tomorrow-reminders';
import { ReminderRow } from '../components/reminder-row';

/**
 * 'Recordatorios de mañana' (issue 24): tomorrow's appointments, each with a button that records the
 * WhatsApp reminder and opens WhatsApp (wa.me) with it written, for the member to send from their own
 * WhatsApp. One card per appointment on a phone; side by side columns where the list is wide enough.
 */
export default function RemindersPage() {
  usePageTitle(REMINDER_MESSAGES.pageTitle);
  const { data, isPending, isError, error } = useTomorrowReminders();
  const today = useClinicToday();
  const canSend = useCan('citas.editar');

  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">{REMINDER_MESSAGES.pageTitle}</h1>
        <p className="text-muted-foreground">
          {data ? `Citas del ${formatLongDate(data.fecha)}. ` : null}
          {REMINDER_MESSAGES.pageDescription}
        </p>
      </header>

      <Card className="py-0">
        <CardContent className="@container p-0">
          <ListContent
            query={{ isPending, data: isError ? undefined : data }}
            loadingLabel="Cargando las citas de mañana"
            errorText={errorMessage(error, REMINDER_MESSAGES.loadError)}
            isEmpty={(d) => d.citas.length === 0}
            empty={<EmptyState icon={CalendarCheck} title={REMINDER_MESSAGES.empty} />}
          >
            {(d) => (
              <ul aria-label="Citas de mañana" className="divide-y">
                {d.citas.map((cita) => (
                  <ReminderRow key={cita.citaId} cita={cita} today={today} canSend={canSend} />
                ))}
              </ul>
            )}
          </ListContent>
        </CardContent>
      </Card>
    </div>
  );
}
