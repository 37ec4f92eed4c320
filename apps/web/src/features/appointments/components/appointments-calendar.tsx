import {
  AGENDA_DEFAULT_HOURS,
  APPOINTMENT_MESSAGES,
  isCancelledAppointment,
  type MonthDay,
  type WeekStart,
} from '@odontia/shared';
import { ChevronLeft, ChevronRight, Plus } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { useCan } from '@/lib/session';
import { useClinicWeekStart } from '@/lib/use-clinic-today';
import { cn } from '@/lib/utils';
import {
  useActiveDentists,
  useAgendaHours,
  useCalendar,
  useMonthCalendar,
  type CalendarAppointment,
} from '../api/appointments';
import {
  dayTitle,
  formatTime,
  isSameMonth,
  monthGrid,
  step,
  STEP_LABELS,
  viewTitle,
  visibleRange,
  weekDays,
  weekdayLabel,
  weekdayLabels,
  type CalendarView,
} from '../lib/calendar-math';
import { useDaySchedule } from '../api/day-schedule';
import { agendaReturnState } from '../lib/agenda-return';
import { AppointmentStatusBadge, ColorDot } from './appointment-status-badge';
import { DayGridView, type Chair } from './day-grid-view';

const ALL = 'todos';
const VIEWS: { value: CalendarView; label: string }[] = [
  { value: 'dia', label: 'Día' },
  { value: 'semana', label: 'Semana' },
  { value: 'mes', label: 'Mes' },
];

export type CalendarState = { modo: CalendarView; fecha: string; dentistaId: string | null };

type Props = CalendarState & { today: string; onChange: (next: Partial<CalendarState>) => void };

const patientName = (c: CalendarAppointment) => `${c.paciente.nombres} ${c.paciente.apellidos}`;

function byDay(citas: CalendarAppointment[]) {
  const days = new Map<string, CalendarAppointment[]>();
  for (const c of citas) days.set(c.fecha, [...(days.get(c.fecha) ?? []), c]);
  return days;
}

/** One appointment as a line of a day: time, patient, title; opens /citas/{id}. */
function Entry({ cita, detailed = false }: { cita: CalendarAppointment; detailed?: boolean }) {
  return (
    <Link
      to={`/citas/${cita.id}`}
      className={cn(
        'flex items-center gap-1.5 rounded px-1.5 py-0.5 text-xs hover:bg-accent',
        isCancelledAppointment(cita.estado) && 'line-through opacity-70',
      )}
      onClick={(e) => e.stopPropagation()}
    >
      <ColorDot color={cita.dentista.color} />
      <span className="font-medium tabular-nums">{formatTime(cita.horaInicio)}</span>
      <span className="truncate">{patientName(cita)}</span>
      {detailed ? <span className="truncate text-muted-foreground">{cita.titulo}</span> : null}
    </Link>
  );
}

function MonthView({
  fecha,
  today,
  days,
  loading,
  weekStartsOn,
  onDay,
}: {
  fecha: string;
  today: string;
  days: Map<string, MonthDay>;
  /** The month's appointments are not here yet: its days show placeholders, not an empty month. */
  loading: boolean;
  weekStartsOn: WeekStart;
  onDay: (iso: string) => void;
}) {
  return (
    <div
      role="grid"
      aria-label={viewTitle('mes', fecha, weekStartsOn)}
      className="grid grid-cols-7 border-t border-l text-sm"
    >
      <div role="row" className="contents">
        {weekdayLabels(weekStartsOn).map((d) => (
          <div
            key={d}
            role="columnheader"
            className="border-r border-b bg-muted/50 px-2 py-1 text-center text-xs font-medium text-muted-foreground"
          >
            {d}
          </div>
        ))}
      </div>
      {monthGrid(fecha, weekStartsOn).map((week) => (
        <div key={week[0]} role="row" className="contents">
          {week.map((iso) => {
            const citas = days.get(iso)?.citas ?? [];
            const total = days.get(iso)?.total ?? 0;
            const extra = total - citas.length;
            return (
              <div
                key={iso}
                role="gridcell"
                className={cn(
                  'min-h-24 border-r border-b p-1',
                  !isSameMonth(iso, fecha) && 'bg-muted/30 text-muted-foreground',
                )}
              >
                <button
                  type="button"
                  className={cn(
                    'mb-1 flex size-6 items-center justify-center rounded-full text-xs hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                    iso === today && 'bg-primary text-primary-foreground hover:bg-primary/90',
                  )}
                  aria-label={`Ver el día ${dayTitle(iso)}${total ? `, ${total} ${total === 1 ? 'cita' : 'citas'}` : ''}`}
                  onClick={() => onDay(iso)}
                >
                  {Number(iso.slice(8))}
                </button>
                <div className="flex flex-col gap-0.5">
                  {loading && isSameMonth(iso, fecha) ? <Skeleton className="h-4 w-4/5" /> : null}
                  {citas.map((c) => (
                    <Entry key={c.id} cita={c} />
                  ))}
                  {extra > 0 ? (
                    <button
                      type="button"
                      className="px-1.5 text-left text-xs text-muted-foreground hover:underline"
                      onClick={() => onDay(iso)}
                    >
                      +{extra} más
                    </button>
                  ) : null}
                </div>
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}

function WeekView({
  fecha,
  today,
  days,
  weekStartsOn,
  onDay,
}: {
  fecha: string;
  today: string;
  days: Map<string, CalendarAppointment[]>;
  weekStartsOn: WeekStart;
  onDay: (iso: string) => void;
}) {
  return (
    <div className="grid gap-2 md:grid-cols-7">
      {weekDays(fecha, weekStartsOn).map((iso) => {
        const citas = days.get(iso) ?? [];
        return (
          <section
            key={iso}
            aria-label={dayTitle(iso)}
            className={cn('rounded-md border p-2', iso === today && 'border-primary')}
          >
            <button type="button" className="mb-2 text-sm font-medium hover:underline" onClick={() => onDay(iso)}>
              {weekdayLabel(iso)} {Number(iso.slice(8))}
            </button>
            <ul className="flex flex-col gap-1">
              {citas.map((c) => (
                <li key={c.id}>
                  <Link
                    to={`/citas/${c.id}`}
                    className="block rounded border-l-4 bg-muted/40 p-1.5 text-xs hover:bg-accent"
                    style={{ borderLeftColor: c.dentista.color }}
                  >
                    <span className="block font-medium tabular-nums">
                      {formatTime(c.horaInicio)} – {formatTime(c.horaFin)}
                    </span>
                    <span className="block truncate">{patientName(c)}</span>
                    <span className="block truncate text-muted-foreground">{c.titulo}</span>
                    <span className="mt-1 block">
                      <AppointmentStatusBadge estado={c.estado} />
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

/** The Día grid's columns: the active dentists (only the filtered one, if any), then any other with an appointment that day. */
function chairsOf(dentists: Chair[], citas: CalendarAppointment[], dentistaId: string | null): Chair[] {
  const chairs = dentists.filter((d) => !dentistaId || d.id === dentistaId);
  for (const c of citas)
    if (!chairs.some((d) => d.id === c.dentistaId)) chairs.push({ id: c.dentistaId, ...c.dentista });
  return chairs;
}

/** The Calendario view: Mes (default), Semana and Día, with a filter by dentist. */
export function AppointmentsCalendar({ modo, fecha, dentistaId, today, onChange }: Props) {
  const weekStartsOn = useClinicWeekStart();
  const range = visibleRange(modo, fecha, weekStartsOn);
  const month = useMonthCalendar({ ...range, dentistaId }, modo === 'mes');
  const ranged = useCalendar({ ...range, dentistaId }, modo !== 'mes');
  const calendar = modo === 'mes' ? month : ranged;
  // Until the shown days' appointments arrive (first load, or another month still showing the last
  // one's), say so: an empty grid would read as a month without appointments.
  const loading = (calendar.isPending || calendar.isPlaceholderData) && calendar.isFetching;
  const dentists = useActiveDentists();
  const hours = useAgendaHours();
  const schedule = useDaySchedule(fecha, modo === 'dia');
  const days = byDay(ranged.data ?? []);
  const openDay = (iso: string) => onChange({ modo: 'dia', fecha: iso });
  const canCreate = useCan('citas.crear');
  const newLink = `/citas/nueva?fecha=${fecha}${dentistaId ? `&dentista=${dentistaId}` : ''}`;
  // A booking started here comes back to this day (not to the Lista).
  const returnState = agendaReturnState(useLocation());

  return (
    <Card>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-2">
            <Button
              variant="outline"
              size="icon"
              aria-label={STEP_LABELS[modo].previous}
              onClick={() => onChange({ fecha: step(modo, fecha, -1) })}
            >
              <ChevronLeft aria-hidden="true" />
            </Button>
            <Button
              variant="outline"
              size="icon"
              aria-label={STEP_LABELS[modo].next}
              onClick={() => onChange({ fecha: step(modo, fecha, 1) })}
            >
              <ChevronRight aria-hidden="true" />
            </Button>
            <Button variant="outline" size="sm" onClick={() => onChange({ fecha: today })}>
              Hoy
            </Button>
            <h2 className="ml-2 text-lg font-semibold first-letter:uppercase" aria-live="polite">
              {viewTitle(modo, fecha, weekStartsOn)}
            </h2>
            {loading ? (
              <span role="status" className="flex items-center gap-1.5 text-sm text-muted-foreground">
                <Spinner decorative />
                Cargando citas…
              </span>
            ) : null}
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <Select value={dentistaId ?? ALL} onValueChange={(v) => onChange({ dentistaId: v === ALL ? null : v })}>
              <SelectTrigger className="w-52" aria-label="Filtrar por dentista">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>Todos los dentistas</SelectItem>
                {(dentists.data ?? []).map((d) => (
                  <SelectItem key={d.id} value={d.id}>
                    <ColorDot color={d.color} />
                    {d.nombres} {d.apellidos}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            {canCreate && modo === 'dia' ? (
              <Button variant="outline" size="sm" asChild>
                <Link to={newLink} state={returnState}>
                  <Plus aria-hidden="true" />
                  Nueva cita este día
                </Link>
              </Button>
            ) : null}
            <div role="group" aria-label="Vista del calendario" className="inline-flex rounded-md border p-0.5">
              {VIEWS.map((v) => (
                <Button
                  key={v.value}
                  size="sm"
                  variant={modo === v.value ? 'default' : 'ghost'}
                  aria-pressed={modo === v.value}
                  onClick={() => onChange({ modo: v.value })}
                >
                  {v.label}
                </Button>
              ))}
            </div>
          </div>
        </div>
        {calendar.isError ? (
          <p role="alert" className="text-destructive">
            {APPOINTMENT_MESSAGES.loadError(calendar.error.message)}
          </p>
        ) : null}
        <div
          aria-busy={calendar.isFetching}
          className={calendar.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
        >
          {modo === 'mes' ? (
            <MonthView
              fecha={fecha}
              today={today}
              days={new Map((month.data ?? []).map((d) => [d.fecha, d]))}
              loading={loading}
              weekStartsOn={weekStartsOn}
              onDay={openDay}
            />
          ) : modo === 'semana' ? (
            <WeekView fecha={fecha} today={today} days={days} weekStartsOn={weekStartsOn} onDay={openDay} />
          ) : ranged.isPending || dentists.isLoading || schedule.isLoading ? (
            <Skeleton className="h-96 w-full" />
          ) : (
            <DayGridView
              fecha={fecha}
              citas={days.get(fecha) ?? []}
              chairs={chairsOf(dentists.data ?? [], days.get(fecha) ?? [], dentistaId)}
              hours={hours.data ?? AGENDA_DEFAULT_HOURS}
              canCreate={canCreate}
              returnState={returnState}
              schedule={schedule.data}
            />
          )}
        </div>
      </CardContent>
    </Card>
  );
}
