import { formatPesos } from '@odontia/shared';
import { describe, expect, it } from 'vitest';
import { formatQuantity, stockDisplay } from './display';

// es-CO puts a no-break space between the sign and the amount.
const nbsp = (text: string) => text.replace(/ /g, '\u00a0');

describe('prices (spec 001 §9)', () => {
  it('are Colombian pesos without decimals, dots for thousands; 0 is a price, null is N/A', () => {
    expect(formatPesos(12500)).toBe(nbsp('$ 12.500'));
    expect(formatPesos(1234567)).toBe(nbsp('$ 1.234.567'));
    expect(formatPesos(0)).toBe(nbsp('$ 0'));
    expect(formatPesos(null)).toBe('N/A');
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
