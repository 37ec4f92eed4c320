import { ESTADO_EQUIPO_LABELS, TEAM_MESSAGES } from '@odontia/shared';
import { Pencil, Plus, UserCog } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState, ListTable } from '@/components/list-content';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { RowDeleteButton } from '@/components/ui/row-delete-button';
import { Pagination } from '@/components/ui/pagination';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api';
import { useCan, useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useClinicRequired } from '@/lib/use-clinic-required';
import { usePageTitle } from '@/lib/use-page-title';
import { useDeleteInvitation } from '../api/delete-invitation';
import { useDeleteUser } from '../api/delete-user';
import { useTeam, type TeamRow } from '../api/get-team';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { ListToolbar } from '@/components/list-toolbar';
import { ListHeader } from '../components/page-frame';
import { useClampPage, useListSearch } from '@/hooks/use-list-search';

/** Spec 001 §4: members Registrado or Inactivo; invitations pendiente, registrado, anything else Expirado. */
const ESTADO_VARIANTS: Record<TeamRow['estado'], 'success' | 'warning' | 'outline' | 'destructive'> = {
  registrado: 'success',
  inactivo: 'outline',
  pendiente: 'warning',
  expirado: 'destructive',
};

function DeleteRowDialog({
  row,
  onClose,
  onDeleted,
}: {
  row: TeamRow | null;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const removeUser = useDeleteUser();
  const removeInvitation = useDeleteInvitation();
  const pending = removeUser.isPending || removeInvitation.isPending;
  const isInvitation = row?.tipo === 'invitacion';
  const confirm = async () => {
    if (!row) return;
    try {
      if (row.tipo === 'invitacion') {
        await removeInvitation.mutateAsync(row.id);
        toast.success(TEAM_MESSAGES.invitationDeleted, `La invitación a ${row.email} se ha eliminado.`);
      } else {
        await removeUser.mutateAsync(row.id);
        toast.success(TEAM_MESSAGES.userDeleted, `${row.nombres} ya no forma parte de la clínica.`);
      }
      onDeleted();
      onClose();
    } catch (error) {
      toast.error(TEAM_MESSAGES.deleteError, errorMessage(error, 'Ocurrió un error inesperado. Inténtalo de nuevo.'));
    }
  };
  return (
    <ConfirmDeleteDialog
      open={row !== null}
      onOpenChange={(open) => !open && onClose()}
      pending={pending}
      onConfirm={confirm}
      description={
        <>
          {isInvitation
            ? 'Se eliminará la invitación y su enlace dejará de funcionar.'
            : 'Se eliminará el usuario de la clínica y se cerrarán sus sesiones. Esta acción no se puede deshacer.'}
          {row ? (
            <span className="mt-2 block font-medium text-foreground">
              {row.nombres} ({row.email})
            </span>
          ) : null}
        </>
      }
    />
  );
}

/** 'Gestión de Usuarios' (spec 001 §2): the clinic's members and pending invitations in one list. */
export default function UsersPage() {
  usePageTitle('Gestión de Usuarios');
  const { q, pagina, term, setTerm, setPage } = useListSearch();
  const canInvite = useCan('usuarios.crear');
  const canEdit = useCan('usuarios.editar');
  const canDelete = useCan('usuarios.eliminar');
  const { account } = useSession();
  const [toDelete, setToDelete] = useState<TeamRow | null>(null);

  const list = useTeam({ q, pagina });
  const redirecting = useClinicRequired(list.error);
  const data = list.data;
  const afterDelete = useClampPage(list, (d) => d.filas.length, pagina, setPage);

  if (redirecting) return null;

  return (
    <div className="flex flex-col gap-6">
      <ListHeader
        title="Gestión de Usuarios"
        subtitle="Los miembros de tu clínica y las invitaciones enviadas."
        actions={
          canInvite ? (
            <Button asChild>
              <Link to="/usuarios/nuevo">
                <Plus aria-hidden="true" />
                Nuevo Usuario
              </Link>
            </Button>
          ) : null
        }
      />

      <ListToolbar
        searchLabel="Buscar por nombre o email"
        term={term}
        onTermChange={setTerm}
        onRefresh={() => void list.refetch()}
        refreshing={list.isFetching}
      />

      <ListTable
        query={list}
        loadingLabel="Cargando usuarios"
        errorText={TEAM_MESSAGES.loadUsersError}
        isEmpty={(d) => d.filas.length === 0}
        empty={
          <EmptyState icon={UserCog} title={TEAM_MESSAGES.emptyUsers}>
            {q ? <p className="mt-1 text-sm text-muted-foreground">Ningún usuario coincide con «{q}».</p> : null}
          </EmptyState>
        }
        stale={list.isPlaceholderData}
      >
        {(data) => (
          <>
            <TableHeader>
              <TableRow>
                <TableHead>Nombres</TableHead>
                <TableHead className="hidden @2xl:table-cell">Email</TableHead>
                <TableHead className="hidden @md:table-cell">Rol</TableHead>
                <TableHead className="hidden @xl:table-cell">Estado</TableHead>
                <TableHead className="text-right">
                  <span className="sr-only">Acciones</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.filas.map((row) => {
                const variant = ESTADO_VARIANTS[row.estado];
                // The owner and oneself are never removed from here (the server refuses it too).
                const deletable = row.tipo === 'invitacion' || (!row.esPropietario && row.id !== account?.user.id);
                const rol = row.rol?.nombre ?? <span className="text-muted-foreground">Sin rol</span>;
                const estado = (
                  <Badge
                    variant={variant}
                    className={variant === 'outline' ? 'border-transparent bg-muted text-muted-foreground' : undefined}
                  >
                    {ESTADO_EQUIPO_LABELS[row.estado]}
                  </Badge>
                );
                return (
                  <TableRow key={`${row.tipo}-${row.id}`}>
                    <TableCell className="whitespace-normal">
                      <div className="flex flex-col">
                        <span className="font-medium">{row.nombres}</span>
                        {row.tipo === 'invitacion' ? (
                          <span className="text-xs text-muted-foreground">Invitación</span>
                        ) : null}
                        {/* In a narrow table the email, the role and the state go under the name. */}
                        <span className="text-sm break-all text-muted-foreground @2xl:hidden">{row.email}</span>
                        <span className="text-sm @md:hidden">{rol}</span>
                        <span className="mt-1 @xl:hidden">{estado}</span>
                      </div>
                    </TableCell>
                    <TableCell className="hidden @2xl:table-cell">{row.email}</TableCell>
                    <TableCell className="hidden @md:table-cell">{rol}</TableCell>
                    <TableCell className="hidden @xl:table-cell">{estado}</TableCell>
                    <TableCell className="text-right">
                      <div className="flex justify-end gap-1">
                        {row.tipo === 'miembro' ? (
                          <Button variant="ghost" size="icon" asChild>
                            <Link
                              to={`/usuarios/${row.id}`}
                              aria-label={`${canEdit ? 'Editar' : 'Ver'} a ${row.nombres}`}
                            >
                              <Pencil aria-hidden="true" />
                            </Link>
                          </Button>
                        ) : null}
                        {canDelete && deletable ? (
                          <RowDeleteButton
                            label={
                              row.tipo === 'invitacion'
                                ? `Eliminar la invitación a ${row.email}`
                                : `Eliminar a ${row.nombres}`
                            }
                            onClick={() => setToDelete(row)}
                          />
                        ) : null}
                      </div>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </>
        )}
      </ListTable>

      {data ? (
        <Pagination page={data.pagina} pageSize={data.porPagina} total={data.total} onPageChange={(p) => setPage(p)} />
      ) : null}

      <DeleteRowDialog row={toDelete} onClose={() => setToDelete(null)} onDeleted={afterDelete} />
    </div>
  );
}
