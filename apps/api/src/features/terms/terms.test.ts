import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { terminosYCondiciones } from '../../db/schema/index.ts';
import { seedReferenceData } from '../../seed/seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TERMS_V1 } from './terms.content.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/terminos', () => {
  it('is public and gives the seeded version 1.0 even without demo data', async () => {
    expect(t.config.seedDemo).toBe(false);
    const res = await t.client().terminos.$get();
    expect(res.status).toBe(200);
    const { terminos } = await res.json();
    expect(terminos).toMatchObject({ version: '1.0', contenido: TERMS_V1.contenido });
    expect(terminos!.contenido).toContain('encargado del tratamiento');
  });

  it('gives the latest version by id, and seeding again adds nothing', async () => {
    await t.db.insert(terminosYCondiciones).values({ version: '1.1', contenido: '## 1. Objeto\nTexto nuevo.' });
    await seedReferenceData(t.db);
    const { terminos } = await (await t.client().terminos.$get()).json();
    expect(terminos).toMatchObject({ version: '1.1', contenido: '## 1. Objeto\nTexto nuevo.' });
    expect(await t.db.select().from(terminosYCondiciones)).toHaveLength(2);
  });

  it('answers null when there are no terms', async () => {
    await t.db.delete(terminosYCondiciones);
    expect(await (await t.request('/api/terminos')).json()).toEqual({ terminos: null });
  });
});
