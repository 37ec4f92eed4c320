import { CART_QUANTITY_MAX, parseCartQuantity, STORE_MESSAGES } from '@odontia/shared';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/api';
import { useCan } from '@/lib/session';
import { useClinicRequired } from '@/lib/use-clinic-required';
import { usePageTitle } from '@/lib/use-page-title';
import { useStoreProduct } from '../api/products';
import { AddToCartButton } from '../components/add-to-cart-button';
import { BackLink } from '../components/back-link';
import { CartButton } from '../components/cart-button';
import { CategoryBadge } from '../components/category-badge';
import { ProductImage } from '../components/product-image';
import { formatStoreMoney } from '../lib/money';
import { Loading } from '../components/loading';

/** The product page (/compras/producto/{id}, DESIGN §1): the link of 'Ver detalles'. */
export default function ProductPage() {
  const { id = '' } = useParams();
  const product = useStoreProduct(id);
  const canBuy = useCan('compras.realizar');
  const [cantidad, setCantidad] = useState('1');
  usePageTitle(product.data?.nombre ?? 'Producto');
  const redirecting = useClinicRequired(product.error);
  if (redirecting) return null;

  const header = (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <BackLink to="/compras">{STORE_MESSAGES.backToStore}</BackLink>
      <CartButton />
    </div>
  );

  if (product.isPending) {
    return (
      <div className="flex flex-col gap-6">
        {header}
        <Loading label="Cargando producto" />
      </div>
    );
  }
  if (!product.data) {
    return (
      <div className="flex flex-col gap-6">
        {header}
        <p role="alert" className="py-10 text-center text-destructive">
          {errorMessage(product.error, STORE_MESSAGES.productNotFound)}
        </p>
      </div>
    );
  }

  const p = product.data;
  // A typed quantity is read like the cart's (an integer); what cannot be added disables 'Agregar'.
  const parsed = parseCartQuantity(cantidad);
  const quantity = parsed !== null && parsed >= 1 && parsed <= CART_QUANTITY_MAX ? parsed : null;

  return (
    <div className="flex flex-col gap-6">
      {header}
      <Card>
        <CardContent className="grid gap-8 md:grid-cols-[minmax(0,22rem)_1fr]">
          <ProductImage src={p.imagenUrl} priority />
          <div className="flex flex-col gap-4">
            <div className="flex flex-col gap-2">
              <CategoryBadge categoria={p.categoria} />
              <h1 className="text-2xl font-semibold tracking-tight">{p.nombre}</h1>
              <p className="text-sm text-muted-foreground">
                Vendido por <span className="font-medium text-foreground">{p.proveedor.nombre}</span>
              </p>
            </div>
            <p className="text-3xl font-semibold tabular-nums">
              {formatStoreMoney(p.precioVenta)}
              {p.unidadMedida ? (
                <span className="ml-1 text-base font-normal text-muted-foreground">/ {p.unidadMedida}</span>
              ) : null}
            </p>
            <p className="whitespace-pre-line">{p.descripcion || STORE_MESSAGES.noDescription}</p>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              {p.codigo ? (
                <>
                  <dt className="text-muted-foreground">Código</dt>
                  <dd>{p.codigo}</dd>
                </>
              ) : null}
              <dt className="text-muted-foreground">Disponibilidad</dt>
              <dd>
                {p.stockActual === null
                  ? 'Consultar con el proveedor'
                  : p.stockActual === 0
                    ? 'Agotado'
                    : STORE_MESSAGES.stock(p.stockActual)}
              </dd>
            </dl>
            {canBuy ? (
              <div className="flex flex-wrap items-end gap-3">
                <div className="grid gap-2">
                  <Label htmlFor="cantidad">Cantidad</Label>
                  <Input
                    id="cantidad"
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={p.stockActual ?? CART_QUANTITY_MAX}
                    step={1}
                    className="w-24 tabular-nums"
                    value={cantidad}
                    onChange={(e) => setCantidad(e.target.value)}
                  />
                </div>
                <AddToCartButton
                  productoId={p.id}
                  nombre={p.nombre}
                  cantidad={quantity ?? 1}
                  stockActual={p.stockActual}
                  disabled={quantity === null}
                />
              </div>
            ) : null}
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
