import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClinicOwner, createTestApp, type TestApp } from '../test/app.ts';
import {
  accesosVersion,
  antecedentes,
  citas,
  citasVersion,
  clinicas,
  dentistas,
  pacientes,
  pacientesConteo,
  permisos,
  permisosRol,
  rolesClinica,
  usuariosRol,
} from './schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * The three version counters the caches rely on (docs/decisions/0015), moved by one trigger function
 * (migration 0024) in the transaction of every write to the tables they cover: here each write is
 * made directly, as any code path (or a person at psql) would, and the counters are read around it.
 */
async function counters(clinicaId: string) {
  const [conteo] = await t.db
    .select({ total: pacientesConteo.total, version: pacientesConteo.version })
    .from(pacientesConteo)
    .where(eq(pacientesConteo.clinicaId, clinicaId));
  const [accesos] = await t.db
    .select({ version: accesosVersion.version })
    .from(accesosVersion)
    .where(eq(accesosVersion.clinicaId, clinicaId));
  const porDentista = await t.db
    .select({ dentistaId: citasVersion.dentistaId, version: citasVersion.version })
    .from(citasVersion)
    .where(eq(citasVersion.clinicaId, clinicaId));
  return {
    pacientes: conteo ?? null,
    accesos: accesos?.version ?? null,
    citas: Object.fromEntries(porDentista.map((r) => [r.dentistaId, r.version])),
  };
}

const newDentist = async (clinicaId: string, nombres: string) =>
  (
    await t.db
      .insert(dentistas)
      .values({ clinicaId, nombres, apellidos: 'Prueba', especialidad: 'odontologia-general', color: '#1d4ed8' })
      .returning({ id: dentistas.id })
  )[0].id;

describe('version counters', () => {
  it("pacientes_conteo: every write to a clinic's patients moves its version, and its total counts the visible ones", async () => {
    const a = (await createClinicOwner(t)).clinica.id;
    const b = (await createClinicOwner(t)).clinica.id;
    await t.db.insert(pacientes).values({ clinicaId: b, nombres: 'Otra', apellidos: 'Clínica' });
    const other = await counters(b);
    expect(other.pacientes).toEqual({ total: 1, version: 1 });
    const step = async (write: () => Promise<unknown>) => {
      const before = (await counters(a)).pacientes;
      await write();
      const after = (await counters(a)).pacientes!;
      expect(after.version).toBeGreaterThan(before?.version ?? 0);
      return { before: before?.total ?? 0, after: after.total };
    };

    // The first insert creates the clinic's row; one statement of two rows counts both.
    const rows = () =>
      t.db.select({ id: pacientes.id }).from(pacientes).where(eq(pacientes.clinicaId, a)).orderBy(pacientes.nombres);
    expect(
      await step(() =>
        t.db.insert(pacientes).values([
          { clinicaId: a, nombres: 'Ana', apellidos: 'Uno' },
          { clinicaId: a, nombres: 'Beto', apellidos: 'Dos' },
        ]),
      ),
    ).toEqual({ before: 0, after: 2 });
    const [ana, beto] = (await rows()).map((r) => r.id);
    expect(await step(() => t.db.update(pacientes).set({ notas: 'x' }).where(eq(pacientes.id, ana)))).toEqual({
      before: 2,
      after: 2,
    });
    const archive = (id: string, at: Date | null) =>
      t.db.update(pacientes).set({ fechaArchivado: at }).where(eq(pacientes.id, id));
    expect(await step(() => archive(ana, new Date()))).toEqual({ before: 2, after: 1 });
    expect(await step(() => archive(ana, null))).toEqual({ before: 1, after: 2 });
    await step(() => archive(ana, new Date()));
    // Deleting an archived patient leaves the total as it was; an active one takes one off.
    expect(await step(() => t.db.delete(pacientes).where(eq(pacientes.id, ana)))).toEqual({ before: 1, after: 1 });
    // A patient moved to another clinic moves both.
    expect(await step(() => t.db.update(pacientes).set({ clinicaId: b }).where(eq(pacientes.id, beto)))).toEqual({
      before: 1,
      after: 0,
    });
    expect((await counters(b)).pacientes).toEqual({ total: 2, version: 2 });
  });

  it("pacientes_conteo: every write to a clinic's medical alerts moves its version, never its total", async () => {
    const { clinica, userId } = await createClinicOwner(t);
    const [paciente] = await t.db
      .insert(pacientes)
      .values({ clinicaId: clinica.id, nombres: 'Ana', apellidos: 'Ruiz' })
      .returning({ id: pacientes.id });
    const step = async (write: () => Promise<unknown>) => {
      const before = (await counters(clinica.id)).pacientes!;
      await write();
      const after = (await counters(clinica.id)).pacientes!;
      expect(after.version).toBeGreaterThan(before.version);
      expect(after.total).toBe(before.total);
    };
    let id = '';
    await step(async () => {
      [{ id }] = await t.db
        .insert(antecedentes)
        .values({
          clinicaId: clinica.id,
          pacienteId: paciente.id,
          tipo: 'alergia',
          descripcion: 'látex',
          autorNombre: 'Ana',
        })
        .returning({ id: antecedentes.id });
    });
    await step(() =>
      t.db
        .update(antecedentes)
        .set({ fechaRetirada: new Date(), retiradaPorId: userId, retiradaPorNombre: 'Ana' })
        .where(eq(antecedentes.id, id)),
    );
    // A delete (only a clinic's own cascade gets past the trigger) is a write all the same.
    await step(() =>
      t.db.transaction(async (tx) => {
        await tx.execute(sql`alter table antecedentes disable trigger antecedentes_sin_cambios`);
        await tx.delete(antecedentes).where(eq(antecedentes.id, id));
        await tx.execute(sql`alter table antecedentes enable trigger antecedentes_sin_cambios`);
      }),
    );
  });

  it('citas_version: per dentist, created by their first appointment, moved by every write to their appointments and by edits of the dentist', async () => {
    const clinicaId = (await createClinicOwner(t)).clinica.id;
    const [paciente] = await t.db
      .insert(pacientes)
      .values({ clinicaId, nombres: 'Ana', apellidos: 'Ruiz' })
      .returning({ id: pacientes.id });
    const d1 = await newDentist(clinicaId, 'Laura');
    const d2 = await newDentist(clinicaId, 'Pedro');
    const versions = async () => (await counters(clinicaId)).citas;
    expect(await versions()).toEqual({});

    const [cita] = await t.db
      .insert(citas)
      .values({
        clinicaId,
        pacienteId: paciente.id,
        dentistaId: d1,
        inicio: new Date('2035-03-05T09:00:00Z'),
        fin: new Date('2035-03-05T09:30:00Z'),
        titulo: 'Revisión',
      })
      .returning({ id: citas.id });
    expect(await versions()).toEqual({ [d1]: 1 });
    await t.db.update(citas).set({ titulo: 'Limpieza' }).where(eq(citas.id, cita.id));
    expect(await versions()).toEqual({ [d1]: 2 });
    // Moved to another dentist: both agendas change.
    await t.db.update(citas).set({ dentistaId: d2 }).where(eq(citas.id, cita.id));
    expect(await versions()).toEqual({ [d1]: 3, [d2]: 1 });
    // The dentist's name and colour are shown with each appointment.
    await t.db.update(dentistas).set({ color: '#b91c1c' }).where(eq(dentistas.id, d1));
    expect(await versions()).toEqual({ [d1]: 4, [d2]: 1 });
    await t.db.delete(citas).where(eq(citas.id, cita.id));
    expect(await versions()).toEqual({ [d1]: 4, [d2]: 2 });
  });

  it("accesos_version: grants, role assignments and deleted roles move their clinic's version; a change to the permission catalogue moves every clinic's", async () => {
    const owner = await createClinicOwner(t);
    const a = owner.clinica.id;
    const b = (await createClinicOwner(t)).clinica.id;
    const version = async (clinicaId = a) => (await counters(clinicaId)).accesos!;
    const moves = async (write: () => Promise<unknown>) => {
      const before = await version();
      await write();
      expect(await version()).toBeGreaterThan(before);
    };
    const bBefore = await version(b);
    expect(await version()).toBeGreaterThan(0);

    const [rol] = await t.db.insert(rolesClinica).values({ clinicaId: a, nombre: 'Prácticas' }).returning();
    const ids = (await t.db.select({ id: permisos.id }).from(permisos).limit(3)).map((p) => p.id);
    await moves(() =>
      t.db.insert(permisosRol).values(ids.slice(0, 2).map((permisoId) => ({ rolId: rol.id, permisoId }))),
    );
    await moves(() =>
      t.db
        .update(permisosRol)
        .set({ permisoId: ids[2] })
        .where(and(eq(permisosRol.rolId, rol.id), eq(permisosRol.permisoId, ids[0]))),
    );
    await moves(() =>
      t.db.delete(permisosRol).where(and(eq(permisosRol.rolId, rol.id), eq(permisosRol.permisoId, ids[1]))),
    );
    await moves(() => t.db.insert(usuariosRol).values({ usuarioId: owner.userId, rolId: rol.id }));
    await moves(() =>
      t.db.delete(usuariosRol).where(and(eq(usuariosRol.usuarioId, owner.userId), eq(usuariosRol.rolId, rol.id))),
    );
    await t.db.insert(usuariosRol).values({ usuarioId: owner.userId, rolId: rol.id });
    // The role with its grant and its member goes (they go with it by cascade).
    await moves(() => t.db.delete(rolesClinica).where(eq(rolesClinica.id, rol.id)));
    expect(await version(b)).toBe(bBefore);

    const aBefore = await version();
    await t.db
      .update(permisos)
      .set({ descripcion: sql`${permisos.descripcion}` })
      .where(eq(permisos.id, ids[0]));
    expect(await version()).toBeGreaterThan(aBefore);
    expect(await version(b)).toBeGreaterThan(bBefore);

    // Deleting a clinic deletes its counters, which the cascaded deletes of its rows do not recreate.
    await t.db.delete(clinicas).where(eq(clinicas.id, b));
    expect(await counters(b)).toMatchObject({ pacientes: null, accesos: null });
  });
});
