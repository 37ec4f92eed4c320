import type { OrderPage } from '@odontia/shared';
import { Package } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';
import { Pagination } from '@/components/ui/pagination';
import { OrdersTable } from './orders-table';
import { Loading } from './loading';

type Props = {
  query: { isPending: boolean; isPlaceholderData: boolean; data: OrderPage | undefined };
  basePath: string;
  party: 'proveedor' | 'clinica';
  empty: string;
  errorText: string;
  onPageChange: (page: number) => void;
};

/** The card of 'Mis pedidos' and 'Ventas': a spinner, an empty state, or the table and its pages. */
export function OrdersListCard({ query, basePath, party, empty, errorText, onPageChange }: Props) {
  const data = query.data;
  return (
    <>
      <Card className="py-0">
        <CardContent className="p-0">
          {query.isPending ? (
            <Loading label="Cargando pedidos" />
          ) : !data ? (
            <p role="alert" className="p-6 text-destructive">
              {errorText}
            </p>
          ) : data.pedidos.length === 0 ? (
            <div className="flex flex-col items-center px-6 py-16 text-center">
              <Package className="size-10 text-muted-foreground" aria-hidden="true" />
              <p className="mt-3 font-medium">{empty}</p>
            </div>
          ) : (
            <div
              aria-busy={query.isPlaceholderData}
              className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
            >
              <OrdersTable orders={data.pedidos} basePath={basePath} party={party} />
            </div>
          )}
        </CardContent>
      </Card>
      {data ? (
        <Pagination page={data.pagina} pageSize={data.porPagina} total={data.total} onPageChange={onPageChange} />
      ) : null}
    </>
  );
}
