import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { createClinicOwner, ok } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { signWithMouse } from './support/signature';

test('signs a consent with the mouse on both pads, lists it and downloads its PDF with the listed SHA-256', async ({
  page,
}) => {
  test.slow();
  await createClinicOwner(page.request);
  const patient = (await (
    await ok(
      await page.request.post('/api/pacientes', {
        data: { nombres: 'Íñigo', apellidos: 'Arrieta Sanz', fechaNacimiento: '1985-03-14' },
      }),
      'patient',
    )
  ).json()) as { id: string };

  await page.goto(`/pacientes/${patient.id}`);
  const section = page.getByRole('heading', { name: 'Consentimientos', level: 2 });
  await expect(section).toBeVisible();
  await expect(page.getByText('Sin consentimientos firmados')).toBeVisible();
  await page.getByRole('link', { name: 'Nuevo consentimiento' }).click();
  await expect(page).toHaveURL(new RegExp(`/pacientes/${patient.id}/consentimientos/nuevo$`));
  await expect(page.getByRole('heading', { name: 'Nuevo consentimiento', level: 1 })).toBeVisible();

  // The text as the server filled it, with the patient's name.
  await page.getByRole('radio', { name: 'Consentimiento informado para endodoncia' }).check();
  await page.getByRole('textbox', { name: /Diente/ }).fill('36');
  await expect(page.getByText(/Yo, Íñigo Arrieta Sanz .* el diente 36 necesita una endodoncia/)).toBeVisible();

  const submit = page.getByRole('button', { name: 'Firmar consentimiento' });
  await expect(submit).toBeDisabled();
  await signWithMouse(page, page.getByRole('img', { name: 'Firma del paciente' }));
  await expect(submit).toBeDisabled();
  await signWithMouse(page, page.getByRole('img', { name: /^Firma del profesional/ }));
  await expect(submit).toBeEnabled();

  await expectNoAxeViolations(page);

  await submit.click();
  await expect(page).toHaveURL(new RegExp(`/pacientes/${patient.id}$`));
  await expect(page.getByText('Consentimiento firmado', { exact: true })).toBeVisible();
  const list = page.getByRole('list', { name: 'Consentimientos firmados' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Consentimiento informado para endodoncia');

  // The PDF, downloaded from the list, is the one whose SHA-256 the API lists.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    list.getByRole('link', { name: /Descargar PDF/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^consentimiento-endodoncia-inigo-arrieta-sanz-\d{4}-\d{2}-\d{2}\.pdf$/);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const listed = (await (
    await ok(await page.request.get(`/api/pacientes/${patient.id}/consentimientos`), 'consents')
  ).json()) as { consentimientos: { sha256: string }[] };
  expect(createHash('sha256').update(bytes).digest('hex')).toBe(listed.consentimientos[0].sha256);

  // At 390 px the page still fits: text, signer and both pads one under the other, nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/pacientes/${patient.id}/consentimientos/nuevo`);
  await expect(page.getByRole('img', { name: 'Firma del paciente' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });

  // And the timeline shows it, with the same download.
  await page.goto(`/pacientes/${patient.id}/historia?tipo=consentimiento`);
  await expect(
    page.getByRole('heading', { name: /Consentimiento firmado · Consentimiento informado para endodoncia/ }),
  ).toBeVisible();
});
