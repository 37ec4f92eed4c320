import { applyStatus, emptyChart } from '@odontia/shared';
import { expect, test } from '@playwright/test';
import { createClinicOwner, ok } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { dayAhead } from './support/days';

// Intl writes "54,00 €" with a no-break space.
const euros = (text: string) => text.replace(' ', '\u00a0');

test('a budget from the chart: its planned treatments as lines, a discount, sent, and changed into a second version', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await createClinicOwner(page.request);
  const post = async (url: string, data: unknown) => (await ok(await page.request.post(url, { data }), url)).json();
  const filling = (await post('/api/productos', {
    nombre: 'Obturación de composite',
    categoria: 'servicio',
    precioVenta: 6000,
  })) as { id: string };
  const whitening = (await post('/api/productos', {
    nombre: 'Blanqueamiento',
    categoria: 'servicio',
    precioVenta: 25000,
    estetico: true,
  })) as { id: string };
  const patient = (await post('/api/pacientes', { nombres: 'Irene', apellidos: 'Soler Vidal' })) as { id: string };
  let chart = applyStatus(emptyChart(), { tooth: 16, surface: 'center' }, 'cavity', {
    etapa: 'planificado',
    servicioId: filling.id,
  });
  chart = applyStatus(chart, { tooth: 21, surface: null }, 'crown', { etapa: 'planificado', servicioId: whitening.id });
  await ok(
    await page.request.put(`/api/pacientes/${patient.id}/odontograma`, { data: { baseVersion: 0, chart } }),
    'chart',
  );

  // From the patient's page: the planned treatments become the lines, at the catalogue's prices and taxes.
  await page.goto(`/pacientes/${patient.id}`);
  await page.getByRole('button', { name: 'Crear presupuesto' }).click();
  await expect(page).toHaveURL(/\/presupuestos\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/Presupuesto P-\d{4}-0001/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Borrador');
  const first = page.getByRole('listitem', { name: 'Línea 1' });
  const second = page.getByRole('listitem', { name: 'Línea 2' });
  await expect(first.getByLabel(/^Descripción/)).toHaveValue('Obturación de composite');
  await expect(first.getByLabel('Precio')).toHaveValue('60,00');
  await expect(first.getByText('Diente 16 · Oclusal')).toBeVisible();
  await expect(second.getByLabel('Impuesto')).toHaveValue('ES_IVA_21');
  const totals = page.getByRole('region', { name: 'Totales' });
  await expect(totals).toContainText(euros('362,50 €'));
  await expectNoAxeViolations(page);

  // 10 % off the filling: 6,00 € less.
  await first.getByLabel('Descuento', { exact: true }).selectOption('porcentaje');
  await first.getByLabel('Descuento (%)').fill('10');
  await expect(totals).toContainText(euros('356,50 €'));
  await page.getByRole('button', { name: 'Guardar presupuesto' }).click();
  await expect(page.getByText('Presupuesto guardado')).toBeVisible();

  // Handed over: a later change keeps it as it was and makes version 2.
  await page.getByRole('button', { name: 'Marcar como enviado' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Enviado');
  // The desk follows it up: a call today puts it on the dashboard.
  const followUp = page.getByRole('form', { name: 'Seguimiento del presupuesto' });
  await followUp.getByLabel('Próxima llamada').fill(dayAhead(0));
  await followUp.getByLabel('Nota').fill('Lo consulta en casa');
  await followUp.getByRole('button', { name: 'Guardar seguimiento' }).click();
  await expect(page.getByText('Seguimiento guardado')).toBeVisible();
  const budgetUrl = page.url();
  await page.goto('/dashboard');
  const due = page
    .getByRole('heading', { name: 'Presupuestos por seguir hoy' })
    .locator('xpath=ancestor::*[@data-slot="card"][1]');
  await expect(due.getByRole('link', { name: /Irene Soler Vidal/ })).toBeVisible();
  await page.goto(budgetUrl);
  await expect(page.getByRole('note')).toContainText('se creará la versión 2');
  await page.getByLabel('Condiciones').fill('Pago al terminar cada fase.');
  await page.getByRole('button', { name: 'Guardar como versión 2' }).click();
  await expect(page.getByText('Se guardó como versión 2: la enviada se conserva')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('versión 2');
  const versions = page.getByRole('navigation', { name: 'Versiones del presupuesto' });
  await versions.getByRole('link', { name: 'Versión 1' }).click();
  await expect(page.getByRole('note')).toContainText('Esta versión se sustituyó por otra');
  await expect(page.getByRole('table', { name: 'Líneas del presupuesto' })).toContainText('Obturación de composite');
  await expect(page.getByRole('button', { name: /Guardar/ })).toHaveCount(0);

  // Its PDF, drawn by the server.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Descargar PDF' }).click();
  expect((await download).suggestedFilename()).toMatch(/^presupuesto-P-\d{4}-0001-irene-soler-vidal\.pdf$/);

  // The list shows the number once, at its latest version.
  await page.goto('/presupuestos');
  const rows = page
    .getByRole('table', { name: 'Presupuestos' })
    .getByRole('row')
    .filter({ hasText: 'Irene Soler Vidal' });
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('v2');
  await expect(rows).toContainText(euros('356,50 €'));
  await expectNoAxeViolations(page);
});
