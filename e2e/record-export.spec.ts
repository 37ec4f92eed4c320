import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { createClinicOwner, ok } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';

test("exports a patient's record and the zip's JSON holds the signed note, not the subjective one", async ({
  page,
}) => {
  test.slow();
  await createClinicOwner(page.request);
  const patient = (await (
    await ok(
      await page.request.post('/api/pacientes', { data: { nombres: 'Íñigo', apellidos: 'Arrieta Sanz' } }),
      'patient',
    )
  ).json()) as { id: string };
  const write = async (texto: string, subjetiva: boolean) => {
    const note = (await (
      await ok(
        await page.request.post(`/api/pacientes/${patient.id}/notas`, {
          data: { fecha: '2026-03-02', texto, diagnostico: 'K02.1', procedimientos: [], subjetiva },
        }),
        'note',
      )
    ).json()) as { id: string };
    await ok(await page.request.post(`/api/notas/${note.id}/firmar`), 'sign');
    return note.id;
  };
  const signed = await write('Caries en 16 oclusal: obturación con composite.', false);
  await write('Impresión personal: parece ansioso.', true);

  await page.goto(`/pacientes/${patient.id}`);
  const button = page.getByRole('button', { name: 'Exportar historia' });
  await expect(button).toBeVisible();
  await expectNoAxeViolations(page);

  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toMatch(/^historia-arrieta-sanz-inigo-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(await readFile(await download.path())));
  expect(Object.keys(files).sort()).toEqual(['historia.json', 'historia.pdf']);
  const record = JSON.parse(strFromU8(files['historia.json'])) as {
    formato: string;
    paciente: { nombres: string };
    notas: { id: string; texto: string; hash: string }[];
  };
  expect(record.formato).toBe('odontia-historia/1');
  expect(record.paciente.nombres).toBe('Íñigo');
  expect(record.notas).toEqual([
    expect.objectContaining({
      id: signed,
      texto: 'Caries en 16 oclusal: obturación con composite.',
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    }),
  ]);
  expect(strFromU8(files['historia.pdf'].subarray(0, 5), true)).toBe('%PDF-');
  await expect(page.getByText('Historia exportada')).toBeVisible();
});
