import { CATALOG_MESSAGES, CATEGORIA_ITEM_LABELS, hasStock, taxType, type CatalogItem } from '@odontia/shared';
import type { ReactNode } from 'react';
import { Card, CardContent, CardFooter } from '@/components/ui/card';
import { DetailList, type Detail } from '@/components/ui/detail-list';
import { useFormatMoney } from '@/lib/use-clinic-money';

const amount = (value: number | null) => (value === null ? null : String(value));

/** The item for members who may see the catalogue but not change it: read, not a greyed form. */
export function ItemDetails({ item, actions }: { item: CatalogItem; actions?: ReactNode }) {
  const formatMoney = useFormatMoney();
  const service = item.categoria === 'servicio';
  const details: Detail[] = [
    { label: 'Nombre', value: item.nombre },
    { label: 'Categoría', value: CATEGORIA_ITEM_LABELS[item.categoria] },
    { label: 'Código', value: item.codigo },
    { label: 'Precio de compra', value: item.precioCompra === null ? null : formatMoney(item.precioCompra) },
    { label: 'Precio de venta', value: item.precioVenta === null ? null : formatMoney(item.precioVenta) },
    { label: 'Impuesto', value: taxType(item.tipoImpuesto)?.nombre ?? item.tipoImpuesto },
    ...(service
      ? [
          { label: 'Duración', value: item.duracionMinutos === null ? null : `${item.duracionMinutos} min` },
          ...(item.codigoCups ? [{ label: 'Código CUPS', value: item.codigoCups }] : []),
          { label: 'Tratamiento estético', value: item.estetico ? 'Sí' : 'No' },
          { label: CATALOG_MESSAGES.reservableOnline, value: item.reservableOnline ? 'Sí' : 'No' },
        ]
      : []),
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
        {service ? (
          <section aria-label={CATALOG_MESSAGES.kitTitle} className="grid gap-2">
            <h3 className="text-sm font-medium">{CATALOG_MESSAGES.kitTitle}</h3>
            {item.kit.length ? (
              <ul className="grid gap-1 text-sm">
                {item.kit.map((l) => (
                  <li key={l.insumoId}>
                    {l.nombre}: {l.cantidad} {l.unidadMedida ?? (l.cantidad === 1 ? 'unidad' : 'unidades')}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">Sin insumos: el servicio no descuenta stock.</p>
            )}
          </section>
        ) : null}
      </CardContent>
      {actions ? <CardFooter>{actions}</CardFooter> : null}
    </Card>
  );
}
