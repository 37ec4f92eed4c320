import { ShoppingCart } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useCart } from '../api/cart';

/** The store's cart button with the number of items in the cart (spec 001 §2 Store). */
export function CartButton() {
  const cart = useCart();
  const count = cart.data?.cantidadProductos ?? 0;
  return (
    <Button variant="outline" asChild className="relative">
      <Link to="/compras/carrito" aria-label={`Carrito: ${count === 1 ? '1 producto' : `${count} productos`}`}>
        <ShoppingCart aria-hidden="true" />
        Carrito
        <span
          className="ml-1 inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground tabular-nums"
          aria-hidden="true"
          data-testid="cart-count"
        >
          {count}
        </span>
      </Link>
    </Button>
  );
}
