import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { applyStatus, emptyChart } from '@odontia/shared';
import { expect, test, type Page } from '@playwright/test';
import { readOutbox } from '../apps/api/src/test/outbox.ts';
import { dataDir } from './playwright.config';
import { createClinicOwner, ok, uniqueEmail } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { dayAhead } from './support/days';
import { expectSelectsWhole } from './support/selects';
import { signWithMouse } from './support/signature';

// Intl writes "54,00 €" with a no-break space.
const euros = (text: string) => text.replace(' ', '\u00a0');

/**
 * A clinic with a filling (its kit: 2 of a composite with 10 in stock) and a whitening planned on a
 * patient's chart.
 */
async function plannedPatient(page: Page, patient: Record<string, unknown>) {
  await createClinicOwner(page.request);
  const post = async (url: string, data?: unknown) => (await ok(await page.request.post(url, { data }), url)).json();
  const composite = (await post('/api/productos', {
    nombre: 'Composite A2',
    categoria: 'insumo',
    stockActual: 10,
  })) as { id: string };
  const filling = (await post('/api/productos', {
    nombre: 'Obturación de composite',
    categoria: 'servicio',
    precioVenta: 6000,
    kit: [{ insumoId: composite.id, cantidad: 2 }],
  })) as { id: string };
  const whitening = (await post('/api/productos', {
    nombre: 'Blanqueamiento',
    categoria: 'servicio',
    precioVenta: 25000,
    estetico: true,
  })) as { id: string };
  const { id } = (await post('/api/pacientes', patient)) as { id: string };
  let chart = applyStatus(emptyChart(), { tooth: 16, surface: 'center' }, 'filled', {
    etapa: 'planificado',
    servicioId: filling.id,
  });
  chart = applyStatus(chart, { tooth: 21, surface: null }, 'crown', { etapa: 'planificado', servicioId: whitening.id });
  await ok(await page.request.put(`/api/pacientes/${id}/odontograma`, { data: { baseVersion: 0, chart } }), 'chart');
  return { pacienteId: id, compositeId: composite.id };
}

/** plannedPatient, and the budget made from their chart. */
async function plannedBudget(page: Page, patient: Record<string, unknown>) {
  const planned = await plannedPatient(page, patient);
  const res = await ok(await page.request.post(`/api/pacientes/${planned.pacienteId}/presupuestos`), 'budget');
  const { presupuesto } = (await res.json()) as { presupuesto: { id: string; numero: string } };
  return { ...presupuesto, ...planned };
}

test('a budget from the chart: its planned treatments as lines, a discount, sent, and changed into a second version', async ({
  page,
}) => {
  test.slow();
  const patient = { id: (await plannedPatient(page, { nombres: 'Irene', apellidos: 'Soler Vidal' })).pacienteId };

  // From the chart: the planned treatments become the lines, at the catalogue's prices and taxes.
  await page.goto(`/odontograma?paciente=${patient.id}`);
  await expect(page.getByRole('heading', { name: 'Carta Dental Interactiva' })).toBeVisible();
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

test('a line of the editor shows its selects whole on a phone, beside the sidebar at 768 px and at 1440 px', async ({
  page,
}) => {
  const budget = await plannedBudget(page, { nombres: 'Olga', apellidos: 'Prieto' });
  for (const width of [390, 768, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/presupuestos/${budget.id}`);
    const line = page.getByRole('listitem', { name: 'Línea 1' });
    // The filling: its service, no discount, Spain's exempt tax: the longest texts of the line.
    await expect(line.getByLabel(/^Descripción/)).toHaveValue('Obturación de composite');
    await expectSelectsWhole(line, `line 1 at ${width} px`);
  }
});

test("the patient's link: emailed, opened on a phone with the second factor, signed with the mouse, and the clinic sees it live", async ({
  page,
  browser,
}) => {
  test.slow();
  const email = uniqueEmail('paciente');
  const budget = await plannedBudget(page, {
    nombres: 'Irene',
    apellidos: 'Soler Vidal',
    email,
    telefono: '+34 611 22 33 44',
  });
  await page.goto(`/presupuestos/${budget.id}`);
  await page.getByRole('button', { name: 'Enviar por email' }).click();
  await expect(page.getByText(`Presupuesto enviado a ${email}`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Enviado');
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName('Notificaciones');

  // The patient's email: the link, and the PDF attached.
  const mail = (await readOutbox(path.join(dataDir, 'outbox'))).find((m) => m.to.includes(email));
  expect(mail, 'the budget emailed to the patient').toBeTruthy();
  const link = /https?:\/\/\S+\/presupuesto\/[A-Za-z0-9_-]{43}/.exec(mail!.text)?.[0];
  expect(link).toBeTruthy();
  expect(await readFile(mail!.file, 'utf8')).toContain(`presupuesto-${budget.numero}-irene-soler-vidal.pdf`);

  // At home, on a phone, without an account: the second factor first, wrong, then right.
  const home = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  try {
    const patient = await home.newPage();
    await patient.goto(link!);
    await expect(patient.getByRole('heading', { name: 'Confirma que eres tú' })).toBeVisible();
    await expect(patient.getByText('Blanqueamiento')).toHaveCount(0);
    const digits = patient.getByRole('textbox', { name: /Los 4 últimos dígitos de tu teléfono/ });
    await digits.fill('1234');
    await patient.getByRole('button', { name: 'Ver mi presupuesto' }).click();
    await expect(patient.getByText('Los datos no coinciden. Te quedan 4 intentos')).toBeVisible();
    await digits.fill('3344');
    await patient.getByRole('button', { name: 'Ver mi presupuesto' }).click();
    await expect(patient.getByRole('heading', { level: 1 })).toContainText(`Presupuesto ${budget.numero}`);
    await expectNoAxeViolations(patient);

    // Only the filling: a partial acceptance, signed with the mouse.
    const form = patient.getByRole('form', { name: 'Aceptar el presupuesto' });
    await form.getByRole('checkbox', { name: /Blanqueamiento/ }).click();
    await expect(form.getByText('Total que aceptas')).toBeVisible();
    await expect(form).toContainText(euros('60,00 €'));
    await signWithMouse(patient, form.getByRole('img', { name: 'Firma' }));
    await expect(form.getByText('Firmado', { exact: true })).toBeVisible();
    await form.getByRole('checkbox', { name: /He leído el presupuesto/ }).click();
    await form.getByRole('button', { name: 'Aceptar y firmar' }).click();
    await expect(patient.getByText(/Firmado por Irene Soler Vidal el/)).toBeVisible();
    await expect(patient.getByRole('heading', { level: 1 })).toContainText('Aceptado parcialmente');
    await expect(patient.getByRole('form', { name: 'Aceptar el presupuesto' })).toHaveCount(0);
    expect(await patient.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  } finally {
    await home.close();
  }

  // The clinic is told live, without reloading: the bell, and the budget open on screen shows the record
  // and the signed PDF, its desk actions gone.
  await expect(bell).toHaveAccessibleName('Notificaciones: 1 sin leer');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Aceptado parcialmente');
  await expect(page.getByRole('button', { name: 'Aceptar en consulta' })).toHaveCount(0);
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notificaciones' });
  await expect(panel).toContainText(
    `Irene Soler Vidal ha firmado la aceptación parcial del presupuesto ${budget.numero}`,
  );
  await page.keyboard.press('Escape');
  await expect(page.getByRole('region', { name: 'Totales' })).toContainText(`Total aceptado${euros('60,00 €')}`);
  const record = page.getByRole('region', { name: 'Aceptación firmada' });
  await expect(record).toContainText('Por el enlace enviado al paciente');
  const hash = (await record.locator('code').textContent())!;
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Descargar PDF firmado' }).click();
  const file = await (await download).path();
  expect(
    createHash('sha256')
      .update(await readFile(file))
      .digest('hex'),
  ).toBe(hash);
  await expect(page.getByRole('button', { name: 'Enviar por email' })).toHaveCount(0);
});

test('a patient present accepts at the desk on the clinic’s tablet; the filling done turns the chart blue and takes its kit from stock', async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 768, height: 1024 });
  const budget = await plannedBudget(page, { nombres: 'Mateo', apellidos: 'Ríos Gil' });
  await page.goto(`/presupuestos/${budget.id}`);
  // Without an email, the email cannot go; the desk still can.
  await page.getByRole('button', { name: 'Enviar por email' }).click();
  await expect(
    page.getByText('El paciente no tiene email: añádelo en su ficha para enviarle el presupuesto'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Aceptar en consulta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Aceptación en consulta' });
  await expect(dialog.getByLabel(/Nombre de quien firma/)).toHaveValue('Mateo Ríos Gil');
  await dialog.getByRole('button', { name: 'Aceptar y firmar' }).click();
  await expect(dialog.getByText('Falta la firma')).toBeVisible();
  await signWithMouse(page, dialog.getByRole('img', { name: 'Firma' }));
  await dialog.getByRole('checkbox', { name: /He leído el presupuesto/ }).click();
  await dialog.getByRole('button', { name: 'Aceptar y firmar' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Aceptado');
  await expect(page.getByRole('region', { name: 'Aceptación firmada' })).toContainText(
    'En la clínica, con el paciente presente',
  );
  await expectNoAxeViolations(page);

  // The filling is done: the treatment is recorded, and the chart and the stock follow.
  await page.getByRole('button', { name: 'Marcar como realizado: Obturación de composite' }).click();
  const done = page.getByRole('dialog', { name: '¿Marcar como realizado?' });
  await done.getByRole('button', { name: 'Marcar como realizado' }).click();
  await expect(page.getByText('Tratamiento registrado como realizado', { exact: true })).toBeVisible();
  const lines = page.getByRole('table', { name: 'Líneas del presupuesto' });
  await expect(lines.getByText(/^Realizado el /)).toHaveCount(1);
  await expect(lines.getByRole('button', { name: /Marcar como realizado/ })).toHaveCount(1);

  await page.goto(`/odontograma?paciente=${budget.pacienteId}`);
  const oclusal = page.getByRole('button', { name: 'Diente 16, Oclusal: Obturado (realizado)', exact: true });
  await expect(oclusal).toBeVisible();
  const colour = await oclusal.evaluate((polygon) => {
    const pattern = /^url\("#(.+)"\)$/.exec(getComputedStyle(polygon).fill)?.[1];
    const ground = pattern ? document.getElementById(pattern)?.querySelector('rect') : null;
    return ground ? getComputedStyle(ground).fill : getComputedStyle(polygon).fill;
  });
  expect(colour).toBe('rgb(191, 219, 254)');
  // The whitening is still planned.
  await expect(page.getByRole('button', { name: 'Diente 21: Corona (planificado)', exact: true })).toBeVisible();

  await page.goto(`/productos/${budget.compositeId}`);
  const moves = page.getByRole('table', { name: 'Últimos movimientos de stock' });
  await expect(moves.getByRole('row').filter({ hasText: 'Consumo' })).toContainText('8');
});
