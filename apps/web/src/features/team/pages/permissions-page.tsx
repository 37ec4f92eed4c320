import { TEAM_MESSAGES } from '@odontia/shared';
import { KeyRound } from 'lucide-react';
import { EmptyState, ListTable } from '@/components/list-content';
import { Pagination } from '@/components/ui/pagination';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useClinicRequired } from '@/lib/use-clinic-required';
import { usePageTitle } from '@/lib/use-page-title';
import { usePermissions } from '../api/get-permissions';
import { ListToolbar } from '@/components/list-toolbar';
import { ListHeader } from '../components/page-frame';
import { useClampPage, useListSearch } from '@/hooks/use-list-search';
import { groupByModule, moduleLabel } from '../permission-groups';

/** 'Permisos del Sistema' (spec 001 §2): the catalogue, read-only, grouped by módulo. */
export default function PermissionsPage() {
  usePageTitle('Permisos del Sistema');
  const { q, pagina, term, setTerm, setPage } = useListSearch();
  const list = usePermissions({ q, pagina });
  const redirecting = useClinicRequired(list.error);
  const data = list.data;
  useClampPage(list, (d) => d.permisos.length, pagina, setPage);

  if (redirecting) return null;

  return (
    <div className="flex flex-col gap-6">
      <ListHeader
        title="Permisos del Sistema"
        subtitle="Lo que un rol puede conceder. Los permisos se asignan desde Gestión de Roles."
      />

      <ListToolbar
        searchLabel="Buscar por nombre, descripción o módulo"
        term={term}
        onTermChange={setTerm}
        onRefresh={() => void list.refetch()}
        refreshing={list.isFetching}
      />

      <ListTable
        query={list}
        loadingLabel="Cargando permisos"
        errorText={TEAM_MESSAGES.loadPermissionsError}
        isEmpty={(d) => d.permisos.length === 0}
        empty={
          <EmptyState icon={KeyRound} title={TEAM_MESSAGES.emptyPermissions}>
            {q ? <p className="mt-1 text-sm text-muted-foreground">Ningún permiso coincide con «{q}».</p> : null}
          </EmptyState>
        }
        stale={list.isPlaceholderData}
      >
        {(data) => (
          <>
            <TableHeader>
              <TableRow>
                <TableHead>Permiso</TableHead>
                <TableHead>Descripción</TableHead>
              </TableRow>
            </TableHeader>
            {groupByModule(data.permisos).map(({ modulo, items }) => (
              <TableBody key={modulo}>
                <TableRow className="bg-muted/50 hover:bg-muted/50">
                  <TableHead scope="rowgroup" colSpan={2} className="font-semibold text-foreground">
                    {moduleLabel(modulo)}
                  </TableHead>
                </TableRow>
                {items.map((p) => (
                  <TableRow key={p.id}>
                    <TableCell className="font-mono text-sm">{p.nombre}</TableCell>
                    <TableCell className="whitespace-normal text-muted-foreground">{p.descripcion}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            ))}
          </>
        )}
      </ListTable>

      {data ? (
        <Pagination page={data.pagina} pageSize={data.porPagina} total={data.total} onPageChange={(p) => setPage(p)} />
      ) : null}
    </div>
  );
}
