import {
  APPOINTMENT_MESSAGES,
  BOOKING_MESSAGES,
  ESTADO_CITA_LABELS,
  isCancelledAppointment,
  MEDICAL_ALERT_MESSAGES,
  type AppointmentStatus,
  type DaySchedule,
} from '@odontia/shared';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { MedicalAlertBadge } from '@/components/medical-alert-badge';
import { useCan } from '@/lib/session';
import { useClinicToday } from '@/lib/use-clinic-today';
import { cn } from '@/lib/utils';
import type { CalendarAppointment } from '../api/appointments';
import type { AgendaReturnState } from '../lib/agenda-return';
import { formatTime } from '../lib/calendar-math';
import {
  closedTime,
  freeGaps,
  gapLabel,
  gridSlots,
  gridSpan,
  isSlotFree,
  MIN_GAP_MINUTES,
  minutesToTime,
  SLOT_MINUTES,
  timeToMinutes,
  type ClosedSpan,
  type Hours,
} from '../lib/day-grid';
import { APPOINTMENT_STATUS_STYLE, ColorDot } from './appointment-status-badge';
import { AppointmentSteps, momentSteps } from './appointment-steps';

/** The height of one slot (30 min): a 30-minute appointment shows its time and patient. */
const SLOT_REM = 3;

export type Chair = { id: string; nombres: string; apellidos: string; color: string };

type Props = {
  fecha: string;
  citas: CalendarAppointment[];
  /** The columns: the active dentists (or the one filtered), plus any other with an appointment that day. */
  chairs: Chair[];
  hours: Hours;
  canCreate: boolean;
  /** Carried by the free slots' links: the form comes back to this day once saved. */
  returnState?: AgendaReturnState;
  /** The dentists' working ranges and the blocks of the day: their closed time (none while unknown). */
  schedule?: DaySchedule;
};

const fullName = (d: { nombres: string; apellidos: string }) => `${d.nombres} ${d.apellidos}`;
const top = (time: string, start: number) => `${((timeToMinutes(time) - start) / SLOT_MINUTES) * SLOT_REM}rem`;
const height = (from: string, to: string) =>
  `${((timeToMinutes(to) - timeToMinutes(from)) / SLOT_MINUTES) * SLOT_REM}rem`;

/**
 * The Día view as the chair view reception expects: a time grid with one column per dentist, each
 * appointment a block at its hours, the free time between them hinted ('30 min libre') within the
 * clinic's hours, and every free slot a link to a prefilled new appointment. A dentist's time outside
 * their working hours or inside a block (holidays, training) is hatched as closed, and never offered.
 */
export function DayGridView({ fecha, citas, chairs, hours, canCreate, returnState, schedule }: Props) {
  const span = gridSpan(hours, citas);
  const slots = gridSlots(span);
  const columns = `4rem repeat(${Math.max(chairs.length, 1)}, minmax(10rem, 1fr))`;

  return (
    <div className="flex flex-col gap-3">
      {citas.length === 0 ? <p className="text-center text-muted-foreground">{APPOINTMENT_MESSAGES.emptyDay}</p> : null}
      {chairs.length === 0 ? (
        <p className="text-center text-sm text-muted-foreground">No hay dentistas activos para mostrar.</p>
      ) : (
        <div className="overflow-x-auto rounded-md border">
          <div className="grid min-w-fit" style={{ gridTemplateColumns: columns }}>
            <div className="sticky left-0 z-20 border-b bg-background" />
            {chairs.map((d) => (
              <div key={d.id} className="flex items-center gap-2 border-b border-l px-2 py-2 text-sm font-medium">
                <ColorDot color={d.color} />
                <span className="truncate">{fullName(d)}</span>
              </div>
            ))}
            <div className="sticky left-0 z-20 bg-background" aria-hidden="true">
              {slots.map((s) => (
                <div
                  key={s}
                  className="border-b pr-2 text-right text-xs text-muted-foreground tabular-nums"
                  style={{ height: `${SLOT_REM}rem` }}
                >
                  {s.endsWith(':00') ? s : null}
                </div>
              ))}
            </div>
            {chairs.map((d) => (
              <ChairColumn
                key={d.id}
                fecha={fecha}
                chair={d}
                citas={citas.filter((c) => c.dentistaId === d.id)}
                slots={slots}
                start={span.start}
                closed={closedTime(schedule, d.id, span)}
                hours={hours}
                canCreate={canCreate}
                returnState={returnState}
              />
            ))}
          </div>
        </div>
      )}
    </div>
  );
}

function ChairColumn({
  fecha,
  chair,
  citas,
  slots,
  start,
  closed,
  hours,
  canCreate,
  returnState,
}: {
  fecha: string;
  chair: Chair;
  citas: CalendarAppointment[];
  slots: string[];
  start: number;
  closed: ClosedSpan[];
  hours: Hours;
  canCreate: boolean;
  returnState?: AgendaReturnState;
}) {
  const name = fullName(chair);
  const canEdit = useCan('citas.editar');
  const today = useClinicToday();
  return (
    <section aria-label={`Citas de ${name}`} className="relative border-l">
      {/* The slots: a free one opens a new appointment with this dentist at that time. */}
      {slots.map((s) =>
        canCreate && isSlotFree(s, citas, closed) ? (
          <Link
            key={s}
            to={`/citas/nueva?fecha=${fecha}&hora=${s}&dentista=${chair.id}`}
            state={returnState}
            aria-label={`Nueva cita con ${name} a las ${s}`}
            className="block border-b border-dashed hover:bg-accent focus-visible:relative focus-visible:z-10 focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            style={{ height: `${SLOT_REM}rem` }}
          />
        ) : (
          <div key={s} className="border-b border-dashed" style={{ height: `${SLOT_REM}rem` }} />
        ),
      )}
      {closed.map((c) => (
        <ClosedTime key={c.start} span={c} start={start} />
      ))}
      {freeGaps(citas, hours, MIN_GAP_MINUTES, closed).map((g) => (
        <div
          key={g.start}
          className="pointer-events-none absolute inset-x-1 flex items-center justify-center"
          style={{ top: top(g.start, start), height: height(g.start, g.end) }}
        >
          <span className="rounded bg-background/90 px-1.5 text-xs text-muted-foreground">{gapLabel(g.minutes)}</span>
        </div>
      ))}
      {citas.map((c) => (
        <Fragment key={c.id}>
          <Link
            to={`/citas/${c.id}`}
            aria-label={`${formatTime(c.horaInicio)} – ${formatTime(c.horaFin)}, ${c.paciente.nombres} ${c.paciente.apellidos}, ${c.titulo}, ${ESTADO_CITA_LABELS[c.estado]}${c.paciente.alertas.length ? `, ${MEDICAL_ALERT_MESSAGES.badgeName(c.paciente.alertas)}` : ''}`}
            className={cn(
              'absolute inset-x-1 z-10 overflow-hidden rounded border-l-4 bg-muted px-1.5 py-0.5 text-xs shadow-sm hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
              isCancelledAppointment(c.estado) && 'z-0 line-through opacity-60',
              c.estado === 'en_sala' && 'bg-warning/25',
              (c.estado === 'atendida' || c.estado === 'completada') && 'bg-info/15',
              c.estado === 'no_asistio' && 'border-dashed opacity-70',
              // Room for the step button on its top right.
              canEdit && momentSteps(c, today).length > 0 && 'pr-9',
            )}
            style={{
              top: top(c.horaInicio, start),
              height: height(c.horaInicio, c.horaFin),
              borderLeftColor: chair.color,
            }}
          >
            <span className="font-medium tabular-nums">
              {formatTime(c.horaInicio)} – {formatTime(c.horaFin)}
            </span>{' '}
            <span className="font-medium">
              {c.paciente.nombres} {c.paciente.apellidos}
            </span>{' '}
            <MedicalAlertBadge alertas={c.paciente.alertas} compact className="align-middle" />
            <span className="block truncate text-muted-foreground">
              {c.titulo} · <StatusMark estado={c.estado} /> {ESTADO_CITA_LABELS[c.estado]}
            </span>
          </Link>
          {/* Beside the block, not in its link: the desk marks arrived, then attended, in one click. */}
          <AppointmentSteps
            cita={c}
            compact
            className="absolute right-2 z-20 mt-1"
            style={{ top: top(c.horaInicio, start) }}
          />
        </Fragment>
      ))}
    </section>
  );
}

/**
 * Time the dentist does not see patients: hatched, named for screen readers ('Fuera de horario,
 * 14:00 – 16:00'), a block's type and reason as its title and, where it fits, written in it.
 */
function ClosedTime({ span, start }: { span: ClosedSpan; start: number }) {
  const from = minutesToTime(span.start);
  const to = minutesToTime(span.end);
  return (
    <div
      role="img"
      aria-label={`${BOOKING_MESSAGES.closed}, ${from} – ${to}${span.title ? `, ${span.title}` : ''}`}
      title={span.title ?? BOOKING_MESSAGES.closed}
      data-closed={span.title ? 'bloqueo' : 'horario'}
      className="absolute inset-x-0 overflow-hidden bg-muted/70 bg-[image:repeating-linear-gradient(135deg,var(--color-border)_0_2px,transparent_2px_10px)] px-1.5 py-0.5 text-xs text-muted-foreground"
      style={{ top: top(from, start), height: height(from, to) }}
    >
      {span.title ? (
        <span aria-hidden="true" className="line-clamp-2 font-medium">
          {span.title}
        </span>
      ) : null}
    </div>
  );
}

/** A state's mark beside its name in a block, so a state is never told by colour alone. */
function StatusMark({ estado }: { estado: AppointmentStatus }) {
  const Icon = APPOINTMENT_STATUS_STYLE[estado].icon;
  return <Icon className="inline size-3 align-[-2px]" aria-hidden="true" />;
}
