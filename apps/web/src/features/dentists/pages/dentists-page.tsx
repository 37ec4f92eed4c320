import { DENTIST_COLORS, DENTIST_MESSAGES, specialtyName } from '@odontia/shared';
import { Clock, Pencil, Plus, Stethoscope, UserX } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
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
import { EmptyState, ListTable } from '@/components/list-content';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { RowDeleteButton } from '@/components/ui/row-delete-button';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api';
import { useCan } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useClinicRequired } from '@/lib/use-clinic-required';
import { usePageTitle } from '@/lib/use-page-title';
import { useDeactivateDentist, useDentists, type Dentist } from '../api/dentists';
import { BlocksCard } from '../components/blocks-card';
import { DentistDialog } from '../components/dentist-dialog';

const fullName = (d: Dentist) => `${d.nombres} ${d.apellidos}`;

function DeactivateDialog({ dentist, onClose }: { dentist: Dentist | null; onClose: () => void }) {
  const deactivate = useDeactivateDentist();
  const confirm = async (event: React.MouseEvent) => {
    event.preventDefault();
    if (!dentist) return;
    try {
      await deactivate.mutateAsync(dentist.id);
      toast.success(DENTIST_MESSAGES.deactivated, `${fullName(dentist)} ya no recibirá citas nuevas.`);
      onClose();
    } catch (error) {
      toast.error(DENTIST_MESSAGES.saveError, errorMessage(error, 'Inténtalo de nuevo.'));
    }
  };
  return (
    <AlertDialog open={dentist !== null} onOpenChange={(open) => !open && !deactivate.isPending && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>¿Estás seguro?</AlertDialogTitle>
          <AlertDialogDescription>
            {dentist
              ? `${fullName(dentist)} dejará de aparecer para citas nuevas. Sus citas existentes se conservan.`
              : null}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={deactivate.isPending}>Cancelar</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            onClick={confirm}
            disabled={deactivate.isPending}
            aria-busy={deactivate.isPending}
          >
            {deactivate.isPending ? 'Desactivando...' : 'Desactivar'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/**
 * 'Dentistas' (/dentistas): the clinic's dentists, their specialty and agenda colour (DESIGN §1), each
 * with their working hours (issue 24); below, the agenda's blocks.
 */
export default function DentistsPage() {
  usePageTitle('Dentistas');
  const canManage = useCan('dentistas.gestionar');
  const list = useDentists();
  const redirecting = useClinicRequired(list.error);
  const [editing, setEditing] = useState<Dentist | 'nuevo' | null>(null);
  const [toDeactivate, setToDeactivate] = useState<Dentist | null>(null);

  if (redirecting) return null;
  const dentists = list.data ?? [];
  const used = new Set(dentists.filter((d) => d.activo).map((d) => d.color));
  const suggestedColor = DENTIST_COLORS.find((c) => !used.has(c.value))?.value ?? DENTIST_COLORS[0].value;

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Dentistas</h1>
          <p className="text-muted-foreground">Quién atiende en la clínica y su color en la agenda.</p>
        </div>
        {canManage ? (
          <Button onClick={() => setEditing('nuevo')}>
            <Plus aria-hidden="true" />
            Nuevo Dentista
          </Button>
        ) : null}
      </header>
      <ListTable
        query={list}
        loadingLabel="Cargando dentistas"
        errorText={DENTIST_MESSAGES.loadError}
        isEmpty={(d) => d.length === 0}
        empty={<EmptyState icon={Stethoscope} title={DENTIST_MESSAGES.empty} />}
      >
        {(rows) => (
          <>
            <TableHeader>
              <TableRow>
                <TableHead>Dentista</TableHead>
                <TableHead className="hidden @2xl:table-cell">Especialidad</TableHead>
                <TableHead className="hidden @lg:table-cell">Estado</TableHead>
                <TableHead className="text-right">
                  <span className="sr-only">Acciones</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((d) => (
                <TableRow key={d.id}>
                  <TableCell>
                    <span className="inline-flex items-center gap-2 font-medium">
                      <span className="size-3 rounded-full" style={{ backgroundColor: d.color }} aria-hidden="true" />
                      {fullName(d)}
                    </span>
                    {/* In a narrow table the specialty and the state go under the name. */}
                    <span className="block text-sm text-muted-foreground @2xl:hidden">
                      {specialtyName(d.especialidad)}
                    </span>
                    <Badge variant={d.activo ? 'success' : 'secondary'} className="mt-1 @lg:hidden">
                      {d.activo ? 'Activo' : 'Inactivo'}
                    </Badge>
                  </TableCell>
                  <TableCell className="hidden @2xl:table-cell">{specialtyName(d.especialidad)}</TableCell>
                  <TableCell className="hidden @lg:table-cell">
                    <Badge variant={d.activo ? 'success' : 'secondary'}>{d.activo ? 'Activo' : 'Inactivo'}</Badge>
                  </TableCell>
                  <TableCell className="text-right">
                    {canManage ? (
                      <div className="flex justify-end gap-1">
                        <Button variant="ghost" size="sm" asChild>
                          <Link to={`/dentistas/${d.id}/horario`} aria-label={`Horario de ${fullName(d)}`}>
                            <Clock aria-hidden="true" />
                            <span className="hidden @2xl:inline">Horario</span>
                          </Link>
                        </Button>
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={`Editar a ${fullName(d)}`}
                          onClick={() => setEditing(d)}
                        >
                          <Pencil aria-hidden="true" />
                        </Button>
                        {d.activo ? (
                          <RowDeleteButton
                            label={`Desactivar a ${fullName(d)}`}
                            onClick={() => setToDeactivate(d)}
                            icon={UserX}
                          />
                        ) : null}
                      </div>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </>
        )}
      </ListTable>
      {editing ? (
        <DentistDialog
          dentist={editing === 'nuevo' ? null : editing}
          suggestedColor={suggestedColor}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <BlocksCard dentists={dentists} />
      <DeactivateDialog dentist={toDeactivate} onClose={() => setToDeactivate(null)} />
    </div>
  );
}
