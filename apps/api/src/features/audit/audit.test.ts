import { AUDIT_MESSAGES, DEFAULT_TIME_ZONE, emptyChart, todayInZone } from '@odontia/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTeamMember, createClinicOwner, createTestApp, errorOf, type TestApp } from '../../test/app.ts';

let t: TestApp;
type Owner = Awaited<ReturnType<typeof createClinicOwner>>;
let ana: Owner;
let beto: Owner;
let lucia: string;
let mario: string;
let dentista: Awaited<ReturnType<typeof addTeamMember>>;

const list = (cookie: string, query: Record<string, string> = {}) => t.client(cookie).auditoria.$get({ query });

beforeAll(async () => {
  t = await createTestApp();
  ana = await createClinicOwner(t, { nombre: 'Clínica Ana' });
  beto = await createClinicOwner(t, { nombre: 'Clínica Beto' });
  dentista = await addTeamMember(t, ana.clinica.id, 'Dentista', 'dentista');
  const create = async (nombres: string) =>
    (await (await t.client(ana.cookie).pacientes.$post({ json: { nombres, apellidos: 'Sanz' } })).json()).id;
  lucia = await create('Lucía');
  mario = await create('Mario');
  await t.client(dentista.cookie).pacientes[':id'].odontograma.$get({ param: { id: lucia } });
  await t.request(`/api/pacientes/${lucia}/odontograma`, {
    method: 'PUT',
    cookie: dentista.cookie,
    json: { baseVersion: 0, chart: emptyChart() },
  });
  await t.client(ana.cookie).pacientes[':id'].$get({ param: { id: mario } });
  // Beto's clinic has rows of its own, never shown to Ana.
  const other = (
    await (await t.client(beto.cookie).pacientes.$post({ json: { nombres: 'Otro', apellidos: 'Clínica' } })).json()
  ).id;
  await t.client(beto.cookie).pacientes[':id'].$get({ param: { id: other } });
});
afterAll(() => t.close());

describe('GET /api/auditoria', () => {
  it("lists the clinic's rows newest first with member and patient names", async () => {
    const res = await list(ana.cookie);
    expect(res.status).toBe(200);
    const page = await res.json();
    expect(page.total).toBe(5);
    expect(page.porPagina).toBe(20);
    expect(page.registros.map((r) => [r.accion, r.usuario.nombre, r.paciente?.nombre])).toEqual([
      ['paciente.ver', 'Ana', 'Mario Sanz'],
      ['odontograma.guardar', 'Miembro', 'Lucía Sanz'],
      ['odontograma.ver', 'Miembro', 'Lucía Sanz'],
      ['paciente.crear', 'Ana', 'Mario Sanz'],
      ['paciente.crear', 'Ana', 'Lucía Sanz'],
    ]);
    expect(page.registros[1]).toMatchObject({
      usuario: { id: dentista.userId },
      detalle: { version: 1 },
      direccion: 'desconocida',
    });
  });

  it('filters by patient, by member and by day', async () => {
    const byPatient = await (await list(ana.cookie, { paciente: lucia })).json();
    expect(byPatient.registros.map((r) => r.accion)).toEqual([
      'odontograma.guardar',
      'odontograma.ver',
      'paciente.crear',
    ]);
    const byMember = await (await list(ana.cookie, { usuario: dentista.userId })).json();
    expect(byMember.total).toBe(2);
    // The day filter is the clinic's day (a new clinic's zone), not UTC's: near midnight they differ.
    const today = todayInZone(DEFAULT_TIME_ZONE);
    expect((await (await list(ana.cookie, { desde: today, hasta: today })).json()).total).toBe(5);
    expect((await (await list(ana.cookie, { desde: '2020-01-01', hasta: '2020-12-31' })).json()).total).toBe(0);
    const bad = await list(ana.cookie, { desde: '2024-05-02', hasta: '2024-05-01' });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).message).toBe(AUDIT_MESSAGES.rangeInvalid);
  });

  it('keeps the name of a deleted patient', async () => {
    const id = (
      await (await t.client(ana.cookie).pacientes.$post({ json: { nombres: 'Pablo', apellidos: 'Ruiz' } })).json()
    ).id;
    await t.client(ana.cookie).pacientes[':id'].$delete({ param: { id } });
    const page = await (await list(ana.cookie, { paciente: id })).json();
    expect(page.registros.map((r) => [r.accion, r.paciente?.nombre])).toEqual([
      ['paciente.eliminar', 'Pablo Ruiz'],
      ['paciente.crear', 'Pablo Ruiz'],
    ]);
  });

  it('pages by 20', async () => {
    for (let i = 0; i < 20; i++) await t.client(ana.cookie).pacientes[':id'].$get({ param: { id: mario } });
    const second = await (await list(ana.cookie, { pagina: '2' })).json();
    expect(second.pagina).toBe(2);
    expect(second.registros.length).toBe(second.total - 20);
  });

  it('offers the clinic members as the member filter', async () => {
    const res = await t.client(ana.cookie).auditoria.opciones.$get();
    const { usuarios } = await res.json();
    expect(usuarios.map((u) => u.id).sort()).toEqual([ana.userId, dentista.userId].sort());
  });

  it('is only for auditoria.ver: Administrador yes, Dentista no', async () => {
    expect((await list(dentista.cookie)).status).toBe(403);
    expect((await t.client(dentista.cookie).auditoria.opciones.$get()).status).toBe(403);
  });

  it('shows another clinic nothing of this one', async () => {
    const page = await (await list(beto.cookie, { paciente: lucia })).json();
    expect(page).toMatchObject({ registros: [], total: 0 });
    expect((await (await list(beto.cookie)).json()).total).toBe(2);
  });

  it('grants auditoria.ver to Administrador roles that existed before it (start-up sync)', async () => {
    const { seedReferenceData } = await import('../../seed/seed.ts');
    await t.db.execute(
      sql`delete from permisos_rol where permiso_id = (select id from permisos where nombre = 'auditoria.ver')`,
    );
    expect((await list(ana.cookie)).status).toBe(403);
    await seedReferenceData(t.db);
    expect((await list(ana.cookie)).status).toBe(200);
    expect((await list(dentista.cookie)).status).toBe(403);
  });
});
