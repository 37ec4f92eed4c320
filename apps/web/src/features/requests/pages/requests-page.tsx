import {
  appointmentRequestsQuerySchema,
  ESTADO_SOLICITUD_LABELS,
  formatDate,
  type AppointmentRequestStatus,
} from '@odontia/shared';
import { CalendarPlus, Check, Inbox, Mail, Phone } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState, ListTable } from '@/components/list-content';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api';
import { useCan } from '@/lib/session';
import { toast } from '@/lib/toast';
import { usePageTitle } from '@/lib/use-page-title';
import { cn } from '@/lib/utils';
import { useClinicDateTime } from '@/lib/use-clinic-today';
import { useAppointmentRequests, type AppointmentRequest } from '../api/get-requests';
import { useUpdateAppointmentRequest } from '../api/update-request';
import { RequestMessage } from '../components/request-message';

const FILTERS: { value: AppointmentRequestStatus | undefined; label: string }[] = [
  { value: undefined, label: 'Todas' },
  { value: 'nueva', label: 'Nuevas' },
  { value: 'atendida', label: 'Atendidas' },
];

function MarkButton({ solicitud }: { solicitud: AppointmentRequest }) {
  const update = useUpdateAppointmentRequest();
  const mark = async () => {
    try {
      await update.mutateAsync({ id: solicitud.id, estado: 'atendida' });
      toast.success('Solicitud atendida', `La solicitud de ${solicitud.nombre} se ha marcado como atendida.`);
    } catch (error) {
      toast.error('Error al guardar cambios', errorMessage(error, 'Ocurrió un error inesperado. Inténtalo de nuevo.'));
    }
  };
  return (
    <Button
      type="button"
      size="sm"
      variant="outline"
      onClick={mark}
      disabled={update.isPending}
      aria-label={`Marcar como atendida la solicitud de ${solicitud.nombre}`}
    >
      {update.isPending ? <Spinner decorative /> : <Check aria-hidden="true" />}
      Marcar como atendida
    </Button>
  );
}

/** Opens the appointment form prefilled from the request; saving the appointment marks it atendida. */
function CreateAppointmentButton({ solicitud }: { solicitud: AppointmentRequest }) {
  return (
    <Button size="sm" asChild>
      <Link
        to={`/citas/nueva?solicitud=${solicitud.id}`}
        aria-label={`Crear cita para la solicitud de ${solicitud.nombre}`}
      >
        <CalendarPlus aria-hidden="true" />
        Crear cita
      </Link>
    </Button>
  );
}

function Contact({ solicitud: s }: { solicitud: AppointmentRequest }) {
  return (
    <>
      <a href={`mailto:${s.email}`} className="inline-flex items-center gap-1 break-all hover:underline">
        <Mail className="size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
        {s.email}
      </a>
      {s.telefono ? (
        <a href={`tel:${s.telefono.replace(/[^\d+]/g, '')}`} className="inline-flex items-center gap-1 hover:underline">
          <Phone className="size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
          {s.telefono}
        </a>
      ) : null}
    </>
  );
}

function StatusBadge({ estado, className }: { estado: AppointmentRequestStatus; className?: string }) {
  return (
    <Badge variant={estado === 'nueva' ? 'info' : 'success'} className={className}>
      {ESTADO_SOLICITUD_LABELS[estado]}
    </Badge>
  );
}

/** Appointment requests sent from the clinic's public profile. */
export default function RequestsPage() {
  const formatDateTime = useClinicDateTime();
  usePageTitle('Solicitudes');
  // The filter and the page live in the URL (reload, back and a shared link keep them), read with the
  // server's own rule: an unknown estado is every request, a bad page the first.
  const [params, setParams] = useSearchParams();
  const { estado, pagina } = appointmentRequestsQuerySchema.parse({
    estado: params.get('estado') ?? undefined,
    pagina: params.get('pagina') ?? undefined,
  });
  const show = (next: { estado?: AppointmentRequestStatus; pagina: number }) => {
    const search = new URLSearchParams();
    if (next.estado) search.set('estado', next.estado);
    if (next.pagina > 1) search.set('pagina', String(next.pagina));
    setParams(search);
  };
  const { data, isPending, isError, error } = useAppointmentRequests({ estado, pagina });
  const canManage = useCan('solicitudes.gestionar');
  const canBook = useCan('citas.crear');
  const hasActions = canManage || canBook;

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Solicitudes de cita</h1>
          <p className="text-muted-foreground">
            Las peticiones que los pacientes envían desde el perfil público de la clínica.
          </p>
        </div>
        {data?.nuevas ? <Badge>{data.nuevas === 1 ? '1 nueva' : `${data.nuevas} nuevas`}</Badge> : null}
      </header>

      <div role="group" aria-label="Filtrar por estado" className="inline-flex w-fit rounded-lg bg-muted p-1">
        {FILTERS.map((f) => (
          <button
            key={f.label}
            type="button"
            aria-pressed={estado === f.value}
            onClick={() => show({ estado: f.value, pagina: 1 })}
            className={cn(
              'rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
              estado === f.value && 'bg-background text-foreground shadow-sm',
            )}
          >
            {f.label}
          </button>
        ))}
      </div>

      <ListTable
        query={{ isPending, data: isError ? undefined : data }}
        loadingLabel="Cargando solicitudes"
        errorText={errorMessage(error, 'Error al cargar información')}
        isEmpty={(d) => d.solicitudes.length === 0}
        empty={
          <EmptyState icon={Inbox} title="No hay solicitudes">
            <p className="mt-1 text-sm text-muted-foreground">
              Cuando un paciente pida cita desde el perfil público de la clínica, aparecerá aquí.
            </p>
          </EmptyState>
        }
      >
        {(d) => (
          // Key columns on a phone: the contact, message and estado go under the name; the actions
          // stack so that both fit beside it (and at 1440 px beside the sidebar).
          <>
            <TableHeader>
              <TableRow>
                <TableHead>Nombre</TableHead>
                <TableHead className="hidden @4xl:table-cell">Contacto</TableHead>
                <TableHead className="hidden @2xl:table-cell">Mensaje</TableHead>
                <TableHead className="hidden @5xl:table-cell">Fecha preferida</TableHead>
                <TableHead className="hidden @5xl:table-cell">Recibida</TableHead>
                <TableHead className="hidden @lg:table-cell">Estado</TableHead>
                {hasActions ? <TableHead className="sr-only">Acciones</TableHead> : null}
              </TableRow>
            </TableHeader>
            <TableBody>
              {d.solicitudes.map((s) => (
                <TableRow key={s.id}>
                  <TableCell className="align-top whitespace-normal">
                    <span className="font-medium">{s.nombre}</span>
                    <div className="mt-1 flex flex-col gap-1 text-sm @4xl:hidden">
                      <Contact solicitud={s} />
                    </div>
                    <p className="mt-1 text-sm text-muted-foreground @5xl:hidden">
                      Recibida {formatDateTime(s.fechaCreacion)}
                    </p>
                    <RequestMessage text={s.mensaje} className="mt-1 @2xl:hidden" />
                    <StatusBadge estado={s.estado} className="mt-2 @lg:hidden" />
                  </TableCell>
                  <TableCell className="hidden max-w-64 align-top whitespace-normal @4xl:table-cell">
                    <div className="flex flex-col gap-1">
                      <Contact solicitud={s} />
                    </div>
                  </TableCell>
                  <TableCell className="hidden max-w-md min-w-48 align-top whitespace-normal @2xl:table-cell">
                    <RequestMessage text={s.mensaje} />
                  </TableCell>
                  <TableCell className="hidden align-top @5xl:table-cell">
                    {s.fechaPreferida ? formatDate(s.fechaPreferida) : 'Sin preferencia'}
                  </TableCell>
                  <TableCell className="hidden align-top @5xl:table-cell">{formatDateTime(s.fechaCreacion)}</TableCell>
                  <TableCell className="hidden align-top @lg:table-cell">
                    <StatusBadge estado={s.estado} />
                  </TableCell>
                  {hasActions ? (
                    <TableCell className="text-right align-top">
                      {s.estado === 'nueva' ? (
                        <div className="flex flex-col items-end gap-2">
                          {canBook ? <CreateAppointmentButton solicitud={s} /> : null}
                          {canManage ? <MarkButton solicitud={s} /> : null}
                        </div>
                      ) : null}
                    </TableCell>
                  ) : null}
                </TableRow>
              ))}
            </TableBody>
          </>
        )}
      </ListTable>
      {data ? (
        <Pagination
          page={data.pagina}
          pageSize={data.porPagina}
          total={data.total}
          onPageChange={(p) => show({ estado, pagina: p })}
        />
      ) : null}
    </div>
  );
}
