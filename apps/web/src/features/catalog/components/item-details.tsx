import { CATEGORIA_ITEM_LABELS, formatPesos, hasStock, type CatalogItem } from '@odontia/shared';
import type { ReactNode } from 'react';
import { Card, CardContent, CardFooter } from '@/components/ui/card';
import { DetailList, type Detail } from '@/components/ui/detail-list';

const amount = (value: number | null) => (value === null ? null : String(value));

/** The item for members who may see the catalogue but not change it: read, not a greyed form. */
export function ItemDetails({ item, actions }: { item: CatalogItem; actions?: ReactNode }) {
  const details: Detail[] = [
    { label: 'Nombre', value: item.nombre },
    { label: 'Categoría', value: CATEGORIA_ITEM_LABELS[item.categoria] },
    { label: 'Código', value: item.codigo },
    { label: 'Precio de compra', value: item.precioCompra === null ? null : formatPesos(item.precioCompra) },
    { label: 'Precio de venta', value: item.precioVenta === null ? null : formatPesos(item.precioVenta) },
    ...(hasStock(item.categoria)
      ? [
          { label: 'Stock actual', value: amount(item.stockActual) },
          { label: 'Stock mínimo', value: amount(item.stockMinimo) },
          { label: 'Unidad de medida', value: item.unidadMedida },
        ]
      : []),
    { label: 'Estado', value: item.activo ? 'Activo: disponible en el catálogo' : 'Inactivo: fuera del catálogo' },
  ];
  return (
    <Card>
      <CardContent className="flex flex-col gap-6">
        {item.imagenUrl ? (
          <img src={item.imagenUrl} alt={`Imagen de ${item.nombre}`} className="size-20 rounded-lg object-cover" />
        ) : null}
        <DetailList items={details} />
        <DetailList className="sm:grid-cols-1" items={[{ label: 'Descripción', value: item.descripcion }]} />
      </CardContent>
      {actions ? <CardFooter>{actions}</CardFooter> : null}
    </Card>
  );
}
