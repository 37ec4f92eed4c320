import {
  CURRENCIES,
  STORE_CURRENCY,
  STORE_MESSAGES,
  STORE_TAB_LABELS,
  STORE_TABS,
  type StoreTab,
} from '@odontia/shared';
import { Globe2, ListOrdered, PackageSearch, Search } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState, ListContent } from '@/components/list-content';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useListSearch } from '@/hooks/use-list-search';
import { useCan } from '@/lib/session';
import { useClinicCurrency } from '@/lib/use-clinic-money';
import { useClinicRequired } from '@/lib/use-clinic-required';
import { usePageTitle } from '@/lib/use-page-title';
import { cn } from '@/lib/utils';
import { useStoreProducts } from '../api/products';
import { CartButton } from '../components/cart-button';
import { Loading } from '../components/loading';
import { ProductCard } from '../components/product-card';
import { useShownPages } from '../hooks/use-shown-pages';

const isTab = (value: string | null): value is StoreTab => STORE_TABS.some((tab) => tab === value);

/** The tab lives in the URL (`categoria`) beside the search term and the pages shown; another tab starts at its first page. */
function useTab() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('categoria');
  const categoria: StoreTab = isTab(raw) ? raw : 'todos';
  const setCategoria = (next: StoreTab) => {
    const search = new URLSearchParams(params);
    if (next !== 'todos') search.set('categoria', next);
    else search.delete('categoria');
    search.delete('pagina');
    setParams(search, { replace: true });
  };
  return { categoria, setCategoria };
}

/**
 * 'Tienda de Insumos Dentales' (/compras): the suppliers' products, searched on the server, a page of
 * cards at a time. The list pattern of the other lists (search, tab and pages in the URL, the error
 * told once, the empty state), with the spinner spec 001 §2 asks for while it loads.
 */
export default function StorePage() {
  usePageTitle(STORE_MESSAGES.storeTitle);
  const canBuy = useCan('compras.realizar');
  const moneda = useClinicCurrency();
  const { q, pagina, term, setTerm, setPage } = useListSearch();
  const { categoria, setCategoria } = useTab();
  const list = useStoreProducts({ q, categoria }, moneda === STORE_CURRENCY);
  const shown = useShownPages(list, pagina, setPage);
  const redirecting = useClinicRequired(list.error);
  if (redirecting) return null;

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{STORE_MESSAGES.storeTitle}</h1>
          <p className="text-muted-foreground">Compra los insumos de tu clínica a los proveedores de Odontia.</p>
        </div>
        <div className="flex gap-2">
          <Button variant="ghost" asChild>
            <Link to="/compras/pedidos">
              <ListOrdered aria-hidden="true" />
              {STORE_MESSAGES.ordersTitle}
            </Link>
          </Button>
          <CartButton />
        </div>
      </header>

      {moneda !== STORE_CURRENCY ? (
        // Nothing is for sale to this clinic: said once, instead of a search that always comes back empty.
        <EmptyState icon={Globe2} title={STORE_MESSAGES.otherCurrencyTitle}>
          <p className="mt-1 max-w-prose text-sm text-muted-foreground">
            {STORE_MESSAGES.otherCurrency(CURRENCIES[moneda].unidad)}
          </p>
        </EmptyState>
      ) : (
        <Tabs
          value={categoria}
          onValueChange={(value) => setCategoria(isTab(value) ? value : 'todos')}
          className="gap-6"
        >
          <div className="flex flex-wrap items-center gap-3">
            <div className="relative w-full max-w-md" role="search">
              <Search
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
                aria-hidden="true"
              />
              <Input
                type="search"
                aria-label="Buscar productos"
                placeholder={STORE_MESSAGES.searchPlaceholder}
                className="pl-9"
                value={term}
                onChange={(e) => setTerm(e.target.value)}
              />
            </div>
            <TabsList aria-label="Categoría">
              {STORE_TABS.map((tab) => (
                <TabsTrigger key={tab} value={tab}>
                  {STORE_TAB_LABELS[tab]}
                </TabsTrigger>
              ))}
            </TabsList>
          </div>

          {/* The results are the panel of the selected tab (the others are not rendered). */}
          <TabsContent value={categoria} className="flex flex-col gap-6">
            <ListContent
              query={list}
              loadingLabel="Cargando productos"
              loading={<Loading label="Cargando productos" />}
              errorText="Error al cargar productos"
              isEmpty={(d) => d.pages[0]?.productos.length === 0}
              empty={
                <EmptyState icon={PackageSearch} title={STORE_MESSAGES.emptyTitle}>
                  <p className="mt-1 text-sm text-muted-foreground">
                    {q ? STORE_MESSAGES.emptySearchHint : STORE_MESSAGES.emptyCategoryHint}
                  </p>
                </EmptyState>
              }
            >
              {(d) => {
                const total = d.pages[0]?.total ?? 0;
                const products = shown.pages.flatMap((p) => p.productos);
                return (
                  <>
                    <p className="text-sm text-muted-foreground" aria-live="polite">
                      {total === 1 ? '1 producto' : `${total} productos`}
                    </p>
                    <ul
                      className={cn(
                        'grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4',
                        list.isPlaceholderData && 'opacity-60 transition-opacity',
                      )}
                      aria-busy={list.isPlaceholderData}
                      aria-label="Productos"
                    >
                      {products.map((product, index) => (
                        <li key={product.id} className="flex">
                          <ProductCard product={product} canBuy={canBuy} priority={index < 4} />
                        </li>
                      ))}
                    </ul>
                    {shown.hasMore ? (
                      <div className="flex justify-center">
                        <Button
                          variant="outline"
                          onClick={shown.loadMore}
                          disabled={shown.loadingMore}
                          aria-busy={shown.loadingMore}
                        >
                          {shown.loadingMore ? <Spinner decorative /> : null}
                          Cargar más
                        </Button>
                      </div>
                    ) : null}
                  </>
                );
              }}
            </ListContent>
          </TabsContent>
        </Tabs>
      )}
    </div>
  );
}
