import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from '../../db/client.ts';
import {
  cobros,
  dentistas,
  pacientes,
  resumenCobrosDia,
  resumenProduccionDia,
  tratamientosRealizados,
} from '../../db/schema/index.ts';
import { takeCashDay } from '../../platform/cash-day.ts';
import { createClinicOwner, createTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

/**
 * The rollups' day rows are a clinic's hot rows (migration 0050): a transaction that recorded a treatment
 * or a payment of a day does not hold them while it is still open, so another desk's of the same day goes
 * through at once. (An appointment of the same dentist still waits, on the agenda's version counter.) Two
 * connections: PostgreSQL only.
 */
describe('daily rollups under concurrency', () => {
  it('an open transaction that wrote a day does not make another write of that day wait', async () => {
    const owner = await createClinicOwner(t);
    const clinicaId = owner.clinica.id;
    const [{ id: dentistaId }] = await t.db
      .insert(dentistas)
      .values({ clinicaId, nombres: 'Luis', apellidos: 'Prueba', especialidad: 'general', color: 'blue' })
      .returning({ id: dentistas.id });
    // Each desk its own patient: one patient's writes queue on that patient anyway (their lock, their chart's
    // next version, their totals in saldos_pacientes, migration 0051); the day's rows are what is shared.
    const [first, second] = (
      await t.db
        .insert(pacientes)
        .values([
          { clinicaId, nombres: 'Ana', apellidos: 'Prueba' },
          { clinicaId, nombres: 'Berta', apellidos: 'Prueba' },
        ])
        .returning({ id: pacientes.id })
    ).map((p) => p.id);
    const caja = await t.db.transaction((tx) =>
      takeCashDay(tx, { clinicaId, userId: owner.userId }, '2026-08-03', '2026-08-03'),
    );
    const fecha = new Date('2026-08-03T10:00:00Z');
    let n = 0;
    const writeDay = async (tx: Transaction, pacienteId: string) => {
      n += 1;
      await tx.insert(tratamientosRealizados).values({
        clinicaId,
        pacienteId,
        dentistaId,
        descripcion: 'Limpieza',
        fecha,
        importe: 1000,
        moneda: 'EUR',
      });
      await tx.insert(cobros).values({
        clinicaId,
        pacienteId,
        numero: `R-C-${n}`,
        fecha,
        diaCaja: '2026-08-03',
        cajaId: caja.id,
        importe: 500,
        moneda: 'EUR',
        metodo: 'efectivo',
        cobradoPor: owner.userId,
        cobradoPorNombre: 'Ana',
      });
    };
    // Both days' rollup rows exist already: the second write updates them, as every write after a day's first does.
    await t.db.transaction((tx) => writeDay(tx, first));

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let opened!: () => void;
    const open = new Promise<void>((resolve) => (opened = resolve));
    const firstDesk = t.db.transaction(async (tx) => {
      await writeDay(tx, first);
      opened();
      await held;
    });
    await open;
    // The other desk: it would wait for the first transaction's commit if the rollups were locked.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local lock_timeout = '2s'`);
      await writeDay(tx, second);
    });
    release();
    await firstDesk;

    const [production] = await t.db
      .select({ importe: resumenProduccionDia.importe })
      .from(resumenProduccionDia)
      .where(and(eq(resumenProduccionDia.clinicaId, clinicaId), eq(resumenProduccionDia.dia, '2026-08-03')));
    const [collections] = await t.db
      .select({ importe: resumenCobrosDia.importe })
      .from(resumenCobrosDia)
      .where(and(eq(resumenCobrosDia.clinicaId, clinicaId), eq(resumenCobrosDia.dia, '2026-08-03')));
    expect([Number(production.importe), Number(collections.importe)]).toEqual([3000, 1500]);
  });
});
