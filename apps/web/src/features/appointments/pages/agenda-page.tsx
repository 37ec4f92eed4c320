import { isCalendarDate } from '@odontia/shared';
import { Plus, Search } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { Label } from '@/components/ui/label';
import { useListSearch } from '@/hooks/use-list-search';
import { pageParam } from '@/lib/page-param';
import { useCan } from '@/lib/session';
import { useClinicRequired } from '@/lib/use-clinic-required';
import { useClinicToday } from '@/lib/use-clinic-today';
import { usePageTitle } from '@/lib/use-page-title';
import { useAppointments } from '../api/appointments';
import { AppointmentsCalendar, type CalendarState } from '../components/appointments-calendar';
import { AppointmentsList } from '../components/appointments-list';
import type { CalendarView } from '../lib/calendar-math';

const MODOS: CalendarView[] = ['mes', 'semana', 'dia'];

/** Everything the agenda shows lives in the URL: reload and the back button keep it. */
function useAgendaParams(today: string) {
  const [params, setParams] = useSearchParams();
  const vista = params.get('vista') === 'calendario' ? 'calendario' : 'lista';
  const q = params.get('q') ?? '';
  const pagina = pageParam(params);
  const pasadas = params.get('pasadas') === 'true';
  const modoParam = params.get('modo') as CalendarView | null;
  const modo: CalendarView = modoParam && MODOS.includes(modoParam) ? modoParam : 'mes';
  const fechaParam = params.get('fecha') ?? '';
  const fecha = isCalendarDate(fechaParam) ? fechaParam : today;
  const dentistaId = params.get('dentista') || null;

  const update = (changes: Record<string, string | number | boolean | null>, options: { replace?: boolean } = {}) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '' || value === false || (key === 'pagina' && value === 1)) next.delete(key);
      else next.set(key, String(value));
    }
    setParams(next, { replace: options.replace });
  };
  return { vista, q, pagina, pasadas, modo, fecha, dentistaId, update };
}

/** 'Agenda de Citas' (/citas): the Lista (server pages, from today on) and the Calendario. */
export default function AgendaPage() {
  usePageTitle('Agenda de Citas');
  const today = useClinicToday();
  const { vista, q, pagina, pasadas, modo, fecha, dentistaId, update } = useAgendaParams(today);
  const canCreate = useCan('citas.crear');
  const { term, setTerm } = useListSearch();
  const list = useAppointments({ buscar: q, pagina, pasadas }, vista === 'lista');
  const redirecting = useClinicRequired(list.error);

  if (redirecting) return null;

  const total = list.data?.total;
  const calendarChange = (next: Partial<CalendarState>) =>
    update({
      ...(next.modo ? { modo: next.modo === 'mes' ? null : next.modo } : {}),
      ...(next.fecha ? { fecha: next.fecha === today ? null : next.fecha } : {}),
      ...('dentistaId' in next ? { dentista: next.dentistaId ?? null } : {}),
    });

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Agenda de Citas</h1>
          <p className="text-muted-foreground" aria-live="polite">
            {vista === 'lista' && total !== undefined
              ? `${total} ${total === 1 ? 'cita encontrada' : 'citas encontradas'}`
              : 'Las citas de la clínica.'}
          </p>
        </div>
        {canCreate ? (
          <Button asChild>
            <Link to="/citas/nueva">
              <Plus aria-hidden="true" />
              Nueva Cita
            </Link>
          </Button>
        ) : null}
      </header>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <div role="group" aria-label="Vista de la agenda" className="inline-flex rounded-md border p-0.5">
          <Button
            size="sm"
            variant={vista === 'lista' ? 'default' : 'ghost'}
            aria-pressed={vista === 'lista'}
            onClick={() => update({ vista: null })}
          >
            Lista
          </Button>
          <Button
            size="sm"
            variant={vista === 'calendario' ? 'default' : 'ghost'}
            aria-pressed={vista === 'calendario'}
            onClick={() => update({ vista: 'calendario' })}
          >
            Calendario
          </Button>
        </div>
        {vista === 'lista' ? (
          <div className="flex flex-wrap items-center gap-4">
            <div className="flex items-center gap-2">
              <Switch id="citas-pasadas" checked={pasadas} onCheckedChange={(v) => update({ pasadas: v, pagina: 1 })} />
              <Label htmlFor="citas-pasadas">Ver citas pasadas</Label>
            </div>
            <div className="relative w-72" role="search">
              <Search
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
                aria-hidden="true"
              />
              <Input
                type="search"
                aria-label="Buscar cita"
                placeholder="Buscar cita..."
                className="pl-9"
                value={term}
                onChange={(e) => setTerm(e.target.value)}
              />
            </div>
          </div>
        ) : null}
      </div>

      {vista === 'lista' ? (
        <AppointmentsList
          data={list.data}
          pending={list.isPending}
          stale={list.isPlaceholderData}
          searching={q !== ''}
          onPageChange={(p) => update({ pagina: p })}
        />
      ) : (
        <AppointmentsCalendar
          modo={modo}
          fecha={fecha}
          dentistaId={dentistaId}
          today={today}
          onChange={calendarChange}
        />
      )}
    </div>
  );
}
