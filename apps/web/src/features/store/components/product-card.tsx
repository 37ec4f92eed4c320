import { STORE_MESSAGES, type StoreProduct } from '@odontia/shared';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter } from '@/components/ui/card';
import { formatStoreMoney } from '../lib/money';
import { AddToCartButton } from './add-to-cart-button';
import { CategoryBadge } from './category-badge';
import { ProductImage } from './product-image';

/** A card of the store (spec 001 §2 Store). */
export function ProductCard({
  product,
  canBuy,
  priority = false,
}: {
  product: StoreProduct;
  canBuy: boolean;
  priority?: boolean;
}) {
  return (
    <Card className="w-full gap-3 overflow-hidden pt-0">
      <ProductImage src={product.imagenUrl} className="rounded-none" priority={priority} />
      <CardContent className="flex flex-1 flex-col gap-2 px-4">
        <div className="flex items-start justify-between gap-2">
          <h2 className="leading-snug font-semibold">{product.nombre}</h2>
          <CategoryBadge categoria={product.categoria} />
        </div>
        <p className="line-clamp-2 text-sm text-muted-foreground">
          {product.descripcion || STORE_MESSAGES.noDescription}
        </p>
        <div className="mt-auto flex items-end justify-between gap-2 pt-1">
          <span className="text-lg font-semibold tabular-nums">{formatStoreMoney(product.precioVenta)}</span>
          {product.stockActual !== null ? (
            <span className="text-sm text-muted-foreground">{STORE_MESSAGES.stock(product.stockActual)}</span>
          ) : null}
        </div>
      </CardContent>
      {/* The two actions share a row while both fit whole (a two-column grid on a tablet puts them on two). */}
      <CardFooter className="flex-wrap gap-2 px-4">
        <Button variant="outline" size="sm" className="min-w-max flex-1" asChild>
          <Link
            to={`/compras/producto/${product.id}`}
            aria-label={`${STORE_MESSAGES.viewDetails} de ${product.nombre}`}
          >
            {STORE_MESSAGES.viewDetails}
          </Link>
        </Button>
        {canBuy ? (
          <AddToCartButton
            size="sm"
            className="min-w-max flex-1"
            productoId={product.id}
            nombre={product.nombre}
            stockActual={product.stockActual}
          />
        ) : null}
      </CardFooter>
    </Card>
  );
}
