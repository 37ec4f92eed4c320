import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicas, dentistas, productos } from '../../db/schema/index.ts';
import { addTeamMember, createClinicOwner, createTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const steps = async (cookie: string) => {
  const res = await t.request('/api/panel/primeros-pasos', { cookie });
  return { status: res.status, body: (await res.json()) as Record<string, boolean> };
};

describe("'Primeros pasos' (GET /api/panel/primeros-pasos)", () => {
  it("checks each step from the clinic's own data, and another clinic's data counts for nothing", async () => {
    const owner = await createClinicOwner(t, { nombre: 'Clínica nueva' });
    const other = await createClinicOwner(t, { nombre: 'Clínica vecina' });
    const none = {
      perfil: false,
      dentistas: false,
      horario: false,
      equipo: false,
      catalogo: false,
      perfilPublico: false,
    };
    expect(await steps(owner.cookie)).toEqual({ status: 200, body: none });

    // Everything done in the neighbouring clinic: nothing changes here.
    await t.db.insert(dentistas).values({
      clinicaId: other.clinica.id,
      nombres: 'Eva',
      apellidos: 'Ruiz',
      especialidad: 'ortodoncia',
      color: 'blue',
    });
    await t.db.insert(productos).values({
      tipoImpuesto: 'ES_IVA_21',
      clinicaId: other.clinica.id,
      nombre: 'Guantes',
      categoria: 'insumo',
      codigo: 'G-1',
    });
    await addTeamMember(t, other.clinica.id, 'Recepción', 'recepcion');
    expect((await steps(owner.cookie)).body).toEqual(none);

    await t.db.insert(dentistas).values({
      clinicaId: owner.clinica.id,
      nombres: 'Eva',
      apellidos: 'Ruiz',
      especialidad: 'ortodoncia',
      color: 'blue',
    });
    await addTeamMember(t, owner.clinica.id, 'Recepción', 'recepcion');
    await t.db
      .update(clinicas)
      .set({ horario: [{ dias: 'Lunes a viernes', horas: '09:00 - 18:00' }], descripcion: 'Clínica de barrio' })
      .where(eq(clinicas.id, owner.clinica.id));
    expect((await steps(owner.cookie)).body).toEqual({ ...none, dentistas: true, equipo: true, horario: true });

    await t.db
      .update(clinicas)
      .set({ especialidades: ['ortodoncia'], logoUrl: '/files/logos/x/logo.webp' })
      .where(eq(clinicas.id, owner.clinica.id));
    await t.db.insert(productos).values({
      tipoImpuesto: 'ES_IVA_21',
      clinicaId: owner.clinica.id,
      nombre: 'Limpieza',
      categoria: 'servicio',
      codigo: 'L-1',
    });
    expect((await steps(owner.cookie)).body).toEqual({
      perfil: true,
      dentistas: true,
      horario: true,
      equipo: true,
      catalogo: true,
      perfilPublico: true,
    });
  });

  it('is for those who set the clinic up (clinica.editar): other members get 403', async () => {
    const owner = await createClinicOwner(t, { nombre: 'Clínica con equipo' });
    const member = await addTeamMember(t, owner.clinica.id, 'Dentista', 'dentista');
    expect((await steps(member.cookie)).status).toBe(403);
  });
});
