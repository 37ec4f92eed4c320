/**
 * Money (issue 23): every amount is an integer in its currency's smallest unit (cents of a euro,
 * Colombian pesos), computed on the server and written by `formatMoney` in the currency's locale.
 * A clinic's currency follows its country (`countries.ts`); taxes are data of the country: each
 * catalogue item has one of its country's tax types, with the country's default for its kind.
 * Free of zod: the web's lists import it.
 */

export const CURRENCIES = {
  EUR: { decimales: 2, locale: 'es-ES', unidad: 'euros' },
  COP: { decimales: 0, locale: 'es-CO', unidad: 'pesos' },
} as const satisfies Record<string, { decimales: number; locale: string; unidad: string }>;

export type CurrencyCode = keyof typeof CURRENCIES;
export const CURRENCY_CODES = Object.keys(CURRENCIES) as [CurrencyCode, ...CurrencyCode[]];

export const isCurrencyCode = (value: unknown): value is CurrencyCode =>
  typeof value === 'string' && Object.hasOwn(CURRENCIES, value);

const formatters = new Map<CurrencyCode, Intl.NumberFormat>();

/**
 * An amount in minor units as its country writes it: 1250 EUR is "12,50 €", 15000 COP "$ 15.000"
 * (spec 001 §9). Null is "N/A", as the catalogue shows a price not given.
 */
export function formatMoney(amount: number | null | undefined, moneda: CurrencyCode): string {
  if (amount === null || amount === undefined) return 'N/A';
  let formatter = formatters.get(moneda);
  if (!formatter) {
    const { locale, decimales } = CURRENCIES[moneda];
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: moneda,
      minimumFractionDigits: decimales,
      maximumFractionDigits: decimales,
    });
    formatters.set(moneda, formatter);
  }
  return formatter.format(amount / 10 ** CURRENCIES[moneda].decimales);
}

/** Minor units as a form shows them for editing, without symbol: 1250 EUR is "12,50", 15000 COP "15000". */
export function moneyInputText(amount: number | null | undefined, moneda: CurrencyCode): string {
  if (amount === null || amount === undefined) return '';
  const { decimales } = CURRENCIES[moneda];
  if (!decimales) return String(amount);
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  const unit = 10 ** decimales;
  return `${sign}${Math.trunc(abs / unit)},${String(abs % unit).padStart(decimales, '0')}`;
}

export type ParsedMoney = { ok: true; value: number | null } | { ok: false; reason: 'invalid' | 'decimals' };

/** Thousands grouped with dots ('1.250.000', as typed in Spain and Colombia), or with commas in pesos. */
const DOT_GROUPS = /^\d{1,3}(\.\d{3})+(,\d+)?$/;
const COMMA_GROUPS = /^\d{1,3}(,\d{3})+$/;
const PLAIN = /^\d+([.,]\d+)?$/;

/**
 * What a person typed as an amount of `moneda`, in minor units: '12,50' and '12.50' euros are 1250,
 * '1.250' euros 125000, '15.000' pesos 15000; an empty text is null. More decimals than the currency
 * has (a peso has none) is `decimals`; anything else that is not an amount is `invalid`. Symbols and
 * spaces are ignored; negative amounts are not amounts here.
 */
export function parseMoney(text: string, moneda: CurrencyCode): ParsedMoney {
  return parseDecimal(text.replace(/[\s\u00a0€$]|EUR|COP/gi, ''), CURRENCIES[moneda].decimales);
}

/** A percentage as typed ('12,5', '12.5 %') in basis points (1250); more than two decimals is `decimals`. */
export function parsePercent(text: string): ParsedMoney {
  return parseDecimal(text.replace(/[\s\u00a0%]/g, ''), 2);
}

/** A non-negative decimal as typed, in units of 10^-decimales, by the rules of `parseMoney`. */
function parseDecimal(clean: string, decimales: number): ParsedMoney {
  if (!clean) return { ok: true, value: null };
  let whole: string;
  let fraction = '';
  if (DOT_GROUPS.test(clean)) {
    [whole, fraction = ''] = clean.replaceAll('.', '').split(',');
  } else if (decimales === 0 && COMMA_GROUPS.test(clean)) {
    whole = clean.replaceAll(',', '');
  } else if (PLAIN.test(clean)) {
    [whole, fraction = ''] = clean.split(/[.,]/);
  } else {
    return { ok: false, reason: 'invalid' };
  }
  if (fraction.length > decimales) return { ok: false, reason: 'decimals' };
  const value = Number(whole) * 10 ** decimales + Number(fraction.padEnd(decimales, '0') || 0);
  return Number.isSafeInteger(value) ? { ok: true, value } : { ok: false, reason: 'invalid' };
}

/** `part` per ten thousand of `amount` (basis points: 2100 is 21 %), rounded half up to a whole minor unit. */
export function basisPointsOf(amount: number, basisPoints: number): number {
  return Math.round((amount * basisPoints) / 10_000);
}

const percentFormatter = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 2 });

/** "21 %" for 2100 basis points, "0 %", "10,5 %". */
export function formatPercent(basisPoints: number): string {
  // One formatter for every call: toLocaleString builds a new one each time (a PDF of 30 lines did it 60 times).
  return `${percentFormatter.format(basisPoints / 100)} %`;
}
