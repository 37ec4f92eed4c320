import { expect, test, type Page } from '@playwright/test';
import { createClinicOwner, ok } from './support/accounts';
import { sidebar } from './support/shell';
import { expectNoAxeViolations } from './support/axe';
import { dayAhead } from './support/days';
import { openPublicPage } from './support/public-page';

/** The clinic's day (Europe/Madrid, the default zone) `days` from now, as YYYY-MM-DD. */
const ddMMyyyy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

async function pickPatient(page: Page, name: string) {
  const picker = page.getByRole('combobox', { name: 'Paciente', exact: true });
  await picker.fill(name.split(' ')[0]!);
  await page.getByRole('option', { name: new RegExp(name) }).click();
}

test('books an appointment, lists it, finds it in Mes/Semana/Día, and refuses a double booking without losing the input', async ({
  page,
}) => {
  // One journey through every agenda screen: past the default on a loaded machine.
  test.slow();
  await createClinicOwner(page.request);
  const dentist = (await (
    await ok(
      await page.request.post('/api/dentistas', {
        data: { nombres: 'Marta', apellidos: 'Gil Soto', especialidad: 'ortodoncia' },
      }),
      'dentist',
    )
  ).json()) as { id: string };
  await ok(
    await page.request.post('/api/pacientes', {
      data: { nombres: 'Íñigo', apellidos: 'Arrieta Sanz', telefono: '600 222 333' },
    }),
    'patient',
  );
  await ok(
    await page.request.post('/api/pacientes', { data: { nombres: 'Rosa', apellidos: 'Vidal Pons' } }),
    'patient',
  );
  const fecha = dayAhead(7);

  await page.goto('/citas');
  await expect(page.getByRole('heading', { name: 'Agenda de Citas', level: 1 })).toBeVisible();
  await expect(page.getByText('No hay citas programadas', { exact: true })).toBeVisible();
  await expect(page.getByText('0 citas encontradas')).toBeVisible();

  await page.getByRole('link', { name: 'Nueva Cita' }).click();
  await expect(page).toHaveURL(/\/citas\/nueva$/);
  // Missing fields create nothing and say what is missing.
  await page.getByRole('button', { name: 'Crear Cita' }).click();
  await expect(page.getByText('Selecciona un paciente')).toBeVisible();
  await expect(page.getByText('Selecciona un dentista')).toBeVisible();
  await expect(page.getByText('El tratamiento o motivo es obligatorio')).toBeVisible();

  await pickPatient(page, 'Íñigo Arrieta Sanz');
  await page.getByRole('combobox', { name: 'Dentista', exact: true }).click();
  await page.getByRole('option', { name: 'Marta Gil Soto' }).click();
  await page.getByLabel('Fecha').fill(fecha);
  await page.getByLabel('Hora de inicio').fill('10:00');
  await page.getByLabel('Hora de fin').fill('09:30');
  await page.getByLabel('Tratamiento').fill('Revisión de brackets');
  await page.getByRole('button', { name: 'Crear Cita' }).click();
  await expect(page.getByText('La hora de fin debe ser posterior a la hora de inicio')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Hora de fin').fill('10:30');
  await page.getByRole('button', { name: 'Crear Cita' }).click();

  await expect(page.getByText('Cita creada')).toBeVisible();
  await expect(page).toHaveURL(/\/citas$/);
  await expect(page.getByText('1 cita encontrada')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Íñigo Arrieta Sanz' });
  await expect(row).toContainText('600 222 333');
  await expect(row).toContainText(ddMMyyyy(fecha));
  await expect(row).toContainText('10:00');
  await expect(row).toContainText('Marta Gil Soto');
  await expect(row).toContainText('Revisión de brackets');
  await expect(row).toContainText('Pendiente');
  await expectNoAxeViolations(page);
  // The search narrows the list; a term with no match says so.
  await page.getByRole('searchbox', { name: 'Buscar cita' }).fill('zzz');
  await expect(page.getByText('No se encontraron citas que coincidan con la búsqueda')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Buscar cita' }).fill('inigo');
  await expect(row).toBeVisible();

  // The calendar: the month of that day, then its day view, then its week.
  await page.goto(`/citas?vista=calendario&fecha=${fecha}`);
  const grid = page.getByRole('grid');
  // A clinic in Spain: weeks from Monday (DESIGN §1; Colombia's start on Sunday, clinic-country.spec.ts).
  await expect(grid.getByRole('columnheader').first()).toHaveText('Lun');
  await expect(grid.getByRole('link', { name: /Íñigo Arrieta Sanz/ })).toBeVisible();
  await expectNoAxeViolations(page);
  // The booked day's own button ('Ver el día miércoles, 2 de diciembre de 2026, 1 cita'): a bare '2 de'
  // also matches the 12th, the 22nd and the 2nd of the next month shown in the grid.
  await grid
    .getByRole('button', { name: new RegExp(`^Ver el día [^,]+, ${Number(fecha.slice(8))} de [^,]+, 1 cita$`) })
    .click();
  await expect(page.getByRole('button', { name: 'Día', exact: true })).toHaveAttribute('aria-pressed', 'true');
  // Previous/next step one day in the day view.
  await expect(page.getByRole('button', { name: 'Día anterior' })).toBeEnabled();
  await expect(page.getByRole('link', { name: /10:00 – 10:30.*Íñigo Arrieta Sanz/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Nueva cita este día' })).toHaveAttribute(
    'href',
    `/citas/nueva?fecha=${fecha}`,
  );
  // The chair view: a column for the dentist, the free time around the appointment within the
  // default hours (08:00-20:00: the clinic's horario names none), and a free slot opens the form prefilled.
  const chair = page.getByRole('region', { name: 'Citas de Marta Gil Soto' });
  await expect(chair.getByText('120 min libre')).toBeVisible();
  await expect(chair.getByText('570 min libre')).toBeVisible();
  await expect(chair.getByRole('link', { name: 'Nueva cita con Marta Gil Soto a las 10:00' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await chair.getByRole('link', { name: 'Nueva cita con Marta Gil Soto a las 11:00' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/citas/nueva?fecha=${fecha}&hora=11:00&dentista=${dentist.id}`);
  await expect(page.getByLabel('Fecha')).toHaveValue(fecha);
  await expect(page.getByLabel('Hora de inicio')).toHaveValue('11:00');
  await expect(page.getByLabel('Hora de fin')).toHaveValue('11:30');
  await expect(page.getByRole('combobox', { name: 'Dentista', exact: true })).toHaveText(/Marta Gil Soto/);
  await page.goBack();
  await page.getByRole('button', { name: 'Semana', exact: true }).click();
  await expect(
    page.getByRole('link', { name: /10:00 – 10:30.*Íñigo Arrieta Sanz.*Revisión de brackets/ }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Semana siguiente' }).click();
  await expect(page.getByRole('link', { name: /Íñigo Arrieta Sanz/ })).toHaveCount(0);

  // The dashboard's 'Agenda del día': nothing today; a week ahead ('Próxima semana') shows it with its length.
  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: 'Agenda del día' });
  await expect(card.getByText('No hay citas programadas para hoy')).toBeVisible();
  await expect(card.getByText('Esta semana')).toBeVisible();
  await card.getByRole('button', { name: 'Semana siguiente' }).click();
  await expect(card.getByText('Próxima semana')).toBeVisible();
  await expect(
    card.getByRole('link', { name: /10:00.*Íñigo Arrieta Sanz.*Revisión de brackets · 30 min/ }),
  ).toBeVisible();
  await card.getByRole('button', { name: 'Semana siguiente' }).click();
  await expect(card.getByText('Semana +2')).toBeVisible();
  await card.getByRole('link', { name: 'Ver todas las citas' }).click();
  await expect(page).toHaveURL(/\/citas$/);

  // A second booking of the same dentist overlapping it is refused, and the form keeps what was typed.
  await page.goto(`/citas/nueva?fecha=${fecha}&dentista=${dentist.id}`);
  await expect(page.getByLabel('Fecha')).toHaveValue(fecha);
  await expect(page.getByRole('combobox', { name: 'Dentista', exact: true })).toHaveText(/Marta Gil Soto/);
  await pickPatient(page, 'Rosa Vidal Pons');
  await page.getByLabel('Hora de inicio').fill('10:15');
  await page.getByLabel('Hora de fin').fill('11:00');
  await page.getByLabel('Tratamiento').fill('Limpieza');
  await page.getByRole('button', { name: 'Crear Cita' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'El dentista ya tiene una cita en ese horario' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/citas\/nueva/);
  await expect(page.getByLabel('Tratamiento')).toHaveValue('Limpieza');
  await expect(page.getByLabel('Hora de inicio')).toHaveValue('10:15');
  await expectNoAxeViolations(page);
  // Touching edges are allowed: from 10:30 it books. The refusal was about 10:15, so it goes as the time changes.
  await page.getByLabel('Hora de inicio').fill('10:30');
  await expect(page.getByRole('alert').filter({ hasText: 'El dentista ya tiene una cita en ese horario' })).toHaveCount(
    0,
  );
  await page.getByRole('button', { name: 'Crear Cita' }).click();
  await expect(page.getByText('Cita creada')).toBeVisible();
  await expect(page.getByText('2 citas encontradas')).toBeVisible();

  // Edit: estado, then delete after '¿Estás seguro?'.
  await page.getByRole('link', { name: 'Rosa Vidal Pons' }).click();
  await expect(page.getByRole('heading', { name: 'Editar Cita' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Estado', exact: true }).click();
  await page.getByRole('option', { name: 'Confirmada', exact: true }).click();
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Cita actualizada')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Rosa Vidal Pons' })).toContainText('Confirmada');
  await page.getByRole('link', { name: 'Rosa Vidal Pons' }).click();
  await page.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByRole('alertdialog', { name: '¿Estás seguro?' })).toBeVisible();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Cita eliminada')).toBeVisible();
  await expect(page.getByText('1 cita encontrada')).toBeVisible();

  await page.goto('/citas/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Cita no encontrada' })).toBeVisible();
});

test('manages the dentists: create with a palette colour, edit, deactivate (no longer offered for new appointments)', async ({
  page,
}) => {
  await createClinicOwner(page.request);
  await page.goto('/dashboard');
  await sidebar(page).getByRole('link', { name: 'Dentistas' }).click();
  await expect(page.getByRole('heading', { name: 'Dentistas', level: 1 })).toBeVisible();
  await expect(page.getByText('No hay dentistas registrados')).toBeVisible();

  await page.getByRole('button', { name: 'Nuevo Dentista' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo Dentista' });
  await dialog.getByRole('button', { name: 'Crear Dentista' }).click();
  await expect(dialog.getByText('El nombre es obligatorio')).toBeVisible();
  await dialog.getByLabel('Nombres').fill('Pablo');
  await dialog.getByLabel('Apellidos').fill('Ortega Ruiz');
  await dialog.getByRole('combobox', { name: 'Especialidad' }).click();
  await page.getByRole('option', { name: 'Endodoncia' }).click();
  await expect(dialog.getByRole('radio', { name: 'Azul' })).toHaveAttribute('aria-checked', 'true');
  await dialog.getByRole('radio', { name: 'Verde' }).click();
  // The optional link to a team member with rol dentista: none yet in this clinic.
  await expect(dialog.getByRole('combobox', { name: 'Usuario del equipo' })).toHaveText('Sin vincular');
  await dialog.getByRole('combobox', { name: 'Usuario del equipo' }).click();
  await expect(page.getByRole('option')).toHaveText(['Sin vincular']);
  await page.keyboard.press('Escape');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Crear Dentista' }).click();
  await expect(page.getByText('Dentista creado')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Pablo Ortega Ruiz' });
  await expect(row).toContainText('Endodoncia');
  await expect(row).toContainText('Activo');

  await page.getByRole('button', { name: 'Editar a Pablo Ortega Ruiz' }).click();
  await page.getByRole('dialog', { name: 'Editar Dentista' }).getByLabel('Apellidos').fill('Ortega Sanz');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Dentista actualizado')).toBeVisible();

  await page.getByRole('button', { name: 'Desactivar a Pablo Ortega Sanz' }).click();
  await page.getByRole('alertdialog', { name: '¿Estás seguro?' }).getByRole('button', { name: 'Desactivar' }).click();
  await expect(page.getByText('Dentista desactivado')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Pablo Ortega Sanz' })).toContainText('Inactivo');

  await page.goto('/citas/nueva');
  await page.getByRole('combobox', { name: 'Dentista', exact: true }).click();
  await expect(page.getByRole('option', { name: 'Pablo Ortega Sanz' })).toHaveCount(0);
});

test('a request sent from the public profile becomes an appointment, with its patient created, and shows as atendida', async ({
  page,
  browser,
}) => {
  test.slow();
  await createClinicOwner(page.request, { clinica: 'Clínica Agenda Solicitudes E2E' });
  // A city of its own, so the other tests' counts of the demo clinics stay true.
  await ok(
    await page.request.put('/api/clinica', {
      data: {
        nombre: 'Clínica Agenda Solicitudes E2E',
        telefono: '910 000 000',
        pais: 'España',
        ciudad: 'Cuenca',
        direccion: 'Calle Mayor 2',
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
        email: `agenda.${Date.now().toString(36)}@clinica-e2e.test`,
        sitioWeb: null,
      },
    }),
    'public profile',
  );
  const { perfil } = (await publish.json()) as { perfil: { id: string } };
  await ok(
    await page.request.post('/api/dentistas', {
      data: { nombres: 'Elena', apellidos: 'Mora Díaz', especialidad: 'periodoncia' },
    }),
    'dentist',
  );

  const apellido = `Solicitante${Date.now().toString(36)}`;
  const visitor = await (await browser.newContext()).newPage();
  await openPublicPage(visitor, `/clinicas/${perfil.id}`);
  await visitor.getByRole('tab', { name: 'Contacto' }).click();
  await visitor.getByRole('textbox', { name: 'Nombre' }).fill(`Carla ${apellido}`);
  await visitor.getByRole('textbox', { name: 'Email' }).fill(`${apellido.toLowerCase()}@ejemplo.test`);
  await visitor.getByRole('textbox', { name: 'Teléfono' }).fill('611 987 654');
  await visitor.getByRole('textbox', { name: 'Mensaje' }).fill('Me sangran las encías.');
  // The server refuses a form sent within 3 s of being shown.
  await visitor.waitForTimeout(3000);
  await visitor.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(visitor.getByRole('status').filter({ hasText: 'Solicitud enviada' })).toBeVisible();
  await visitor.context().close();

  await page.goto('/solicitudes');
  const row = page.getByRole('row').filter({ hasText: apellido });
  await expect(row).toContainText('Nueva');
  await row.getByRole('link', { name: `Crear cita para la solicitud de Carla ${apellido}` }).click();
  await expect(page).toHaveURL(/\/citas\/nueva\?solicitud=/);
  const summary = page.getByRole('region', { name: 'Solicitud de cita' });
  await expect(summary).toContainText('Me sangran las encías.');
  await expect(summary).toContainText(`al guardar se registrará a Carla ${apellido} como paciente nuevo`);
  await expect(page.getByLabel('Notas')).toHaveValue('Me sangran las encías.');
  await expectNoAxeViolations(page);

  const fecha = dayAhead(9);
  await page.getByRole('combobox', { name: 'Dentista', exact: true }).click();
  await page.getByRole('option', { name: 'Elena Mora Díaz' }).click();
  await page.getByLabel('Fecha').fill(fecha);
  await page.getByLabel('Hora de inicio').fill('10:00');
  await page.getByLabel('Hora de fin').fill('10:30');
  await page.getByLabel('Tratamiento').fill('Periodoncia');
  await page.getByRole('button', { name: 'Crear Cita' }).click();
  await expect(page.getByText('Cita creada')).toBeVisible();
  await expect(page).toHaveURL(/\/solicitudes$/);
  await expect(row).toContainText('Atendida');
  await expect(row.getByRole('link', { name: /Crear cita/ })).toHaveCount(0);

  // The appointment is in the agenda with the new patient; the Día grid spans the clinic's horario (09:00-18:00).
  await page.goto(`/citas?vista=calendario&modo=dia&fecha=${fecha}`);
  const chair = page.getByRole('region', { name: 'Citas de Elena Mora Díaz' });
  await expect(
    chair.getByRole('link', { name: new RegExp(`10:00 – 10:30, Carla ${apellido}, Periodoncia`) }),
  ).toBeVisible();
  await expect(chair.getByText('60 min libre')).toBeVisible();
  await expect(chair.getByText('450 min libre')).toBeVisible();
  await page.goto(`/pacientes?q=${apellido}`);
  await expect(page.getByRole('row').filter({ hasText: `Carla ${apellido}` })).toContainText('611 987 654');
});
