import {
  ESTADOS_CITA,
  REPORT_MESSAGES,
  type AppointmentsReport,
  type BalanceReport,
  type BudgetsReport,
  type CollectionsReport,
  type NewPatientsReport,
  type ProductionReport,
  type StoredAppointmentStatus,
  type SuppliesReport,
  type TodayFigures,
  type TopTreatmentsReport,
} from '@odontia/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import {
  citas,
  cobros,
  dentistas,
  lineasPresupuesto,
  movimientosStock,
  pacientes,
  presupuestos,
  productos,
  tratamientosRealizados,
} from '../../db/schema/index.ts';
import { takeCashDay } from '../../platform/cash-day.ts';
import { addTeamMember, BOGOTA, createClinicOwner, createTestApp, errorOf, type TestApp } from '../../test/app.ts';

type Owner = Awaited<ReturnType<typeof createClinicOwner>>;

let t: TestApp;
let ana: Owner;
let beto: Owner;
let carla: Owner;
let anaData: Seeded;
let betoData: Seeded;

const MADRID = 'Europe/Madrid';
const DESDE = '2026-01-01';
const HASTA = '2026-03-31';
/** Rows are generated from mid-December to mid-April: some before and after the range. */
const FIRST = Date.UTC(2025, 11, 15);
const LAST = Date.UTC(2026, 3, 15);

/** A small deterministic generator, so a failure is reproducible. */
function random(seed: number) {
  let s = seed;
  const next = () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
  return {
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)],
    instant: () => new Date(FIRST + Math.floor(next() * (LAST - FIRST))),
  };
}

type Seeded = { dentists: string[]; services: string[]; supplies: string[] };

/** A clinic's year of rows, inserted directly: dentists, services, patients, treatments, payments… */
async function seed(owner: Owner, seedValue: number, size: number): Promise<Seeded> {
  const r = random(seedValue);
  const clinicaId = owner.clinica.id;
  const dentists = (
    await t.db
      .insert(dentistas)
      .values(
        ['Luis', 'Marta', 'Pablo'].map((nombres) => ({
          clinicaId,
          nombres,
          apellidos: 'Prueba',
          especialidad: 'general',
          color: 'blue',
        })),
      )
      .returning({ id: dentistas.id })
  ).map((d) => d.id);
  const services = (
    await t.db
      .insert(productos)
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          clinicaId,
          nombre: `Servicio ${String(i + 1).padStart(2, '0')}`,
          categoria: 'servicio',
          tipoImpuesto: 'ES_EXENTO',
          precioVenta: 1000 * (i + 1),
        })),
      )
      .returning({ id: productos.id })
  ).map((p) => p.id);
  const supplies = (
    await t.db
      .insert(productos)
      .values(
        [300, 550, null].map((precioCompra, i) => ({
          clinicaId,
          nombre: `Insumo ${i + 1}`,
          categoria: 'insumo',
          tipoImpuesto: 'ES_IVA_21',
          precioCompra,
          stockActual: 100,
        })),
      )
      .returning({ id: productos.id })
  ).map((p) => p.id);
  const patients = (
    await t.db
      .insert(pacientes)
      .values(
        Array.from({ length: size / 5 }, (_, i) => ({
          clinicaId,
          nombres: `Paciente ${i}`,
          apellidos: 'Prueba',
          fechaCreacion: r.instant(),
        })),
      )
      .returning({ id: pacientes.id })
  ).map((p) => p.id);

  await t.db.insert(tratamientosRealizados).values(
    Array.from({ length: size }, () => {
      const service = r.int(0, services.length); // services.length: no service
      return {
        clinicaId,
        pacienteId: r.pick(patients),
        servicioId: services[service] ?? null,
        descripcion: 'Tratamiento',
        dentistaId: r.int(0, 9) === 0 ? null : r.pick(dentists),
        fecha: r.instant(),
        importe: r.int(0, 40) * 500,
        moneda: 'EUR' as const,
      };
    }),
  );

  const members = [
    { id: owner.userId, nombre: 'Ana Dueña' },
    { id: null, nombre: 'Miembro que se fue' },
  ];
  const caja = await t.db.transaction((tx) => takeCashDay(tx, { clinicaId, userId: owner.userId }, DESDE, DESDE));
  const paid = await t.db
    .insert(cobros)
    .values(
      Array.from({ length: size / 2 }, (_, i) => {
        const member = r.pick(members);
        return {
          clinicaId,
          pacienteId: r.pick(patients),
          numero: `R-T-${i}`,
          fecha: r.instant(),
          diaCaja: DESDE,
          cajaId: caja.id,
          importe: r.int(1, 60) * 250,
          moneda: 'EUR' as const,
          metodo: r.pick(['efectivo', 'tarjeta', 'bizum'] as const),
          cobradoPor: member.id,
          cobradoPorNombre: member.nombre,
        };
      }),
    )
    .returning();
  // Annulments: the reversing entries, a little later than the payment.
  await t.db.insert(cobros).values(
    paid.slice(0, size / 20).map((p) => ({
      clinicaId,
      pacienteId: p.pacienteId,
      tipo: 'anulacion' as const,
      fecha: new Date(p.fecha.getTime() + 36 * 3_600_000),
      diaCaja: DESDE,
      cajaId: caja.id,
      importe: -p.importe,
      moneda: 'EUR' as const,
      metodo: p.metodo,
      cobradoPor: owner.userId,
      cobradoPorNombre: 'Ana Dueña',
      anulaId: p.id,
      motivo: 'Error',
    })),
  );

  // Appointments: each dentist's follow each other 21 hours apart (no overlap), in every state, and a hold.
  const states = ESTADOS_CITA as readonly StoredAppointmentStatus[];
  await t.db.insert(citas).values(
    Array.from({ length: size }, (_, i) => {
      const inicio = new Date(FIRST + Math.floor(i / dentists.length) * 21 * 3_600_000);
      return {
        clinicaId,
        pacienteId: r.pick(patients),
        dentistaId: dentists[i % dentists.length],
        inicio,
        fin: new Date(inicio.getTime() + 30 * 60_000),
        titulo: 'Consulta',
        estado: r.pick(states),
      };
    }),
  );
  await t.db.insert(citas).values({
    clinicaId,
    pacienteId: null,
    dentistaId: dentists[0],
    inicio: new Date(Date.UTC(2026, 1, 10, 7, 40)),
    fin: new Date(Date.UTC(2026, 1, 10, 7, 50)),
    titulo: 'Reserva',
    estado: 'retenida',
    retenidaHasta: new Date(Date.UTC(2026, 1, 10, 7, 50)),
  });

  // Budgets: some numbers sent twice (a second version), some never sent (drafts).
  const budgetStates = ['enviado', 'aceptado', 'aceptado_parcialmente', 'rechazado', 'caducado'] as const;
  for (let n = 0; n < size / 10; n++) {
    const versions = r.int(1, 2);
    let previous: string | null = null;
    for (let version = 1; version <= versions; version++) {
      const draft = r.int(0, 9) === 0;
      const estado = draft ? 'borrador' : r.pick(budgetStates);
      const [budget] = await t.db
        .insert(presupuestos)
        .values({
          clinicaId,
          pacienteId: r.pick(patients),
          numero: `P-T-${n}`,
          version,
          estado,
          moneda: 'EUR',
          validoHasta: '2026-12-31',
          autorNombre: 'Ana',
          total: 0,
          fechaEnvio: draft ? null : r.instant(),
        })
        .returning({ id: presupuestos.id });
      const lines = Array.from({ length: 3 }, (_, orden) => {
        const total = r.int(1, 20) * 1000;
        const aceptada =
          estado === 'aceptado'
            ? true
            : estado === 'aceptado_parcialmente'
              ? orden !== 1
              : estado === 'rechazado'
                ? false
                : null;
        return {
          presupuestoId: budget.id,
          orden,
          descripcion: 'Línea',
          cantidad: 1,
          precioUnitario: total,
          tipoImpuesto: 'ES_EXENTO',
          puntosBasicos: 0,
          bruto: total,
          descuento: 0,
          base: total,
          impuesto: 0,
          total,
          aceptada,
        };
      });
      await t.db.insert(lineasPresupuesto).values(lines);
      await t.db
        .update(presupuestos)
        .set({
          total: lines.reduce((s, l) => s + l.total, 0),
          importeAceptado: lines.reduce((s, l) => s + (l.aceptada ? l.total : 0), 0),
        })
        .where(sql`${presupuestos.id} = ${budget.id}`);
      // The version before is replaced by this one, as saving a sent budget does.
      if (previous) {
        await t.db
          .update(presupuestos)
          .set({ sustituidoPor: budget.id })
          .where(sql`${presupuestos.id} = ${previous}`);
      }
      previous = budget.id;
    }
  }

  await t.db.insert(movimientosStock).values(
    Array.from({ length: size / 5 }, () => {
      const motivo = r.pick(['consumo', 'compra_recibida', 'ajuste'] as const);
      const cantidad = motivo === 'consumo' ? -r.int(0, 5) : r.int(1, 20);
      return {
        clinicaId,
        productoId: r.pick(supplies),
        cantidad,
        motivo,
        stockResultante: 50,
        faltante: motivo === 'consumo' && cantidad === 0 ? r.int(1, 3) : 0,
        fechaCreacion: r.instant(),
      };
    }),
  );
  return { dentists, services, supplies };
}

/** The clinic's local day of a column, as plain SQL text (the independent count's own wording). */
const local = (column: string, zone = MADRID) => `(${column} at time zone '${zone}')::date`;
const inDays = (column: string, desde = DESDE, hasta = HASTA) => `${local(column)} between '${desde}' and '${hasta}'`;

async function query<T>(text: string, ...values: unknown[]): Promise<T[]> {
  // $n placeholders, each bound to values[n - 1] (one may be used twice).
  const parts = text.split(/\$(\d+)/);
  const built = sql.join(
    parts.map((part, i) => (i % 2 ? sql`${values[Number(part) - 1]}` : sql.raw(part))),
    sql``,
  );
  return (await rowsOf<Record<string, unknown>>(t.db.execute(built))).map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([k, v]) => [k, typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v]),
    ),
  ) as T[];
}

async function report<T>(owner: Owner, informe: string, params: Record<string, string> = {}) {
  const search = new URLSearchParams({ desde: DESDE, hasta: HASTA, ...params });
  const res = await t.request(`/api/reportes/${informe}?${search}`, { cookie: owner.cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

/** Every day from `desde` to `hasta`. */
function days(desde: string, hasta: string): string[] {
  const list: string[] = [];
  for (let d = new Date(`${desde}T00:00:00Z`); d.toISOString().slice(0, 10) <= hasta; d.setUTCDate(d.getUTCDate() + 1))
    list.push(d.toISOString().slice(0, 10));
  return list;
}

const byKey = <T extends Record<string, unknown>>(rows: T[], key: keyof T) =>
  new Map(rows.map((row) => [String(row[key]), row]));

beforeAll(async () => {
  t = await createTestApp();
  ana = await createClinicOwner(t, { nombre: 'Clínica Ana' });
  beto = await createClinicOwner(t, { nombre: 'Clínica Beto' });
  carla = await createClinicOwner(t, { nombre: 'Clínica Carla', ...BOGOTA });
  anaData = await seed(ana, 7, 400);
  betoData = await seed(beto, 11, 100);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('reports against an independent SQL count', () => {
  it('production: total, every day of the range (zeros included), by dentist and by service', async () => {
    const got = await report<ProductionReport>(ana, 'produccion');
    const daily = byKey(
      await query<{ dia: string; importe: number; n: number }>(
        `select ${local('fecha')}::text as dia, sum(importe) as importe, count(*)::int as n
         from tratamientos_realizados where clinica_id = $1 and ${inDays('fecha')} group by 1`,
        ana.clinica.id,
      ),
      'dia',
    );
    expect(got.serie.map((s) => s.periodo)).toEqual(days(DESDE, HASTA));
    for (const s of got.serie) {
      expect([s.periodo, s.importe, s.tratamientos]).toEqual([
        s.periodo,
        daily.get(s.periodo)?.importe ?? 0,
        daily.get(s.periodo)?.n ?? 0,
      ]);
    }
    const [total] = await query<{ importe: number; n: number }>(
      `select sum(importe) as importe, count(*)::int as n from tratamientos_realizados where clinica_id = $1 and ${inDays('fecha')}`,
      ana.clinica.id,
    );
    expect(got.total).toBe(total.importe);
    expect(got.tratamientos).toBe(total.n);
    expect(got.total).toBeGreaterThan(0);

    const perDentist = await query<{ id: string | null; nombre: string | null; importe: number; n: number }>(
      `select t.dentista_id::text as id, d.nombres || ' ' || d.apellidos as nombre, sum(t.importe) as importe, count(*)::int as n
       from tratamientos_realizados t left join dentistas d on d.id = t.dentista_id
       where t.clinica_id = $1 and ${inDays('t.fecha')} group by 1, 2`,
      ana.clinica.id,
    );
    expect(got.porDentista).toHaveLength(perDentist.length);
    for (const row of perDentist) {
      expect(got.porDentista).toContainEqual({
        id: row.id,
        nombre: row.nombre ?? REPORT_MESSAGES.noDentist,
        importe: row.importe,
        tratamientos: row.n,
      });
    }
    expect(got.porDentista.map((d) => d.importe)).toEqual(
      [...got.porDentista.map((d) => d.importe)].sort((a, b) => b - a),
    );
    const perService = await query<{ id: string | null; importe: number; n: number }>(
      `select servicio_id::text as id, sum(importe) as importe, count(*)::int as n from tratamientos_realizados
       where clinica_id = $1 and ${inDays('fecha')} group by 1`,
      ana.clinica.id,
    );
    expect(got.porServicio).toHaveLength(perService.length);
    for (const row of perService) {
      expect(got.porServicio.find((s) => s.id === row.id)).toMatchObject({ importe: row.importe, tratamientos: row.n });
    }
    expect(got.porServicio.find((s) => s.id === null)?.nombre).toBe(REPORT_MESSAGES.noService);
  });

  it('groups by month (the 1st) and by week (Monday in Spain), periods covering the whole range', async () => {
    const monthly = await report<ProductionReport>(ana, 'produccion', { agrupacion: 'mes' });
    const months = byKey(
      await query<{ mes: string; importe: number }>(
        `select to_char(${local('fecha')}, 'YYYY-MM') || '-01' as mes, sum(importe) as importe
         from tratamientos_realizados where clinica_id = $1 and ${inDays('fecha')} group by 1`,
        ana.clinica.id,
      ),
      'mes',
    );
    expect(monthly.serie.map((s) => [s.periodo, s.importe])).toEqual(
      ['2026-01-01', '2026-02-01', '2026-03-01'].map((m) => [m, months.get(m)?.importe ?? 0]),
    );

    const weekly = await report<ProductionReport>(ana, 'produccion', { agrupacion: 'semana' });
    const weeks = byKey(
      await query<{ semana: string; importe: number }>(
        `select date_trunc('week', ${local('fecha')})::date::text as semana, sum(importe) as importe
         from tratamientos_realizados where clinica_id = $1 and ${inDays('fecha')} group by 1`,
        ana.clinica.id,
      ),
      'semana',
    );
    // 1 January 2026 is a Thursday: its week starts on Monday 29 December; 31 March is in the week of 30 March.
    expect(weekly.serie[0].periodo).toBe('2025-12-29');
    expect(weekly.serie.at(-1)!.periodo).toBe('2026-03-30');
    expect(weekly.serie).toHaveLength(14);
    for (const s of weekly.serie) {
      expect(new Date(`${s.periodo}T00:00:00Z`).getUTCDay()).toBe(1);
      expect(s.importe).toBe(weeks.get(s.periodo)?.importe ?? 0);
    }
    expect(weekly.serie.reduce((sum, s) => sum + s.importe, 0)).toBe(monthly.total);
  });

  it('filters production, top treatments and appointments by dentist', async () => {
    const dentist = anaData.dentists[1];
    const got = await report<ProductionReport>(ana, 'produccion', { dentistaId: dentist });
    const [expected] = await query<{ importe: number; n: number }>(
      `select sum(importe) as importe, count(*)::int as n from tratamientos_realizados
       where clinica_id = $1 and dentista_id = $2 and ${inDays('fecha')}`,
      ana.clinica.id,
      dentist,
    );
    expect([got.total, got.tratamientos]).toEqual([expected.importe, expected.n]);
    expect(got.porDentista.map((d) => d.id)).toEqual([dentist]);

    const top = await report<TopTreatmentsReport>(ana, 'tratamientos', { dentistaId: dentist });
    const [topCount] = await query<{ n: number }>(
      `select count(*)::int as n from (select 1 from tratamientos_realizados
       where clinica_id = $1 and dentista_id = $2 and ${inDays('fecha')} group by servicio_id order by count(*) desc limit 10) x`,
      ana.clinica.id,
      dentist,
    );
    expect(top.tratamientos).toHaveLength(topCount.n);

    const appointments = await report<AppointmentsReport>(ana, 'citas', { dentistaId: dentist });
    const [due] = await query<{ n: number }>(
      `select count(*)::int as n from citas where clinica_id = $1 and dentista_id = $2 and estado <> 'retenida' and ${inDays('inicio')}`,
      ana.clinica.id,
      dentist,
    );
    expect(appointments.total).toBe(due.n);
  });

  it('collections: net total, payments and annulments, by method, by member, per day', async () => {
    const got = await report<CollectionsReport>(ana, 'cobros');
    const [total] = await query<{ neto: number; pagos: number; anuladas: number; anulado: number }>(
      `select sum(importe) as neto, count(*) filter (where tipo = 'cobro')::int as pagos,
         count(*) filter (where tipo = 'anulacion')::int as anuladas, coalesce(-sum(importe) filter (where tipo = 'anulacion'), 0) as anulado
       from cobros where clinica_id = $1 and ${inDays('fecha')}`,
      ana.clinica.id,
    );
    expect(got.total).toBe(total.neto);
    expect(got.cobros).toBe(total.pagos);
    expect(got.anulaciones).toEqual({ cantidad: total.anuladas, importe: total.anulado });
    expect(got.anulaciones.cantidad).toBeGreaterThan(0);

    const methods = await query<{ metodo: string; importe: number; n: number }>(
      `select metodo, sum(importe) as importe, count(*) filter (where tipo = 'cobro')::int as n
       from cobros where clinica_id = $1 and ${inDays('fecha')} group by 1 order by 2 desc`,
      ana.clinica.id,
    );
    expect(got.porMetodo).toEqual(methods.map((m) => ({ metodo: m.metodo, importe: m.importe, cobros: m.n })));

    const members = await query<{ id: string | null; nombre: string; importe: number; n: number }>(
      `select cobrado_por as id, cobrado_por_nombre as nombre, sum(importe) as importe, count(*) filter (where tipo = 'cobro')::int as n
       from cobros where clinica_id = $1 and ${inDays('fecha')} group by 1, 2`,
      ana.clinica.id,
    );
    expect(got.porMiembro).toHaveLength(2);
    for (const m of members) {
      expect(got.porMiembro).toContainEqual({ id: m.id, nombre: m.nombre, importe: m.importe, cobros: m.n });
    }

    const daily = byKey(
      await query<{ dia: string; importe: number }>(
        `select ${local('fecha')}::text as dia, sum(importe) as importe from cobros
         where clinica_id = $1 and ${inDays('fecha')} group by 1`,
        ana.clinica.id,
      ),
      'dia',
    );
    expect(got.serie).toHaveLength(90);
    for (const s of got.serie) expect(s.importe).toBe(daily.get(s.periodo)?.importe ?? 0);
  });

  it('balance: what the active patients who owe owe today (no advance offsets another debt), and production, collections and the net balance month by month', async () => {
    // Archived patients are left out, as on /saldos: archive one who owes.
    const [archived] = await query<{ id: string }>(
      `select p.id from pacientes p where p.clinica_id = $1
         and (select coalesce(sum(importe), 0) from tratamientos_realizados where paciente_id = p.id)
           > (select coalesce(sum(importe), 0) from cobros where paciente_id = p.id)
       order by p.id limit 1`,
      ana.clinica.id,
    );
    await query(`update pacientes set fecha_archivado = now() where id = $1`, archived.id);
    try {
      const got = await report<BalanceReport>(ana, 'saldo', { agrupacion: 'mes' });
      const [owed] = await query<{ importe: number; deudores: number; neto: number }>(
        `select coalesce(sum(b.saldo) filter (where b.saldo > 0 and b.activo), 0) as importe,
           (count(*) filter (where b.saldo > 0 and b.activo))::int as deudores, sum(b.saldo) as neto
         from (select p.fecha_archivado is null as activo,
             (select coalesce(sum(importe), 0) from tratamientos_realizados where paciente_id = p.id)
               - (select coalesce(sum(importe), 0) from cobros where paciente_id = p.id) as saldo
           from pacientes p where p.clinica_id = $1) b`,
        ana.clinica.id,
      );
      expect(got.pendiente).toBe(owed.importe);
      expect(got.deudores).toBe(owed.deudores);
      // The seed's patients hold advances too: netting them against the debts would give less.
      expect(owed.neto).toBeLessThan(owed.importe);
      const saldos = await t.request('/api/saldos', { cookie: ana.cookie });
      expect(await saldos.json()).toMatchObject({ importeTotal: got.pendiente, total: got.deudores });

      // The net balance (debts less advances): what was owed before the range, then month by month.
      const [before] = await query<{ neto: number }>(
        `select (select coalesce(sum(importe), 0) from tratamientos_realizados where clinica_id = $1 and ${local('fecha')} < '${DESDE}')
           - (select coalesce(sum(importe), 0) from cobros where clinica_id = $1 and ${local('fecha')} < '${DESDE}') as neto`,
        ana.clinica.id,
      );
      expect(got.netoInicial).toBe(before.neto);
      expect(got.netoInicial).not.toBe(0);
      let neto = before.neto;
      let produccion = 0;
      let cobros = 0;
      for (const [i, month] of ['2026-01', '2026-02', '2026-03'].entries()) {
        const [m] = await query<{ produccion: number; cobros: number }>(
          `select (select coalesce(sum(importe), 0) from tratamientos_realizados where clinica_id = $1 and to_char(${local('fecha')}, 'YYYY-MM') = '${month}') as produccion,
             (select coalesce(sum(importe), 0) from cobros where clinica_id = $1 and to_char(${local('fecha')}, 'YYYY-MM') = '${month}') as cobros`,
          ana.clinica.id,
        );
        neto += m.produccion - m.cobros;
        expect(got.serie[i]).toEqual({ periodo: `${month}-01`, produccion: m.produccion, cobros: m.cobros, neto });
        produccion += m.produccion;
        cobros += m.cobros;
      }
      expect(got.serie).toHaveLength(3);
      expect([got.produccion, got.cobros]).toEqual([produccion, cobros]);
      expect(got.netoFinal).toBe(neto);
    } finally {
      await query(`update pacientes set fecha_archivado = null where id = $1`, archived.id);
    }
  });

  it('appointments: by state without holds, the no-show rate in basis points, per week', async () => {
    const got = await report<AppointmentsReport>(ana, 'citas', { agrupacion: 'semana' });
    const states = byKey(
      await query<{ estado: string; n: number }>(
        `select estado, count(*)::int as n from citas where clinica_id = $1 and ${inDays('inicio')} group by 1`,
        ana.clinica.id,
      ),
      'estado',
    );
    expect(states.get('retenida')?.n).toBe(1);
    expect(got.porEstado.map((s) => s.estado)).toEqual([...ESTADOS_CITA]);
    for (const s of got.porEstado) expect(s.cantidad).toBe(states.get(s.estado)?.n ?? 0);
    const n = (estado: string) => states.get(estado)?.n ?? 0;
    expect(got.total).toBe([...states.values()].reduce((sum, s) => sum + s.n, 0) - 1);
    expect(got.tasaNoAsistencia).toBe(
      Math.round((n('no_asistio') * 10_000) / (n('atendida') + n('completada') + n('no_asistio'))),
    );
    expect(got.tasaNoAsistencia).toBeGreaterThan(0);
    const weeks = byKey(
      await query<{ semana: string; total: number; atendidas: number; no: number; canceladas: number }>(
        `select date_trunc('week', ${local('inicio')})::date::text as semana, count(*)::int as total,
           count(*) filter (where estado in ('atendida', 'completada'))::int as atendidas,
           count(*) filter (where estado = 'no_asistio')::int as no,
           count(*) filter (where estado in ('cancelada', 'cancelada_paciente'))::int as canceladas
         from citas where clinica_id = $1 and estado <> 'retenida' and ${inDays('inicio')} group by 1`,
        ana.clinica.id,
      ),
      'semana',
    );
    for (const s of got.serie) {
      const w = weeks.get(s.periodo);
      expect(s).toEqual({
        periodo: s.periodo,
        total: w?.total ?? 0,
        atendidas: w?.atendidas ?? 0,
        noAsistio: w?.no ?? 0,
        canceladas: w?.canceladas ?? 0,
      });
    }
  });

  it('new patients by their creation day', async () => {
    const got = await report<NewPatientsReport>(ana, 'pacientes', { agrupacion: 'mes' });
    const [total] = await query<{ n: number }>(
      `select count(*)::int as n from pacientes where clinica_id = $1 and ${inDays('fecha_creacion')}`,
      ana.clinica.id,
    );
    expect(got.total).toBe(total.n);
    expect(got.serie.reduce((sum, s) => sum + s.pacientes, 0)).toBe(total.n);
    expect(got.serie).toHaveLength(3);
  });

  it('budgets: each number once (its latest version sent in the range), conversion and amounts', async () => {
    const got = await report<BudgetsReport>(ana, 'presupuestos');
    const latest = await query<{ id: string; estado: string; total: number }>(
      `select p.id::text as id, p.estado, p.total from presupuestos p
       where p.clinica_id = $1 and p.fecha_envio is not null and ${inDays('p.fecha_envio')}
         and p.version = (select max(q.version) from presupuestos q where q.clinica_id = p.clinica_id
           and q.numero = p.numero and q.fecha_envio is not null and ${inDays('q.fecha_envio')})`,
      ana.clinica.id,
    );
    const accepted = latest.filter((b) => b.estado === 'aceptado' || b.estado === 'aceptado_parcialmente');
    expect(got.enviados).toBe(latest.length);
    expect(got.aceptados).toBe(accepted.length);
    expect(got.rechazados).toBe(latest.filter((b) => b.estado === 'rechazado').length);
    expect(got.pendientes).toBe(latest.filter((b) => b.estado === 'enviado').length);
    expect(got.conversion).toBe(Math.round((accepted.length * 10_000) / latest.length));
    expect(got.importeEnviado).toBe(latest.reduce((sum, b) => sum + b.total, 0));
    const [lines] = await query<{ importe: number }>(
      `select coalesce(sum(total), 0) as importe from lineas_presupuesto where aceptada and presupuesto_id::text in (${
        accepted.map((b) => `'${b.id}'`).join(', ') || 'null'
      })`,
    );
    expect(got.importeAceptado).toBe(lines.importe);
    expect(got.importeAceptado).toBeLessThan(accepted.reduce((sum, b) => sum + b.total, 0));
    expect(got.serie.reduce((sum, s) => sum + s.enviados, 0)).toBe(latest.length);
    // Versions share the number: the sent versions in the range outnumber the budgets counted.
    const [versions] = await query<{ n: number }>(
      `select count(*)::int as n from presupuestos where clinica_id = $1 and fecha_envio is not null and ${inDays('fecha_envio')}`,
      ana.clinica.id,
    );
    expect(versions.n).toBeGreaterThan(got.enviados);
  });

  it('top treatments: the ten services done most, with their amounts', async () => {
    const got = await report<TopTreatmentsReport>(ana, 'tratamientos');
    const expected = await query<{ id: string | null; n: number; importe: number }>(
      `select servicio_id::text as id, count(*)::int as n, sum(importe) as importe from tratamientos_realizados
       where clinica_id = $1 and ${inDays('fecha')} group by servicio_id order by 2 desc, 3 desc, servicio_id limit 10`,
      ana.clinica.id,
    );
    expect(got.tratamientos.map((s) => [s.id, s.cantidad, s.importe])).toEqual(
      expected.map((s) => [s.id, s.n, s.importe]),
    );
    expect(got.tratamientos).toHaveLength(10);
  });

  it('supplies: consumed (with what was missing) and bought at the purchase price', async () => {
    const got = await report<SuppliesReport>(ana, 'insumos');
    const consumed = await query<{ id: string; n: number; faltante: number }>(
      `select producto_id::text as id, -sum(cantidad) as n, sum(faltante) as faltante from movimientos_stock
       where clinica_id = $1 and motivo = 'consumo' and ${inDays('fecha_creacion')} group by 1`,
      ana.clinica.id,
    );
    expect(got.consumidos).toHaveLength(consumed.length);
    for (const c of consumed) {
      expect(got.consumidos.find((s) => s.id === c.id)).toMatchObject({ cantidad: c.n, faltante: c.faltante });
    }
    const bought = await query<{ id: string; n: number; importe: number }>(
      `select m.producto_id::text as id, sum(m.cantidad) as n, sum(m.cantidad) * coalesce(p.precio_compra, 0) as importe
       from movimientos_stock m join productos p on p.id = m.producto_id
       where m.clinica_id = $1 and m.motivo = 'compra_recibida' and ${inDays('m.fecha_creacion')} group by 1, p.precio_compra`,
      ana.clinica.id,
    );
    expect(got.comprados).toHaveLength(bought.length);
    for (const b of bought) {
      expect(got.comprados.find((s) => s.id === b.id)).toMatchObject({ cantidad: b.n, importe: b.importe });
    }
    expect(got.comprados.some((s) => s.importe > 0)).toBe(true);
  });
});

describe('the clinic’s days', () => {
  it('counts a treatment at 23:30 clinic time in that day, not the UTC one; weeks start on Sunday in Colombia', async () => {
    const clinicaId = carla.clinica.id;
    const [patient] = await t.db
      .insert(pacientes)
      .values({ clinicaId, nombres: 'Pedro', apellidos: 'Bogotá', fechaCreacion: new Date('2026-01-16T04:30:00Z') })
      .returning({ id: pacientes.id });
    const treatment = (iso: string, importe: number) => ({
      clinicaId,
      pacienteId: patient.id,
      descripcion: 'Limpieza',
      fecha: new Date(iso),
      importe,
      moneda: 'COP' as const,
    });
    await t.db.insert(tratamientosRealizados).values([
      treatment('2026-01-15T04:59:00Z', 1), // 14 January 23:59 in Bogotá (UTC-5)
      treatment('2026-01-16T04:30:00Z', 10), // 15 January 23:30 in Bogotá: 16 January in UTC
      treatment('2026-01-16T05:00:00Z', 100), // 16 January 00:00 in Bogotá
    ]);
    const day = await report<ProductionReport>(carla, 'produccion', { desde: '2026-01-15', hasta: '2026-01-15' });
    expect(day.serie).toEqual([{ periodo: '2026-01-15', importe: 10, tratamientos: 1 }]);
    expect(day.moneda).toBe('COP');
    const patients = await report<NewPatientsReport>(carla, 'pacientes', { desde: '2026-01-15', hasta: '2026-01-15' });
    expect(patients.total).toBe(1);

    const weeks = await report<ProductionReport>(carla, 'produccion', {
      desde: '2026-01-14',
      hasta: '2026-01-20',
      agrupacion: 'semana',
    });
    // Wednesday 14 to Tuesday 20: the weeks of Sunday 11 and Sunday 18 January.
    expect(weeks.serie).toEqual([
      { periodo: '2026-01-11', importe: 111, tratamientos: 3 },
      { periodo: '2026-01-18', importe: 0, tratamientos: 0 },
    ]);
  });

  it("today's production and net collections (the dashboard's figures)", async () => {
    const clinicaId = carla.clinica.id;
    const before = await (await t.request('/api/reportes/hoy', { cookie: carla.cookie })).json();
    const [patient] = await t.db
      .insert(pacientes)
      .values({ clinicaId, nombres: 'Hoy', apellidos: 'Paciente' })
      .returning({ id: pacientes.id });
    await t.db.insert(tratamientosRealizados).values([
      { clinicaId, pacienteId: patient.id, descripcion: 'Hoy', fecha: new Date(), importe: 70_000, moneda: 'COP' },
      {
        clinicaId,
        pacienteId: patient.id,
        descripcion: 'Hace dos días',
        fecha: new Date(Date.now() - 2 * 86_400_000),
        importe: 5_000,
        moneda: 'COP',
      },
    ]);
    const caja = await t.db.transaction((tx) =>
      takeCashDay(tx, { clinicaId, userId: carla.userId }, '2026-01-01', '2026-01-01'),
    );
    const [payment] = await t.db
      .insert(cobros)
      .values({
        clinicaId,
        pacienteId: patient.id,
        numero: 'R-HOY-1',
        diaCaja: '2026-01-01',
        cajaId: caja.id,
        importe: 30_000,
        moneda: 'COP',
        metodo: 'nequi',
        cobradoPorNombre: 'Carla',
      })
      .returning();
    await t.db.insert(cobros).values({
      clinicaId,
      pacienteId: patient.id,
      tipo: 'anulacion',
      diaCaja: '2026-01-01',
      cajaId: caja.id,
      importe: -10_000,
      moneda: 'COP',
      metodo: 'nequi',
      cobradoPorNombre: 'Carla',
      anulaId: payment.id,
      motivo: 'Prueba',
    });
    const res = await t.request('/api/reportes/hoy', { cookie: carla.cookie });
    expect(res.status).toBe(200);
    const got = (await res.json()) as TodayFigures;
    expect(before).toEqual({ moneda: 'COP', produccion: 0, cobros: 0 });
    expect(got).toEqual({ moneda: 'COP', produccion: 70_000, cobros: 20_000 });
  });
});

describe('isolation, permissions and bad input', () => {
  it("never counts another clinic's rows", async () => {
    const [anaTotal] = await query<{ importe: number }>(
      `select sum(importe) as importe from tratamientos_realizados where clinica_id = $1 and ${inDays('fecha')}`,
      ana.clinica.id,
    );
    const [betoTotal] = await query<{ importe: number }>(
      `select sum(importe) as importe from tratamientos_realizados where clinica_id = $1 and ${inDays('fecha')}`,
      beto.clinica.id,
    );
    expect((await report<ProductionReport>(ana, 'produccion')).total).toBe(anaTotal.importe);
    expect((await report<ProductionReport>(beto, 'produccion')).total).toBe(betoTotal.importe);
    const [betoPaid] = await query<{ importe: number }>(
      `select sum(importe) as importe from cobros where clinica_id = $1 and ${inDays('fecha')}`,
      beto.clinica.id,
    );
    expect((await report<CollectionsReport>(beto, 'cobros')).total).toBe(betoPaid.importe);
    const supplies = await report<SuppliesReport>(beto, 'insumos');
    for (const s of [...supplies.consumidos, ...supplies.comprados]) expect(betoData.supplies).toContain(s.id);
    const budgets = await report<BudgetsReport>(beto, 'presupuestos');
    expect(budgets.enviados).toBeLessThanOrEqual(10);

    const res = await t.request(
      `/api/reportes/produccion?desde=${DESDE}&hasta=${HASTA}&dentistaId=${anaData.dentists[0]}`,
      {
        cookie: beto.cookie,
      },
    );
    expect(res.status).toBe(422);
    expect((await errorOf(res)).message).toBe(REPORT_MESSAGES.dentistInvalid);
  });

  it('needs reportes.ver: Recepción, Dentista and Asistente are refused, the owner reads them', async () => {
    for (const [name, rol] of [
      ['Recepción', 'recepcion'],
      ['Dentista', 'dentista'],
      ['Asistente', 'asistente'],
    ] as const) {
      const member = await addTeamMember(t, ana.clinica.id, name, rol);
      for (const path of [`/api/reportes/produccion?desde=${DESDE}&hasta=${HASTA}`, '/api/reportes/hoy']) {
        const res = await t.request(path, { cookie: member.cookie });
        expect(res.status, `${name} ${path}`).toBe(403);
      }
    }
    expect((await t.request('/api/reportes/hoy', { cookie: ana.cookie })).status).toBe(200);
    expect((await t.request(`/api/reportes/citas?desde=${DESDE}&hasta=${HASTA}`)).status).toBe(401);
  });

  it('refuses a reversed or too long range, a bad date, an unknown report and a malformed dentist', async () => {
    const cases: [string, number, string][] = [
      ['produccion?desde=2026-03-01&hasta=2026-02-01', 422, REPORT_MESSAGES.rangeReversed],
      ['produccion?desde=2020-01-01&hasta=2026-01-01', 422, REPORT_MESSAGES.rangeTooLong],
      ['cobros?desde=2026-02-30&hasta=2026-03-01', 400, REPORT_MESSAGES.rangeInvalid],
      ['cobros?hasta=2026-03-01', 400, REPORT_MESSAGES.rangeInvalid],
      [`ventas?desde=${DESDE}&hasta=${HASTA}`, 404, REPORT_MESSAGES.unknownReport],
      [`citas?desde=${DESDE}&hasta=${HASTA}&dentistaId=x`, 400, REPORT_MESSAGES.dentistInvalid],
      [
        `citas?desde=${DESDE}&hasta=${HASTA}&dentistaId=00000000-0000-4000-8000-000000000000`,
        422,
        REPORT_MESSAGES.dentistInvalid,
      ],
    ];
    for (const [path, status, message] of cases) {
      const res = await t.request(`/api/reportes/${path}`, { cookie: ana.cookie });
      expect(res.status, path).toBe(status);
      expect((await errorOf(res)).message, path).toBe(message);
    }
    // Three years is allowed.
    expect(
      (await t.request('/api/reportes/pacientes?desde=2023-04-01&hasta=2026-03-31', { cookie: ana.cookie })).status,
    ).toBe(200);
  });
});
