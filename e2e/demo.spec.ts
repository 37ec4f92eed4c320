import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';

// The e2e server starts on a fresh DATA_DIR with SEED_DEMO=true (playwright.config.ts).
test('signs in as the demo owner from the hint on /auth and sees the demo clinic with its patients', async ({
  page,
}) => {
  await page.goto('/auth');
  const hint = page.getByRole('note', { name: 'Clínica de demostración' });
  await expect(hint).toContainText('demo@odontia.local');
  await expect(hint).toContainText('demo1234');
  await expectNoAxeViolations(page);

  await hint.getByRole('button', { name: 'Usar la cuenta de demostración' }).click();
  await expect(page.getByLabel('Correo electrónico')).toHaveValue('demo@odontia.local');
  await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeFocused();
  await page.keyboard.press('Enter');

  // Onboarding is complete: straight to the dashboard of the demo clinic.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: '¡Bienvenido, Laura!', level: 1 })).toBeVisible();
  await expect(page.getByText('Este es el resumen de Clínica Dental Sonrisas (demo).')).toBeVisible();

  await page.getByRole('link', { name: 'Pacientes', exact: true }).first().click();
  await expect(page).toHaveURL(/\/pacientes$/);
  await expect(page.getByText('Mostrando 1 - 10 de 200')).toBeVisible();
  const rows = page.getByRole('row').filter({ has: page.getByRole('link', { name: /^(Editar|Ver) a / }) });
  await expect(rows).toHaveCount(10);
  // The generated photos are served and decoded (Radix shows the image only once it has loaded).
  const photo = page.getByRole('img', { name: /^Foto de / }).first();
  await expect(photo).toBeVisible();
  expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // Realistic Spanish names, found without accents.
  await page.getByLabel('Buscar por nombre, apellidos, email o teléfono').fill('garcia');
  await expect(page.getByText(/^Mostrando 1 - \d+ de \d+$/)).toBeVisible();
  await expect(rows.first()).toContainText('García');
});
