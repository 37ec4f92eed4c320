import { describe, expect, it } from 'vitest';
import { applyStatus, emptyChart, plannedTreatments } from '../odontogram.ts';
import { budgetLineSchema, budgetTotals, lineAmounts, lineWhere, phaseTotalRows, BUDGET_MESSAGES } from './budgets.ts';

const line = { cantidad: 1, precioUnitario: 10_000, descuentoTipo: null, descuentoValor: 0, puntosBasicos: 0 } as const;

describe('lineAmounts (issue 23: integers of minor units, half up)', () => {
  it('takes the discount before the tax, as an amount or a percentage', () => {
    expect(lineAmounts({ ...line, cantidad: 3, puntosBasicos: 2100 })).toEqual({
      bruto: 30_000,
      descuento: 0,
      base: 30_000,
      impuesto: 6300,
      total: 36_300,
    });
    expect(lineAmounts({ ...line, descuentoTipo: 'importe', descuentoValor: 2500, puntosBasicos: 1900 })).toEqual({
      bruto: 10_000,
      descuento: 2500,
      base: 7500,
      impuesto: 1425,
      total: 8925,
    });
    // 12,5 % of 99 cents is 12.375: 12; 21 % of the 87 left is 18.27: 18.
    expect(
      lineAmounts({
        ...line,
        precioUnitario: 99,
        descuentoTipo: 'porcentaje',
        descuentoValor: 1250,
        puntosBasicos: 2100,
      }),
    ).toEqual({
      bruto: 99,
      descuento: 12,
      base: 87,
      impuesto: 18,
      total: 105,
    });
  });

  it('never discounts more than the line', () => {
    expect(lineAmounts({ ...line, descuentoTipo: 'porcentaje', descuentoValor: 10_000 }).total).toBe(0);
  });
});

describe('budgetTotals', () => {
  const amounts = (total: number) => lineAmounts({ ...line, precioUnitario: total });
  it('adds the common lines to each option, and gives each phase its common lines and each option apart', () => {
    const totals = budgetTotals([
      { fase: 1, opcion: null, importes: amounts(100) },
      { fase: 2, opcion: 'B', importes: amounts(300) },
      { fase: 2, opcion: 'A', importes: amounts(200) },
    ]);
    expect(totals.comun.total).toBe(100);
    expect(totals.opciones.map((o) => [o.opcion, o.totalConComun])).toEqual([
      ['A', 300],
      ['B', 400],
    ]);
    // Options are alternatives: a phase never adds them together.
    expect(phaseTotalRows(totals)).toEqual([
      { label: 'Fase 1', total: 100 },
      { label: 'Fase 2 · opción A', total: 200 },
      { label: 'Fase 2 · opción B', total: 300 },
    ]);
    expect(totals.total).toBe(300);
    // One phase: its total is the budget's, so no row of its own.
    expect(phaseTotalRows(budgetTotals([{ fase: 1, opcion: null, importes: amounts(100) }]))).toEqual([]);
    expect(budgetTotals([]).total).toBe(0);
  });
});

describe('a budget line', () => {
  const valid = { descripcion: 'Obturación', cantidad: 1, precioUnitario: 6000, tipoImpuesto: 'ES_EXENTO' };
  it('refuses a discount above the line, surfaces without a tooth and an unknown tooth', () => {
    const issue = (value: object) => budgetLineSchema.safeParse({ ...valid, ...value }).error?.issues[0]?.message;
    expect(issue({ descuentoTipo: 'importe', descuentoValor: 6001 })).toBe(BUDGET_MESSAGES.descuentoTooLarge);
    expect(issue({ superficies: ['top'] })).toBe(BUDGET_MESSAGES.dienteInvalid);
    expect(issue({ diente: 19 })).toBe(BUDGET_MESSAGES.dienteInvalid);
    expect(budgetLineSchema.parse({ ...valid, diente: 55 })).toMatchObject({ diente: 55, fase: 1, opcion: null });
  });

  it('writes where it is with the surfaces’ names', () => {
    expect(lineWhere({ diente: 16, superficies: ['center'] })).toBe('16 · Oclusal');
    expect(lineWhere({ diente: null, superficies: [] })).toBe('');
  });
});

describe('plannedTreatments', () => {
  it('gives a planned tooth one treatment and a tooth’s planned surfaces one per service', () => {
    let chart = emptyChart();
    chart = applyStatus(chart, { tooth: 16, surface: 'center' }, 'cavity', { etapa: 'planificado', servicioId: 's1' });
    chart = applyStatus(chart, { tooth: 16, surface: 'left' }, 'cavity', { etapa: 'planificado', servicioId: 's1' });
    chart = applyStatus(chart, { tooth: 16, surface: 'top' }, 'cavity', { etapa: 'planificado', servicioId: 's2' });
    chart = applyStatus(chart, { tooth: 36, surface: null }, 'crown', { etapa: 'planificado', servicioId: 's3' });
    chart = applyStatus(chart, { tooth: 11, surface: null }, 'filled');
    // In drawing order of the surfaces: the service of the first planned one first.
    expect(plannedTreatments(chart)).toEqual([
      { diente: 16, superficies: ['top'], servicioId: 's2' },
      { diente: 16, superficies: ['left', 'center'], servicioId: 's1' },
      { diente: 36, superficies: [], servicioId: 's3' },
    ]);
  });
});
