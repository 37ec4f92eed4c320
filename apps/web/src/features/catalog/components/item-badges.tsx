import {
  CATALOG_MESSAGES,
  CATEGORIA_ITEM_BADGES,
  CATEGORIA_ITEM_LABELS,
  type CatalogItemRow,
  type ItemCategory,
} from '@odontia/shared';
import { TriangleAlert } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { stockDisplay } from '../lib/display';

/** Spec 001 §9: producto info, servicio success, insumo warning. */
export function CategoryBadge({ categoria }: { categoria: ItemCategory }) {
  return <Badge variant={CATEGORIA_ITEM_BADGES[categoria]}>{CATEGORIA_ITEM_LABELS[categoria]}</Badge>;
}

/** Spec 001 §4: the activo toggle shown as Activo / Inactivo. */
export function ActiveBadge({ activo }: { activo: boolean }) {
  return activo ? (
    <Badge variant="success">{CATALOG_MESSAGES.activo}</Badge>
  ) : (
    <Badge variant="outline" className="border-transparent bg-muted text-muted-foreground">
      {CATALOG_MESSAGES.inactivo}
    </Badge>
  );
}

/** The Stock cell: 'N/A', 'No registrado' or the count, with a 'Stock bajo' mark (icon and words, not colour alone). */
export function StockCell({
  item,
}: {
  item: Pick<CatalogItemRow, 'categoria' | 'stockActual' | 'unidadMedida' | 'bajoMinimo'>;
}) {
  const stock = stockDisplay(item);
  if (stock.kind !== 'count') return <span className="text-muted-foreground">{stock.text}</span>;
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span className={stock.low ? 'font-medium text-destructive' : undefined}>{stock.text}</span>
      {stock.low ? (
        <Badge variant="outline" className="border-destructive/40 text-destructive">
          <TriangleAlert aria-hidden="true" />
          {CATALOG_MESSAGES.lowStockTitle}
        </Badge>
      ) : null}
    </span>
  );
}
