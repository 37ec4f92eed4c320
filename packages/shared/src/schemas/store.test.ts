import { describe, expect, it } from 'vitest';
import {
  addToCartSchema,
  canMoveOrder,
  CHECKOUT_MESSAGES,
  checkoutSchema,
  orderTotals,
  parseCartQuantity,
  updateCartLineSchema,
} from './store.ts';

const KEY = '6f1c2b7e-3a4d-4e5f-8a9b-0c1d2e3f4a5b';

describe('orderTotals', () => {
  it('adds IVA 19% of the subtotal and a flat 15000 shipping, in integer pesos', () => {
    expect(orderTotals(100_000)).toEqual({ subtotal: 100_000, iva: 19_000, envio: 15_000, total: 134_000 });
  });

  it('rounds IVA to the nearest peso, halves up', () => {
    expect(orderTotals(150).iva).toBe(29); // 28.5
    expect(orderTotals(149).iva).toBe(28); // 28.31
    expect(orderTotals(1).iva).toBe(0); // 0.19
    expect(orderTotals(3).iva).toBe(1); // 0.57
  });

  it('owes nothing for an empty cart and refuses what is not a whole number of pesos', () => {
    expect(orderTotals(0)).toEqual({ subtotal: 0, iva: 0, envio: 0, total: 0 });
    expect(() => orderTotals(10.5)).toThrow();
    expect(() => orderTotals(-1)).toThrow();
  });
});

describe('cart quantity (spec 001 §5)', () => {
  it('parses an integer; a non-number is 0 (removes the line); negatives are ignored', () => {
    expect(parseCartQuantity('3')).toBe(3);
    expect(parseCartQuantity(' 12 ')).toBe(12);
    expect(parseCartQuantity('2.7')).toBe(2);
    expect(parseCartQuantity(4)).toBe(4);
    expect(parseCartQuantity('')).toBe(0);
    expect(parseCartQuantity('abc')).toBe(0);
    expect(parseCartQuantity(null)).toBe(0);
    expect(parseCartQuantity('0')).toBe(0);
    expect(parseCartQuantity('-2')).toBeNull();
    expect(parseCartQuantity(-1)).toBeNull();
  });

  it('validates the PATCH body with the same reading and caps the quantity', () => {
    expect(updateCartLineSchema.parse({ cantidad: 'x' })).toEqual({ cantidad: 0 });
    expect(updateCartLineSchema.parse({ cantidad: -5 })).toEqual({ cantidad: null });
    expect(updateCartLineSchema.parse({ cantidad: '7' })).toEqual({ cantidad: 7 });
    expect(updateCartLineSchema.safeParse({ cantidad: 1000 }).success).toBe(false);
  });

  it('adds at least one unit, one by default', () => {
    expect(addToCartSchema.parse({ productoId: KEY.toUpperCase() })).toEqual({ productoId: KEY, cantidad: 1 });
    expect(addToCartSchema.safeParse({ productoId: KEY, cantidad: 0 }).success).toBe(false);
    expect(addToCartSchema.safeParse({ productoId: KEY, cantidad: 1.5 }).success).toBe(false);
    expect(addToCartSchema.safeParse({ productoId: 'nope' }).success).toBe(false);
  });
});

describe('checkout form (spec 001 §5)', () => {
  const valid = {
    nombreCompleto: ' Ana Gómez ',
    telefono: '300 123 4567',
    direccion: 'Calle 10 # 20-30',
    ciudad: 'Bogotá',
    departamento: 'Cundinamarca',
    claveIdempotencia: KEY,
  };

  it('requires the shipping fields with their Spanish messages', () => {
    const result = checkoutSchema.safeParse({
      claveIdempotencia: KEY,
      nombreCompleto: '',
      telefono: ' ',
      direccion: '',
      ciudad: '',
      departamento: '',
    });
    expect(result.success).toBe(false);
    const messages: Record<string, string> = {};
    for (const i of result.error!.issues) messages[String(i.path[0])] ??= i.message;
    expect(messages).toEqual({
      nombreCompleto: CHECKOUT_MESSAGES.nombreRequired,
      telefono: CHECKOUT_MESSAGES.telefonoRequired,
      direccion: CHECKOUT_MESSAGES.direccionRequired,
      ciudad: CHECKOUT_MESSAGES.ciudadRequired,
      departamento: CHECKOUT_MESSAGES.departamentoRequired,
    });
  });

  it('defaults to transferencia, keeps optional fields null when empty, and trims', () => {
    const data = checkoutSchema.parse({ ...valid, codigoPostal: '', notasEntrega: '  ' });
    expect(data).toMatchObject({
      nombreCompleto: 'Ana Gómez',
      metodoPago: 'transferencia',
      codigoPostal: null,
      notasEntrega: null,
      notas: null,
    });
    expect(checkoutSchema.parse({ ...valid, metodoPago: 'contraentrega' }).metodoPago).toBe('contraentrega');
    expect(checkoutSchema.safeParse({ ...valid, metodoPago: 'tarjeta' }).success).toBe(false);
  });

  it('needs an idempotency key and a valid phone', () => {
    expect(checkoutSchema.safeParse({ ...valid, claveIdempotencia: undefined }).success).toBe(false);
    expect(checkoutSchema.safeParse({ ...valid, telefono: '12' }).error?.issues[0]?.message).toBe(
      CHECKOUT_MESSAGES.telefonoInvalid,
    );
  });
});

describe('order states', () => {
  it('moves one step forward, cancels only before shipping, and ends at entregado or cancelado', () => {
    expect(canMoveOrder('recibido', 'en_preparacion')).toBe(true);
    expect(canMoveOrder('recibido', 'enviado')).toBe(false);
    expect(canMoveOrder('en_preparacion', 'cancelado')).toBe(true);
    expect(canMoveOrder('enviado', 'cancelado')).toBe(false);
    expect(canMoveOrder('enviado', 'entregado')).toBe(true);
    expect(canMoveOrder('entregado', 'cancelado')).toBe(false);
    expect(canMoveOrder('cancelado', 'recibido')).toBe(false);
  });
});
