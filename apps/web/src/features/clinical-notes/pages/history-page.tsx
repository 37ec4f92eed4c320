import {
  ESTADO_CITA_LABELS,
  formatDateTime,
  HISTORY_KIND_LABELS,
  HISTORY_KINDS,
  type HistoryKind,
} from '@odontia/shared';
import { ArrowLeft, CalendarDays, FilePlus2, FileSignature, ScrollText, Smile } from 'lucide-react';
import { useId } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/list-content';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { pageParam } from '@/lib/page-param';
import { useCan, useSession } from '@/lib/session';
import { usePageTitle } from '@/lib/use-page-title';
import { useHistory, type HistoryEntry } from '../api/notes';
import { NoteCard } from '../components/note-card';

const appointmentState = (estado: string) =>
  Object.entries(ESTADO_CITA_LABELS).find(([key]) => key === estado)?.[1] ?? estado;

const isKind = (value: string | null): value is HistoryKind => HISTORY_KINDS.some((k) => k === value);

function Entry({ entry, patientId, zone }: { entry: HistoryEntry; patientId: string; zone?: string }) {
  if (entry.tipo === 'nota') {
    return (
      <NoteCard
        nota={entry.nota}
        actions={
          <Button variant="link" size="sm" className="px-0" asChild>
            <Link to={`/notas/${entry.nota.id}`}>
              {entry.nota.estado === 'borrador' && entry.nota.esAutor ? 'Seguir editando el borrador' : 'Abrir nota'}
            </Link>
          </Button>
        }
      />
    );
  }
  if (entry.tipo === 'odontograma') {
    return (
      <Card>
        <CardContent className="flex flex-wrap items-center gap-3">
          <Smile className="size-5 text-muted-foreground" aria-hidden="true" />
          <div className="flex-1">
            <h2 className="font-medium">Odontograma · versión {entry.odontograma.version}</h2>
            <p className="text-sm text-muted-foreground">
              {entry.odontograma.autor || 'Autor desconocido'} · {formatDateTime(entry.odontograma.fecha, zone)}
            </p>
          </div>
          <Button variant="link" size="sm" asChild>
            <Link to={`/odontograma?paciente=${patientId}`}>Ver odontograma</Link>
          </Button>
        </CardContent>
      </Card>
    );
  }
  if (entry.tipo === 'consentimiento') {
    const c = entry.consentimiento;
    return (
      <Card>
        <CardContent className="flex flex-wrap items-center gap-3">
          <FileSignature className="size-5 text-muted-foreground" aria-hidden="true" />
          <div className="min-w-0 flex-1">
            <h2 className="font-medium">Consentimiento firmado · {c.titulo}</h2>
            <p className="text-sm text-muted-foreground">
              {formatDateTime(c.fecha, zone)} ·{' '}
              {c.tutor ? `Firma ${c.tutor.nombre} (${c.tutor.relacion})` : 'Firma el paciente'} · {c.profesional}
            </p>
          </div>
          <Button variant="link" size="sm" asChild>
            <a href={`/api/consentimientos/${entry.id}/pdf`} download>
              Descargar PDF<span className="sr-only"> de {c.titulo}</span>
            </a>
          </Button>
        </CardContent>
      </Card>
    );
  }
  return (
    <Card>
      <CardContent className="flex flex-wrap items-center gap-3">
        <CalendarDays className="size-5 text-muted-foreground" aria-hidden="true" />
        <div className="flex-1">
          <h2 className="font-medium">Cita · {entry.cita.titulo}</h2>
          <p className="text-sm text-muted-foreground">
            {formatDateTime(entry.cita.inicio, zone)} · {entry.cita.dentista}{' '}
            <Badge variant="outline">{appointmentState(entry.cita.estado)}</Badge>
          </p>
        </div>
        <Button variant="link" size="sm" asChild>
          <Link to={`/citas/${entry.id}`}>Ver cita</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/**
 * 'Historia clínica' (/pacientes/:id/historia): the patient's notes with their addenda, chart versions,
 * appointments and signed consents (with their PDF), newest first, by kind and dentist, a page at a time (filters in the address).
 */
export default function HistoryPage() {
  usePageTitle('Historia clínica');
  const { id = '' } = useParams();
  const ids = useId();
  const [params, setParams] = useSearchParams();
  const tipoParam = params.get('tipo');
  const tipo = isKind(tipoParam) ? tipoParam : '';
  const dentista = params.get('dentista') ?? '';
  const pagina = pageParam(params);
  const history = useHistory(id, { tipo, dentista, pagina });
  const canWrite = useCan('historia.editar');
  const zone = useSession().account?.clinica?.zonaHoraria ?? undefined;
  const set = (changes: Record<string, string>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [k, v] of Object.entries(changes)) {
        if (v) next.set(k, v);
        else next.delete(k);
      }
      if (!('pagina' in changes)) next.delete('pagina');
      return next;
    });
  const data = history.data;
  const notFound = history.error instanceof ApiError && history.error.status === 404;

  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <div>
        <Button variant="ghost" size="sm" className="-ml-2" asChild>
          <Link to={`/pacientes/${id}`}>
            <ArrowLeft aria-hidden="true" />
            Volver al paciente
          </Link>
        </Button>
        <header className="mt-2 flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 className="text-2xl font-semibold tracking-tight">Historia clínica</h1>
            <p className="text-muted-foreground">
              {data ? `${data.paciente.nombres} ${data.paciente.apellidos}` : notFound ? '' : 'Cargando...'}
            </p>
          </div>
          {canWrite && data ? (
            <Button asChild>
              <Link to={`/pacientes/${id}/notas/nueva`}>
                <FilePlus2 aria-hidden="true" />
                Nueva nota
              </Link>
            </Button>
          ) : null}
        </header>
      </div>

      {notFound ? (
        <p role="alert">Paciente no encontrado</p>
      ) : (
        <>
          <div className="grid gap-3 sm:grid-cols-2" role="group" aria-label="Filtros">
            <div className="grid gap-2">
              <Label htmlFor={`${ids}-tipo`}>Tipo</Label>
              <select
                id={`${ids}-tipo`}
                className="h-9 rounded-md border border-input bg-transparent px-3 text-sm"
                value={tipo}
                onChange={(e) => set({ tipo: e.target.value })}
              >
                <option value="">Todo</option>
                {HISTORY_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {HISTORY_KIND_LABELS[k]}
                  </option>
                ))}
              </select>
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${ids}-dentista`}>Dentista</Label>
              <select
                id={`${ids}-dentista`}
                className="h-9 rounded-md border border-input bg-transparent px-3 text-sm"
                value={dentista}
                onChange={(e) => set({ dentista: e.target.value })}
              >
                <option value="">Todos los dentistas</option>
                {data?.dentistas.map((d) => (
                  <option key={d.id} value={d.id}>
                    {d.nombre}
                  </option>
                ))}
              </select>
            </div>
          </div>

          {history.isError ? (
            <p role="alert" className="text-destructive">
              No se pudo cargar la historia clínica.
            </p>
          ) : !data ? (
            <div className="grid gap-3" aria-busy="true" aria-label="Cargando historia clínica">
              <Skeleton className="h-24 w-full" />
              <Skeleton className="h-24 w-full" />
            </div>
          ) : data.entradas.length === 0 ? (
            <EmptyState icon={ScrollText} title="No hay nada en la historia clínica con estos filtros" />
          ) : (
            <ol className="grid gap-3" aria-label="Historia clínica, de lo más reciente a lo más antiguo">
              {data.entradas.map((entry) => (
                <li key={`${entry.tipo}-${entry.id}`}>
                  <Entry entry={entry} patientId={id} zone={zone} />
                </li>
              ))}
            </ol>
          )}

          {data && (pagina > 1 || data.hayMas) ? (
            <nav aria-label="Paginación" className="flex items-center justify-between gap-2">
              <Button
                variant="outline"
                disabled={pagina <= 1}
                onClick={() => set({ pagina: pagina > 2 ? String(pagina - 1) : '' })}
              >
                Más recientes
              </Button>
              <span className="text-sm text-muted-foreground">Página {pagina}</span>
              <Button variant="outline" disabled={!data.hayMas} onClick={() => set({ pagina: String(pagina + 1) })}>
                Más antiguas
              </Button>
            </nav>
          ) : null}
        </>
      )}
    </div>
  );
}
