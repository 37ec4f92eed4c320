import {
  ESTADO_PEDIDO_LABELS,
  ESTADOS_PEDIDO,
  STORE_MESSAGES,
  type OrderPage,
  type OrderStatus,
} from '@odontia/shared';
import { Package } from 'lucide-react';
import { EmptyState, ListTable } from '@/components/list-content';
import { Label } from '@/components/ui/label';
import { Pagination } from '@/components/ui/pagination';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useClampPage } from '@/hooks/use-list-search';
import type { OrderListParams } from '../hooks/use-order-list-params';
import { OrdersTableRows } from './orders-table-rows';

const ALL = 'todos';
const isStatus = (value: string): value is OrderStatus => ESTADOS_PEDIDO.some((estado) => estado === value);

type Props = {
  /** The list's query: its page of orders, or no data when it failed (the toast says why, once). */
  list: { isPending: boolean; isPlaceholderData: boolean; data: OrderPage | undefined };
  /** The estado filter and the page, in the URL. */
  params: OrderListParams;
  /** Names the table: the screen's title. */
  label: string;
  basePath: string;
  party: 'proveedor' | 'clinica';
  /** What an empty list says when no estado is chosen. */
  empty: string;
};

/**
 * 'Mis pedidos' and 'Ventas': the estado filter, then the list pattern of every other list (skeleton,
 * the error once, the empty state, the rows dimmed while another page loads) and its pages.
 */
export function OrdersList({ list, params, label, basePath, party, empty }: Props) {
  const { estado, pagina, setEstado, setPage } = params;
  useClampPage(list, (d) => d.pedidos.length, pagina, setPage);
  const data = list.data;
  return (
    <>
      <div className="flex items-center gap-3">
        <Label htmlFor="filtro-estado">{STORE_MESSAGES.ordersStatusFilter}</Label>
        <Select value={estado ?? ALL} onValueChange={(value) => setEstado(isStatus(value) ? value : null)}>
          <SelectTrigger id="filtro-estado" className="w-48">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>{STORE_MESSAGES.ordersAllStatuses}</SelectItem>
            {ESTADOS_PEDIDO.map((e) => (
              <SelectItem key={e} value={e}>
                {ESTADO_PEDIDO_LABELS[e]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <ListTable
        query={list}
        label={label}
        loadingLabel="Cargando pedidos"
        errorText={STORE_MESSAGES.ordersLoadError}
        isEmpty={(d) => d.pedidos.length === 0}
        empty={
          <EmptyState
            icon={Package}
            title={estado ? STORE_MESSAGES.ordersEmptyForStatus(ESTADO_PEDIDO_LABELS[estado]) : empty}
          />
        }
        stale={list.isPlaceholderData}
      >
        {(d) => <OrdersTableRows orders={d.pedidos} basePath={basePath} party={party} />}
      </ListTable>
      {data ? (
        <Pagination page={data.pagina} pageSize={data.porPagina} total={data.total} onPageChange={(p) => setPage(p)} />
      ) : null}
    </>
  );
}
