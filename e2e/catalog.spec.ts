import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createClinicOwner, ok } from './support/accounts';
import { sidebar } from './support/shell';
import { expectNoAxeViolations } from './support/axe';

async function createItem(request: APIRequestContext, data: Record<string, unknown>): Promise<{ id: string }> {
  return (await ok(await request.post('/api/productos', { data }), 'create item')).json();
}

const row = (page: Page, name: string) =>
  page.getByRole('table', { name: 'Inventario' }).getByRole('row').filter({ hasText: name });
// Intl writes "45,50 €" with a no-break space.
const money = (text: string) => text.replace(' ', '\u00a0');

test('creates a product and a service (no stock fields), shows euros and N/A, filters by tab and search, refuses a repeated código', async ({
  page,
}) => {
  await createClinicOwner(page.request);
  await page.goto('/dashboard');
  await sidebar(page).getByRole('link', { name: 'Productos y Servicios' }).click();
  await expect(page).toHaveURL(/\/productos$/);
  await expect(page.getByRole('heading', { name: 'Productos, Servicios e Insumos', level: 1 })).toBeVisible();
  await expect(page.getByText('No se encontraron items.')).toBeVisible();
  await expectNoAxeViolations(page);

  // A product, with its stock.
  await page.getByRole('link', { name: 'Crear uno nuevo' }).click();
  await expect(page).toHaveURL(/\/productos\/nuevo$/);
  await expect(page.getByRole('heading', { name: 'Nuevo Ítem' })).toBeVisible();
  await page.getByRole('button', { name: 'Crear ítem' }).click();
  await expect(page.getByText('El nombre es obligatorio')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Resina compuesta A2');
  await page.getByLabel('Descripción').fill('Jeringa de 4 g');
  await page.getByLabel('Código').fill('RES-A2');
  // The clinic is in Madrid: its prices are euros with cents (issue 23).
  await expect(page.getByText('En euros, con céntimos').first()).toBeVisible();
  await page.getByLabel('Precio de compra').fill('45,5');
  await page.getByLabel('Precio de venta').fill('0');
  await expect(page.getByRole('combobox', { name: 'Impuesto' })).toHaveText('IVA general 21 %');
  await page.getByLabel('Stock actual').fill('12');
  await page.getByLabel('Stock mínimo').fill('5');
  await page.getByLabel('Unidad de medida').fill('unidad');
  await page.getByRole('button', { name: 'Crear ítem' }).click();
  await expect(page.getByText('Ítem creado correctamente')).toBeVisible();
  await expect(page).toHaveURL(/\/productos$/);
  const resina = row(page, 'Resina compuesta A2');
  await expect(resina).toContainText('Producto');
  await expect(resina).toContainText('RES-A2');
  await expect(resina).toContainText(money('45,50 €'));
  // 0 is a price (DESIGN §1), not "N/A".
  await expect(resina).toContainText(money('0,00 €'));
  await expect(resina).toContainText('12 unidad');
  await expect(resina).toContainText('Activo');
  await expect(resina).not.toContainText('Stock bajo');

  // A service: no stock fields.
  await page.getByRole('link', { name: 'Nuevo item' }).click();
  await page.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Limpieza dental');
  await page.getByLabel('Categoría').click();
  await page.getByRole('option', { name: 'Servicio' }).click();
  await expect(page.getByLabel('Stock actual')).toHaveCount(0);
  await expect(page.getByLabel('Stock mínimo')).toHaveCount(0);
  await expect(page.getByLabel('Unidad de medida')).toHaveCount(0);
  // Dental care is exempt from IVA in Spain; an aesthetic treatment is not.
  await expect(page.getByRole('combobox', { name: 'Impuesto' })).toHaveText('Exento de IVA (asistencia sanitaria)');
  await page.getByLabel('Duración (minutos)').fill('45');
  await page.getByLabel('Precio de venta').fill('120');
  await page.getByRole('button', { name: 'Crear ítem' }).click();
  await expect(page.getByText('Ítem creado correctamente').last()).toBeVisible();
  const limpieza = row(page, 'Limpieza dental');
  await expect(limpieza).toContainText('Servicio');
  await expect(limpieza).toContainText(money('120,00 €'));
  // No purchase price and no stock: N/A twice.
  await expect(limpieza.getByRole('cell', { name: 'N/A' })).toHaveCount(2);
  await expect(page.getByText('2 items encontrados')).toBeVisible();
  await expect(page.getByText('Mostrando 2 de 2 items')).toBeVisible();

  // A supply under its minimum, and one whose stock was never entered.
  await createItem(page.request, {
    nombre: 'Guantes de nitrilo',
    categoria: 'insumo',
    codigo: 'GUA-M',
    stockActual: 2,
    stockMinimo: 10,
    unidadMedida: 'caja',
  });
  await createItem(page.request, { nombre: 'Algodón en rollos', categoria: 'insumo' });
  await page.getByRole('button', { name: 'Actualizar' }).click();
  await expect(row(page, 'Guantes de nitrilo')).toContainText('Stock bajo');
  await expect(row(page, 'Algodón en rollos')).toContainText('No registrado');
  await expectNoAxeViolations(page);

  // The tab and the search (accent-insensitive) live in the URL.
  await page.getByRole('tab', { name: 'Insumos' }).click();
  await expect(page).toHaveURL(/\?categoria=insumo$/);
  await expect(page.getByText('2 items encontrados')).toBeVisible();
  await expect(row(page, 'Resina compuesta A2')).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Buscar producto, servicio o insumo...' }).fill('algodon');
  await expect(page).toHaveURL(/\?categoria=insumo&q=algodon$/);
  await expect(page.getByText('1 items encontrados')).toBeVisible();
  await expect(row(page, 'Algodón en rollos')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Insumos' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('searchbox', { name: 'Buscar producto, servicio o insumo...' })).toHaveValue('algodon');
  await page.getByRole('tab', { name: 'Servicios' }).click();
  await expect(page.getByText('No se encontraron items.')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Buscar producto, servicio o insumo...' }).fill('');
  await expect(page).toHaveURL(/\?categoria=servicio$/);
  await expect(row(page, 'Limpieza dental')).toBeVisible();
  await page.getByRole('tab', { name: 'Todos' }).click();
  await expect(page.getByText('4 items encontrados')).toBeVisible();

  // A código already used in the clinic is refused on the field.
  await page.getByRole('link', { name: 'Nuevo item' }).click();
  await page.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Resina repetida');
  await page.getByLabel('Código').fill('RES-A2');
  await page.getByRole('button', { name: 'Crear ítem' }).click();
  await expect(page.getByText('Error al crear el ítem')).toBeVisible();
  await expect(page.getByLabel('Código')).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('link', { name: 'Cancelar' }).click();
  await expect(page).toHaveURL(/\/productos$/);
});

test('an edited stock is an ajuste movement; an item is deactivated, then deleted after the confirmation', async ({
  page,
}) => {
  await createClinicOwner(page.request);
  await createItem(page.request, {
    nombre: 'Resina compuesta A2',
    categoria: 'producto',
    codigo: 'RES-A2',
    precioCompra: 45000,
    stockActual: 12,
    stockMinimo: 5,
    unidadMedida: 'unidad',
  });
  await createItem(page.request, { nombre: 'Limpieza dental', categoria: 'servicio', precioVenta: 120000 });
  await page.goto('/productos');
  await expect(row(page, 'Resina compuesta A2')).toContainText('12 unidad');

  // Opened from the row with the keyboard: an 'Ajuste manual' movement of -9.
  await page.getByRole('link', { name: 'Resina compuesta A2' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Editar Ítem' })).toBeVisible();
  // 45000 cents, as the API takes them: 450 euros in the form.
  await expect(page.getByLabel('Precio de compra')).toHaveValue('450,00');
  await expect(page.getByLabel('Stock actual')).toHaveValue('12');
  // The initial stock was the first movement.
  const movements = page.getByRole('table', { name: 'Últimos movimientos de stock' });
  await expect(movements.getByRole('row')).toHaveCount(2);
  await expect(movements).toContainText('+12');
  await expectNoAxeViolations(page);
  await page.getByLabel('Stock actual').fill('3');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Ítem actualizado correctamente')).toBeVisible();
  await expect(page).toHaveURL(/\/productos$/);
  await expect(row(page, 'Resina compuesta A2')).toContainText('3 unidad');
  await expect(row(page, 'Resina compuesta A2')).toContainText('Stock bajo');
  await row(page, 'Resina compuesta A2').getByRole('cell', { name: 'RES-A2' }).click();
  await expect(movements.getByRole('row')).toHaveCount(3);
  await expect(movements.getByRole('row').nth(1)).toContainText('-9');
  await expect(movements).toContainText('Ajuste manual');
  await expect(movements).toContainText('Lucía');

  // Deactivate.
  await page.getByRole('switch', { name: 'Activo' }).click();
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Ítem actualizado correctamente').last()).toBeVisible();
  await expect(row(page, 'Resina compuesta A2')).toContainText('Inactivo');

  // Delete, after the confirmation.
  await page.getByRole('link', { name: 'Resina compuesta A2' }).click();
  await page.getByRole('button', { name: 'Eliminar' }).click();
  const dialog = page.getByRole('alertdialog', { name: '¿Estás seguro?' });
  await expect(dialog).toContainText('Resina compuesta A2');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Eliminar' }).click();
  await dialog.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Ítem eliminado')).toBeVisible();
  await expect(page).toHaveURL(/\/productos$/);
  await expect(row(page, 'Resina compuesta A2')).toHaveCount(0);
  await expect(page.getByText('1 items encontrados')).toBeVisible();
});

test("another clinic's item, or an unknown id, is 'Error al cargar el ítem' and back to the list", async ({
  page,
  browser,
}) => {
  await createClinicOwner(page.request, { clinica: 'Clínica Uno' });
  const { id } = await createItem(page.request, { nombre: 'Privado de Uno', categoria: 'producto' });

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  try {
    await createClinicOwner(otherPage.request, { clinica: 'Clínica Dos' });
    await otherPage.goto(`/productos/${id}`);
    await expect(otherPage.getByText('Error al cargar el ítem')).toBeVisible();
    await expect(otherPage).toHaveURL(/\/productos$/);
    await expect(otherPage.getByText('Privado de Uno')).toHaveCount(0);
    await otherPage.goto('/productos/00000000-0000-4000-8000-000000000000');
    await expect(otherPage.getByText('Error al cargar el ítem')).toBeVisible();
    await expect(otherPage).toHaveURL(/\/productos$/);
  } finally {
    await other.close();
  }
});
