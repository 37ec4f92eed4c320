import { formatMoney, STORE_CURRENCY } from '@odontia/shared';

/** Spec 001 §9: the store's prices are Colombian pesos without decimals ("$ 15.000"), whoever looks at them. */
export const formatStoreMoney = (value: number): string => formatMoney(value, STORE_CURRENCY);
