import { APPOINTMENT_MESSAGES, APPOINTMENTS_PAGE_SIZE } from '@odontia/shared';
import { CalendarDays, Phone } from 'lucide-react';
import { useNavigate } from 'react-router';
import { EmptyState, ListTable } from '@/components/list-content';
import { Pagination } from '@/components/ui/pagination';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { AppointmentPage } from '@odontia/shared';
import { formatDay, formatTime } from '../lib/calendar-math';
import { AppointmentStatusBadge, ColorDot } from './appointment-status-badge';
import { AppointmentSteps } from './appointment-steps';
import { Link } from 'react-router';

type Props = {
  data: AppointmentPage | undefined;
  pending: boolean;
  stale: boolean;
  searching: boolean;
  onPageChange: (pagina: number) => void;
};

/** The Lista view: one server page of appointments; a row opens /citas/{id}. */
export function AppointmentsList({ data, pending, stale, searching, onPageChange }: Props) {
  const navigate = useNavigate();
  return (
    <>
      <ListTable
        query={{ isPending: pending, data }}
        errorText={APPOINTMENT_MESSAGES.loadError('Inténtalo de nuevo más tarde')}
        loadingLabel="Cargando citas"
        isEmpty={(d) => d.citas.length === 0}
        empty={
          <EmptyState
            icon={CalendarDays}
            title={searching ? APPOINTMENT_MESSAGES.noMatch : APPOINTMENT_MESSAGES.empty}
          />
        }
        stale={stale}
      >
        {(data) => (
          <>
            <TableHeader>
              <TableRow>
                <TableHead>Paciente</TableHead>
                <TableHead className="hidden @2xl:table-cell">Fecha</TableHead>
                <TableHead className="hidden @2xl:table-cell">Hora</TableHead>
                <TableHead className="hidden @4xl:table-cell">Dentista</TableHead>
                <TableHead className="hidden @4xl:table-cell">Tratamiento</TableHead>
                <TableHead>Estado</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.citas.map((c) => (
                <TableRow key={c.id} className="cursor-pointer" onClick={() => navigate(`/citas/${c.id}`)}>
                  <TableCell className="whitespace-normal">
                    <Link
                      to={`/citas/${c.id}`}
                      className="font-medium hover:underline"
                      onClick={(e) => e.stopPropagation()}
                    >
                      {c.paciente.nombres} {c.paciente.apellidos}
                    </Link>
                    {c.paciente.telefono ? (
                      <span className="flex items-center gap-1 text-sm text-muted-foreground">
                        <Phone className="size-3.5" aria-hidden="true" />
                        {c.paciente.telefono}
                      </span>
                    ) : null}
                    {/* Key columns on a phone: when, under the patient. */}
                    <span className="block text-sm @2xl:hidden">
                      {formatDay(c.fecha)}, {formatTime(c.horaInicio)} – {formatTime(c.horaFin)}
                    </span>
                    {/* And, until their columns fit, whose it is and what: a dentist at the chair finds theirs. */}
                    <span className="flex items-center gap-1.5 text-sm text-muted-foreground @4xl:hidden">
                      <ColorDot color={c.dentista.color} />
                      <span className="wrap-anywhere">
                        {c.dentista.nombres} {c.dentista.apellidos}
                        {c.titulo ? ` · ${c.titulo}` : ''}
                      </span>
                    </span>
                  </TableCell>
                  <TableCell className="hidden @2xl:table-cell">{formatDay(c.fecha)}</TableCell>
                  <TableCell className="hidden @2xl:table-cell">
                    {formatTime(c.horaInicio)} – {formatTime(c.horaFin)}
                  </TableCell>
                  <TableCell className="hidden @4xl:table-cell">
                    <span className="inline-flex items-center gap-2">
                      <ColorDot color={c.dentista.color} />
                      {c.dentista.nombres} {c.dentista.apellidos}
                    </span>
                  </TableCell>
                  <TableCell className="hidden @4xl:table-cell">{c.titulo}</TableCell>
                  <TableCell>
                    <AppointmentStatusBadge estado={c.estado} />
                    <AppointmentSteps cita={c} className="mt-1.5" />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </>
        )}
      </ListTable>
      {data ? (
        <Pagination
          page={data.pagina}
          pageSize={data.porPagina ?? APPOINTMENTS_PAGE_SIZE}
          total={data.total}
          onPageChange={onPageChange}
        />
      ) : null}
    </>
  );
}
