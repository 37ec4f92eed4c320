import {
  addToCartSchema,
  checkoutSchema,
  orderListQuerySchema,
  orderStatusSchema,
  receiveOrderSchema,
  STORE_MESSAGES,
  storeListQuerySchema,
  updateCartLineSchema,
} from '@odontia/shared';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../platform/context.ts';
import { forbidden } from '../../platform/errors.ts';
import { requirePermission } from '../../platform/session.ts';
import { idParam, validate } from '../../platform/validation.ts';
import { addToCart, clearCart, getCart, removeCartLine, updateCartLine } from './cart.service.ts';
import { getStoreProduct, listStoreProducts } from './catalogue.service.ts';
import { checkout } from './checkout.service.ts';
import { getOrder, listOrders, moveOrder } from './orders.service.ts';
import { getReceiptPlan, receiveOrder } from './receipt.service.ts';
import { cartLineNotFound, orderNotFound, productNotFound } from './store.rules.ts';

/** The store: supplier catalogues for sale (never the caller's own). */
export const storeRoutes = new Hono<AppEnv>()
  .get('/productos', requirePermission('compras.ver'), validate('query', storeListQuerySchema), async (c) => {
    return c.json(await listStoreProducts(c.var.deps.db, c.var.member, c.req.valid('query')), 200);
  })
  .get('/productos/:id', requirePermission('compras.ver'), idParam(productNotFound), async (c) => {
    const producto = await getStoreProduct(c.var.deps.db, c.var.member, c.req.valid('param').id);
    if (!producto) throw productNotFound();
    return c.json(producto, 200);
  });

/** The signed-in user's cart in their clinic. Every change answers the whole cart. */
export const cartRoutes = new Hono<AppEnv>()
  .get('/', requirePermission('compras.ver'), async (c) => {
    return c.json(await getCart(c.var.deps.db, c.var.member), 200);
  })
  .post('/', requirePermission('compras.realizar'), validate('json', addToCartSchema), async (c) => {
    return c.json(await addToCart(c.var.deps.db, c.var.member, c.req.valid('json')), 200);
  })
  .patch(
    '/:id',
    requirePermission('compras.realizar'),
    idParam(cartLineNotFound),
    validate('json', updateCartLineSchema),
    async (c) => {
      return c.json(
        await updateCartLine(c.var.deps.db, c.var.member, c.req.valid('param').id, c.req.valid('json').cantidad),
        200,
      );
    },
  )
  .delete('/:id', requirePermission('compras.realizar'), idParam(cartLineNotFound), async (c) => {
    return c.json(await removeCartLine(c.var.deps.db, c.var.member, c.req.valid('param').id), 200);
  })
  .delete('/', requirePermission('compras.realizar'), async (c) => {
    return c.json(await clearCart(c.var.deps.db, c.var.member), 200);
  });

/** The clinic's orders (Mis pedidos) and checkout: 201 with a new order, 200 with the same one for a repeated key. */
export const ordersRoutes = new Hono<AppEnv>()
  .get('/', requirePermission('compras.ver'), validate('query', orderListQuerySchema), async (c) => {
    return c.json(await listOrders(c.var.deps.db, c.var.member, 'compras', c.req.valid('query')), 200);
  })
  .get('/:id', requirePermission('compras.ver'), idParam(orderNotFound), async (c) => {
    const pedido = await getOrder(c.var.deps.db, c.var.member, 'compras', c.req.valid('param').id);
    if (!pedido) throw orderNotFound();
    return c.json(pedido, 200);
  })
  .post('/', requirePermission('compras.realizar'), validate('json', checkoutSchema), async (c) => {
    const { pedido, creado } = await checkout(c.var.deps.db, c.var.member, c.req.valid('json'));
    return creado ? c.json(pedido, 201) : c.json(pedido, 200);
  })
  // Receiving a delivered order into the clinic's inventory: its stock changes, hence productos.editar.
  .get('/:id/recepcion', requirePermission('productos.editar'), idParam(orderNotFound), async (c) => {
    return c.json(await getReceiptPlan(c.var.deps.db, c.var.member.clinicaId, c.req.valid('param').id), 200);
  })
  .post(
    '/:id/recepcion',
    requirePermission('productos.editar'),
    idParam(orderNotFound),
    validate('json', receiveOrderSchema),
    async (c) => {
      return c.json(await receiveOrder(c.var.deps.db, c.var.member, c.req.valid('param').id, c.req.valid('json')), 200);
    },
  );

/** Only a supplier clinic receives orders (after the permission check, so the matrix stays exact). */
const supplierOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.member.esProveedor) throw forbidden(STORE_MESSAGES.suppliersOnly);
  await next();
});

/** The supplier's side: incoming orders and their tracking states. */
export const salesRoutes = new Hono<AppEnv>()
  .get('/', requirePermission('ventas.gestionar'), supplierOnly, validate('query', orderListQuerySchema), async (c) => {
    return c.json(await listOrders(c.var.deps.db, c.var.member, 'ventas', c.req.valid('query')), 200);
  })
  .get('/:id', requirePermission('ventas.gestionar'), supplierOnly, idParam(orderNotFound), async (c) => {
    const pedido = await getOrder(c.var.deps.db, c.var.member, 'ventas', c.req.valid('param').id);
    if (!pedido) throw orderNotFound();
    return c.json(pedido, 200);
  })
  .post(
    '/:id/estado',
    requirePermission('ventas.gestionar'),
    supplierOnly,
    idParam(orderNotFound),
    validate('json', orderStatusSchema),
    async (c) => {
      return c.json(
        await moveOrder(c.var.deps.db, c.var.member, c.req.valid('param').id, c.req.valid('json').estado),
        200,
      );
    },
  );
