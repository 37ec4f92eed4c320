import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import {
  citas,
  clinicas,
  cobros,
  dentistas,
  pacientes,
  productos,
  resumenCitas,
  resumenCobros,
  resumenCobrosDia,
  resumenProduccion,
  resumenProduccionDia,
  tratamientosRealizados,
} from '../../db/schema/index.ts';
import { takeCashDay } from '../../platform/cash-day.ts';
import { createClinicOwner, createTestApp, type TestApp } from '../../test/app.ts';

/**
 * The daily rollups (migrations 0041 and 0044) follow every write to their raw tables: the triggers'
 * incremental result is compared with what `reconstruir_resumenes` computes from the raw rows, and with
 * expected counts.
 */
type Owner = Awaited<ReturnType<typeof createClinicOwner>>;

let t: TestApp;
let ana: Owner;
let otra: Owner;
let dentist: string;
let service: string;
let patient: string;

const at = (iso: string) => new Date(iso);

/** A clinic's rollup rows whose counts are not zero, in a stable order (zero rows are left by decrements). */
async function rollups(clinicaId: string) {
  const rows = async (text: ReturnType<typeof sql>) =>
    (await rowsOf<Record<string, unknown>>(t.db.execute(text))).map((row) =>
      Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'bigint' ? Number(v) : v])),
    );
  return {
    produccion:
      await rows(sql`select ${resumenProduccion.dia}::text as dia, ${resumenProduccion.dentistaId}::text as dentista,
        ${resumenProduccion.servicioId}::text as servicio, ${resumenProduccion.tratamientos}::int as n, ${resumenProduccion.importe}::text as importe
      from ${resumenProduccion} where ${resumenProduccion.clinicaId} = ${clinicaId}
        and (${resumenProduccion.tratamientos} <> 0 or ${resumenProduccion.importe} <> 0) order by 1, 2, 3`),
    cobros: await rows(sql`select ${resumenCobros.dia}::text as dia, ${resumenCobros.metodo} as metodo,
        ${resumenCobros.cobradoPor} as miembro, ${resumenCobros.cobradoPorNombre} as nombre, ${resumenCobros.cobros}::int as n,
        ${resumenCobros.importeCobros}::text as importe, ${resumenCobros.anulaciones}::int as anuladas,
        ${resumenCobros.importeAnulaciones}::text as anulado
      from ${resumenCobros} where ${resumenCobros.clinicaId} = ${clinicaId}
        and (${resumenCobros.cobros} <> 0 or ${resumenCobros.anulaciones} <> 0) order by 1, 2, 3, 4`),
    citas: await rows(sql`select ${resumenCitas.dia}::text as dia, ${resumenCitas.dentistaId}::text as dentista,
        ${resumenCitas.estado} as estado, ${resumenCitas.citas}::int as n
      from ${resumenCitas} where ${resumenCitas.clinicaId} = ${clinicaId} and ${resumenCitas.citas} <> 0 order by 1, 2, 3`),
    produccionDia:
      await rows(sql`select ${resumenProduccionDia.dia}::text as dia, ${resumenProduccionDia.importe}::text as importe
      from ${resumenProduccionDia} where ${resumenProduccionDia.clinicaId} = ${clinicaId} and ${resumenProduccionDia.importe} <> 0 order by 1`),
    cobrosDia: await rows(sql`select ${resumenCobrosDia.dia}::text as dia, ${resumenCobrosDia.importe}::text as importe
      from ${resumenCobrosDia} where ${resumenCobrosDia.clinicaId} = ${clinicaId} and ${resumenCobrosDia.importe} <> 0 order by 1`),
  };
}

/** The incremental rollups equal a rebuild from the raw rows (which replaces them). */
async function expectRebuildEqual(clinicaId: string) {
  const incremental = await rollups(clinicaId);
  await t.db.execute(sql`select reconstruir_resumenes(${clinicaId}::uuid)`);
  expect(await rollups(clinicaId)).toEqual(incremental);
  return incremental;
}

async function appointmentCounts(clinicaId: string) {
  return Object.fromEntries(
    (await rollups(clinicaId)).citas.map((row) => [`${String(row.dia)} ${String(row.estado)}`, row.n]),
  );
}

async function newPatient(clinicaId: string, nombres: string) {
  const [row] = await t.db
    .insert(pacientes)
    .values({ clinicaId, nombres, apellidos: 'Prueba' })
    .returning({ id: pacientes.id });
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp();
  ana = await createClinicOwner(t, { nombre: 'Clínica Ana' });
  otra = await createClinicOwner(t, { nombre: 'Clínica Otra' });
  const clinicaId = ana.clinica.id;
  [{ id: dentist }] = await t.db
    .insert(dentistas)
    .values({ clinicaId, nombres: 'Luis', apellidos: 'Prueba', especialidad: 'general', color: 'blue' })
    .returning({ id: dentistas.id });
  [{ id: service }] = await t.db
    .insert(productos)
    .values({ clinicaId, nombre: 'Limpieza', categoria: 'servicio', tipoImpuesto: 'ES_EXENTO', precioVenta: 4000 })
    .returning({ id: productos.id });
  patient = await newPatient(clinicaId, 'Paciente');
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('daily rollups', () => {
  it('follow an appointment: booked, its state changed, moved to another day, deleted; holds are left out', async () => {
    const clinicaId = ana.clinica.id;
    const appointment = {
      clinicaId,
      pacienteId: patient,
      dentistaId: dentist,
      titulo: 'Consulta',
    };
    // 23:30 UTC on 9 March is 00:30 of 10 March in Madrid: the clinic's local day counts.
    const [cita] = await t.db
      .insert(citas)
      .values({ ...appointment, inicio: at('2026-03-09T23:30:00Z'), fin: at('2026-03-09T23:50:00Z') })
      .returning({ id: citas.id });
    await t.db.insert(citas).values({
      ...appointment,
      inicio: at('2026-03-10T09:00:00Z'),
      fin: at('2026-03-10T09:30:00Z'),
      estado: 'confirmada',
    });
    expect(await appointmentCounts(clinicaId)).toEqual({ '2026-03-10 pendiente': 1, '2026-03-10 confirmada': 1 });

    await t.db.update(citas).set({ estado: 'atendida' }).where(eq(citas.id, cita.id));
    expect(await appointmentCounts(clinicaId)).toEqual({ '2026-03-10 atendida': 1, '2026-03-10 confirmada': 1 });

    // Notes or a move within the day change no count; a move to another day moves it.
    await t.db.update(citas).set({ notas: 'Trae radiografías' }).where(eq(citas.id, cita.id));
    await t.db
      .update(citas)
      .set({ inicio: at('2026-03-10T08:00:00Z'), fin: at('2026-03-10T08:30:00Z') })
      .where(eq(citas.id, cita.id));
    expect(await appointmentCounts(clinicaId)).toEqual({ '2026-03-10 atendida': 1, '2026-03-10 confirmada': 1 });
    await t.db
      .update(citas)
      .set({ inicio: at('2026-03-12T08:00:00Z'), fin: at('2026-03-12T08:30:00Z') })
      .where(eq(citas.id, cita.id));
    expect(await appointmentCounts(clinicaId)).toEqual({ '2026-03-12 atendida': 1, '2026-03-10 confirmada': 1 });

    // An online booking's hold is no appointment until it becomes one.
    const [hold] = await t.db
      .insert(citas)
      .values({
        clinicaId,
        pacienteId: null,
        dentistaId: dentist,
        titulo: 'Reserva',
        inicio: at('2026-03-12T10:00:00Z'),
        fin: at('2026-03-12T10:30:00Z'),
        estado: 'retenida',
        retenidaHasta: at('2026-03-12T10:30:00Z'),
      })
      .returning({ id: citas.id });
    expect(await appointmentCounts(clinicaId)).toEqual({ '2026-03-12 atendida': 1, '2026-03-10 confirmada': 1 });
    await t.db
      .update(citas)
      .set({ estado: 'pendiente', pacienteId: patient, retenidaHasta: null })
      .where(eq(citas.id, hold.id));
    expect(await appointmentCounts(clinicaId)).toEqual({
      '2026-03-12 atendida': 1,
      '2026-03-12 pendiente': 1,
      '2026-03-10 confirmada': 1,
    });

    await t.db.delete(citas).where(eq(citas.id, cita.id));
    expect(await appointmentCounts(clinicaId)).toEqual({ '2026-03-12 pendiente': 1, '2026-03-10 confirmada': 1 });
    await expectRebuildEqual(clinicaId);
  });

  it('follow payments and an annulment: payments and annulments counted apart, the flag changes nothing', async () => {
    const clinicaId = ana.clinica.id;
    const caja = await t.db.transaction((tx) =>
      takeCashDay(tx, { clinicaId, userId: ana.userId }, '2026-04-01', '2026-04-01'),
    );
    const base = {
      clinicaId,
      pacienteId: patient,
      diaCaja: '2026-04-01',
      cajaId: caja.id,
      moneda: 'EUR' as const,
      metodo: 'tarjeta' as const,
      cobradoPor: ana.userId,
      cobradoPorNombre: 'Ana Dueña',
    };
    const paid = await t.db
      .insert(cobros)
      .values([
        { ...base, numero: 'R-X-1', fecha: at('2026-04-01T09:00:00Z'), importe: 5000 },
        { ...base, numero: 'R-X-2', fecha: at('2026-04-01T10:00:00Z'), importe: 2500 },
      ])
      .returning({ id: cobros.id });
    await t.db.transaction(async (tx) => {
      await tx.insert(cobros).values({
        ...base,
        tipo: 'anulacion',
        fecha: at('2026-04-01T11:00:00Z'),
        importe: -2500,
        anulaId: paid[1].id,
        motivo: 'Error',
      });
      await tx.update(cobros).set({ anulado: true }).where(eq(cobros.id, paid[1].id));
    });
    const { cobros: rows } = await expectRebuildEqual(clinicaId);
    expect(rows).toEqual([
      {
        dia: '2026-04-01',
        metodo: 'tarjeta',
        miembro: ana.userId,
        nombre: 'Ana Dueña',
        n: 2,
        importe: '7500',
        anuladas: 1,
        anulado: '-2500',
      },
    ]);
    // The day's net collections: what was collected, less what the annulment took back.
    expect((await rollups(clinicaId)).cobrosDia).toEqual([{ dia: '2026-04-01', importe: '5000' }]);
    // A member who leaves: the payments' set null moves them to the name alone.
    await t.db.update(cobros).set({ cobradoPor: null }).where(eq(cobros.cajaId, caja.id));
    expect((await expectRebuildEqual(clinicaId)).cobros).toEqual([{ ...rows[0], miembro: null }]);
  });

  it('follow treatments and a patient deleted with all its rows (cascade), and stay per clinic', async () => {
    const clinicaId = ana.clinica.id;
    const gone = await newPatient(clinicaId, 'Se va');
    const treatment = {
      clinicaId,
      descripcion: 'Limpieza',
      servicioId: service,
      dentistaId: dentist,
      moneda: 'EUR' as const,
    };
    await t.db.insert(tratamientosRealizados).values([
      { ...treatment, pacienteId: patient, fecha: at('2026-05-04T10:00:00Z'), importe: 4000 },
      { ...treatment, pacienteId: gone, fecha: at('2026-05-04T11:00:00Z'), importe: 3000 },
      { ...treatment, pacienteId: gone, fecha: at('2026-05-05T11:00:00Z'), importe: 1000, dentistaId: null },
    ]);
    await t.db.insert(citas).values({
      clinicaId,
      pacienteId: gone,
      dentistaId: dentist,
      titulo: 'Consulta',
      inicio: at('2026-05-04T11:00:00Z'),
      fin: at('2026-05-04T11:30:00Z'),
    });
    const caja = await t.db.transaction((tx) =>
      takeCashDay(tx, { clinicaId, userId: ana.userId }, '2026-05-04', '2026-05-04'),
    );
    await t.db.insert(cobros).values({
      clinicaId,
      pacienteId: gone,
      numero: 'R-X-3',
      fecha: at('2026-05-04T12:00:00Z'),
      diaCaja: '2026-05-04',
      cajaId: caja.id,
      importe: 3000,
      moneda: 'EUR',
      metodo: 'efectivo',
      cobradoPor: ana.userId,
      cobradoPorNombre: 'Ana Dueña',
    });
    const before = await expectRebuildEqual(clinicaId);
    expect(before.produccion.filter((r) => String(r.dia).startsWith('2026-05'))).toEqual([
      { dia: '2026-05-04', dentista: dentist, servicio: service, n: 2, importe: '7000' },
      { dia: '2026-05-05', dentista: null, servicio: service, n: 1, importe: '1000' },
    ]);
    expect(before.produccionDia.filter((r) => String(r.dia).startsWith('2026-05'))).toEqual([
      { dia: '2026-05-04', importe: '7000' },
      { dia: '2026-05-05', importe: '1000' },
    ]);
    expect(before.cobrosDia.filter((r) => String(r.dia).startsWith('2026-05'))).toEqual([
      { dia: '2026-05-04', importe: '3000' },
    ]);
    // A price corrected: the amount moves, the count stays.
    await t.db
      .update(tratamientosRealizados)
      .set({ importe: 3500 })
      .where(and(eq(tratamientosRealizados.pacienteId, patient), eq(tratamientosRealizados.importe, 4000)));

    await t.db.delete(pacientes).where(eq(pacientes.id, gone));
    const after = await expectRebuildEqual(clinicaId);
    expect(after.produccion.filter((r) => String(r.dia).startsWith('2026-05'))).toEqual([
      { dia: '2026-05-04', dentista: dentist, servicio: service, n: 1, importe: '3500' },
    ]);
    expect(after.cobros.filter((r) => String(r.dia).startsWith('2026-05'))).toEqual([]);
    expect(after.citas.filter((r) => String(r.dia).startsWith('2026-05'))).toEqual([]);
    expect(after.produccionDia.filter((r) => String(r.dia).startsWith('2026-05'))).toEqual([
      { dia: '2026-05-04', importe: '3500' },
    ]);
    expect(after.cobrosDia.filter((r) => String(r.dia).startsWith('2026-05'))).toEqual([]);
    // The other clinic has none of them.
    expect(await rollups(otra.clinica.id)).toEqual({
      produccion: [],
      cobros: [],
      citas: [],
      produccionDia: [],
      cobrosDia: [],
    });
  });

  it('are rebuilt in the new zone when the clinic changes its zone', async () => {
    const clinicaId = otra.clinica.id;
    const [{ id: d }] = await t.db
      .insert(dentistas)
      .values({ clinicaId, nombres: 'Eva', apellidos: 'Prueba', especialidad: 'general', color: 'red' })
      .returning({ id: dentistas.id });
    const p = await newPatient(clinicaId, 'Paciente');
    // 23:30 UTC: the next day in Madrid, the same day in Bogotá.
    await t.db.insert(citas).values({
      clinicaId,
      pacienteId: p,
      dentistaId: d,
      titulo: 'Consulta',
      inicio: at('2026-06-01T23:30:00Z'),
      fin: at('2026-06-01T23:50:00Z'),
    });
    expect(await appointmentCounts(clinicaId)).toEqual({ '2026-06-02 pendiente': 1 });
    await t.db.update(clinicas).set({ zonaHoraria: 'America/Bogota' }).where(eq(clinicas.id, clinicaId));
    expect(await appointmentCounts(clinicaId)).toEqual({ '2026-06-01 pendiente': 1 });
    await expectRebuildEqual(clinicaId);
  });
  it('move when the transaction commits: not before, not on a rollback, once with a rebuild, nothing left pending', async () => {
    const clinicaId = ana.clinica.id;
    const treatment = {
      clinicaId,
      pacienteId: patient,
      dentistaId: dentist,
      servicioId: service,
      descripcion: 'Empaste',
      moneda: 'EUR' as const,
    };
    const july = (r: Record<string, unknown>) => String(r.dia).startsWith('2026-07');
    const pending = async () =>
      (
        await rowsOf<{ n: number }>(
          t.db.execute(sql`select (select count(*) from resumen_citas_pendiente)
            + (select count(*) from resumen_produccion_pendiente) + (select count(*) from resumen_cobros_pendiente)
            + (select count(*) from resumenes_por_aplicar) as n`),
        )
      ).map((r) => Number(r.n))[0];
    const dayOf = async (db: Pick<TestApp['db'], 'select'>) =>
      db
        .select({ importe: resumenProduccionDia.importe })
        .from(resumenProduccionDia)
        .where(and(eq(resumenProduccionDia.clinicaId, clinicaId), eq(resumenProduccionDia.dia, '2026-07-01')));

    // Inside the transaction the rollups have not moved yet; at its commit they have.
    await t.db.transaction(async (tx) => {
      await tx
        .insert(tratamientosRealizados)
        .values({ ...treatment, fecha: at('2026-07-01T10:00:00Z'), importe: 6000 });
      await tx
        .insert(tratamientosRealizados)
        .values({ ...treatment, fecha: at('2026-07-01T11:00:00Z'), importe: 1000 });
      expect(await dayOf(tx)).toEqual([]);
    });
    expect((await rollups(clinicaId)).produccionDia.filter(july)).toEqual([{ dia: '2026-07-01', importe: '7000' }]);

    // A rolled back transaction moves nothing.
    await expect(
      t.db.transaction(async (tx) => {
        await tx
          .insert(tratamientosRealizados)
          .values({ ...treatment, fecha: at('2026-07-01T12:00:00Z'), importe: 500 });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect((await rollups(clinicaId)).produccionDia.filter(july)).toEqual([{ dia: '2026-07-01', importe: '7000' }]);

    // A rebuild in the same transaction as a write counts that write once.
    await t.db.transaction(async (tx) => {
      await tx.insert(tratamientosRealizados).values({ ...treatment, fecha: at('2026-07-02T10:00:00Z'), importe: 800 });
      await tx.execute(sql`select reconstruir_resumenes(${clinicaId}::uuid)`);
    });
    expect((await expectRebuildEqual(clinicaId)).produccionDia.filter(july)).toEqual([
      { dia: '2026-07-01', importe: '7000' },
      { dia: '2026-07-02', importe: '800' },
    ]);

    // A clinic deleted in the transaction that wrote for it: the commit goes through, nothing is kept.
    const gone = await createClinicOwner(t, { nombre: 'Clínica Efímera' });
    await t.db.transaction(async (tx) => {
      const [p] = await tx
        .insert(pacientes)
        .values({ clinicaId: gone.clinica.id, nombres: 'Eva', apellidos: 'Prueba' })
        .returning({ id: pacientes.id });
      await tx.insert(tratamientosRealizados).values({
        clinicaId: gone.clinica.id,
        pacienteId: p.id,
        descripcion: 'Revisión',
        fecha: at('2026-07-03T10:00:00Z'),
        importe: 100,
        moneda: 'EUR',
      });
      await tx.delete(clinicas).where(eq(clinicas.id, gone.clinica.id));
    });
    expect((await rollups(gone.clinica.id)).produccionDia).toEqual([]);
    expect(await pending()).toBe(0);
  });
  it('go with a deleted clinic: its raw rows cascade, their triggers write nothing', async () => {
    const gone = await createClinicOwner(t, { nombre: 'Clínica Cierra' });
    const clinicaId = gone.clinica.id;
    const [{ id: d }] = await t.db
      .insert(dentistas)
      .values({ clinicaId, nombres: 'Iván', apellidos: 'Prueba', especialidad: 'general', color: 'green' })
      .returning({ id: dentistas.id });
    const p = await newPatient(clinicaId, 'Paciente');
    await t.db.insert(citas).values({
      clinicaId,
      pacienteId: p,
      dentistaId: d,
      titulo: 'Consulta',
      inicio: at('2026-06-03T09:00:00Z'),
      fin: at('2026-06-03T09:30:00Z'),
    });
    await t.db.insert(tratamientosRealizados).values({
      clinicaId,
      pacienteId: p,
      dentistaId: d,
      descripcion: 'Revisión',
      fecha: at('2026-06-03T09:30:00Z'),
      importe: 2000,
      moneda: 'EUR',
    });
    expect((await rollups(clinicaId)).citas).toHaveLength(1);
    await t.db.delete(clinicas).where(eq(clinicas.id, clinicaId));
    expect(await rollups(clinicaId)).toEqual({
      produccion: [],
      cobros: [],
      citas: [],
      produccionDia: [],
      cobrosDia: [],
    });
  });
});
