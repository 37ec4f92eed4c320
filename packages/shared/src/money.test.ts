import { describe, expect, it } from 'vitest';
import { clinicCountry, currencyOf, defaultTaxType, taxType, taxTypesOf } from './countries.ts';
import { basisPointsOf, formatMoney, formatPercent, moneyInputText, parseMoney } from './money.ts';

// Intl writes a no-break space between the amount and the symbol.
const spaced = (text: string) => text.replace(/\u00a0/g, ' ');

describe('formatMoney', () => {
  it('writes euros from cents in the Spanish way and pesos without decimals (spec 001 §9)', () => {
    expect(spaced(formatMoney(1250, 'EUR'))).toBe('12,50 €');
    expect(spaced(formatMoney(12_345_678, 'EUR'))).toBe('123.456,78 €');
    expect(spaced(formatMoney(15_000, 'COP'))).toBe('$ 15.000');
    expect(spaced(formatMoney(0, 'EUR'))).toBe('0,00 €');
    expect(formatMoney(null, 'EUR')).toBe('N/A');
  });
});

describe('parseMoney', () => {
  it('reads euros with a comma or a point for the cents, and dots for the thousands', () => {
    expect(parseMoney('12,50', 'EUR')).toEqual({ ok: true, value: 1250 });
    expect(parseMoney('12.5', 'EUR')).toEqual({ ok: true, value: 1250 });
    expect(parseMoney('1.250', 'EUR')).toEqual({ ok: true, value: 125_000 });
    expect(parseMoney('1.250,05 €', 'EUR')).toEqual({ ok: true, value: 125_005 });
    expect(parseMoney('80', 'EUR')).toEqual({ ok: true, value: 8000 });
  });

  it('reads pesos grouped either way and refuses cents in them', () => {
    expect(parseMoney('15.000', 'COP')).toEqual({ ok: true, value: 15_000 });
    expect(parseMoney('$ 1,250,000', 'COP')).toEqual({ ok: true, value: 1_250_000 });
    expect(parseMoney('15000,5', 'COP')).toEqual({ ok: false, reason: 'decimals' });
  });

  it('refuses a third decimal, text and negative amounts, and reads nothing as null', () => {
    expect(parseMoney('1,255', 'EUR')).toEqual({ ok: false, reason: 'decimals' });
    expect(parseMoney('doce', 'EUR')).toEqual({ ok: false, reason: 'invalid' });
    expect(parseMoney('-5', 'EUR')).toEqual({ ok: false, reason: 'invalid' });
    expect(parseMoney('  ', 'COP')).toEqual({ ok: true, value: null });
  });

  it('gives back what moneyInputText wrote', () => {
    for (const [amount, moneda] of [
      [1250, 'EUR'],
      [5, 'EUR'],
      [99_999_999, 'EUR'],
      [15_000, 'COP'],
    ] as const) {
      const text = moneyInputText(amount, moneda);
      expect(parseMoney(text, moneda)).toEqual({ ok: true, value: amount });
    }
    expect(moneyInputText(5, 'EUR')).toBe('0,05');
  });
});

describe('taxes as data of the country', () => {
  it('rounds a rate of an amount half up to a whole minor unit', () => {
    expect(basisPointsOf(1000, 2100)).toBe(210);
    expect(basisPointsOf(1250, 2100)).toBe(263); // 262.5
    expect(basisPointsOf(15_000, 1900)).toBe(2850);
    expect(basisPointsOf(3, 1900)).toBe(1); // 0.57
    expect(formatPercent(2100)).toBe('21 %');
    expect(formatPercent(1050)).toBe('10,5 %');
  });

  it('gives Spain euros, an exempt dental service and 21 % on aesthetic services and goods', () => {
    const madrid = { pais: 'ES', zonaHoraria: 'Europe/Madrid' };
    expect(currencyOf(madrid)).toBe('EUR');
    expect(taxType(defaultTaxType(madrid, 'servicio'))?.puntosBasicos).toBe(0);
    expect(taxType(defaultTaxType(madrid, 'servicioEstetico'))?.puntosBasicos).toBe(2100);
    expect(taxType(defaultTaxType(madrid, 'producto'))?.puntosBasicos).toBe(2100);
  });

  it('gives Colombia pesos, health services excluded and 19 % on goods', () => {
    const bogota = { pais: 'CO', zonaHoraria: 'America/Bogota' };
    expect(currencyOf(bogota)).toBe('COP');
    expect(taxType(defaultTaxType(bogota, 'servicio'))?.puntosBasicos).toBe(0);
    expect(taxType(defaultTaxType(bogota, 'insumo'))?.puntosBasicos).toBe(1900);
    expect(taxTypesOf(bogota).map((t) => t.codigo)).toEqual(['CO_EXCLUIDO', 'CO_IVA_19']);
  });

  it('follows the zone of a clinic without a country, and the specification without either', () => {
    expect(currencyOf({ pais: null, zonaHoraria: 'Atlantic/Canary' })).toBe('EUR');
    expect(clinicCountry(null).codigo).toBe('CO');
    expect(currencyOf(null)).toBe('COP');
  });

  it("every country's defaults are among its own tax types", () => {
    for (const pais of ['ES', 'CO']) {
      const country = clinicCountry({ pais });
      for (const codigo of Object.values(country.impuestoPorDefecto)) {
        expect(country.impuestos.map((t) => t.codigo)).toContain(codigo);
      }
    }
  });
});
