import {
  ESTADO_PACIENTE_LABELS,
  formatDate,
  futureAppointmentsText,
  PATIENT_LIST_VIEW_LABELS,
  PATIENT_LIST_VIEWS,
  PATIENTS_PAGE_SIZE,
  type PatientListView,
} from '@odontia/shared';
import { Mail, Pencil, Phone, Plus, RotateCcw, Search, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { RowDeleteButton } from '@/components/ui/row-delete-button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api';
import { pageParam } from '@/lib/page-param';
import { useCan } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useClinicRequired } from '@/lib/use-clinic-required';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { usePageTitle } from '@/lib/use-page-title';
import { useDeletePatient, useDeletionPreview, useReactivatePatient } from '../api/delete-patient';
import { usePatients, type PatientListItem } from '../api/get-patients';

const SEARCH_DELAY_MS = 300;

/** The search term, page and view (active or deactivated) live in the URL: reload and the back button keep them. */
function useListParams() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const pagina = pageParam(params);
  const ver: PatientListView = params.get('ver') === 'desactivados' ? 'desactivados' : 'activos';
  const set = (next: { q?: string; pagina?: number; ver?: PatientListView }, options: { replace?: boolean } = {}) => {
    const q2 = next.q ?? q;
    const p2 = next.pagina ?? pagina;
    const v2 = next.ver ?? ver;
    const search = new URLSearchParams();
    if (v2 !== 'activos') search.set('ver', v2);
    if (q2) search.set('q', q2);
    if (p2 > 1) search.set('pagina', String(p2));
    setParams(search, { replace: options.replace });
  };
  return { q, pagina, ver, set };
}

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
  const confirm = async (event: React.MouseEvent) => {
    // Kept open (with its spinner) until the server answers.
    event.preventDefault();
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
  const name = patient ? fullName(patient) : '';
  return (
    <AlertDialog open={patient !== null} onOpenChange={(open) => !remove.isPending && onOpenChange(open)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{archive ? '¿Desactivar paciente?' : '¿Eliminar paciente?'}</AlertDialogTitle>
          <AlertDialogDescription asChild>
            <div className="grid gap-2">
              {patient ? <span className="block font-medium text-foreground">{name}</span> : null}
              {!plan ? (
                preview.isError ? (
                  <p role="alert">{errorMessage(preview.error, 'No se pudo comprobar qué pasará con el paciente.')}</p>
                ) : (
                  <p aria-busy="true">Comprobando su historia clínica y sus citas...</p>
                )
              ) : archive ? (
                <>
                  <p>
                    Tiene historia clínica (odontograma), así que no se eliminará: se desactivará y dejará de aparecer
                    en la lista y en las búsquedas. Podrás reactivarlo desde «Desactivados».
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
            </div>
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>Cancelar</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            onClick={confirm}
            disabled={remove.isPending || !plan}
            aria-busy={remove.isPending}
          >
            {archive
              ? remove.isPending
                ? 'Desactivando...'
                : 'Desactivar'
              : remove.isPending
                ? 'Eliminando...'
                : 'Eliminar'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
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
  const { q, pagina, ver, set } = useListParams();
  const deactivated = ver === 'desactivados';
  const [term, setTerm] = useState(q);
  const debouncedTerm = useDebouncedValue(term, SEARCH_DELAY_MS);
  const canCreate = useCan('pacientes.crear');
  const canEdit = useCan('pacientes.editar');
  const canDelete = useCan('pacientes.eliminar');
  const [toDelete, setToDelete] = useState<PatientListItem | null>(null);

  const list = usePatients({ q, pagina, ver });
  const redirecting = useClinicRequired(list.error);

  // Typing changes the URL once it pauses; a new search starts at page 1 (spec 000 §4). Replacing
  // the entry keeps the history to one step per search, not one per key.
  useEffect(() => {
    const next = debouncedTerm.trim();
    if (next !== q) set({ q: next, pagina: 1 }, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the typed term drives this
  }, [debouncedTerm]);

  // Back/forward to another search: the box follows the URL (adjusted while rendering, as React
  // recommends for state derived from a changing input).
  const [shownQ, setShownQ] = useState(q);
  if (q !== shownQ) {
    setShownQ(q);
    if (term.trim() !== q) setTerm(q);
  }

  useEffect(() => {
    if (list.isError && !redirecting) {
      toast.error('Error al cargar pacientes', errorMessage(list.error, 'Inténtalo de nuevo más tarde'), {
        id: 'error-cargar-pacientes',
      });
    }
  }, [list.isError, list.error, redirecting]);

  const data = list.data;
  // A page past the end (an old link, the last patients deleted elsewhere): show the last real page.
  const lastPage = data ? Math.max(1, Math.ceil(data.total / data.porPagina)) : 1;
  const pastTheEnd =
    !!data && !list.isPlaceholderData && data.pacientes.length === 0 && pagina > lastPage && data.total > 0;
  useEffect(() => {
    if (pastTheEnd) set({ pagina: lastPage }, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reacts to the data only
  }, [pastTheEnd, lastPage]);

  if (redirecting) return null;

  const afterDelete = () => {
    // Spec 000 §4: the last row of a page that is not the first → the previous page.
    if (data && data.pacientes.length === 1 && pagina > 1) set({ pagina: pagina - 1 }, { replace: true });
  };

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
            onClick={() => view !== ver && set({ ver: view, pagina: 1 })}
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

      <Card className="py-0">
        <CardContent className="p-0">
          {list.isPending ? (
            <div className="grid gap-3 p-4" aria-busy="true" aria-label="Cargando pacientes">
              {Array.from({ length: 5 }, (_, i) => (
                <Skeleton key={i} className="h-10 w-full" />
              ))}
            </div>
          ) : !data ? (
            <p role="alert" className="p-6 text-destructive">
              Error al cargar pacientes
            </p>
          ) : data.pacientes.length === 0 ? (
            <div className="flex flex-col items-center px-6 py-16 text-center">
              <Users className="size-10 text-muted-foreground" aria-hidden="true" />
              <p className="mt-3 font-medium">
                {q
                  ? 'No se encontraron pacientes'
                  : deactivated
                    ? 'No hay pacientes desactivados'
                    : 'Aún no hay pacientes'}
              </p>
              <p className="mt-1 text-sm text-muted-foreground">
                {q
                  ? `Ningún paciente coincide con «${q}».`
                  : deactivated
                    ? 'Aquí aparecen los pacientes con historia clínica que se eliminaron: se pueden reactivar.'
                    : 'Registra el primer paciente de la clínica.'}
              </p>
            </div>
          ) : (
            <Table
              aria-busy={list.isPlaceholderData}
              className={list.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
            >
              <TableHeader>
                <TableRow>
                  <TableHead className="w-14">
                    <span className="sr-only">Foto</span>
                  </TableHead>
                  <TableHead>Paciente</TableHead>
                  <TableHead>Contacto</TableHead>
                  <TableHead>Última visita</TableHead>
                  <TableHead>Próxima visita</TableHead>
                  <TableHead>Estado</TableHead>
                  <TableHead className="text-right">
                    <span className="sr-only">Acciones</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.pacientes.map((p) => (
                  <TableRow key={p.id}>
                    <TableCell>
                      <Avatar className="size-9">
                        {p.fotoUrl ? <AvatarImage src={p.fotoUrl} alt={`Foto de ${fullName(p)}`} /> : null}
                        <AvatarFallback name={fullName(p)} />
                      </Avatar>
                    </TableCell>
                    <TableCell>
                      {/* A deactivated patient has no record to open until reactivated. */}
                      {deactivated ? (
                        <span className="font-medium">{fullName(p)}</span>
                      ) : (
                        <Link to={`/pacientes/${p.id}`} className="font-medium hover:underline">
                          {p.nombres} {p.apellidos}
                        </Link>
                      )}
                    </TableCell>
                    <TableCell>
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
                    <TableCell>
                      <VisitDate value={p.ultimaVisita} empty="Sin visitas" />
                    </TableCell>
                    <TableCell>
                      <VisitDate value={p.proximaVisita} empty="No programada" />
                    </TableCell>
                    <TableCell>
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
                            <Link
                              to={`/pacientes/${p.id}`}
                              aria-label={`${canEdit ? 'Editar' : 'Ver'} a ${fullName(p)}`}
                            >
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
            </Table>
          )}
        </CardContent>
      </Card>

      {data ? (
        <Pagination
          page={data.pagina}
          pageSize={data.porPagina ?? PATIENTS_PAGE_SIZE}
          total={data.total}
          onPageChange={(p) => set({ pagina: p })}
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
