import { APPOINTMENT_MESSAGES } from '@odontia/shared';
import { Armchair, ChevronLeft, ChevronRight } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useCan } from '@/lib/session';
import { useClinicToday, useClinicWeekStart } from '@/lib/use-clinic-today';
import { cn } from '@/lib/utils';
import { useCalendar, type CalendarAppointment } from '../api/appointments';
import {
  dashboardWeek,
  dayHeading,
  formatTime,
  minutesBetween,
  weekOffsetLabel,
  weekRangeTitle,
} from '../lib/calendar-math';
import { AppointmentStatusBadge, ColorDot } from './appointment-status-badge';
import { AppointmentSteps } from './appointment-steps';

/** A week other than the current one with nothing booked (the spec's empty text speaks of today). */
const EMPTY_WEEK = 'No hay citas programadas para esta semana';

function AppointmentRow({ cita }: { cita: CalendarAppointment }) {
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
      <Link
        to={`/citas/${cita.id}`}
        className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-1 hover:bg-accent"
      >
        <span className="w-12 font-medium tabular-nums">{formatTime(cita.horaInicio)}</span>
        <span className="min-w-32 flex-1">
          <span className="block font-medium">
            {cita.paciente.nombres} {cita.paciente.apellidos}
          </span>
          <span className="block text-sm text-muted-foreground">
            {cita.titulo} · {minutesBetween(cita.horaInicio, cita.horaFin)} min
          </span>
          <span className="flex items-center gap-1.5 text-sm text-muted-foreground">
            <ColorDot color={cita.dentista.color} />
            {cita.dentista.nombres} {cita.dentista.apellidos}
          </span>
        </span>
        <AppointmentStatusBadge estado={cita.estado} />
      </Link>
      {/* The desk works the day from here: confirmed, arrived, attended, no-show. */}
      <AppointmentSteps cita={cita} />
    </li>
  );
}

/** Who is in the waiting room now (today's appointments en sala), in time order. */
function WaitingRoom({ citas }: { citas: CalendarAppointment[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-md border border-warning/60 bg-warning/10 p-3">
      <h3 id={headingId} className="flex items-center gap-1.5 text-sm font-semibold">
        <Armchair className="size-4" aria-hidden="true" />
        {APPOINTMENT_MESSAGES.waitingRoomTitle} ({citas.length})
      </h3>
      {citas.length ? (
        <ul className="mt-1 flex flex-col gap-0.5 text-sm">
          {citas.map((c) => (
            <li key={c.id}>
              <span className="tabular-nums">{formatTime(c.horaInicio)}</span> ·{' '}
              <Link to={`/citas/${c.id}`} className="font-medium underline-offset-2 hover:underline">
                {c.paciente.nombres} {c.paciente.apellidos}
              </Link>{' '}
              <span className="text-muted-foreground">
                con {c.dentista.nombres} {c.dentista.apellidos}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm text-muted-foreground">{APPOINTMENT_MESSAGES.waitingRoomEmpty}</p>
      )}
    </section>
  );
}

/** One day of the week: its heading ('Hoy · jueves, 26 de noviembre') and its appointments in time order. */
function DayGroup({ iso, today, citas }: { iso: string; today: string; citas: CalendarAppointment[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cn(iso < today && 'opacity-70')}>
      <h3 id={headingId} className="text-sm font-semibold first-letter:uppercase">
        {dayHeading(iso, today)}
      </h3>
      {citas.length ? (
        <ul className="flex flex-col divide-y">
          {citas.map((c) => (
            <AppointmentRow key={c.id} cita={c} />
          ))}
        </ul>
      ) : (
        <p className="py-2 text-sm text-muted-foreground">{APPOINTMENT_MESSAGES.emptyToday}</p>
      )}
    </section>
  );
}

function AgendaCard() {
  const today = useClinicToday();
  const weekStartsOn = useClinicWeekStart();
  const [offset, setOffset] = useState(0);
  const week = dashboardWeek(today, offset, weekStartsOn);
  const calendar = useCalendar({ desde: week.desde, hasta: week.hasta, dentistaId: null });
  const titleId = useId();
  const citas = calendar.data ?? [];
  const byDay = new Map<string, CalendarAppointment[]>();
  for (const c of citas) byDay.set(c.fecha, [...(byDay.get(c.fecha) ?? []), c]);
  // Today always has its group in the current week (empty or not); other days only when booked.
  const shown = week.days.filter((iso) => byDay.has(iso) || (iso === today && citas.length > 0));

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
        <p className="text-sm text-muted-foreground">{weekRangeTitle(week.desde, week.hasta)}</p>
        {/* Another week's appointments are still the last one's until they arrive. */}
        {calendar.isPending || calendar.isPlaceholderData ? (
          <Spinner label="Cargando citas" />
        ) : calendar.isError ? (
          <p role="alert" className="text-sm">
            {APPOINTMENT_MESSAGES.loadError(calendar.error.message)}
          </p>
        ) : shown.length === 0 ? (
          <p className="text-sm text-muted-foreground">{offset === 0 ? APPOINTMENT_MESSAGES.emptyToday : EMPTY_WEEK}</p>
        ) : (
          <div className="flex flex-col gap-4">
            {byDay.has(today) ? (
              <WaitingRoom citas={(byDay.get(today) ?? []).filter((c) => c.estado === 'en_sala')} />
            ) : null}
            {shown.map((iso) => (
              <DayGroup key={iso} iso={iso} today={today} citas={byDay.get(iso) ?? []} />
            ))}
          </div>
        )}
        <Button variant="outline" asChild className="self-start">
          <Link to="/citas">Ver todas las citas</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/**
 * 'Agenda del día' on the dashboard (spec 000 §2) with DESIGN §1's reading: the spec's week navigation
 * and labels, showing the selected week (the clinic's week: Monday or Sunday first) grouped by day,
 * today first, each appointment with its dentist.
 */
export function TodaysAgendaCard() {
  return useCan('citas.ver') ? <AgendaCard /> : null;
}
