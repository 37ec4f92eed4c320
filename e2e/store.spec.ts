import { expect, test, type Page } from '@playwright/test';
import { BOGOTA, createClinicOwner, ok } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';

/** The seeded supplier (apps/api/src/seed/demo.ts DEMO_SUPPLIER): its catalogue is what the store sells. */
const SUPPLIER = { email: 'proveedor@odontia.local', password: 'demo1234', nombre: 'Depósito Dental Ibérico' };

const pesos = (n: number) =>
  new Intl.NumberFormat('es-CO', {
    style: 'currency',
    currency: 'COP',
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  }).format(n);

const card = (page: Page, nombre: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: nombre, exact: true }) });
const cartCount = (page: Page) => page.getByTestId('cart-count');
const summaryValue = (page: Page, label: string) =>
  page
    .locator('dt', { hasText: new RegExp(`^${label.replace(/[()]/g, '\\$&')}$`) })
    .locator('xpath=following-sibling::dd[1]');

async function search(page: Page, term: string) {
  await page.getByRole('searchbox', { name: 'Buscar productos' }).fill(term);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(term).replace(/%20/g, '\\+')}`));
}

test('a clinic buys supplies, follows the order, the supplier delivers it, and the clinic receives it into the item it has', async ({
  page,
  browser,
}) => {
  // The whole purchase, two accounts, four state changes and the receipt: long on a loaded machine.
  test.slow();
  await createClinicOwner(page.request, { clinica: 'Clínica Compras E2E', lugar: BOGOTA });
  // The clinic already keeps this resin in its inventory (its own code): a delivery must add to it.
  await ok(
    await page.request.post('/api/productos', {
      data: { nombre: 'Resina compuesta A2', categoria: 'insumo', codigo: 'RES-A2', stockActual: 3 },
    }),
    'own resin',
  );

  // The store: the supplier's products, a page at a time, searched on the server.
  await page.goto('/compras');
  await expect(page.getByRole('heading', { name: 'Tienda de Insumos Dentales', level: 1 })).toBeVisible();
  await expect(cartCount(page)).toHaveText('0');
  await expect(card(page, 'Adhesivo universal')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ has: page.getByRole('heading') })).toHaveCount(24);
  await page.getByRole('button', { name: 'Cargar más' }).click();
  await expect(page.getByRole('listitem').filter({ has: page.getByRole('heading') })).toHaveCount(48);
  await expectNoAxeViolations(page);

  await search(page, 'zzzz');
  await expect(page.getByText('No se encontraron productos')).toBeVisible();
  await expect(page.getByText('Intenta con otros términos de búsqueda')).toBeVisible();
  // Accent-free, over nombre and descripción.
  await search(page, 'lidocaina');
  await expect(card(page, 'Anestesia lidocaína 2% con epinefrina')).toBeVisible();
  await expect(page.getByText('1 producto', { exact: true })).toBeVisible();
  await search(page, 'contraangulo');
  // Stock exactly 0: 'Agregar' cannot be pressed.
  await expect(card(page, 'Contraángulo de baja velocidad').getByText('Stock: 0')).toBeVisible();
  await expect(card(page, 'Contraángulo de baja velocidad').getByRole('button', { name: /^Agregar/ })).toBeDisabled();
  await page.getByRole('searchbox', { name: 'Buscar productos' }).fill('');
  await page.getByRole('tab', { name: 'Productos' }).click();
  await expect(card(page, 'Lámpara de fotocurado LED')).toBeVisible();
  await expect(card(page, 'Guantes de nitrilo talla M')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Todos' }).click();

  // Guantes from the grid.
  await search(page, 'nitrilo talla M');
  const gloves = card(page, 'Guantes de nitrilo talla M');
  await expect(gloves).toContainText(pesos(24_900));
  await gloves.getByRole('button', { name: /^Agregar/ }).click();
  await expect(page.getByText('El producto se agregó al carrito exitosamente').first()).toBeVisible();
  await expect(cartCount(page)).toHaveText('1');

  // The product page, and the same product added twice: one line of 2.
  await search(page, 'Resina compuesta A2');
  await card(page, 'Resina compuesta A2').getByRole('link', { name: 'Ver detalles de Resina compuesta A2' }).click();
  await expect(page).toHaveURL(/\/compras\/producto\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Resina compuesta A2', level: 1 })).toBeVisible();
  await expect(page.getByText(`Vendido por ${SUPPLIER.nombre}`)).toBeVisible();
  await expect(page.getByText(pesos(89_000))).toBeVisible();
  const stockBefore = Number((await page.getByText(/^Stock: \d+$/).textContent())!.replace('Stock: ', ''));
  await expectNoAxeViolations(page);
  const add = page.getByRole('button', { name: 'Agregar Resina compuesta A2 al carrito' });
  await add.click();
  await expect(cartCount(page)).toHaveText('2');
  await expect(add).toBeEnabled();
  await add.click();
  await expect(cartCount(page)).toHaveText('3');

  // Mi Carrito: two lines, the server's totals.
  await page.getByRole('link', { name: /^Carrito/ }).click();
  await expect(page.getByRole('heading', { name: 'Mi Carrito', level: 1 })).toBeVisible();
  const resin = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Resina compuesta A2' }) });
  await expect(resin.getByRole('spinbutton', { name: 'Cantidad de Resina compuesta A2' })).toHaveValue('2');
  await expect(resin).toContainText(pesos(178_000));
  await expect(resin.getByRole('button', { name: 'Quitar una unidad de Resina compuesta A2' })).toBeEnabled();
  await expect(page.getByTestId('summary-count')).toHaveText('3 productos');
  // 202900 + IVA 38551 (19%) + envío 15000.
  await expect(summaryValue(page, 'Subtotal')).toHaveText(pesos(202_900));
  await expect(summaryValue(page, 'IVA (19%)')).toHaveText(pesos(38_551));
  await expect(summaryValue(page, 'Envío')).toHaveText(pesos(15_000));
  await expect(summaryValue(page, 'Total')).toHaveText(pesos(256_451));
  await expectNoAxeViolations(page);

  // Quantity 0 removes the line.
  const glovesQty = page.getByRole('spinbutton', { name: 'Cantidad de Guantes de nitrilo talla M' });
  await glovesQty.fill('0');
  await glovesQty.press('Enter');
  await expect(page.getByText('El producto se eliminó del carrito').first()).toBeVisible();
  await expect(glovesQty).toHaveCount(0);
  await expect(page.getByTestId('summary-count')).toHaveText('2 productos');
  await expect(summaryValue(page, 'Total')).toHaveText(pesos(178_000 + 33_820 + 15_000));

  // Checkout: what is missing is said, nothing is ordered; then the order.
  await page.getByRole('link', { name: 'Continuar con el pago' }).click();
  await expect(page.getByRole('heading', { name: 'Finalizar Compra', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Nombre completo')).toHaveValue('Lucía Fernández Ruiz');
  await expect(page.getByRole('radio', { name: 'Transferencia bancaria' })).toBeChecked();
  await page.getByRole('button', { name: 'Confirmar Pedido' }).click();
  await expect(page.getByText('La dirección completa es obligatoria')).toBeVisible();
  await expect(page.getByText('La ciudad es obligatoria')).toBeVisible();
  await expect(page.getByText('El departamento es obligatorio')).toBeVisible();
  await expect(page).toHaveURL(/\/compras\/checkout$/);
  await expectNoAxeViolations(page);
  await page.getByLabel('Dirección completa').fill('Calle 72 # 10-34, consultorio 201');
  await page.getByLabel('Ciudad').fill('Bogotá');
  await page.getByLabel('Departamento').fill('Cundinamarca');
  await page.getByRole('radio', { name: 'Pago contra entrega' }).check();
  await page.getByRole('button', { name: 'Confirmar Pedido' }).click();
  await expect(page.getByText('Pedido creado', { exact: true })).toBeVisible();
  await expect(page.getByText(/^Tu pedido PED-\d{4}-\d+ ha sido creado exitosamente$/)).toBeVisible();
  await expect(page).toHaveURL(/\/compras\/pedidos\/[0-9a-f-]{36}$/);
  const orderUrl = page.url();
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toContainText(/Pedido PED-\d{4}-\d+/);
  const numero = /PED-\d{4}-\d+/.exec((await heading.textContent())!)![0];
  await expect(heading).toContainText('Recibido');
  const timeline = page.getByRole('list', { name: 'Seguimiento del pedido' });
  await expect(timeline.getByRole('listitem').first()).toContainText(/Recibido\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  await expect(timeline.getByRole('listitem').nth(2)).toHaveText('EnviadoPendiente');
  await expect(page.getByText('Pago contra entrega')).toBeVisible();
  await expectNoAxeViolations(page);

  // Mis pedidos lists it; the cart is empty.
  await page.goto('/compras/pedidos');
  await expect(page.getByRole('row').filter({ hasText: numero })).toContainText('Recibido');
  await expect(page.getByRole('row').filter({ hasText: numero })).toContainText(pesos(226_820));
  await expect(cartCount(page)).toHaveText('0');

  // The supplier moves it along to entregado.
  const supplierContext = await browser.newContext();
  try {
    const supplier = await supplierContext.newPage();
    await ok(
      await supplier.request.post('/api/auth/sign-in/email', {
        data: { email: SUPPLIER.email, password: SUPPLIER.password },
      }),
      'supplier sign-in',
    );
    await supplier.goto('/dashboard');
    // Its dashboard is its sales to fulfil and its stock, not a clinic's agenda or first steps.
    const toFulfil = supplier.getByRole('region', { name: 'Pedidos por atender' });
    await expect(toFulfil.getByRole('link', { name: /^Recibido: [1-9]\d*$/ })).toHaveAttribute(
      'href',
      '/ventas?estado=recibido',
    );
    await expect(
      supplier.getByRole('region', { name: 'Stock bajo' }).getByRole('link', { name: 'Ver el catálogo' }),
    ).toBeVisible();
    await expect(supplier.getByRole('region', { name: 'Agenda del día' })).toHaveCount(0);
    await expect(supplier.getByRole('region', { name: 'Primeros pasos' })).toHaveCount(0);
    await expectNoAxeViolations(supplier);
    // A supplier's menu is what it does: its sales and catalogue, not the clinic's patients or the store.
    const supplierSidebar = supplier.locator('[data-slot="sidebar"]').first();
    await expect(supplierSidebar.getByRole('link', { name: 'Productos y Servicios' })).toBeVisible();
    for (const name of ['Pacientes', 'Agenda', 'Tienda', 'Mis pedidos']) {
      await expect(supplierSidebar.getByRole('link', { name })).toHaveCount(0);
    }
    await supplierSidebar.getByRole('link', { name: 'Ventas' }).click();
    await expect(supplier.getByRole('heading', { name: 'Ventas', level: 1 })).toBeVisible();
    await supplier.getByRole('link', { name: numero }).click();
    await expect(supplier.getByText('Clínica: Clínica Compras E2E')).toBeVisible();
    // Cancelling asks first; 'Volver' keeps the order as it is.
    await supplier.getByRole('button', { name: 'Cancelar pedido' }).click();
    await expect(supplier.getByRole('alertdialog', { name: `¿Cancelar el pedido ${numero}?` })).toBeVisible();
    await supplier.getByRole('button', { name: 'Volver' }).click();
    for (const [action, estado] of [
      ['Marcar en preparación', 'En preparación'],
      ['Marcar como enviado', 'Enviado'],
      ['Marcar como entregado', 'Entregado'],
    ] as const) {
      await supplier.getByRole('button', { name: action }).click();
      await expect(supplier.getByRole('heading', { level: 1 })).toContainText(estado);
    }
    await expect(supplier.getByRole('button', { name: /^Marcar|Cancelar pedido/ })).toHaveCount(0);
    await expectNoAxeViolations(supplier);
  } finally {
    await supplierContext.close();
  }

  // The buyer sees every step with its time, and receives the two units into its own resin.
  await page.goto(orderUrl);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Entregado');
  for (const [i, label] of ['Recibido', 'En preparación', 'Enviado', 'Entregado'].entries()) {
    await expect(timeline.getByRole('listitem').nth(i)).toContainText(
      new RegExp(`^${label}\\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}`),
    );
  }
  const receipt = page.getByRole('form', { name: 'Recibir en el inventario' });
  const into = receipt.getByRole('combobox', { name: /Recibir «Resina compuesta A2» en/ });
  // Proposed: the clinic's item of the same name (not a new one).
  await expect(into).toHaveText('Resina compuesta A2 (RES-A2) · mismo nombre');
  await into.click();
  await expect(page.getByRole('option', { name: 'Crear un ítem nuevo' })).toBeVisible();
  await page.getByRole('option', { name: 'Resina compuesta A2 (RES-A2) · mismo nombre' }).click();
  await expectNoAxeViolations(page);
  await receipt.getByRole('button', { name: 'Recibir en el inventario' }).click();
  await expect(page.getByText('Las unidades ya están en tu inventario').first()).toBeVisible();
  await expect(receipt).toHaveCount(0);
  await expect(page.getByText(/^Recibido en el inventario: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} · Lucía/)).toBeVisible();
  const catalogue = (await (
    await ok(await page.request.get('/api/productos', { params: { q: 'Resina compuesta A2' } }), 'catalogue')
  ).json()) as {
    items: { nombre: string; codigo: string | null; stockActual: number | null }[];
  };
  // One item, its own, with its 3 and the 2 received.
  expect(catalogue.items.map((i) => [i.nombre, i.codigo, i.stockActual])).toEqual([
    ['Resina compuesta A2', 'RES-A2', 5],
  ]);
  // The line leads to that item, which now says what it receives and from whom.
  await page.getByRole('link', { name: 'Resina compuesta A2' }).click();
  await expect(page).toHaveURL(/\/productos\/[0-9a-f-]{36}$/);
  await expect(
    page.getByText(`Recibe las entregas de la tienda: Resina compuesta A2 · ${SUPPLIER.nombre}`),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Compra recibida' })).toHaveAttribute('href', new URL(orderUrl).pathname);
  // And the supplier's stock went down by the two sold.
  await page.goto('/compras?q=Resina+compuesta+A2');
  await expect(card(page, 'Resina compuesta A2')).toContainText(`Stock: ${stockBefore - 2}`);
});

test('Ventas is only for supplier clinics; a cart can be emptied; an empty checkout goes back to the store', async ({
  page,
}) => {
  await createClinicOwner(page.request, { lugar: BOGOTA });
  await page.goto('/dashboard');
  const sidebar = page.locator('[data-slot="sidebar"]').first();
  await expect(sidebar.getByRole('link', { name: 'Tienda' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Mis pedidos' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Ventas' })).toHaveCount(0);
  // A clinic has no Ventas: the page does not exist for it, as any unknown path.
  await page.goto('/ventas');
  await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
  // Emptied after asking: 'Tu carrito está vacío' with a way back.
  await page.goto('/compras?q=gasas');
  await card(page, 'Gasas estériles 7.5 x 7.5')
    .getByRole('button', { name: /^Agregar/ })
    .click();
  await expect(cartCount(page)).toHaveText('1');
  await page.goto('/compras/carrito');
  await page.getByRole('button', { name: 'Vaciar carrito' }).click();
  await page
    .getByRole('alertdialog', { name: '¿Vaciar el carrito?' })
    .getByRole('button', { name: 'Vaciar carrito' })
    .click();
  await expect(page.getByText('Tu carrito está vacío')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ir a la tienda' })).toHaveAttribute('href', '/compras');
  // An empty cart at checkout says so; submitting goes to the store.
  await page.goto('/compras/checkout');
  await expect(page.getByText('No hay productos en el carrito')).toBeVisible();
  await page.getByRole('button', { name: 'Confirmar Pedido' }).click();
  await expect(page).toHaveURL(/\/compras$/);
});

test("the demo clinic's past orders: one delivered, one on its way", async ({ page }) => {
  await ok(
    await page.request.post('/api/auth/sign-in/email', { data: { email: 'demo@odontia.local', password: 'demo1234' } }),
    'demo sign-in',
  );
  await page.goto('/compras/pedidos');
  await expect(page.getByRole('heading', { name: 'Mis pedidos', level: 1 })).toBeVisible();
  const rows = page.getByRole('row').filter({ hasText: SUPPLIER.nombre });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Entregado' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Enviado' })).toHaveCount(1);
  await rows.filter({ hasText: 'Entregado' }).getByRole('link').click();
  await expect(page.getByRole('list', { name: 'Seguimiento del pedido' }).getByRole('listitem')).toHaveCount(4);
  // Received into the clinic's own items: the tapabocas into its 'Mascarillas quirúrgicas'.
  await expect(page.getByText(/^Recibido en el inventario: /)).toBeVisible();
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: 'Tapabocas desechables' })
      .getByRole('link', { name: 'Mascarillas quirúrgicas' }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the demo clinic in Madrid counts in euros with Spain’s taxes, and its store says no supplier sells in euros yet', async ({
  page,
}) => {
  await ok(
    await page.request.post('/api/auth/sign-in/email', {
      data: { email: 'madrid@odontia.local', password: 'demo1234' },
    }),
    'sign-in',
  );
  await page.goto('/productos?q=blanqueamiento');
  const row = page
    .getByRole('table', { name: 'Inventario' })
    .getByRole('row')
    .filter({ hasText: 'Blanqueamiento en clínica' });
  await expect(row).toContainText('250,00\u00a0€');
  await row.getByRole('link', { name: 'Blanqueamiento en clínica' }).click();
  await expect(page.getByRole('combobox', { name: 'Impuesto' })).toHaveText('IVA general 21 %');
  await expect(page.getByRole('switch', { name: 'Tratamiento estético' })).toBeChecked();
  await expect(page.getByLabel('Precio de venta')).toHaveValue('250,00');

  await page.goto('/compras');
  await expect(page.getByText('Aún no hay proveedores que vendan en tu moneda')).toBeVisible();
  await expect(page.getByText(/Cuando haya proveedores que vendan en euros/)).toBeVisible();
  await expectNoAxeViolations(page);
});
