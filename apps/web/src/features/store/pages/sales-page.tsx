import { ESTADO_PEDIDO_LABELS, ESTADOS_PEDIDO, STORE_MESSAGES, type OrderStatus } from '@odontia/shared';
import { useSearchParams } from 'react-router';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { pageParam } from '@/lib/page-param';
import { useClinicRequired } from '@/lib/use-clinic-required';
import { usePageTitle } from '@/lib/use-page-title';
import { useSales } from '../api/sales';
import { OrdersListCard } from '../components/orders-list-card';

const ALL = 'todos';
const isStatus = (value: string | null): value is OrderStatus => ESTADOS_PEDIDO.includes(value as OrderStatus);

/** 'Ventas' (/ventas): a supplier's incoming orders, newest first, optionally by estado. */
export default function SalesPage() {
  usePageTitle(STORE_MESSAGES.salesTitle);
  const [params, setParams] = useSearchParams();
  const pagina = pageParam(params);
  const estadoParam = params.get('estado');
  const estado = isStatus(estadoParam) ? estadoParam : null;
  const sales = useSales({ pagina, estado });
  const redirecting = useClinicRequired(sales.error);
  if (redirecting) return null;

  const go = (next: { pagina?: number; estado?: OrderStatus | null }) => {
    const search = new URLSearchParams();
    const e2 = next.estado === undefined ? estado : next.estado;
    const p2 = next.pagina ?? 1;
    if (e2) search.set('estado', e2);
    if (p2 > 1) search.set('pagina', String(p2));
    setParams(search);
  };

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{STORE_MESSAGES.salesTitle}</h1>
        <p className="text-muted-foreground">
          Los pedidos que las clínicas hacen a tu catálogo. Avanza cada uno por su seguimiento.
        </p>
      </div>
      <div className="flex items-center gap-3">
        <Label htmlFor="filtro-estado">Estado</Label>
        <Select
          value={estado ?? ALL}
          onValueChange={(value) => go({ estado: value === ALL ? null : (value as OrderStatus) })}
        >
          <SelectTrigger id="filtro-estado" className="w-48">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>Todos</SelectItem>
            {ESTADOS_PEDIDO.map((e) => (
              <SelectItem key={e} value={e}>
                {ESTADO_PEDIDO_LABELS[e]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <OrdersListCard
        query={sales}
        basePath="/ventas"
        party="clinica"
        empty={STORE_MESSAGES.salesEmpty}
        errorText={STORE_MESSAGES.ordersLoadError}
        onPageChange={(p) => go({ pagina: p })}
      />
    </div>
  );
}
