import { CATALOG_MESSAGES } from '@odontia/shared';
import { TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { useCan } from '@/lib/session';
import { useLowStock } from '../api/get-low-stock';
import { stockDisplay } from '../lib/display';

/** The items a card lists; the catalogue has the rest. */
const SHOWN = 6;

const countText = (n: number) =>
  n === 1 ? '1 producto está en su mínimo o por debajo.' : `${n} productos están en su mínimo o por debajo.`;

/**
 * 'Stock bajo' on a supplier's dashboard: the active items at or under their minimum (what it may run
 * out of selling), each leading to its page, for members who see the catalogue.
 */
export function LowStockCard() {
  const canSee = useCan('productos.ver');
  const lowStock = useLowStock(canSee);
  const titleId = useId();
  if (!canSee) return null;
  const data = lowStock.data;

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle className="text-lg">
          <h2 id={titleId}>{CATALOG_MESSAGES.lowStockTitle}</h2>
        </CardTitle>
        {data ? (
          <CardDescription>{data.total ? countText(data.total) : 'Ningún producto está en su mínimo.'}</CardDescription>
        ) : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {lowStock.isPending ? (
          <Spinner label="Cargando el stock" />
        ) : lowStock.isError ? (
          <p role="alert" className="text-sm">
            {errorMessage(lowStock.error, 'No se pudo cargar el stock')}
          </p>
        ) : (
          <>
            {data && data.items.length ? (
              <ul className="flex flex-col divide-y">
                {data.items.slice(0, SHOWN).map((item) => (
                  <li key={item.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">
                    <Link to={`/productos/${item.id}`} className="font-medium hover:underline">
                      {item.nombre}
                    </Link>
                    <span className="inline-flex items-center gap-1.5 text-sm font-medium text-destructive">
                      <TriangleAlert className="size-4" aria-hidden="true" />
                      {stockDisplay(item).text}
                    </span>
                  </li>
                ))}
              </ul>
            ) : null}
            {data && data.total > SHOWN ? (
              <p className="text-xs text-muted-foreground">
                {data.total - SHOWN === 1 ? 'Y 1 más en el catálogo.' : `Y ${data.total - SHOWN} más en el catálogo.`}
              </p>
            ) : null}
          </>
        )}
        <Button variant="outline" asChild className="self-start">
          <Link to="/productos">Ver el catálogo</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
