import { formatMoney } from '@odontia/shared';
import { describe, expect, it } from 'vitest';
import { formatQuantity, stockDisplay } from './display';

// es-CO puts a no-break space between the sign and the amount.
const nbsp = (text: string) => text.replace(/ /g, '\u00a0');

describe('prices (spec 001 §9, issue 23)', () => {
  it('in pesos have no decimals and dots for thousands; 0 is a price, null is N/A', () => {
    expect(formatMoney(12500, 'COP')).toBe(nbsp('$ 12.500'));
    expect(formatMoney(1234567, 'COP')).toBe(nbsp('$ 1.234.567'));
    expect(formatMoney(0, 'COP')).toBe(nbsp('$ 0'));
    expect(formatMoney(null, 'COP')).toBe('N/A');
  });

  it('in euros are cents written with a comma', () => {
    expect(formatMoney(5500, 'EUR')).toBe(nbsp('55,00 €'));
    expect(formatMoney(123456, 'EUR')).toBe(nbsp('1234,56 €'));
  });
});

describe('stockDisplay', () => {
  const item = { categoria: 'insumo', stockActual: 5, unidadMedida: 'caja', bajoMinimo: false } as const;

  it('a service has no stock, whatever the numbers say', () => {
    expect(stockDisplay({ ...item, categoria: 'servicio', bajoMinimo: true })).toEqual({ kind: 'none', text: 'N/A' });
  });

  it('a stock never entered is "No registrado", not zero', () => {
    expect(stockDisplay({ ...item, stockActual: null })).toEqual({ kind: 'unknown', text: 'No registrado' });
    expect(stockDisplay({ ...item, stockActual: 0 })).toEqual({ kind: 'count', text: '0 caja', low: false });
  });

  it('writes the count with its unit and thousands separators, and carries the low mark', () => {
    expect(stockDisplay({ ...item, categoria: 'producto', stockActual: 1200, bajoMinimo: true })).toEqual({
      kind: 'count',
      text: '1.200 caja',
      low: true,
    });
    expect(stockDisplay({ ...item, unidadMedida: '  ' }).text).toBe('5');
    expect(stockDisplay({ ...item, unidadMedida: null }).text).toBe('5');
  });
});

describe('formatQuantity', () => {
  it('signs what came in and what went out', () => {
    expect(formatQuantity(5)).toBe('+5');
    expect(formatQuantity(-3)).toBe('-3');
    expect(formatQuantity(1500)).toBe('+1.500');
  });
});
