import { currencyOf, formatMoney, isCurrencyCode, type CurrencyCode } from '@odontia/shared';
import { useSession } from './session';

/**
 * The currency of the signed-in member's clinic (issue 23): every amount of the clinic (catalogue,
 * budgets...) is an integer of its smallest unit. From /api/me; its country's while that loads.
 */
export function useClinicCurrency(): CurrencyCode {
  const { account } = useSession();
  const clinica = account?.clinica ?? null;
  return isCurrencyCode(clinica?.moneda) ? clinica.moneda : currencyOf(clinica);
}

/** Writes an amount of the clinic as its country does: "12,50 €", "$ 15.000"; null is "N/A". */
export function useFormatMoney(): (amount: number | null | undefined) => string {
  const moneda = useClinicCurrency();
  return (amount) => formatMoney(amount, moneda);
}
