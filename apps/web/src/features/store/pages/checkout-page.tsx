import { zodResolver } from '@hookform/resolvers/zod';
import {
  CHECKOUT_DEFAULTS,
  checkoutSchema,
  METODO_PAGO_LABELS,
  METODOS_PAGO,
  STORE_MESSAGES,
  type CartLine,
  type CheckoutData,
  type CheckoutInput,
} from '@odontia/shared';
import { AlertTriangle, ShoppingCart } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { Textarea } from '@/components/ui/textarea';
import { ApiError, errorMessage } from '@/lib/api';
import { setServerFieldErrors } from '@/lib/form-errors';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useClinicRequired } from '@/lib/use-clinic-required';
import { usePageTitle } from '@/lib/use-page-title';
import { useCart } from '../api/cart';
import { useCheckout } from '../api/orders';
import { BackLink } from '../components/back-link';
import { OrderSummary } from '../components/order-summary';
import { ProductImage } from '../components/product-image';
import { newIdempotencyKey } from '../lib/idempotency-key';
import { formatStoreMoney } from '../lib/money';
import { Loading } from '../components/loading';

const FIELDS = [
  'nombreCompleto',
  'telefono',
  'direccion',
  'ciudad',
  'departamento',
  'codigoPostal',
  'notasEntrega',
  'metodoPago',
  'notas',
] as const;

/** The server's codes for a cart that no longer matches the store (the page shows them by the summary). */
const CART_CHANGED: ReadonlySet<ApiError['code']> = new Set([
  'out_of_stock',
  'prices_changed',
  'not_for_sale',
  'other_supplier',
]);

/** A refused checkout that the buyer can act on: the server's message, and per product what is short. */
type Problem = { message: string; byProduct: Record<string, string> };

function SummaryLines({ lines, byProduct }: { lines: CartLine[]; byProduct: Record<string, string> }) {
  return (
    // Spec 001 §9: the list scrolls at about 10rem.
    <ul className="max-h-40 overflow-y-auto pr-1" aria-label="Productos del pedido" tabIndex={0}>
      {lines.map((line) => (
        <li key={line.id} className="flex items-center gap-3 py-1.5">
          <ProductImage src={line.producto.imagenUrl} className="size-10 shrink-0" />
          <div className="min-w-0 flex-1 text-sm">
            <p className="truncate font-medium">{line.producto.nombre}</p>
            <p className="text-muted-foreground">
              {line.cantidad} × {formatStoreMoney(line.precioActual ?? line.precioUnitario)}
            </p>
            {byProduct[line.productoId] ? <p className="text-destructive">{byProduct[line.productoId]}</p> : null}
          </div>
          <span className="text-sm font-medium tabular-nums">{formatStoreMoney(line.subtotal)}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * 'Finalizar Compra' (/compras/checkout). One idempotency key per visit is sent with every attempt:
 * a double click or a retry after a lost answer gets the same order back, never a second one.
 */
export default function CheckoutPage() {
  usePageTitle(STORE_MESSAGES.checkoutTitle);
  const navigate = useNavigate();
  const { account } = useSession();
  const cart = useCart();
  const checkout = useCheckout();
  const [problem, setProblem] = useState<Problem | null>(null);
  const [claveIdempotencia] = useState(newIdempotencyKey);
  const perfil = account?.perfil;
  const form = useForm<CheckoutInput, unknown, CheckoutData>({
    defaultValues: {
      ...CHECKOUT_DEFAULTS,
      nombreCompleto: [perfil?.nombres, perfil?.apellidos].filter(Boolean).join(' '),
      telefono: perfil?.telefono ?? '',
      claveIdempotencia,
    },
    resolver: zodResolver(checkoutSchema),
  });
  const { register, handleSubmit, setError, formState } = form;
  const errors = formState.errors;
  const redirecting = useClinicRequired(cart.error);
  if (redirecting) return null;

  const lines = cart.data?.lineas ?? [];
  const pending = checkout.isPending || formState.isSubmitting;

  const send = handleSubmit(async (values) => {
    setProblem(null);
    try {
      const order = await checkout.mutateAsync(values);
      toast.success(STORE_MESSAGES.orderCreatedTitle, STORE_MESSAGES.orderCreatedMessage(order.numeroPedido));
      navigate(`/compras/pedidos/${order.id}`, { replace: true });
    } catch (error) {
      // Emptied meanwhile (an order confirmed in another tab): said, and back to the store.
      if (error instanceof ApiError && error.code === 'cart_empty') {
        toast.error(STORE_MESSAGES.errorTitle, error.message);
        navigate('/compras');
        return;
      }
      // Out of stock, a new price, a product no longer sold, another supplier's: nothing was written;
      // the cart reloads with what changed and the buyer decides.
      if (error instanceof ApiError && CART_CHANGED.has(error.code)) {
        setProblem({ message: error.message, byProduct: error.fields ?? {} });
        return;
      }
      if (setServerFieldErrors(error, setError, FIELDS)) return;
      toast.error(STORE_MESSAGES.errorTitle, errorMessage(error, STORE_MESSAGES.orderError));
    }
  });

  // Spec 001 §2: submitting with an empty cart goes back to the store (before any field is checked).
  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    if (lines.length > 0) {
      void send(event);
      return;
    }
    event.preventDefault();
    navigate('/compras');
  };

  return (
    <div className="flex flex-col gap-6">
      <div>
        <BackLink to="/compras/carrito">Volver al carrito</BackLink>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight">{STORE_MESSAGES.checkoutTitle}</h1>
      </div>

      {cart.isPending ? (
        <Loading label="Cargando carrito" />
      ) : (
        <form
          onSubmit={submit}
          noValidate
          aria-label={STORE_MESSAGES.checkoutTitle}
          className="grid items-start gap-6 lg:grid-cols-[1fr_24rem]"
        >
          <fieldset disabled={pending} className="flex min-w-0 flex-col gap-6">
            <Card>
              <CardHeader>
                <CardTitle>
                  <h2>Información de envío</h2>
                </CardTitle>
              </CardHeader>
              <CardContent className="grid gap-4 sm:grid-cols-2">
                <FormField label="Nombre completo" required error={errors.nombreCompleto?.message}>
                  <Input autoComplete="name" {...register('nombreCompleto')} />
                </FormField>
                <FormField label="Teléfono" required error={errors.telefono?.message}>
                  <Input type="tel" autoComplete="tel" {...register('telefono')} />
                </FormField>
                <FormField
                  label="Dirección completa"
                  required
                  error={errors.direccion?.message}
                  className="sm:col-span-2"
                >
                  <Input autoComplete="street-address" {...register('direccion')} />
                </FormField>
                <FormField label="Ciudad" required error={errors.ciudad?.message}>
                  <Input autoComplete="address-level2" {...register('ciudad')} />
                </FormField>
                <FormField label="Departamento" required error={errors.departamento?.message}>
                  <Input autoComplete="address-level1" {...register('departamento')} />
                </FormField>
                <FormField label="Código postal" error={errors.codigoPostal?.message}>
                  <Input autoComplete="postal-code" {...register('codigoPostal')} />
                </FormField>
                <FormField label="Notas de entrega" error={errors.notasEntrega?.message} className="sm:col-span-2">
                  <Textarea
                    placeholder="Horario de recepción, indicaciones para el repartidor..."
                    {...register('notasEntrega')}
                  />
                </FormField>
              </CardContent>
            </Card>

            <Card>
              <CardHeader>
                <CardTitle>
                  <h2 id="metodo-pago">Método de pago</h2>
                </CardTitle>
              </CardHeader>
              <CardContent>
                <div role="radiogroup" aria-labelledby="metodo-pago" className="grid gap-3 sm:grid-cols-2">
                  {METODOS_PAGO.map((metodo) => (
                    <label
                      key={metodo}
                      className="flex cursor-pointer items-center gap-3 rounded-md border p-3 has-[:checked]:border-primary has-[:checked]:bg-primary/5"
                    >
                      <input
                        type="radio"
                        value={metodo}
                        className="size-4 accent-primary"
                        {...register('metodoPago')}
                      />
                      <span className="text-sm font-medium">{METODO_PAGO_LABELS[metodo]}</span>
                    </label>
                  ))}
                </div>
                {errors.metodoPago?.message ? (
                  <p role="alert" className="mt-2 text-sm text-destructive">
                    {errors.metodoPago.message}
                  </p>
                ) : null}
              </CardContent>
            </Card>

            <Card>
              <CardHeader>
                <CardTitle>
                  <h2>Notas adicionales</h2>
                </CardTitle>
              </CardHeader>
              <CardContent>
                <FormField label="Notas para el proveedor" error={errors.notas?.message}>
                  <Textarea {...register('notas')} />
                </FormField>
              </CardContent>
            </Card>
          </fieldset>

          {lines.length === 0 || !cart.data ? (
            <Card>
              <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
                <ShoppingCart className="size-10 text-muted-foreground" aria-hidden="true" />
                <p className="font-medium">{STORE_MESSAGES.checkoutEmpty}</p>
                <Button variant="outline" asChild>
                  <Link to="/compras">{STORE_MESSAGES.goToStore}</Link>
                </Button>
                <SubmitButton pending={pending} pendingLabel={STORE_MESSAGES.processing} className="w-full">
                  {STORE_MESSAGES.confirmOrder}
                </SubmitButton>
              </CardContent>
            </Card>
          ) : (
            <OrderSummary
              cantidad={cart.data.cantidadProductos}
              totals={cart.data.totales}
              actions={
                <SubmitButton pending={pending} pendingLabel={STORE_MESSAGES.processing} className="w-full">
                  {STORE_MESSAGES.confirmOrder}
                </SubmitButton>
              }
            >
              <SummaryLines lines={lines} byProduct={problem?.byProduct ?? {}} />
              {problem ? (
                <div
                  role="alert"
                  className="flex gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
                >
                  <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  <p>{problem.message}</p>
                </div>
              ) : null}
            </OrderSummary>
          )}
        </form>
      )}
    </div>
  );
}
