import { outsideOpeningHours } from '@odontia/shared';
import { TriangleAlert } from 'lucide-react';
import { useWatch, type Control } from 'react-hook-form';
import { useAgendaHours } from '../api/appointments';
import type { AppointmentFormValues } from './appointment-form';

/**
 * Under the form's date and times: a day the clinic does not open, or times outside its hours, are
 * worth a second look (a Sunday at 23:00), but may be booked all the same (issue 21: warn, do not refuse).
 * It watches the three fields itself, so typing elsewhere does not re-render the whole form.
 */
export function OutsideHoursNotice<Data>({ control }: { control: Control<AppointmentFormValues, unknown, Data> }) {
  const [fecha, horaInicio, horaFin] = useWatch({ control, name: ['fecha', 'horaInicio', 'horaFin'] });
  const hours = useAgendaHours();
  const message = hours.data ? outsideOpeningHours({ fecha, horaInicio, horaFin }, hours.data) : null;
  if (!message) return null;
  return (
    <p
      role="status"
      className="flex gap-2 rounded-md border border-warning/60 bg-warning/15 px-3 py-2 text-sm sm:col-span-2"
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {message}
    </p>
  );
}
