import {
  CATALOG_MESSAGES,
  CATALOG_TAB_LABELS,
  CATALOG_TABS,
  type CatalogItemRow,
  type CatalogTab,
} from '@odontia/shared';
import { PackageSearch, Plus } from 'lucide-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EmptyState, ListContent } from '@/components/list-content';
import { ListToolbar } from '@/components/list-toolbar';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Pagination } from '@/components/ui/pagination';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useClampPage, useListSearch } from '@/hooks/use-list-search';
import { useCan } from '@/lib/session';
import { useFormatMoney } from '@/lib/use-clinic-money';
import { cn } from '@/lib/utils';
import { useClinicRequired } from '@/lib/use-clinic-required';
import { usePageTitle } from '@/lib/use-page-title';
import { useCatalog } from '../api/catalog';
import { ActiveBadge, CategoryBadge, StockCell } from '../components/item-badges';

/** The tab lives in the URL (`categoria`) beside the search term and the page. */
function useTab() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('categoria');
  const categoria: CatalogTab = CATALOG_TABS.find((t) => t === raw) ?? 'todos';
  const setCategoria = (next: CatalogTab) => {
    const search = new URLSearchParams(params);
    if (next === 'todos') search.delete('categoria');
    else search.set('categoria', next);
    // Another tab starts at its first page.
    search.delete('pagina');
    setParams(search);
  };
  return { categoria, setCategoria };
}

function ItemsTable({ items, dimmed }: { items: CatalogItemRow[]; dimmed: boolean }) {
  const formatMoney = useFormatMoney();
  const navigate = useNavigate();
  return (
    <Table
      aria-label={CATALOG_MESSAGES.tableTitle}
      aria-busy={dimmed}
      className={dimmed ? 'opacity-60 transition-opacity' : undefined}
    >
      <TableHeader>
        <TableRow>
          <TableHead>Nombre</TableHead>
          <TableHead className="hidden @2xl:table-cell">Categoría</TableHead>
          <TableHead className="hidden @4xl:table-cell">Código</TableHead>
          <TableHead className="hidden text-right @4xl:table-cell">Precio de compra</TableHead>
          <TableHead className="hidden text-right @lg:table-cell">Precio de venta</TableHead>
          <TableHead className="hidden @lg:table-cell">Stock</TableHead>
          <TableHead>Estado</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((item) => (
          // The whole row opens the item; its name is the link the keyboard reaches.
          <TableRow key={item.id} className="cursor-pointer" onClick={() => navigate(`/productos/${item.id}`)}>
            <TableCell className="whitespace-normal">
              <Link
                to={`/productos/${item.id}`}
                className="font-medium hover:underline"
                onClick={(e) => e.stopPropagation()}
              >
                {item.nombre}
              </Link>
              {/* Narrow (a phone, the chair-side tablet): the price and the stock, with its warning, under the name. */}
              <span className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground @lg:hidden">
                {item.categoria === 'servicio' ? (
                  formatMoney(item.precioVenta)
                ) : (
                  <>
                    <span>Stock:</span>
                    <StockCell item={item} />
                  </>
                )}
              </span>
            </TableCell>
            <TableCell className="hidden @2xl:table-cell">
              <CategoryBadge categoria={item.categoria} />
            </TableCell>
            <TableCell className={cn('hidden @4xl:table-cell', !item.codigo && 'text-muted-foreground')}>
              {item.codigo ?? '—'}
            </TableCell>
            <TableCell className="hidden text-right tabular-nums @4xl:table-cell">
              {formatMoney(item.precioCompra)}
            </TableCell>
            <TableCell className="hidden text-right tabular-nums @lg:table-cell">
              {formatMoney(item.precioVenta)}
            </TableCell>
            <TableCell className="hidden @lg:table-cell">
              <StockCell item={item} />
            </TableCell>
            <TableCell>
              <ActiveBadge activo={item.activo} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** 'Productos, Servicios e Insumos' (/productos, spec 001 §2): the clinic's catalogue, filtered and paged on the server. */
export default function CatalogPage() {
  usePageTitle(CATALOG_MESSAGES.title);
  const { q, pagina, term, setTerm, setPage } = useListSearch();
  const { categoria, setCategoria } = useTab();
  const canCreate = useCan('productos.crear');
  const list = useCatalog({ categoria, q, pagina });
  const redirecting = useClinicRequired(list.error);
  const data = list.data;
  useClampPage(list, (d) => d.items.length, pagina, setPage);

  if (redirecting) return null;

  const content = (
    <ListContent
      query={list}
      loadingLabel="Cargando productos"
      errorText={CATALOG_MESSAGES.listError}
      isEmpty={(d) => d.items.length === 0}
      empty={
        <EmptyState icon={PackageSearch} title={CATALOG_MESSAGES.empty}>
          {canCreate ? (
            <Button variant="link" asChild>
              <Link to="/productos/nuevo">{CATALOG_MESSAGES.createOne}</Link>
            </Button>
          ) : null}
        </EmptyState>
      }
    >
      {(d) => <ItemsTable items={d.items} dimmed={list.isPlaceholderData} />}
    </ListContent>
  );

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{CATALOG_MESSAGES.title}</h1>
          <p className="text-muted-foreground">El catálogo de la clínica y su stock.</p>
        </div>
        {canCreate ? (
          <Button asChild>
            <Link to="/productos/nuevo">
              <Plus aria-hidden="true" />
              {CATALOG_MESSAGES.newItem}
            </Link>
          </Button>
        ) : null}
      </header>

      <ListToolbar
        searchLabel={CATALOG_MESSAGES.searchPlaceholder}
        term={term}
        onTermChange={setTerm}
        onRefresh={() => void list.refetch()}
        refreshing={list.isFetching}
      />

      <Tabs value={categoria} onValueChange={(value) => setCategoria(value as CatalogTab)}>
        <TabsList>
          {CATALOG_TABS.map((tab) => (
            <TabsTrigger key={tab} value={tab}>
              {CATALOG_TAB_LABELS[tab]}
            </TabsTrigger>
          ))}
        </TabsList>
        {CATALOG_TABS.map((tab) => (
          // Only the chosen tab's panel is mounted: one table, filtered on the server.
          <TabsContent key={tab} value={tab}>
            <Card className="gap-0 py-0">
              <CardHeader className="border-b py-4">
                <CardTitle>
                  <h2>{CATALOG_MESSAGES.tableTitle}</h2>
                </CardTitle>
                {data ? (
                  <CardDescription aria-live="polite">{CATALOG_MESSAGES.found(data.total)}</CardDescription>
                ) : null}
              </CardHeader>
              <CardContent className="p-0">{content}</CardContent>
            </Card>
          </TabsContent>
        ))}
      </Tabs>

      {data ? (
        <Pagination
          page={data.pagina}
          pageSize={data.porPagina}
          total={data.total}
          onPageChange={(p) => setPage(p)}
          summary={() => CATALOG_MESSAGES.showing(data.items.length, data.total)}
        />
      ) : null}
    </div>
  );
}
