import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client.ts';
import { cobros, pacientes, saldosPacientes, tratamientosRealizados } from '../db/schema/index.ts';
import { createClinicOwner, createTestApp, type TestApp } from '../test/app.ts';
import { balanceOf, owedToClinic } from './balance.ts';
import { takeCashDay } from './cash-day.ts';

/**
 * Each patient's totals (`saldos_pacientes`, migration 0051) follow every write to treatments done,
 * payments and patients: after each step they are compared with the sums of the raw rows, and what the
 * clinic is owed with the sum over its active patients of each positive balance.
 */
type Owner = Awaited<ReturnType<typeof createClinicOwner>>;

let t: TestApp;
let ana: Owner;
let otra: Owner;
let cajaAna: string;
let cajaOtra: string;

beforeAll(async () => {
  t = await createTestApp();
  ana = await createClinicOwner(t, { nombre: 'Clínica Ana' });
  otra = await createClinicOwner(t, { nombre: 'Clínica Otra' });
  const day = '2026-03-02';
  cajaAna = (
    await t.db.transaction((tx) => takeCashDay(tx, { clinicaId: ana.clinica.id, userId: ana.userId }, day, day))
  ).id;
  cajaOtra = (
    await t.db.transaction((tx) => takeCashDay(tx, { clinicaId: otra.clinica.id, userId: otra.userId }, day, day))
  ).id;
});
afterAll(() => t.close());

const clinicOf = (owner: Owner) => ({ owner, caja: owner === ana ? cajaAna : cajaOtra });

async function patients(owner: Owner, n: number) {
  const rows = await t.db
    .insert(pacientes)
    .values(Array.from({ length: n }, (_, i) => ({ clinicaId: owner.clinica.id, nombres: 'P', apellidos: `${i}` })))
    .returning({ id: pacientes.id });
  return rows.map((r) => r.id);
}

const treatments = (owner: Owner, rows: [string, number][]) =>
  t.db
    .insert(tratamientosRealizados)
    .values(
      rows.map(([pacienteId, importe]) => ({
        clinicaId: owner.clinica.id,
        pacienteId,
        descripcion: 'Obturación',
        fecha: new Date('2026-03-02T10:00:00Z'),
        importe,
        moneda: 'EUR' as const,
      })),
    )
    .returning({ id: tratamientosRealizados.id });

let receipt = 0;
const payments = (owner: Owner, rows: [string, number][]) =>
  t.db
    .insert(cobros)
    .values(
      rows.map(([pacienteId, importe]) => {
        receipt += 1;
        return {
          clinicaId: owner.clinica.id,
          pacienteId,
          numero: `R-S-${receipt}`,
          diaCaja: '2026-03-02',
          cajaId: clinicOf(owner).caja,
          importe,
          moneda: 'EUR' as const,
          metodo: 'efectivo' as const,
          cobradoPorNombre: 'Ana',
          anticipo: 0,
        };
      }),
    )
    .returning({ id: cobros.id, pacienteId: cobros.pacienteId, importe: cobros.importe });

const numbers = (rows: Record<string, unknown>[]) =>
  rows.map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([k, v]) => [k, typeof v === 'bigint' || /^-?\d+$/.test(String(v)) ? Number(v) : v]),
    ),
  );

/** Every patient's totals kept by the triggers, against the raw rows' sums; and what each clinic is owed. */
async function expectExact() {
  const s = saldosPacientes;
  const kept = numbers(
    await rowsOf(
      t.db.execute(sql`select ${s.pacienteId}::text as paciente, ${s.realizado}::text as realizado,
        ${s.cobrado}::text as cobrado, ${s.archivado} as archivado from ${s}
        where ${s.realizado} <> 0 or ${s.cobrado} <> 0 order by 1`),
    ),
  );
  const raw = numbers(
    await rowsOf(
      t.db.execute(sql`select p.id::text as paciente,
        (select coalesce(sum(importe), 0) from tratamientos_realizados where paciente_id = p.id)::text as realizado,
        (select coalesce(sum(importe), 0) from cobros where paciente_id = p.id)::text as cobrado,
        p.fecha_archivado is not null as archivado
      from pacientes p order by 1`),
    ),
  ).filter((row) => row.realizado !== 0 || row.cobrado !== 0);
  expect(kept).toEqual(raw);
  for (const owner of [ana, otra]) {
    const [owed] = await owedToClinic(t.db, owner.clinica.id);
    const [want] = numbers(
      await rowsOf(
        t.db.execute(sql`select coalesce(sum(b.saldo) filter (where b.saldo > 0), 0)::text as importe,
          count(*) filter (where b.saldo > 0)::int as deudores
        from (select (select coalesce(sum(importe), 0) from tratamientos_realizados where paciente_id = p.id)
            - (select coalesce(sum(importe), 0) from cobros where paciente_id = p.id) as saldo
          from pacientes p where p.clinica_id = ${owner.clinica.id} and p.fecha_archivado is null) b`),
      ),
    );
    expect(owed).toEqual(want);
  }
}

describe("patients' totals (saldos_pacientes)", () => {
  it('follow inserts, updates, deletions, annulments, archiving, a patient deleted and a TRUNCATE', async () => {
    const [a, b, c, d] = await patients(ana, 4);
    const [x] = await patients(otra, 1);
    // One statement, several rows of one patient and of several.
    const done = await treatments(ana, [
      [a, 10_000],
      [a, 5_000],
      [b, 3_000],
      [c, 0],
    ]);
    await treatments(otra, [[x, 7_000]]);
    const paid = await payments(ana, [
      [a, 4_000],
      [b, 9_000],
      [d, 2_500],
    ]);
    await payments(otra, [[x, 7_000]]);
    await expectExact();

    // An annulment: the flag moves nothing, the reversing entry takes the payment back out.
    const bPaid = paid.find((p) => p.pacienteId === b)!;
    await t.db.update(cobros).set({ anulado: true }).where(eq(cobros.id, bPaid.id));
    await t.db.insert(cobros).values({
      clinicaId: ana.clinica.id,
      pacienteId: b,
      tipo: 'anulacion',
      diaCaja: '2026-03-02',
      cajaId: cajaAna,
      importe: -bPaid.importe,
      moneda: 'EUR',
      metodo: 'efectivo',
      cobradoPorNombre: 'Ana',
      anulaId: bPaid.id,
      motivo: 'Error',
    });
    await expectExact();

    // An amount changed, a treatment moved to another patient, one deleted.
    await t.db.update(tratamientosRealizados).set({ importe: 12_000 }).where(eq(tratamientosRealizados.id, done[0].id));
    await t.db.update(tratamientosRealizados).set({ pacienteId: d }).where(eq(tratamientosRealizados.id, done[1].id));
    await t.db.delete(tratamientosRealizados).where(eq(tratamientosRealizados.id, done[2].id));
    await expectExact();

    // Archived and back: the totals stay, what the clinic is owed follows.
    await t.db.update(pacientes).set({ fechaArchivado: new Date() }).where(eq(pacientes.id, a));
    await expectExact();
    await t.db.update(pacientes).set({ nombres: 'Otro nombre' }).where(eq(pacientes.id, a));
    await expectExact();
    await t.db.update(pacientes).set({ fechaArchivado: null }).where(eq(pacientes.id, a));
    await expectExact();

    // A patient deleted: their rows go by cascade, and so do their totals.
    await t.db.delete(pacientes).where(eq(pacientes.id, c));
    await t.db.delete(pacientes).where(eq(pacientes.id, d));
    await expectExact();
    expect(await t.db.select().from(saldosPacientes).where(eq(saldosPacientes.pacienteId, d))).toEqual([]);

    await t.db.execute(sql`truncate ${cobros} cascade`);
    await expectExact();
    await t.db.execute(sql`truncate ${tratamientosRealizados} cascade`);
    await expectExact();
  });

  it('are read by the writing transaction itself, and a rollback leaves them as they were', async () => {
    const [p] = await patients(ana, 1);
    await treatments(ana, [[p, 6_000]]);
    const balance = async (db: Pick<TestApp['db'], 'select'>) => {
      const [row] = await db
        .select({ saldo: balanceOf(pacientes.id) })
        .from(pacientes)
        .where(eq(pacientes.id, p));
      return row!.saldo;
    };
    const pay = (db: Pick<TestApp['db'], 'insert'>, importe: number) => {
      receipt += 1;
      return db.insert(cobros).values({
        clinicaId: ana.clinica.id,
        pacienteId: p,
        numero: `R-S-${receipt}`,
        diaCaja: '2026-03-02',
        cajaId: cajaAna,
        importe,
        moneda: 'EUR',
        metodo: 'efectivo',
        cobradoPorNombre: 'Ana',
      });
    };
    expect(await balance(t.db)).toBe(6_000);
    const rolledBack = t.db.transaction(async (tx) => {
      await pay(tx, 1_000);
      expect(await balance(tx)).toBe(5_000);
      throw new Error('rollback');
    });
    await expect(rolledBack).rejects.toThrow('rollback');
    expect(await balance(t.db)).toBe(6_000);
    await t.db.transaction(async (tx) => {
      await pay(tx, 2_000);
      expect(await balance(tx)).toBe(4_000);
    });
    expect(await balance(t.db)).toBe(4_000);
    await expectExact();
  });
});
