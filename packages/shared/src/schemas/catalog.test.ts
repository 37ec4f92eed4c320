import { describe, expect, it } from 'vitest';
import {
  CATALOG_MESSAGES,
  catalogListQuerySchema,
  createItemSchema,
  itemFormSchema,
  updateItemSchema,
} from './catalog.ts';

const base = { nombre: 'Resina A2', categoria: 'insumo' as const };
const parse = (fields: Record<string, unknown>) => createItemSchema.safeParse({ ...base, ...fields });

describe('item schema', () => {
  it('coerces what a number input or a person types: 0 stays 0, empty is null, es-CO thousands are read', () => {
    const item = parse({
      precioCompra: '85.000',
      precioVenta: '1.250.000',
      stockActual: 0,
      stockMinimo: '',
      codigo: '  ',
      descripcion: null,
    });
    expect(item.success && item.data).toMatchObject({
      precioCompra: 85000,
      precioVenta: 1250000,
      stockActual: 0,
      stockMinimo: null,
      codigo: null,
      descripcion: null,
    });
    expect(parse({ stockActual: Number.NaN, precioVenta: ' 15000 ' }).data).toMatchObject({
      stockActual: null,
      precioVenta: 15000,
    });
    expect(parse({}).data).toMatchObject({ precioCompra: null, stockActual: null, unidadMedida: null });
  });

  it('refuses decimals, negatives and text with the field messages', () => {
    const messages = (fields: Record<string, unknown>) =>
      parse(fields).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(messages({ precioVenta: '12,5' })).toEqual([['precioVenta', CATALOG_MESSAGES.precioDecimals]]);
    expect(messages({ precioCompra: -1 })).toEqual([['precioCompra', CATALOG_MESSAGES.precioNegative]]);
    expect(messages({ stockActual: 'diez' })).toEqual([['stockActual', CATALOG_MESSAGES.numberInvalid]]);
    expect(messages({ stockMinimo: true })).toEqual([['stockMinimo', CATALOG_MESSAGES.numberInvalid]]);
    expect(messages({ nombre: ' ', categoria: 'otro' })).toEqual([
      ['nombre', CATALOG_MESSAGES.nombreRequired],
      ['categoria', CATALOG_MESSAGES.categoriaInvalid],
    ]);
  });

  it('drops the stock of a service and defaults activo to true on edit', () => {
    expect(parse({ categoria: 'servicio', stockActual: 4, stockMinimo: 1 }).data).toMatchObject({
      stockActual: null,
      stockMinimo: null,
    });
    expect(updateItemSchema.parse({ ...base, stockActual: 3 })).toMatchObject({ activo: true, stockActual: 3 });
  });
});

describe('bookable online (issue 24)', () => {
  const service = { nombre: 'Limpieza', categoria: 'servicio' as const };
  const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    result.error?.issues.map((i) => [i.path.join('.'), i.message]);

  it('is off unless said, and needs the service’s duration', () => {
    expect(createItemSchema.parse(service).reservableOnline).toBe(false);
    expect(createItemSchema.parse({ ...service, duracionMinutos: '30', reservableOnline: true })).toMatchObject({
      duracionMinutos: 30,
      reservableOnline: true,
    });
    expect(issues(createItemSchema.safeParse({ ...service, duracionMinutos: '', reservableOnline: true }))).toEqual([
      ['duracionMinutos', CATALOG_MESSAGES.reservableSinDuracion],
    ]);
    expect(issues(itemFormSchema('EUR').safeParse({ ...service, reservableOnline: true }))).toEqual([
      ['duracionMinutos', CATALOG_MESSAGES.reservableSinDuracion],
    ]);
  });

  it('is refused on another kind by the API, and dropped by the form, which hides it there', () => {
    const product = { nombre: 'Cepillo', categoria: 'producto' as const, duracionMinutos: 30, reservableOnline: true };
    expect(issues(updateItemSchema.safeParse(product))).toEqual([
      ['reservableOnline', CATALOG_MESSAGES.reservableSoloServicio],
    ]);
    expect(itemFormSchema('EUR').parse(product)).toMatchObject({ reservableOnline: false, duracionMinutos: null });
  });
});

describe('list query', () => {
  it('reads the tab, the search and the page; anything unknown is the default', () => {
    expect(catalogListQuerySchema.parse({})).toEqual({ categoria: 'todos', q: '', pagina: 1 });
    expect(catalogListQuerySchema.parse({ categoria: 'insumo', q: ' guantes ', pagina: '3' })).toEqual({
      categoria: 'insumo',
      q: 'guantes',
      pagina: 3,
    });
    expect(catalogListQuerySchema.parse({ categoria: 'otra', pagina: 'x' })).toEqual({
      categoria: 'todos',
      q: '',
      pagina: 1,
    });
  });
});
