import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clinicas, dentistas, directorioVersion, especialidades } from '../../../db/schema/index.ts';
import type { PageRenderer } from '../../../platform/page-renderer.ts';
import { createClinicOwner, createTestApp, tempWebDist, type TestApp } from '../../../test/app.ts';
import { BOOT_DATA_ID } from './boot-data.ts';
import { PageCache } from './page-cache.ts';
import { createSeoTransform } from './seo-transform.ts';

/*
 * Issue 26: a public page made on the server is reused until what it shows changes. Every write to
 * the tables those pages read moves directorio_version (migration 0042) in its transaction, so the
 * next page served shows it; the form token of a profile is new in every response.
 */

let renders = 0;
/** Stands for the web app's renderer: the render's number and the data it was given. */
const renderPage: PageRenderer = async (_url, data) => {
  renders += 1;
  return { html: `<p data-render="${renders}">${JSON.stringify(data).replaceAll('<', '\\u003c')}</p>` };
};

let t: TestApp;
beforeAll(async () => {
  const distDir = await tempWebDist();
  const cache = new PageCache();
  let transform: ReturnType<typeof createSeoTransform> | undefined;
  t = await createTestApp(
    {},
    {
      spa: {
        distDir,
        transformHtml: (html, c) => (transform ??= createSeoTransform(c.var.deps, { renderPage, cache }))(html, c),
      },
    },
  );
});
afterAll(() => t.close());
beforeEach(() => {
  renders = 0;
});

const page = async (pathname: string) => {
  const res = await t.request(pathname);
  const html = await res.text();
  const render = Number(/data-render="(\d+)"/.exec(html)?.[1] ?? 0);
  const boot = new RegExp(`<script id="${BOOT_DATA_ID}" type="application/json">([^<]*)</script>`).exec(html);
  return { status: res.status, html, render, boot: boot ? (JSON.parse(boot[1]) as Record<string, unknown>) : null };
};

const version = async () => (await t.db.select().from(directorioVersion))[0].version;

async function publishedClinic(nombre: string) {
  const owner = await createClinicOwner(t, { nombre });
  const res = await t.client(owner.cookie)['perfil-publico'].$put({
    json: {
      publicada: true,
      descripcion: 'Clínica de la caché',
      especialidades: ['ortodoncia'],
      servicios: ['Limpieza'],
      horario: [],
      email: null,
      sitioWeb: null,
    },
  });
  expect(res.status).toBe(200);
  return owner.clinica.id;
}

describe('the public pages cache', () => {
  it('every write to clinicas, dentistas and especialidades moves the version, in its transaction; others do not', async () => {
    const id = await publishedClinic('Clínica Versión');
    let before = await version();
    await t.db.update(clinicas).set({ telefono: '911 111 111' }).where(eq(clinicas.id, id));
    expect(await version()).toBeGreaterThan(before);

    before = await version();
    await t.db
      .insert(dentistas)
      .values({ clinicaId: id, nombres: 'Ana', apellidos: 'Vera', especialidad: 'ortodoncia', color: '#1d4ed8' });
    expect(await version()).toBeGreaterThan(before);

    before = await version();
    await t.db.update(especialidades).set({ descripcion: sql`${especialidades.descripcion}` });
    expect(await version()).toBeGreaterThan(before);

    // A rolled-back write leaves it where it was.
    before = await version();
    await expect(
      t.db.transaction(async (tx) => {
        await tx.update(clinicas).set({ telefono: '922 222 222' }).where(eq(clinicas.id, id));
        throw new Error('vuelta atrás');
      }),
    ).rejects.toThrow('vuelta atrás');
    expect(await version()).toBe(before);

    // What the pages do not show does not move it.
    before = await version();
    await t.db.execute(sql`update "user" set name = name`);
    expect(await version()).toBe(before);
  });

  it('reuses a made page until a write changes what it shows', async () => {
    const id = await publishedClinic('Clínica Reutilizada');
    const first = await page('/clinicas?q=reutilizada');
    const again = await page('/clinicas?q=reutilizada');
    expect(first.render).toBeGreaterThan(0);
    expect(again.render).toBe(first.render);
    expect(again.html).toBe(first.html);

    await t.db.update(clinicas).set({ nombre: 'Clínica Reutilizada Nueva' }).where(eq(clinicas.id, id));
    const changed = await page('/clinicas?q=reutilizada');
    expect(changed.render).toBeGreaterThan(first.render);
    expect(changed.html).toContain('Clínica Reutilizada Nueva');
  });

  it('shows a new dentist and a renamed specialty on the next profile served', async () => {
    const id = await publishedClinic('Clínica Equipo');
    const first = await page(`/clinicas/${id}`);
    expect(first.html).not.toContain('Lucas');
    await t.db
      .insert(dentistas)
      .values({ clinicaId: id, nombres: 'Lucas', apellidos: 'Mora', especialidad: 'ortodoncia', color: '#1d4ed8' });
    const withDentist = await page(`/clinicas/${id}`);
    expect(withDentist.render).toBeGreaterThan(first.render);
    expect(withDentist.html).toContain('Lucas');

    const landing = await page('/clinicas');
    await t.db
      .update(especialidades)
      .set({ nombre: 'Ortodoncia invisible' })
      .where(eq(especialidades.id, 'ortodoncia'));
    const renamed = await page('/clinicas');
    expect(renamed.render).toBeGreaterThan(landing.render);
    expect(renamed.html).toContain('Ortodoncia invisible');
    await t.db.update(especialidades).set({ nombre: 'Ortodoncia' }).where(eq(especialidades.id, 'ortodoncia'));
  });

  it("gives every response of a reused profile its own form token, and keeps an unknown clinic's 404", async () => {
    const id = await publishedClinic('Clínica Formulario');
    const key = `/api/directorio/clinicas/${id}`;
    const a = await page(`/clinicas/${id}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const b = await page(`/clinicas/${id}`);
    expect(b.render).toBe(a.render);
    const token = (p: typeof a) => (p.boot?.[key] as { formulario: { token: string } }).formulario.token;
    expect(token(a)).toMatch(/\S{20,}/);
    expect(token(b)).not.toBe(token(a));

    const unknown = '00000000-0000-4000-8000-000000000000';
    const missing = await page(`/clinicas/${unknown}`);
    const missingAgain = await page(`/clinicas/${unknown}`);
    expect([missing.status, missingAgain.status]).toEqual([404, 404]);
    expect(missingAgain.render).toBe(missing.render);
  });
});
