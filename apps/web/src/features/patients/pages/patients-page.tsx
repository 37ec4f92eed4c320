import {
  ESTADO_PACIENTE_LABELS,
  formatDate,
  futureAppointmentsText,
  PATIENT_COUNT_LIMIT_TEXT,
  PATIENT_LIST_VIEW_LABELS,
  PATIENT_LIST_VIEWS,
  PATIENTS_PAGE_SIZE,
  type PatientListView,
} from '@odontia/shared';
import { Mail, Pencil, Phone, Plus, RotateCcw, Search, Users } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { EmptyState, ListTable } from '@/components/list-content';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { RowDeleteButton } from '@/components/ui/row-delete-button';
import { Input } from '@/components/ui/input';
import { Pagination } from '@/components/ui/pagination';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useClampPage, useListSearch } from '@/hooks/use-list-search';
import { errorMessage } from '@/lib/api';
import { useCan } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useClinicRequired } from '@/lib/use-clinic-required';
import { usePageTitle } from '@/lib/use-page-title';
import { useDeletePatient, useDeletionPreview, useReactivatePatient } from '../api/delete-patient';
import { usePatients, type PatientListItem } from '../api/get-patients';

function fullName(p: PatientListItem) {
  return `${p.nombres} ${p.apellidos}`;
}

/**
 * Asks the server what deleting would do before confirming: a patient with clinical records is
 * deactivated (and can be reactivated), not erased, and their future appointments are cancelled.
 */
function DeletePatientDialog({
  patient,
  onOpenChange,
  onDeleted,
}: {
  patient: PatientListItem | null;
  onOpenChange: (open: boolean) => void;
  onDeleted: () => void;
}) {
  const remove = useDeletePatient();
  const preview = useDeletionPreview(patient?.id ?? null);
  const plan = preview.data;
  const archive = plan?.resultado === 'archivado';
  const confirm = async () => {
    if (!patient) return;
    try {
      const result = await remove.mutateAsync(patient.id);
      if (result.resultado === 'archivado') toast.info('Paciente desactivado', result.mensaje);
      else toast.success('Paciente eliminado', `${fullName(patient)} se ha eliminado de la lista de pacientes.`);
      onDeleted();
      onOpenChange(false);
    } catch (error) {
      toast.error('Error al eliminar', errorMessage(error, 'No se pudo eliminar el paciente. Inténtalo de nuevo.'));
    }
  };
  return (
    <ConfirmDeleteDialog
      title={archive ? '¿Desactivar paciente?' : '¿Eliminar paciente?'}
      open={patient !== null}
      onOpenChange={onOpenChange}
      confirmLabel={archive ? 'Desactivar' : 'Eliminar'}
      pendingLabel={archive ? 'Desactivando...' : 'Eliminando...'}
      disabled={!plan}
      description={
        <>
          {patient ? <span className="block font-medium text-foreground">{fullName(patient)}</span> : null}
          {!plan ? (
            preview.isError ? (
              <p role="alert">{errorMessage(preview.error, 'No se pudo comprobar qué pasará con el paciente.')}</p>
            ) : (
              <p aria-busy="true">Comprobando su historia clínica y sus citas...</p>
            )
          ) : archive ? (
            <>
              <p>
                Tiene historia clínica (odontograma), así que no se eliminará: se desactivará y dejará de aparecer en la
                lista y en las búsquedas. Podrás reactivarlo desde «Desactivados».
              </p>
              {plan.citasFuturas ? (
                <p>Se cancelarán {futureAppointmentsText(plan.citasFuturas)} y se avisará al equipo.</p>
              ) : null}
            </>
          ) : (
            <>
              {/* Spec 000 §2, word for word. */}
              <p>Esta acción no se puede deshacer...</p>
              {plan.citasFuturas ? (
                <p>También se eliminarán {futureAppointmentsText(plan.citasFuturas)} y se avisará al equipo.</p>
              ) : null}
            </>
          )}
        </>
      }
      pending={remove.isPending}
      onConfirm={confirm}
    />
  );
}

function ReactivateButton({ patient }: { patient: PatientListItem }) {
  const reactivate = useReactivatePatient();
  const run = async () => {
    try {
      const result = await reactivate.mutateAsync(patient.id);
      toast.success(fullName(patient), result.mensaje);
    } catch (error) {
      toast.error('Error al reactivar', errorMessage(error, 'No se pudo reactivar el paciente. Inténtalo de nuevo.'));
    }
  };
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={run}
      disabled={reactivate.isPending}
      aria-busy={reactivate.isPending}
      aria-label={`Reactivar a ${fullName(patient)}`}
    >
      <RotateCcw aria-hidden="true" />
      {reactivate.isPending ? 'Reactivando...' : 'Reactivar'}
    </Button>
  );
}

function VisitDate({ value, empty }: { value: string | null; empty: string }) {
  return value ? <span>{formatDate(value)}</span> : <span className="text-muted-foreground">{empty}</span>;
}

/** 'Pacientes' (spec 000 §2): searchable, paginated table of the clinic's patients. */
export default function PatientsPage() {
  usePageTitle('Pacientes');
  const { q, pagina, term, setTerm, setPage } = useListSearch();
  // Active or deactivated patients: in the URL beside the search, a change starts at page 1.
  const [params, setParams] = useSearchParams();
  const ver: PatientListView = params.get('ver') === 'desactivados' ? 'desactivados' : 'activos';
  const deactivated = ver === 'desactivados';
  const showView = (view: PatientListView) => {
    const next = new URLSearchParams(params);
    if (view === 'activos') next.delete('ver');
    else next.set('ver', view);
    next.delete('pagina');
    setParams(next);
  };
  const canCreate = useCan('pacientes.crear');
  const canEdit = useCan('pacientes.editar');
  const canDelete = useCan('pacientes.eliminar');
  const [toDelete, setToDelete] = useState<PatientListItem | null>(null);

  const list = usePatients({ q, pagina, ver });
  const redirecting = useClinicRequired(list.error);

  const data = list.data;
  const afterDelete = useClampPage(list, (d) => d.pacientes.length, pagina, setPage);

  if (redirecting) return null;

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Pacientes</h1>
          <p className="text-muted-foreground">Las personas que atiende tu clínica.</p>
        </div>
        {canCreate ? (
          <Button asChild>
            <Link to="/pacientes/nuevo">
              <Plus aria-hidden="true" />
              Nuevo Paciente
            </Link>
          </Button>
        ) : null}
      </header>

      <div role="group" aria-label="Mostrar pacientes" className="inline-flex w-fit rounded-md border p-0.5">
        {PATIENT_LIST_VIEWS.map((view) => (
          <Button
            key={view}
            type="button"
            size="sm"
            variant={view === ver ? 'secondary' : 'ghost'}
            aria-pressed={view === ver}
            onClick={() => view !== ver && showView(view)}
          >
            {PATIENT_LIST_VIEW_LABELS[view]}
          </Button>
        ))}
      </div>
      <div className="relative max-w-md" role="search">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          type="search"
          aria-label="Buscar por nombre, apellidos, email o teléfono"
          placeholder="Buscar por nombre, apellidos, email o teléfono"
          className="pl-9"
          value={term}
          onChange={(e) => setTerm(e.target.value)}
        />
      </div>

      <ListTable
        query={list}
        loadingLabel="Cargando pacientes"
        errorText="Error al cargar pacientes"
        isEmpty={(d) => d.pacientes.length === 0}
        empty={
          <EmptyState
            icon={Users}
            title={
              q ? 'No se encontraron pacientes' : deactivated ? 'No hay pacientes desactivados' : 'Aún no hay pacientes'
            }
          >
            <p className="mt-1 text-sm text-muted-foreground">
              {q
                ? `Ningún paciente coincide con «${q}».`
                : deactivated
                  ? 'Aquí aparecen los pacientes con historia clínica que se eliminaron: se pueden reactivar.'
                  : 'Registra el primer paciente de la clínica.'}
            </p>
          </EmptyState>
        }
        stale={list.isPlaceholderData}
      >
        {(data) => (
          <>
            <TableHeader>
              <TableRow>
                <TableHead className="hidden w-14 @lg:table-cell">
                  <span className="sr-only">Foto</span>
                </TableHead>
                <TableHead>Paciente</TableHead>
                <TableHead className="hidden @4xl:table-cell">Contacto</TableHead>
                <TableHead className="hidden @5xl:table-cell">Última visita</TableHead>
                <TableHead className="hidden @4xl:table-cell">Próxima visita</TableHead>
                <TableHead className="hidden @lg:table-cell">Estado</TableHead>
                <TableHead className="text-right">
                  <span className="sr-only">Acciones</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.pacientes.map((p) => (
                <TableRow key={p.id}>
                  <TableCell className="hidden @lg:table-cell">
                    <Avatar className="size-9">
                      {p.fotoUrl ? <AvatarImage src={p.fotoUrl} alt={`Foto de ${fullName(p)}`} /> : null}
                      <AvatarFallback name={fullName(p)} />
                    </Avatar>
                  </TableCell>
                  <TableCell className="whitespace-normal">
                    {/* A deactivated patient has no record to open until reactivated. */}
                    {deactivated ? (
                      <span className="font-medium">{fullName(p)}</span>
                    ) : (
                      <Link to={`/pacientes/${p.id}`} className="font-medium hover:underline">
                        {p.nombres} {p.apellidos}
                      </Link>
                    )}
                    {/* Key columns on a phone: the contact under the name. */}
                    <span className="block text-sm text-muted-foreground @4xl:hidden">{p.telefono ?? p.email}</span>
                  </TableCell>
                  <TableCell className="hidden @4xl:table-cell">
                    <div className="flex flex-col gap-1 text-sm">
                      {p.email ? (
                        <span className="inline-flex items-center gap-1">
                          <Mail className="size-3.5 text-muted-foreground" aria-hidden="true" />
                          {p.email}
                        </span>
                      ) : null}
                      {p.telefono ? (
                        <span className="inline-flex items-center gap-1">
                          <Phone className="size-3.5 text-muted-foreground" aria-hidden="true" />
                          {p.telefono}
                        </span>
                      ) : null}
                      {!p.email && !p.telefono ? (
                        <span className="text-muted-foreground">Sin datos de contacto</span>
                      ) : null}
                    </div>
                  </TableCell>
                  <TableCell className="hidden @5xl:table-cell">
                    <VisitDate value={p.ultimaVisita} empty="Sin visitas" />
                  </TableCell>
                  <TableCell className="hidden @4xl:table-cell">
                    <VisitDate value={p.proximaVisita} empty="No programada" />
                  </TableCell>
                  <TableCell className="hidden @lg:table-cell">
                    {/* Spec 000 §2: activo green, any other estado grey. */}
                    <Badge
                      variant={p.estado === 'activo' ? 'success' : 'outline'}
                      className={
                        p.estado === 'activo' ? undefined : 'border-transparent bg-muted text-muted-foreground'
                      }
                    >
                      {deactivated ? 'Desactivado' : (ESTADO_PACIENTE_LABELS[p.estado] ?? p.estado)}
                    </Badge>
                  </TableCell>
                  <TableCell className="text-right">
                    {deactivated ? (
                      canEdit ? (
                        <ReactivateButton patient={p} />
                      ) : null
                    ) : (
                      <div className="flex justify-end gap-1">
                        <Button variant="ghost" size="icon" asChild>
                          <Link to={`/pacientes/${p.id}`} aria-label={`${canEdit ? 'Editar' : 'Ver'} a ${fullName(p)}`}>
                            <Pencil aria-hidden="true" />
                          </Link>
                        </Button>
                        {canDelete ? (
                          <RowDeleteButton label={`Eliminar a ${fullName(p)}`} onClick={() => setToDelete(p)} />
                        ) : null}
                      </div>
                    )}
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
          pageSize={data.porPagina ?? PATIENTS_PAGE_SIZE}
          total={data.total}
          onPageChange={(p) => setPage(p)}
          // A search that matched more than the API counts: the pages up to its limit, 'más de 1.000' in all.
          summary={
            data.totalExacto ? undefined : ({ from, to }) => `Mostrando ${from} - ${to} de ${PATIENT_COUNT_LIMIT_TEXT}`
          }
        />
      ) : null}

      <DeletePatientDialog
        patient={toDelete}
        onOpenChange={(open) => !open && setToDelete(null)}
        onDeleted={afterDelete}
      />
    </div>
  );
}
