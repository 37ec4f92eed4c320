import { APPOINTMENT_MESSAGES } from '@odontia/shared';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useCan } from '@/lib/session';
import { useClinicToday } from '@/lib/use-clinic-today';
import { useCalendar } from '../api/appointments';
import { addDaysIso, formatTime, minutesBetween, viewTitle, weekOffsetLabel } from '../lib/calendar-math';
import { AppointmentStatusBadge } from './appointment-status-badge';

function AgendaCard() {
  const today = useClinicToday();
  const [offset, setOffset] = useState(0);
  const day = addDaysIso(today, offset * 7);
  const calendar = useCalendar({ desde: day, hasta: day, dentistaId: null });
  const titleId = useId();
  const citas = calendar.data ?? [];

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle className="text-lg">
          <h2 id={titleId}>Agenda del día</h2>
        </CardTitle>
        <div className="flex items-center gap-1">
          <Button variant="ghost" size="icon" aria-label="Semana anterior" onClick={() => setOffset((o) => o - 1)}>
            <ChevronLeft aria-hidden="true" />
          </Button>
          <span className="min-w-28 text-center text-sm font-medium" aria-live="polite">
            {weekOffsetLabel(offset)}
          </span>
          <Button variant="ghost" size="icon" aria-label="Semana siguiente" onClick={() => setOffset((o) => o + 1)}>
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <p className="text-sm text-muted-foreground first-letter:uppercase">{viewTitle('dia', day)}</p>
        {calendar.isPending ? (
          <Spinner label="Cargando citas" />
        ) : calendar.isError ? (
          <p role="alert" className="text-sm">
            {APPOINTMENT_MESSAGES.loadError(calendar.error.message)}
          </p>
        ) : citas.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {offset === 0 ? APPOINTMENT_MESSAGES.emptyToday : APPOINTMENT_MESSAGES.emptyDay}
          </p>
        ) : (
          <ul className="flex flex-col divide-y">
            {citas.map((c) => (
              <li key={c.id}>
                <Link
                  to={`/citas/${c.id}`}
                  className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 hover:bg-accent"
                >
                  <span className="w-12 font-medium tabular-nums">{formatTime(c.horaInicio)}</span>
                  <span className="min-w-32 flex-1">
                    <span className="block font-medium">
                      {c.paciente.nombres} {c.paciente.apellidos}
                    </span>
                    <span className="block text-sm text-muted-foreground">
                      {c.titulo} · {minutesBetween(c.horaInicio, c.horaFin)} min
                    </span>
                  </span>
                  <AppointmentStatusBadge estado={c.estado} />
                </Link>
              </li>
            ))}
          </ul>
        )}
        <Button variant="outline" asChild className="self-start">
          <Link to="/citas">Ver todas las citas</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** 'Agenda del día' on the dashboard (spec 000 §2), for members who may see the agenda. */
export function TodaysAgendaCard() {
  return useCan('citas.ver') ? <AgendaCard /> : null;
}
