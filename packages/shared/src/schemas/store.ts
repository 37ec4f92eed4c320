import { z } from 'zod';
import type { CurrencyCode } from '../money.ts';
import { optionalText, pageNumber, requiredPhone, requiredText, searchText } from './fields.ts';

/**
 * The supplies store (spec 001 §2 Store, Cart, Checkout; §3 carrito, pedidos, detalles_pedido,
 * seguimiento_pedido; §4; §5 Checkout, cart quantity; §6; §7 Store and cart, Orders; §8 Cart, Order;
 * §9; DESIGN §1: the store sells the catalogues of supplier clinics, `/compras/producto/{id}` exists).
 * The contract between `/api/tienda`, `/api/carrito`, `/api/pedidos`, `/api/ventas` and the screens.
 * Money is integer pesos everywhere; the server computes every total (`orderTotals`).
 */
export const STORE_MESSAGES = {
  // Spec 001 §2 (Store, Cart, Checkout).
  storeTitle: 'Tienda de Insumos Dentales',
  searchPlaceholder: 'Buscar productos...',
  noDescription: 'Sin descripción disponible',
  stock: (n: number) => `Stock: ${n}`,
  viewDetails: 'Ver detalles',
  add: 'Agregar',
  emptyTitle: 'No se encontraron productos',
  emptySearchHint: 'Intenta con otros términos de búsqueda',
  emptyCategoryHint: 'No hay productos disponibles en esta categoría',
  // Issue 23: a supplier sells only to clinics of its currency, and the store's are in pesos.
  otherCurrencyTitle: 'Aún no hay proveedores que vendan en tu moneda',
  otherCurrency: (unidad: string) =>
    `Los proveedores de la tienda venden hoy en pesos colombianos a clínicas de Colombia. Cuando haya proveedores que vendan en ${unidad}, sus productos aparecerán aquí.`,
  cartTitle: 'Mi Carrito',
  backToStore: 'Volver a la tienda',
  summaryTitle: 'Resumen del pedido',
  itemCount: (n: number) => `${n} ${n === 1 ? 'producto' : 'productos'}`,
  subtotal: 'Subtotal',
  iva: 'IVA (19%)',
  envio: 'Envío',
  total: 'Total',
  continueToPayment: 'Continuar con el pago',
  continueShopping: 'Continuar comprando',
  emptyCart: 'Tu carrito está vacío',
  goToStore: 'Ir a la tienda',
  checkoutTitle: 'Finalizar Compra',
  confirmOrder: 'Confirmar Pedido',
  processing: 'Procesando...',
  checkoutEmpty: 'No hay productos en el carrito',
  // Spec 001 §8 (Cart).
  addedTitle: 'Producto agregado',
  addedMessage: 'El producto se agregó al carrito exitosamente',
  errorTitle: 'Error',
  addError: 'No se pudo agregar el producto al carrito',
  updateError: 'No se pudo actualizar el carrito',
  removedTitle: 'Producto eliminado',
  removedMessage: 'El producto se eliminó del carrito',
  removeError: 'No se pudo eliminar el producto',
  clearError: 'No se pudo limpiar el carrito',
  notAuthenticated: 'Usuario no autenticado',
  // Spec 001 §8 (Order).
  clinicNotFound: 'No se encontró la clínica del usuario',
  cartEmpty: 'El carrito está vacío',
  orderError: 'No se pudo crear el pedido',
  orderCreatedTitle: 'Pedido creado',
  orderCreatedMessage: (numero: string) => `Tu pedido ${numero} ha sido creado exitosamente`,
  // The spec does not state these; ours, in the same voice.
  productNotFound: 'El producto no existe o ya no está a la venta',
  ownCatalogue: 'No puedes comprar los productos de tu propia clínica',
  outOfStock: (nombre: string) => `«${nombre}» está agotado`,
  onlyLeft: (nombre: string, stock: number) =>
    `Solo ${stock === 1 ? 'queda 1 unidad' : `quedan ${stock} unidades`} de «${nombre}»`,
  notEnoughStock: (nombres: string[]) => `No hay stock suficiente de: ${nombres.join(', ')}`,
  otherSupplier: (proveedor: string) =>
    `Tu carrito tiene productos de ${proveedor}. Confirma ese pedido o vacía el carrito para comprar a otro proveedor.`,
  pricesChanged: 'El precio de algunos productos cambió. Revisa el resumen antes de confirmar el pedido.',
  unavailable: (nombres: string[]) =>
    `Ya no están a la venta: ${nombres.join(', ')}. Quítalos del carrito para continuar.`,
  cartLineNotFound: 'El producto no está en tu carrito',
  cantidadInvalid: 'Introduce una cantidad válida',
  cantidadTooLarge: (max: number) => `La cantidad máxima por producto es ${max}`,
  orderNotFound: 'Pedido no encontrado',
  ordersTitle: 'Mis pedidos',
  ordersEmpty: 'Todavía no has hecho ningún pedido',
  ordersLoadError: 'Error al cargar los pedidos',
  salesTitle: 'Ventas',
  salesEmpty: 'Todavía no has recibido pedidos',
  /** 'Mis pedidos' and 'Ventas' filtered by estado, with nothing in it (ours, in the same voice). */
  ordersEmptyForStatus: (estado: string) => `No hay pedidos en estado «${estado}»`,
  ordersStatusFilter: 'Estado',
  ordersAllStatuses: 'Todos',
  suppliersOnly: 'Solo las cuentas de proveedor reciben pedidos',
  estadoInvalid: 'Elige un estado de la lista',
  transitionInvalid: (desde: string, hacia: string) =>
    `Un pedido ${desde.toLowerCase()} no puede pasar a ${hacia.toLowerCase()}`,
  estadoUpdated: 'Estado del pedido actualizado',
  estadoNotificationTitle: 'Pedido actualizado',
  estadoNotificationMessage: (numero: string, estado: string) =>
    `Tu pedido ${numero} está ahora: ${estado.toLowerCase()}`,
  newSaleTitle: 'Nuevo pedido',
  newSaleMessage: (numero: string, clinica: string) => `${clinica} hizo el pedido ${numero}`,
  // Receiving a delivered order into the clinic's inventory (issue 21; ours, in the same voice).
  receiveTitle: 'Recibir en el inventario',
  receiveHint:
    'Elige en qué ítem de tu inventario entra cada producto. Las próximas entregas de ese producto entrarán en el mismo ítem.',
  receiveLineLabel: (nombre: string) => `Recibir «${nombre}» en`,
  receiveNewItem: 'Crear un ítem nuevo',
  receiveSuggested: 'Sugeridos',
  receiveOtherItems: 'Otros ítems del inventario',
  receiveMatch: { vinculo: 'vinculado', codigo: 'mismo código', nombre: 'mismo nombre' },
  receiveLinked: (item: string) => `Entra en «${item}», como las entregas anteriores`,
  receiveSubmit: 'Recibir en el inventario',
  receivePending: 'Pendiente de recibir en el inventario',
  receivedTitle: 'Pedido recibido',
  receivedMessage: 'Las unidades ya están en tu inventario',
  receivedOn: 'Recibido en el inventario',
  receivedIn: 'En el inventario:',
  receiveError: 'No se pudo recibir el pedido en el inventario',
  receiveLoadError: 'No se pudo cargar tu inventario',
  notDelivered: 'Solo un pedido entregado se recibe en el inventario',
  alreadyReceived: 'Este pedido ya se recibió en el inventario',
  receiveLinesInvalid: 'Elige dónde recibir cada producto del pedido',
  receiveItemTwice: 'Elige un ítem distinto para cada producto',
  receiveLinkedElsewhere: (nombre: string, item: string) => `«${nombre}» entra siempre en «${item}»`,
  receiveItemTaken: (item: string) => `«${item}» ya recibe otro producto de la tienda`,
  receiveItemInvalid: 'Elige un producto o insumo de tu inventario',
  receiveCannotCreate: 'No tienes permiso para crear ítems: elige un ítem de tu inventario',
  receiveRaced: 'Otra persona acaba de recibir este producto en el inventario. Recarga la página.',
} as const;

// ---------------------------------------------------------------- money

/**
 * The store's currency (issue 23): it keeps the specification's rules, Colombian pesos with the IVA
 * and shipping below, so its suppliers sell in pesos to clinics that count in pesos (a clinic of
 * another currency sees an empty store that says why).
 */
export const STORE_CURRENCY: CurrencyCode = 'COP';

/** Spec 001 §9: IVA is 19% of the subtotal. */
export const IVA_PERCENT = 19;
/** Spec 001 §9: flat shipping per order, in pesos. */
export const ENVIO_FIJO = 15_000;

export type OrderTotals = { subtotal: number; iva: number; envio: number; total: number };

/**
 * The totals of an order or a cart, in integer pesos: IVA is 19% of the subtotal rounded to the
 * nearest peso, halves up (subtotal 150 → IVA 28.5 → 29); shipping is 15000 for any non-empty order
 * (an empty cart owes nothing). The server charges these; the web app shows the same numbers.
 */
export function orderTotals(subtotal: number): OrderTotals {
  if (!Number.isSafeInteger(subtotal) || subtotal < 0) throw new RangeError(`subtotal inválido: ${subtotal}`);
  const iva = Math.floor((subtotal * IVA_PERCENT + 50) / 100);
  const envio = subtotal > 0 ? ENVIO_FIJO : 0;
  return { subtotal, iva, envio, total: subtotal + iva + envio };
}

/** subtotal of lines: Σ precio × cantidad. */
export const linesSubtotal = (lines: readonly { precioUnitario: number; cantidad: number }[]) =>
  lines.reduce((sum, l) => sum + l.precioUnitario * l.cantidad, 0);

// ---------------------------------------------------------------- store

/** What the store sells: services are not shipped. Tabs: Todos / Productos / Insumos. */
export const STORE_CATEGORIES = ['producto', 'insumo'] as const;
export type StoreCategory = (typeof STORE_CATEGORIES)[number];
export const STORE_TABS = ['todos', ...STORE_CATEGORIES] as const;
export type StoreTab = (typeof STORE_TABS)[number];
export const STORE_TAB_LABELS: Record<StoreTab, string> = { todos: 'Todos', producto: 'Productos', insumo: 'Insumos' };

/** Cards per page of the store. */
export const STORE_PAGE_SIZE = 24;
export const STORE_SEARCH_MAX = 100;

/** `GET /api/tienda/productos?q=&categoria=&pagina=`: an unknown tab is Todos, a bad page is 1. */
export const storeListQuerySchema = z.object({
  q: searchText(STORE_SEARCH_MAX),
  categoria: z.enum(STORE_TABS).catch('todos').default('todos'),
  pagina: pageNumber,
});
export type StoreListQuery = z.input<typeof storeListQuerySchema>;

export type StoreSupplier = { id: string; nombre: string };

/** A card of the store, and the product page (`GET /api/tienda/productos/:id`). */
export type StoreProduct = {
  id: string;
  nombre: string;
  descripcion: string | null;
  categoria: StoreCategory;
  codigo: string | null;
  /** Integer pesos; never null in the store (items without a sale price are not sold). */
  precioVenta: number;
  /** Null: stock not recorded ("Stock: n" only when known). 0: "Agregar" disabled. */
  stockActual: number | null;
  unidadMedida: string | null;
  imagenUrl: string | null;
  proveedor: StoreSupplier;
};

export type StorePage = {
  productos: StoreProduct[];
  total: number;
  pagina: number;
  porPagina: number;
};

// ---------------------------------------------------------------- cart

/** The most units of one product a cart line may hold. */
export const CART_QUANTITY_MAX = 999;

/**
 * Spec 001 §5, the cart quantity input: parsed as an integer; a non-number counts as 0, which removes
 * the line; negatives are ignored (null: leave the line as it is). '2.7' is 2, like parseInt.
 */
export function parseCartQuantity(value: unknown): number | null {
  const n = typeof value === 'number' ? Math.trunc(value) : Number.parseInt(String(value ?? '').trim(), 10);
  if (!Number.isFinite(n)) return 0;
  if (n < 0) return null;
  return n;
}

const cantidadMax = z.number().max(CART_QUANTITY_MAX, STORE_MESSAGES.cantidadTooLarge(CART_QUANTITY_MAX));

/** `POST /api/carrito`: adds `cantidad` (default 1) of a store product; a product already in the cart goes up by it. */
export const addToCartSchema = z.object({
  productoId: z.uuid({ error: STORE_MESSAGES.productNotFound }).transform((v) => v.toLowerCase()),
  cantidad: z
    .number({ error: STORE_MESSAGES.cantidadInvalid })
    .int(STORE_MESSAGES.cantidadInvalid)
    .min(1, STORE_MESSAGES.cantidadInvalid)
    .pipe(cantidadMax)
    .default(1),
});
export type AddToCartInput = z.input<typeof addToCartSchema>;

/**
 * `PATCH /api/carrito/:id`: the quantity input as typed or as a number, read with parseCartQuantity:
 * 0 or a non-number removes the line, a negative leaves it unchanged (null), otherwise the new quantity.
 */
export const updateCartLineSchema = z.object({
  cantidad: z
    .union([z.number(), z.string(), z.null()], { error: STORE_MESSAGES.cantidadInvalid })
    .transform(parseCartQuantity)
    .pipe(cantidadMax.nullable()),
});

export type CartLine = {
  id: string;
  productoId: string;
  cantidad: number;
  /** The price when the product was added (or last acknowledged at checkout). */
  precioUnitario: number;
  /** The supplier's price now; checkout charges this one. Null: no longer sold (inactive or without a price). */
  precioActual: number | null;
  /** precioActual differs from precioUnitario: show it before paying. */
  precioCambiado: boolean;
  /** cantidad × (precioActual ?? precioUnitario). */
  subtotal: number;
  producto: {
    nombre: string;
    descripcion: string | null;
    categoria: StoreCategory;
    imagenUrl: string | null;
    stockActual: number | null;
    unidadMedida: string | null;
    /** Active and with a sale price. */
    disponible: boolean;
  };
};

/** `GET /api/carrito` and the answer of every cart change: lines newest first, totals at current prices. */
export type Cart = {
  lineas: CartLine[];
  /** A cart holds one supplier's products (one order per checkout): null when empty. */
  proveedor: StoreSupplier | null;
  /** Σ cantidad: the cart button's badge and "n productos". */
  cantidadProductos: number;
  totales: OrderTotals;
};

// ---------------------------------------------------------------- orders

/** pedidos.estado and the tracking timeline (seguimiento_pedido). */
export const ESTADOS_PEDIDO = ['recibido', 'en_preparacion', 'enviado', 'entregado', 'cancelado'] as const;
export type OrderStatus = (typeof ESTADOS_PEDIDO)[number];
export const ESTADO_PEDIDO_LABELS: Record<OrderStatus, string> = {
  recibido: 'Recibido',
  en_preparacion: 'En preparación',
  enviado: 'Enviado',
  entregado: 'Entregado',
  cancelado: 'Cancelado',
};
/** The tracking path, in order (cancelado is a way out, not a step). */
export const ORDER_STEPS = [
  'recibido',
  'en_preparacion',
  'enviado',
  'entregado',
] as const satisfies readonly OrderStatus[];
/**
 * Where the supplier may move an order from each state: one step forward, or cancelled before it
 * ships (a cancelled order gives the stock back to the supplier). entregado and cancelado are final.
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  recibido: ['en_preparacion', 'cancelado'],
  en_preparacion: ['enviado', 'cancelado'],
  enviado: ['entregado'],
  entregado: [],
  cancelado: [],
};
export const canMoveOrder = (from: OrderStatus, to: OrderStatus) => ORDER_TRANSITIONS[from].includes(to);

export const METODOS_PAGO = ['transferencia', 'contraentrega'] as const;
export type PaymentMethod = (typeof METODOS_PAGO)[number];
export const METODO_PAGO_LABELS: Record<PaymentMethod, string> = {
  transferencia: 'Transferencia bancaria',
  contraentrega: 'Pago contra entrega',
};

export const CHECKOUT_MESSAGES = {
  nombreRequired: 'El nombre completo es obligatorio',
  telefonoRequired: 'El teléfono es obligatorio',
  telefonoInvalid: 'Introduce un número de teléfono válido',
  direccionRequired: 'La dirección completa es obligatoria',
  ciudadRequired: 'La ciudad es obligatoria',
  departamentoRequired: 'El departamento es obligatorio',
  metodoPagoInvalid: 'Elige un método de pago',
  idempotencyKeyInvalid: 'Falta la clave del pedido; recarga la página e inténtalo de nuevo',
} as const;

const NAME_MAX = 150;
const ADDRESS_MAX = 300;
const PLACE_MAX = 100;
const POSTAL_MAX = 20;
const NOTES_MAX = 1000;

/**
 * `POST /api/pedidos` (spec 001 §5 Checkout). `claveIdempotencia` is a UUID the checkout page makes
 * once per visit (crypto.randomUUID()) and sends with every attempt: a repeat returns the same order.
 * No prices or totals: the server reads them.
 */
export const checkoutSchema = z.object({
  nombreCompleto: requiredText(CHECKOUT_MESSAGES.nombreRequired, NAME_MAX),
  telefono: requiredPhone({ required: CHECKOUT_MESSAGES.telefonoRequired, invalid: CHECKOUT_MESSAGES.telefonoInvalid }),
  direccion: requiredText(CHECKOUT_MESSAGES.direccionRequired, ADDRESS_MAX),
  ciudad: requiredText(CHECKOUT_MESSAGES.ciudadRequired, PLACE_MAX),
  departamento: requiredText(CHECKOUT_MESSAGES.departamentoRequired, PLACE_MAX),
  codigoPostal: optionalText(POSTAL_MAX),
  notasEntrega: optionalText(NOTES_MAX, { multiline: true }),
  metodoPago: z.enum(METODOS_PAGO, { error: CHECKOUT_MESSAGES.metodoPagoInvalid }).default('transferencia'),
  notas: optionalText(NOTES_MAX, { multiline: true }),
  claveIdempotencia: z.uuid({ error: CHECKOUT_MESSAGES.idempotencyKeyInvalid }).transform((v) => v.toLowerCase()),
});
export type CheckoutInput = z.input<typeof checkoutSchema>;
export type CheckoutData = z.output<typeof checkoutSchema>;

/** The form's starting values (the key is added when the page opens). */
export const CHECKOUT_DEFAULTS = {
  nombreCompleto: '',
  telefono: '',
  direccion: '',
  ciudad: '',
  departamento: '',
  codigoPostal: '',
  notasEntrega: '',
  metodoPago: 'transferencia',
  notas: '',
} as const satisfies Omit<CheckoutInput, 'claveIdempotencia'>;

/** pedidos.direccion_envio (spec 001 §3). */
export type ShippingAddress = {
  nombre: string;
  telefono: string;
  direccion: string;
  ciudad: string;
  departamento: string;
  codigoPostal: string | null;
  notas: string | null;
};

/** `GET /api/pedidos?pagina=` and `GET /api/ventas?pagina=&estado=`. */
export const ORDERS_PAGE_SIZE = 20;
export const orderListQuerySchema = z.object({
  pagina: pageNumber,
  estado: z.enum(ESTADOS_PEDIDO).optional().catch(undefined),
});
export type OrderListQuery = z.input<typeof orderListQuerySchema>;

/** `POST /api/ventas/:id/estado` (the supplier moves the order along ORDER_TRANSITIONS). */
export const orderStatusSchema = z.object({
  estado: z.enum(ESTADOS_PEDIDO, { error: STORE_MESSAGES.estadoInvalid }),
});

export type OrderSummary = {
  id: string;
  numeroPedido: string;
  estado: OrderStatus;
  subtotal: number;
  iva: number;
  envio: number;
  total: number;
  metodoPago: PaymentMethod;
  /** Σ cantidad of the lines. */
  cantidadProductos: number;
  fechaCreacion: string;
  /** The seller. */
  proveedor: StoreSupplier;
  /** The buying clinic. */
  clinica: { id: string; nombre: string };
};

/** An item of the buying clinic's inventory (the receipt's target). */
export type InventoryItemRef = { id: string; nombre: string };

export type OrderLine = {
  id: string;
  /** The supplier's item; null if it was deleted since. */
  productoId: string | null;
  /** Name at the time of the order. */
  nombre: string;
  precioUnitario: number;
  cantidad: number;
  subtotal: number;
  imagenUrl: string | null;
  /** The buyer's item it was received into (null until received, and always on the supplier's side). */
  recibidoEn: InventoryItemRef | null;
};

export type OrderTrackingStep = {
  estado: OrderStatus;
  fecha: string;
  /** Who moved it (null for the buyer's own creation if the account is gone). */
  autor: string | null;
};

/** When the buying clinic received the order into its inventory, and who did. */
export type OrderReceipt = { fecha: string; autor: string | null };

/** `GET /api/pedidos/:id`, `GET /api/ventas/:id`, and the answer of a checkout or a state change. */
export type Order = OrderSummary & {
  direccionEnvio: ShippingAddress;
  notas: string | null;
  lineas: OrderLine[];
  /** Oldest first. */
  seguimiento: OrderTrackingStep[];
  /** Null until received (and always on the supplier's side: the buyer's inventory is its own). */
  recepcion: OrderReceipt | null;
};

// ---------------------------------------------------------------- receipt

/**
 * Why a line goes into an item: the item is linked to the supplier's product (every delivery of it
 * goes there, no choice), or has the product's code or name (a suggestion the clinic may change).
 */
export const RECEIPT_MATCHES = ['vinculo', 'codigo', 'nombre'] as const;
export type ReceiptMatch = (typeof RECEIPT_MATCHES)[number];

/** One line of a delivered order, and where it would go. */
export type ReceiptLine = {
  detalleId: string;
  nombre: string;
  cantidad: number;
  /** Null: no item matches, so a new one (linked to the supplier's product) is proposed. */
  destino: (InventoryItemRef & { codigo: string | null; por: ReceiptMatch }) | null;
};

/** An item of the clinic that may receive a product: a product or a supply, not linked to another one. */
export type ReceiptOption = InventoryItemRef & {
  codigo: string | null;
  unidadMedida: string | null;
  stockActual: number | null;
};

/** `GET /api/pedidos/:id/recepcion`: the delivered order's lines, their proposed items, and the other choices. */
export type ReceiptPlan = { lineas: ReceiptLine[]; opciones: ReceiptOption[] };

/** An order has at most as many lines as a cart, which is far below this. */
export const RECEIPT_LINES_MAX = 500;

/**
 * `POST /api/pedidos/:id/recepcion`: every line of the order once, with the item it goes into, or
 * null for a new item made from the supplier's product (and linked to it). A line whose product is
 * already linked goes into the linked item.
 */
export const receiveOrderSchema = z.object({
  lineas: z
    .array(
      z.object({
        detalleId: z.uuid({ error: STORE_MESSAGES.receiveLinesInvalid }).transform((v) => v.toLowerCase()),
        productoId: z
          .uuid({ error: STORE_MESSAGES.receiveItemInvalid })
          .transform((v) => v.toLowerCase())
          .nullable(),
      }),
      { error: STORE_MESSAGES.receiveLinesInvalid },
    )
    .min(1, STORE_MESSAGES.receiveLinesInvalid)
    .max(RECEIPT_LINES_MAX, STORE_MESSAGES.receiveLinesInvalid)
    .refine((lines) => new Set(lines.map((l) => l.detalleId)).size === lines.length, {
      error: STORE_MESSAGES.receiveLinesInvalid,
    })
    .refine(
      (lines) => {
        const chosen = lines.flatMap((l) => (l.productoId ? [l.productoId] : []));
        return new Set(chosen).size === chosen.length;
      },
      { error: STORE_MESSAGES.receiveItemTwice },
    ),
});
export type ReceiveOrderInput = z.input<typeof receiveOrderSchema>;
export type ReceiveOrderData = z.output<typeof receiveOrderSchema>;

export type OrderPage = {
  pedidos: OrderSummary[];
  total: number;
  pagina: number;
  porPagina: number;
};
