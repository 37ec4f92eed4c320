const pesos = new Intl.NumberFormat('es-CO', {
  style: 'currency',
  currency: 'COP',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** Spec 001 §9: Colombian pesos without decimals (es-CO). Prices are integer pesos. */
export const formatPesos = (value: number): string => pesos.format(value);
