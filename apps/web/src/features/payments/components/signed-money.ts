import { formatMoney, type CurrencyCode } from '@odontia/shared';

/** A difference with its sign, as every other amount writes it: '+2,00 €', '-1,50 €', '0,00 €'. */
export const signedMoney = (amount: number, moneda: CurrencyCode): string =>
  amount > 0 ? `+${formatMoney(amount, moneda)}` : formatMoney(amount, moneda);
