import { readFile } from 'node:fs/promises';
import { applyStatus, emptyChart } from '@odontia/shared';
import { expect, test, type Page } from '@playwright/test';
import { createClinicOwner, ok } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { expectChartLabelsWhole } from './support/charts';

// Intl writes "$ 850.000" with a no-break space.
const pesos = (text: string) => text.replace(' ', '\u00a0');

/** A clinic in Medellín (pesos) whose patient had a zirconia crown done: 850.000 owed. */
async function patientWithCrownDone(page: Page) {
  await createClinicOwner(page.request, {
    clinica: 'Clínica Cobros E2E',
    lugar: { pais: 'Colombia', ciudad: 'Medellín', direccion: 'Carrera 43A # 1-50' },
  });
  const post = async (url: string, data?: unknown) => (await ok(await page.request.post(url, { data }), url)).json();
  const crown = (await post('/api/productos', {
    nombre: 'Corona de zirconio',
    categoria: 'servicio',
    precioVenta: 850000,
  })) as { id: string };
  const { id } = (await post('/api/pacientes', { nombres: 'Camila', apellidos: 'Restrepo Gómez' })) as { id: string };
  const planned = applyStatus(emptyChart(), { tooth: 11, surface: null }, 'crown', {
    etapa: 'planificado',
    servicioId: crown.id,
  });
  const done = applyStatus(planned, { tooth: 11, surface: null }, 'crown', {
    etapa: 'realizado',
    servicioId: crown.id,
  });
  for (const [baseVersion, chart] of [planned, done].entries()) {
    await ok(await page.request.put(`/api/pacientes/${id}/odontograma`, { data: { baseVersion, chart } }), 'chart');
  }
  return id;
}

test('the desk takes a payment for a treatment done, downloads its receipt, sees the balance drop, closes its cash, and the reports show it', async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 768, height: 1024 });
  const pacienteId = await patientWithCrownDone(page);

  await page.goto(`/pacientes/${pacienteId}`);
  await expect(page.getByRole('heading', { name: 'Estado de cuenta' })).toBeVisible();
  const totals = page.getByLabel('Totales de la cuenta');
  await expect(totals).toContainText(pesos('Saldo pendiente$ 850.000'));
  await expect(page.getByRole('table', { name: 'Tratamientos de la cuenta' })).toContainText('Corona de zirconio');

  // A cash payment of part of it, applied to the crown.
  await page.getByRole('button', { name: 'Registrar cobro' }).click();
  const dialog = page.getByRole('dialog', { name: 'Registrar cobro' });
  await expect(dialog.getByLabel('Importe')).toHaveValue('850000');
  await dialog.getByLabel('Importe').fill('300.000');
  await dialog.getByLabel('Forma de pago').selectOption({ label: 'Efectivo' });
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Registrar cobro' }).click();
  const year = new Date().getFullYear();
  const receipt = `R-${year}-000001`;
  const registered = page.getByRole('dialog', { name: `Cobro registrado: recibo ${receipt}` });
  await expect(registered).toContainText(pesos('Saldo pendiente: $ 550.000.'));

  // The receipt: a PDF named by its number.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    registered.getByRole('link', { name: 'Descargar recibo' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`recibo-${receipt}.pdf`);
  const pdf = await readFile((await download.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  await registered.getByRole('button', { name: 'Listo' }).click();
  await expect(totals).toContainText(pesos('Saldo pendiente$ 550.000'));
  await expect(page.getByLabel('Cobros del paciente')).toContainText(receipt);

  // The cash of the day: the payment is in it, and closing with the counted cash locks it.
  await page.goto('/caja');
  await expect(page.getByRole('table', { name: 'Cobros del día' })).toContainText(receipt);
  await expect(page.getByLabel('Esperado por forma de pago')).toContainText(pesos('$ 300.000'));
  const close = page.getByRole('form', { name: 'Cerrar caja' });
  await close.getByLabel('Efectivo contado').fill('300.000');
  await close.getByRole('button', { name: 'Cerrar caja' }).click();
  const confirm = page.getByRole('alertdialog', { name: '¿Cerrar la caja de hoy?' });
  await confirm.getByRole('button', { name: 'Cerrar caja' }).click();
  await expect(page.getByText('Caja cerrada', { exact: true }).first()).toBeVisible();
  await expect(page.getByLabel('Cierre de caja')).toContainText(pesos('$ 300.000'));
  await expect(close).toHaveCount(0);

  // Reports of today: the crown in production, the payment in collections, and its CSV.
  await page.goto('/reportes?periodo=hoy');
  const production = page.getByRole('tabpanel');
  await expect(production).toContainText(pesos('$ 850.000'));
  await page.getByRole('tab', { name: 'Cobros' }).click();
  const collections = page.getByRole('tabpanel');
  await expect(collections).toContainText(pesos('$ 300.000'));
  await expectChartLabelsWhole(collections, 'Cobros');
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    collections.getByRole('button', { name: 'Exportar CSV' }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/^reporte-cobros-.*\.csv$/);
  const text = await readFile((await csv.path())!, 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const rows = text.slice(1).trim().split('\r\n');
  expect(rows.some((row) => row.split(';').includes('Efectivo') && row.includes('300000'))).toBe(true);
  await expectNoAxeViolations(page);
});

test('an advance left on account pays a treatment done later once the desk applies it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const pacienteId = await patientWithCrownDone(page);
  await ok(
    await page.request.post(`/api/pacientes/${pacienteId}/cobros`, {
      data: { importe: 200000, metodo: 'transferencia', aplicacion: 'anticipo' },
    }),
    'advance',
  );

  await page.goto(`/pacientes/${pacienteId}`);
  const totals = page.getByLabel('Totales de la cuenta');
  await expect(totals).toContainText(pesos('Anticipo$ 200.000'));
  const crown = page.getByRole('table', { name: 'Tratamientos de la cuenta' }).getByRole('row', { name: /Corona/ });
  await expect(crown).toContainText(pesos('$ 850.000'));
  await page.getByRole('button', { name: /^Aplicar anticipo/ }).click();
  await expect(page.getByText(pesos('Anticipo aplicado: $ 200.000'))).toBeVisible();
  await expect(totals).toContainText(pesos('Anticipo$ 0'));
  await expect(totals).toContainText(pesos('Saldo pendiente$ 650.000'));
  await expect(crown).toContainText(pesos('$ 650.000'));
  await expect(page.getByRole('button', { name: /^Aplicar anticipo/ })).toHaveCount(0);
  await expect(page.getByLabel('Cobros del paciente')).toContainText(
    pesos('Corona de zirconio ($ 200.000, del anticipo)'),
  );
  await expectNoAxeViolations(page);
});
