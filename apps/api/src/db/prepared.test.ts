import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClinicOwner, createTestApp, type TestApp } from '../test/app.ts';
import { preparedInsert } from './prepared.ts';
import { pacientes } from './schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const insertPatients = preparedInsert('odontia_prueba_pacientes_insertar', pacientes, [
  'id',
  'clinicaId',
  'nombres',
  'apellidos',
  'telefono',
  'fechaNacimiento',
]);

describe('preparedInsert', () => {
  it('writes every row as its columns read it back, nulls and dates included, and nothing for no rows', async () => {
    const clinicaId = (await createClinicOwner(t)).clinica.id;
    const rows = [
      {
        id: randomUUID(),
        clinicaId,
        nombres: 'Íñigo',
        apellidos: 'Arrieta "Sanz"',
        telefono: null,
        fechaNacimiento: '1990-04-12',
      },
      {
        id: randomUUID(),
        clinicaId,
        nombres: 'Rosa',
        apellidos: 'Vidal\nPons',
        telefono: '600 111 222',
        fechaNacimiento: null,
      },
    ];
    await insertPatients(t.db, rows);
    await insertPatients(t.db, []);
    const stored = await t.db
      .select({
        id: pacientes.id,
        clinicaId: pacientes.clinicaId,
        nombres: pacientes.nombres,
        apellidos: pacientes.apellidos,
        telefono: pacientes.telefono,
        fechaNacimiento: pacientes.fechaNacimiento,
      })
      .from(pacientes)
      .where(eq(pacientes.clinicaId, clinicaId))
      .orderBy(asc(pacientes.id));
    expect(stored).toEqual([...rows].sort((a, b) => (a.id < b.id ? -1 : 1)));
  });

  it('writes all the rows or none: one that breaks a constraint leaves the table as it was', async () => {
    const clinicaId = (await createClinicOwner(t)).clinica.id;
    const good = {
      id: randomUUID(),
      clinicaId,
      nombres: 'Ana',
      apellidos: 'Gil',
      telefono: null,
      fechaNacimiento: null,
    };
    const unknownClinic = { ...good, id: randomUUID(), clinicaId: randomUUID() };
    await expect(insertPatients(t.db, [good, unknownClinic])).rejects.toThrow();
    expect(await t.db.select().from(pacientes).where(eq(pacientes.clinicaId, clinicaId))).toEqual([]);
  });
});
