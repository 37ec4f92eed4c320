import { STORE_MESSAGES } from '@odontia/shared';
import { ShoppingCart } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { errorMessage } from '@/lib/api';
import { useCan } from '@/lib/session';
import { useClinicRequired } from '@/lib/use-clinic-required';
import { usePageTitle } from '@/lib/use-page-title';
import { useCart } from '../api/cart';
import { BackLink } from '../components/back-link';
import { CartLineItem } from '../components/cart-line-item';
import { ClearCartButton } from '../components/clear-cart-button';
import { OrderSummary } from '../components/order-summary';
import { Loading } from '../components/loading';

/** 'Mi Carrito' (/compras/carrito): the user's cart on the server, with the server's totals. */
export default function CartPage() {
  usePageTitle(STORE_MESSAGES.cartTitle);
  const cart = useCart();
  const canBuy = useCan('compras.realizar');
  const redirecting = useClinicRequired(cart.error);
  if (redirecting) return null;

  const data = cart.data;
  return (
    <div className="flex flex-col gap-6">
      <div>
        <BackLink to="/compras">{STORE_MESSAGES.backToStore}</BackLink>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight">{STORE_MESSAGES.cartTitle}</h1>
        {data?.proveedor ? <p className="text-muted-foreground">Productos de {data.proveedor.nombre}</p> : null}
      </div>

      {cart.isPending ? (
        <Loading label="Cargando carrito" />
      ) : !data ? (
        <p role="alert" className="py-10 text-center text-destructive">
          {errorMessage(cart.error, 'No se pudo cargar el carrito')}
        </p>
      ) : data.lineas.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
            <ShoppingCart className="size-10 text-muted-foreground" aria-hidden="true" />
            <p className="font-medium">{STORE_MESSAGES.emptyCart}</p>
            <Button asChild>
              <Link to="/compras">{STORE_MESSAGES.goToStore}</Link>
            </Button>
          </CardContent>
        </Card>
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-[1fr_22rem]">
          <Card>
            <CardContent>
              <ul className="divide-y" aria-label="Productos del carrito">
                {data.lineas.map((line) => (
                  <CartLineItem key={line.id} line={line} />
                ))}
              </ul>
            </CardContent>
          </Card>
          <OrderSummary
            cantidad={data.cantidadProductos}
            totals={data.totales}
            actions={
              <>
                {canBuy ? (
                  <Button asChild className="w-full">
                    <Link to="/compras/checkout">{STORE_MESSAGES.continueToPayment}</Link>
                  </Button>
                ) : null}
                <Button variant="outline" asChild className="w-full">
                  <Link to="/compras">{STORE_MESSAGES.continueShopping}</Link>
                </Button>
                {canBuy ? <ClearCartButton /> : null}
              </>
            }
          />
        </div>
      )}
    </div>
  );
}
