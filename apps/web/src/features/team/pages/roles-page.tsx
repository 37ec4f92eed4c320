import { TEAM_MESSAGES } from '@odontia/shared';
import { Pencil, Plus, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState, ListTable } from '@/components/list-content';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { RowDeleteButton } from '@/components/ui/row-delete-button';
import { Pagination } from '@/components/ui/pagination';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api';
import { useCan } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useClinicRequired } from '@/lib/use-clinic-required';
import { usePageTitle } from '@/lib/use-page-title';
import { useDeleteRole, useRoles, type RoleRow } from '../api/roles';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { ListToolbar } from '@/components/list-toolbar';
import { ListHeader } from '../components/page-frame';
import { useClampPage, useListSearch } from '@/hooks/use-list-search';

function DeleteRoleDialog({
  role,
  onClose,
  onDeleted,
}: {
  role: RoleRow | null;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteRole();
  const confirm = async () => {
    if (!role) return;
    try {
      await remove.mutateAsync(role.id);
      toast.success(TEAM_MESSAGES.roleDeleted, `El rol ${role.nombre} y sus permisos se han eliminado.`);
      onDeleted();
      onClose();
    } catch (error) {
      toast.error(TEAM_MESSAGES.deleteError, errorMessage(error, 'Ocurrió un error inesperado. Inténtalo de nuevo.'));
    }
  };
  return (
    <ConfirmDeleteDialog
      open={role !== null}
      onOpenChange={(open) => !open && onClose()}
      pending={remove.isPending}
      onConfirm={confirm}
      description={
        <>
          Se eliminará el rol y los permisos que concede. Esta acción no se puede deshacer.
          {role ? <span className="mt-2 block font-medium text-foreground">{role.nombre}</span> : null}
        </>
      }
    />
  );
}

/** 'Gestión de Roles' (spec 001 §2): the clinic's roles, predeterminado or 'Personalizado'. */
export default function RolesPage() {
  usePageTitle('Gestión de Roles');
  const { q, pagina, term, setTerm, setPage } = useListSearch();
  const canManage = useCan('roles.gestionar');
  const [toDelete, setToDelete] = useState<RoleRow | null>(null);

  const list = useRoles({ q, pagina });
  const redirecting = useClinicRequired(list.error);
  const data = list.data;
  const afterDelete = useClampPage(list, (d) => d.roles.length, pagina, setPage);

  if (redirecting) return null;

  return (
    <div className="flex flex-col gap-6">
      <ListHeader
        title="Gestión de Roles"
        subtitle="Los roles de tu clínica y los permisos que concede cada uno."
        actions={
          canManage ? (
            <Button asChild>
              <Link to="/roles/nuevo">
                <Plus aria-hidden="true" />
                Nuevo Rol
              </Link>
            </Button>
          ) : null
        }
      />

      <ListToolbar
        searchLabel="Buscar por nombre"
        term={term}
        onTermChange={setTerm}
        onRefresh={() => void list.refetch()}
        refreshing={list.isFetching}
      />

      <ListTable
        query={list}
        loadingLabel="Cargando roles"
        errorText={TEAM_MESSAGES.loadRolesError}
        isEmpty={(d) => d.roles.length === 0}
        empty={
          <EmptyState icon={ShieldCheck} title={TEAM_MESSAGES.emptyRoles}>
            {q ? <p className="mt-1 text-sm text-muted-foreground">Ningún rol coincide con «{q}».</p> : null}
          </EmptyState>
        }
        stale={list.isPlaceholderData}
      >
        {(data) => (
          <>
            <TableHeader>
              <TableRow>
                <TableHead>Nombre</TableHead>
                <TableHead className="hidden @3xl:table-cell">Descripción</TableHead>
                <TableHead className="hidden @xl:table-cell">Tipo</TableHead>
                <TableHead className="hidden text-right @lg:table-cell">Permisos</TableHead>
                <TableHead className="hidden text-right @lg:table-cell">Usuarios</TableHead>
                <TableHead className="text-right">
                  <span className="sr-only">Acciones</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.roles.map((role) => {
                const tipo = role.predeterminado ? (
                  <Badge variant="secondary">Predeterminado</Badge>
                ) : (
                  <Badge variant="info">Personalizado</Badge>
                );
                return (
                  <TableRow key={role.id}>
                    <TableCell className="whitespace-normal">
                      <span className="font-medium">{role.nombre}</span>
                      {/* In a narrow table the description, the type and the counts go under the name. */}
                      <span className="block text-sm text-muted-foreground @3xl:hidden">{role.descripcion}</span>
                      <span className="block text-sm text-muted-foreground tabular-nums @lg:hidden">
                        {role.permisos} {role.permisos === 1 ? 'permiso' : 'permisos'} · {role.usuarios}{' '}
                        {role.usuarios === 1 ? 'usuario' : 'usuarios'}
                      </span>
                      <span className="mt-1 block @xl:hidden">{tipo}</span>
                    </TableCell>
                    <TableCell className="hidden max-w-md whitespace-normal text-muted-foreground @3xl:table-cell">
                      {role.descripcion}
                    </TableCell>
                    <TableCell className="hidden @xl:table-cell">{tipo}</TableCell>
                    <TableCell className="hidden text-right tabular-nums @lg:table-cell">{role.permisos}</TableCell>
                    <TableCell className="hidden text-right tabular-nums @lg:table-cell">{role.usuarios}</TableCell>
                    <TableCell className="text-right">
                      <div className="flex justify-end gap-1">
                        <Button variant="ghost" size="icon" asChild>
                          <Link
                            to={`/roles/${role.id}`}
                            aria-label={`${canManage ? 'Editar' : 'Ver'} el rol ${role.nombre}`}
                          >
                            <Pencil aria-hidden="true" />
                          </Link>
                        </Button>
                        {canManage && !role.predeterminado ? (
                          <RowDeleteButton label={`Eliminar el rol ${role.nombre}`} onClick={() => setToDelete(role)} />
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

      <DeleteRoleDialog role={toDelete} onClose={() => setToDelete(null)} onDeleted={afterDelete} />
    </div>
  );
}
