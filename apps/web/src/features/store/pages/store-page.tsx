import { STORE_MESSAGES, STORE_TAB_LABELS, STORE_TABS, type StoreTab } from '@odontia/shared';
import { ListOrdered, PackageSearch, Search } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useListSearch } from '@/hooks/use-list-search';
import { useCan } from '@/lib/session';
import { useClinicRequired } from '@/lib/use-clinic-required';
import { usePageTitle } from '@/lib/use-page-title';
import { useStoreProducts } from '../api/products';
import { CartButton } from '../components/cart-button';
import { ProductCard } from '../components/product-card';
import { Loading } from '../components/loading';

const isTab = (value: string | null): value is StoreTab => STORE_TABS.includes(value as StoreTab);

/** 'Tienda de Insumos Dentales' (/compras): the suppliers' products, searched on the server. */
export default function StorePage() {
  usePageTitle(STORE_MESSAGES.storeTitle);
  const canBuy = useCan('compras.realizar');
  const [params, setParams] = useSearchParams();
  const { q, term, setTerm } = useListSearch();
  const categoriaParam = params.get('categoria');
  const categoria: StoreTab = isTab(categoriaParam) ? categoriaParam : 'todos';

  const setCategoria = (next: StoreTab) => {
    const search = new URLSearchParams(params);
    if (next !== 'todos') search.set('categoria', next);
    else search.delete('categoria');
    setParams(search, { replace: true });
  };

  const list = useStoreProducts({ q, categoria });
  const redirecting = useClinicRequired(list.error);
  if (redirecting) return null;

  const products = list.data?.pages.flatMap((p) => p.productos) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;

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

      <Tabs value={categoria} onValueChange={(value) => setCategoria(value as StoreTab)} className="gap-6">
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
          {list.isPending ? (
            <Loading label="Cargando productos" />
          ) : !list.data ? (
            <p role="alert" className="py-10 text-center text-destructive">
              Error al cargar productos
            </p>
          ) : products.length === 0 ? (
            <div className="flex flex-col items-center py-16 text-center">
              <PackageSearch className="size-10 text-muted-foreground" aria-hidden="true" />
              <p className="mt-3 font-medium">{STORE_MESSAGES.emptyTitle}</p>
              <p className="mt-1 text-sm text-muted-foreground">
                {q ? STORE_MESSAGES.emptySearchHint : STORE_MESSAGES.emptyCategoryHint}
              </p>
            </div>
          ) : (
            <>
              <p className="text-sm text-muted-foreground" aria-live="polite">
                {total === 1 ? '1 producto' : `${total} productos`}
              </p>
              <ul
                className={`grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4 ${list.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}`}
                aria-busy={list.isPlaceholderData}
                aria-label="Productos"
              >
                {products.map((product, index) => (
                  <li key={product.id} className="flex">
                    <ProductCard product={product} canBuy={canBuy} priority={index < 4} />
                  </li>
                ))}
              </ul>
              {list.hasNextPage ? (
                <div className="flex justify-center">
                  <Button
                    variant="outline"
                    onClick={() => void list.fetchNextPage()}
                    disabled={list.isFetchingNextPage}
                    aria-busy={list.isFetchingNextPage}
                  >
                    {list.isFetchingNextPage ? <Spinner decorative /> : null}
                    Cargar más
                  </Button>
                </div>
              ) : null}
            </>
          )}
        </TabsContent>
      </Tabs>
    </div>
  );
}
