import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClinicOwner, createTestApp, type TestApp } from '../test/app.ts';
import { ph, preparedInsert, preparedQuery } from './prepared.ts';
import { dentistas, pacientes } from './schema/index.ts';

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

describe('preparedQuery', () => {
  let builds = 0;
  // A select with a nested object from a left join that never matches, a mapped column and a date.
  const select = (db: TestApp['db']) =>
    db
      .select({
        id: pacientes.id,
        nombre: sql<string>`${pacientes.nombres} || ' ' || ${pacientes.apellidos}`,
        nacimiento: pacientes.fechaNacimiento,
        alta: pacientes.fechaCreacion,
        letras: sql<number>`length(${pacientes.nombres})::bigint`.mapWith(Number),
        dentista: { id: dentistas.id, nombres: dentistas.nombres },
      })
      .from(pacientes)
      .leftJoin(dentistas, eq(dentistas.id, pacientes.id))
      .orderBy(asc(pacientes.id));
  const patientsOf = preparedQuery<{ clinicaId: string }>('odontia_prueba_pacientes_de')((db) => {
    builds++;
    return select(db).where(eq(pacientes.clinicaId, ph('clinicaId')));
  });
  const rename = preparedQuery<{ id: string; clinicaId: string; nombres: string }>('odontia_prueba_renombrar')((db) =>
    db
      .update(pacientes)
      .set({ nombres: sql`${ph('nombres')}` })
      .where(and(eq(pacientes.id, ph('id')), eq(pacientes.clinicaId, ph('clinicaId'))))
      .returning({ id: pacientes.id, nombres: pacientes.nombres }),
  );

  it('answers what the builder itself answers, nested left-join objects as null, built once', async () => {
    const clinicaId = (await createClinicOwner(t)).clinica.id;
    await insertPatients(t.db, [
      {
        id: randomUUID(),
        clinicaId,
        nombres: 'Íñigo',
        apellidos: 'Arrieta',
        telefono: null,
        fechaNacimiento: '1990-04-12',
      },
      { id: randomUUID(), clinicaId, nombres: 'Rosa', apellidos: 'Vidal', telefono: null, fechaNacimiento: null },
    ]);
    const direct = await select(t.db).where(eq(pacientes.clinicaId, clinicaId));
    expect(direct).toHaveLength(2);
    expect(direct[0]!.dentista).toBeNull();
    expect(direct[0]!.alta).toBeInstanceOf(Date);
    expect(direct.map((r) => r.letras).sort()).toEqual([4, 5]);
    for (let run = 0; run < 3; run++) expect(await patientsOf(t.db, { clinicaId })).toEqual(direct);
    expect(await patientsOf(t.db, { clinicaId: randomUUID() })).toEqual([]);
    expect(builds).toBe(1);
  });

  it("runs on a transaction's own connection, and a write's returning is mapped", async () => {
    const clinicaId = (await createClinicOwner(t)).clinica.id;
    const id = randomUUID();
    await insertPatients(t.db, [
      { id, clinicaId, nombres: 'Ana', apellidos: 'Gil', telefono: null, fechaNacimiento: null },
    ]);
    await expect(
      t.db.transaction(async (tx) => {
        expect(await rename(tx, { id, clinicaId, nombres: 'Anabel' })).toEqual([{ id, nombres: 'Anabel' }]);
        expect((await patientsOf(tx, { clinicaId }))[0]!.nombre).toBe('Anabel Gil');
        throw new Error('deshacer');
      }),
    ).rejects.toThrow('deshacer');
    expect((await patientsOf(t.db, { clinicaId }))[0]!.nombre).toBe('Ana Gil');
    expect(await rename(t.db, { id, clinicaId: randomUUID(), nombres: 'Otra' })).toEqual([]);
  });
});
