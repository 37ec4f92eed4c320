import { CATALOG_MESSAGES, type CatalogItemRow } from '@odontia/shared';

const units = new Intl.NumberFormat('es-CO', { maximumFractionDigits: 0 });

export type StockDisplay = { kind: 'none' | 'unknown'; text: string } | { kind: 'count'; text: string; low: boolean };

/**
 * The Stock column (spec 001 §9): a service holds no stock ('N/A'), a stock never entered is
 * 'No registrado', otherwise the count with its unit, marked low at or under the item's minimum.
 */
export function stockDisplay({
  categoria,
  stockActual,
  unidadMedida,
  bajoMinimo,
}: Pick<CatalogItemRow, 'categoria' | 'stockActual' | 'unidadMedida' | 'bajoMinimo'>): StockDisplay {
  if (categoria === 'servicio') return { kind: 'none', text: CATALOG_MESSAGES.notApplicable };
  if (stockActual === null) return { kind: 'unknown', text: CATALOG_MESSAGES.stockNotRecorded };
  const unit = unidadMedida?.trim();
  const count = units.format(stockActual);
  return { kind: 'count', text: unit ? `${count} ${unit}` : count, low: bajoMinimo };
}

/** A stock movement's quantity with its sign: "+5", "-3". */
export const formatQuantity = (cantidad: number) =>
  cantidad > 0 ? `+${units.format(cantidad)}` : units.format(cantidad);
