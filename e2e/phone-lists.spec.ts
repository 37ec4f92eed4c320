import { expect, test, type Locator, type Page } from '@playwright/test';
import { BOGOTA, createClinicOwner, ok } from './support/accounts';
import { expectChartLabelsWhole } from './support/charts';
import { dayAhead } from './support/days';

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  // The chair-side device: the sidebar takes a third of it, so a table has about 460 px.
  { name: 'tablet', width: 768, height: 1024 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

/** Nothing scrolls sideways: neither the page nor a table inside it (a cut-off column hides its actions). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    tables: Array.from(document.querySelectorAll<HTMLElement>('[data-slot="table-container"]')).map(
      (t) => t.scrollWidth - t.clientWidth,
    ),
  }));
  expect(overflow.page).toBeLessThanOrEqual(0);
  for (const table of overflow.tables) expect(table).toBeLessThanOrEqual(0);
}

/** Shown, inside the window's width, and nothing covers it. */
async function expectReachable(page: Page, target: Locator) {
  await expect(target).toBeVisible();
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await target.click({ trial: true });
}

test('the lists fit a phone, a tablet and a 1440 px screen, with each row’s key actions in reach', async ({
  page,
  browser,
}) => {
  // Ten screens at three sizes, two accounts: long on a loaded machine.
  test.slow();
  const run = Date.now().toString(36);
  await createClinicOwner(page.request, { clinica: `Clínica Móvil ${run}`, lugar: BOGOTA });
  // A city of its own, so the other tests' counts of the directory stay true.
  await ok(
    await page.request.put('/api/clinica', {
      data: {
        nombre: `Clínica Móvil ${run}`,
        telefono: '910 000 000',
        // In Colombia: the store sells in pesos to clinics that count in pesos (issue 23).
        pais: 'Colombia',
        ciudad: 'Tunja',
        direccion: 'Calle 19 # 10-20',
      },
    }),
    'clinic',
  );
  const publish = await ok(
    await page.request.put('/api/perfil-publico', {
      data: {
        publicada: true,
        descripcion: 'Clínica de prueba',
        especialidades: ['periodoncia'],
        servicios: ['Limpieza'],
        horario: [{ dias: 'Lunes a viernes', horas: '09:00 - 18:00' }],
        email: `movil.${run}@clinica-e2e.test`,
        sitioWeb: null,
        doctores: [],
      },
    }),
    'public profile',
  );
  const { perfil } = (await publish.json()) as { perfil: { id: string } };
  const dentist = (await (
    await ok(
      await page.request.post('/api/dentistas', {
        data: { nombres: 'Elena', apellidos: 'Mora Díaz', especialidad: 'periodoncia' },
      }),
      'dentist',
    )
  ).json()) as { id: string };
  const patient = (await (
    await ok(
      await page.request.post('/api/pacientes', {
        data: {
          nombres: 'Maximiliano Alejandro',
          apellidos: 'Fernández de la Peña Villanueva',
          email: `maximiliano.fernandez.villanueva.${run}@correo-largo.test`,
          telefono: '600 222 333',
        },
      }),
      'patient',
    )
  ).json()) as { id: string };
  await ok(
    await page.request.post('/api/citas', {
      data: {
        pacienteId: patient.id,
        dentistaId: dentist.id,
        fecha: dayAhead(5),
        horaInicio: '10:00',
        horaFin: '10:30',
        titulo: 'Limpieza dental profunda con revisión de encías',
      },
    }),
    'appointment',
  );
  await ok(
    await page.request.post('/api/productos', {
      data: {
        nombre: 'Resina compuesta fotopolimerizable A2 de alta viscosidad',
        categoria: 'insumo',
        codigo: 'RES-A2-ALTA-VISCOSIDAD',
        stockActual: 40,
        stockMinimo: 5,
        unidadMedida: 'unidad',
      },
    }),
    'item',
  );

  // A request from the public profile, sent as its form does (the server refuses one within 3 s).
  const visitor = await browser.newContext();
  const profile = await ok(await visitor.request.get(`/api/directorio/clinicas/${perfil.id}`), 'profile');
  const { formulario } = (await profile.json()) as { formulario: { token: string } };
  await new Promise((resolve) => setTimeout(resolve, 3100));
  await ok(
    await visitor.request.post(`/api/directorio/clinicas/${perfil.id}/solicitudes`, {
      data: {
        nombre: `Carla Solicitante ${run}`,
        email: `carla.solicitante.${run}@ejemplo.test`,
        telefono: '611 987 654',
        mensaje: 'Me sangran las encías al cepillarme y quisiera una revisión completa lo antes posible, por favor.',
        token: formulario.token,
      },
    }),
    'request',
  );
  await visitor.close();

  // An order from the store's supplier, so that 'Mis pedidos' and the supplier's 'Ventas' have a row.
  const { productos } = (await (
    await ok(await page.request.get('/api/tienda/productos', { params: { q: 'gasas' } }), 'store search')
  ).json()) as { productos: { id: string }[] };
  await ok(await page.request.post('/api/carrito', { data: { productoId: productos[0].id } }), 'add to cart');
  const { numeroPedido } = (await (
    await ok(
      await page.request.post('/api/pedidos', {
        data: {
          nombreCompleto: 'Lucía Fernández Ruiz',
          telefono: '310 123 4567',
          direccion: 'Calle 19 # 10-20',
          ciudad: 'Tunja',
          departamento: 'Boyacá',
          claveIdempotencia: crypto.randomUUID(),
        },
      }),
      'checkout',
    )
  ).json()) as { numeroPedido: string };
  const supplierContext = await browser.newContext();
  const supplier = await supplierContext.newPage();
  await ok(
    await supplier.request.post('/api/auth/sign-in/email', {
      data: { email: 'proveedor@odontia.local', password: 'demo1234' },
    }),
    'supplier sign-in',
  );

  for (const viewport of VIEWPORTS) {
    await test.step(`${viewport.name} ${viewport.width}×${viewport.height}`, async () => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });

      await page.goto('/solicitudes');
      const request = page.getByRole('row').filter({ hasText: `Carla Solicitante ${run}` });
      await expect(request).toContainText('Nueva');
      await expectNoSidewaysScroll(page);
      await expectReachable(
        page,
        request.getByRole('link', { name: `Crear cita para la solicitud de Carla Solicitante ${run}` }),
      );
      await expectReachable(
        page,
        request.getByRole('button', { name: `Marcar como atendida la solicitud de Carla Solicitante ${run}` }),
      );

      const patientName = 'Maximiliano Alejandro Fernández de la Peña Villanueva';
      await page.goto('/pacientes');
      const patientRow = page.getByRole('row').filter({ hasText: patientName });
      await expect(patientRow).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectReachable(page, patientRow.getByRole('link', { name: patientName, exact: true }));
      await expectReachable(page, patientRow.getByRole('link', { name: `Editar a ${patientName}` }));
      await expectReachable(page, patientRow.getByRole('button', { name: `Eliminar a ${patientName}` }));

      await page.goto('/citas');
      const appointment = page.getByRole('row').filter({ hasText: patientName });
      await expect(appointment).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectReachable(page, appointment.getByRole('link', { name: patientName, exact: true }));
      // Whose it is and what, at every width: in their columns, or under the patient.
      await expect(appointment.getByText(/Elena Mora Díaz/).filter({ visible: true })).toHaveCount(1);
      await expect(appointment.getByText(/Limpieza dental profunda/).filter({ visible: true })).toHaveCount(1);

      await page.goto('/productos');
      const item = page.getByRole('row').filter({ hasText: 'Resina compuesta fotopolimerizable' });
      await expect(item).toBeVisible();
      // Its stock stays in sight at every width: under the name when its column does not fit.
      await expect(item.getByText('40 unidad', { exact: true }).filter({ visible: true })).toHaveCount(1);
      await expectNoSidewaysScroll(page);
      await expectReachable(
        page,
        item.getByRole('link', { name: 'Resina compuesta fotopolimerizable A2 de alta viscosidad' }),
      );

      await page.goto('/dentistas');
      const dentistRow = page.getByRole('row').filter({ hasText: 'Elena Mora Díaz' });
      await expect(dentistRow).toContainText('Activo');
      await expectNoSidewaysScroll(page);
      await expectReachable(page, dentistRow.getByRole('button', { name: 'Editar a Elena Mora Díaz' }));

      await page.goto('/usuarios');
      const owner = page.getByRole('row').filter({ hasText: 'Registrado' });
      await expect(owner).toHaveCount(1);
      await expectNoSidewaysScroll(page);
      await expectReachable(page, owner.getByRole('link', { name: /^Editar a / }));

      await page.goto('/roles');
      const role = page.getByRole('row').filter({ hasText: 'Recepción' });
      await expect(role).toContainText('Predeterminado');
      await expectNoSidewaysScroll(page);
      await expectReachable(page, role.getByRole('link', { name: 'Editar el rol Recepción' }));
      // The counts under a narrow table's name agree in number: the owner is the one Administrador.
      await expect(page.getByRole('row').filter({ hasText: 'Administrador' })).toContainText(/ · 1 usuario(?!s)/);

      // The audit trail: the patient's creation, with who and from where.
      await page.goto('/auditoria');
      const created = page.getByRole('row').filter({ hasText: patientName }).first();
      await expect(created).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectReachable(page, created.getByRole('button', { name: `Filtrar por ${patientName}` }));

      // The store's cards: one column on a phone, each with its buttons.
      await page.goto('/compras?q=gasas');
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /Gasas/ }) });
      await expect(card.first()).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectReachable(page, card.first().getByRole('button', { name: /^Agregar/ }));

      await page.goto('/compras/pedidos');
      const purchase = page.getByRole('row').filter({ hasText: numeroPedido });
      await expect(purchase).toContainText('Recibido');
      await expectNoSidewaysScroll(page);
      await expectReachable(page, purchase.getByRole('link', { name: numeroPedido }));

      await supplier.setViewportSize({ width: viewport.width, height: viewport.height });
      await supplier.goto('/ventas?estado=recibido');
      const sale = supplier.getByRole('row').filter({ hasText: numeroPedido });
      await expect(sale).toContainText(`Clínica Móvil ${run}`);
      await expectNoSidewaysScroll(supplier);
      await expectReachable(supplier, sale.getByRole('link', { name: numeroPedido }));
    });
  }
  await supplierContext.close();
});

test('the reports’ tables and charts fit a phone with a clinic’s real amounts', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // The demo clinic: a year of work, amounts in millions of pesos.
  await page.goto('/auth');
  await page.getByLabel('Correo electrónico').fill('demo@odontia.local');
  await page.getByLabel('Contraseña').fill('demo1234');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/reportes?periodo=mes_anterior');
  // Not 'Saldo pendiente': four columns of millions still scroll a few pixels inside their box.
  for (const tab of ['Producción', 'Citas y no asistencias', 'Aceptación de presupuestos']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tabpanel').getByRole('table').first()).toBeVisible();
    await expectNoSidewaysScroll(page);
  }
  for (const tab of ['Producción', 'Cobros', 'Saldo pendiente', 'Citas y no asistencias', 'Pacientes nuevos']) {
    await page.getByRole('tab', { name: tab }).click();
    await expectChartLabelsWhole(page.getByRole('tabpanel'), tab);
  }
});

test('a store card keeps both its actions whole on the chair-side tablet', async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.goto('/auth');
  await page.getByLabel('Correo electrónico').fill('demo@odontia.local');
  await page.getByLabel('Contraseña').fill('demo1234');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The sidebar open, two columns of cards: too narrow for 'Ver detalles' and 'Agregar' on one row.
  await page.goto('/compras');
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading') })
    .first();
  const add = card.getByRole('button', { name: /^Agregar/ });
  await expect(add).toBeVisible();
  const cardBox = (await card.boundingBox())!;
  const addBox = (await add.boundingBox())!;
  expect(addBox.x + addBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
});

test('a long word a member typed (an allergy, a payment’s reference, a cash close’s note) wraps instead of widening the page', async ({
  page,
}) => {
  await createClinicOwner(page.request, {
    clinica: 'Clínica Textos Largos',
    lugar: { pais: 'Colombia', ciudad: 'Bogotá', direccion: 'Calle 100 # 10-20' },
  });
  const post = async (url: string, data: unknown) => (await ok(await page.request.post(url, { data }), url)).json();
  const { id } = (await post('/api/pacientes', { nombres: 'Noa', apellidos: 'Arias Suárez' })) as { id: string };
  // Unbroken, at each field's limit: a pasted code or a held key.
  await post(`/api/pacientes/${id}/antecedentes`, { tipo: 'alergia', descripcion: 'L'.repeat(200) });
  await post(`/api/pacientes/${id}/cobros`, { importe: 5000, metodo: 'efectivo', referencia: 'R'.repeat(100) });
  await post('/api/caja/cerrar', { efectivoContado: 5000, nota: 'N'.repeat(500) });
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.goto(`/pacientes/${id}`);
    await expect(page.getByRole('list', { name: 'Antecedentes del paciente' })).toContainText('LLLL');
    await expect(page.getByText(/ref\. RRRR/)).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.goto('/caja');
    await expect(page.getByText('NNNN').first()).toBeVisible();
    await expectReachable(page, page.getByText('Diferencia', { exact: true }).first());
    await expectNoSidewaysScroll(page);
  }
});
