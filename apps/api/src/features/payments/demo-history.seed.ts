import { randomUUID } from 'node:crypto';
import {
  COLLECTION_METHOD_LABELS,
  DENTIST_COLOR_VALUES,
  collectionMethodsOf,
  lineAmounts,
  taxType,
  todayInZone,
  type AppointmentStatus,
  type BudgetState,
  type CollectionMethod,
  type CurrencyCode,
  type MethodTotal,
} from '@odontia/shared';
import { and, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import {
  aplicacionesCobro,
  cajas,
  citas,
  clinicas,
  cobros,
  contadoresPresupuestos,
  contadoresRecibos,
  dentistas,
  lineasPresupuesto,
  pacientes,
  presupuestos,
  productos,
  tratamientosRealizados,
  usuarios,
} from '../../db/schema/index.ts';
import { documentNumber } from '../../platform/document-number.ts';
import { DEMO_CLINIC, DEMO_MADRID_CLINIC, DEMO_TEAM, seededRandom } from '../../seed/demo.ts';

/**
 * A year of history for the demo clinics (issue 25), so that every report has something to show:
 * past appointments with the day's states (about 8 % no-shows), treatments done by their dentists at
 * the catalogue's prices, budgets sent and answered (some of their lines done), payments with gapless
 * receipt numbers taken at the desk into each member's cash of the day, every past cash day closed, a
 * few annulments, most patients paid in full, about 15 % owing and one or two with credit.
 *
 * Everything is drawn from `seededRandom`, counted in the clinic's days (Bogotá's, Madrid's) up to
 * yesterday, and written in bulk. A clinic that already has treatments or payments is left as it is;
 * a dentist's day that already has appointments (the agenda seeder's last 45 days) gets none added.
 */

const DAY_MS = 86_400_000;
const YEAR_DAYS = 365;
const CHUNK = 800;

/** How each demo clinic works: its days, its desk, its prices' rounding and its volume. */
type ClinicPlan = {
  id: string;
  seed: number;
  ownerId: string;
  /** Who takes payments and how often: [user id, weight]. The owner annuls. */
  collectors: [string, number][];
  /** Opening blocks per weekday (0 Sunday … 6 Saturday), minutes from midnight; none: closed. */
  hours: Record<number, [number, number][]>;
  /** Appointments a dentist has on a day of history: [min, max]. */
  perDentistDay: [number, number];
  budgets: number;
  /** What the desk's drawer starts with, and the rounding step of an instalment (minor units). */
  fondo: number;
  step: number;
  /** A treatment (or visit) from this amount is paid in two instalments. */
  instalmentFrom: number;
  advances: number;
  advanceAmount: number;
  methodWeights: Partial<Record<CollectionMethod, number>>;
  /** The small differences a count finds now and then (minor units). */
  differences: number[];
};

const BOGOTA: ClinicPlan = {
  id: DEMO_CLINIC.id,
  seed: 2_025_250,
  ownerId: DEMO_CLINIC.owner.id,
  collectors: [
    [DEMO_TEAM.members[2].id, 3],
    [DEMO_CLINIC.owner.id, 1],
  ],
  hours: {
    1: [
      [9 * 60, 14 * 60],
      [16 * 60, 20 * 60],
    ],
    2: [
      [9 * 60, 14 * 60],
      [16 * 60, 20 * 60],
    ],
    3: [
      [9 * 60, 14 * 60],
      [16 * 60, 20 * 60],
    ],
    4: [
      [9 * 60, 14 * 60],
      [16 * 60, 20 * 60],
    ],
    5: [
      [9 * 60, 14 * 60],
      [16 * 60, 20 * 60],
    ],
    6: [[9 * 60, 13 * 60]],
  },
  perDentistDay: [1, 4],
  budgets: 48,
  fondo: 200_000,
  step: 10_000,
  instalmentFrom: 900_000,
  advances: 2,
  advanceAmount: 500_000,
  methodWeights: { efectivo: 35, tarjeta: 30, transferencia: 13, nequi: 14, daviplata: 8 },
  differences: [-5_000, -2_000, -1_000, 1_000, 2_000],
};

const MADRID: ClinicPlan = {
  id: DEMO_MADRID_CLINIC.id,
  seed: 2_025_251,
  ownerId: DEMO_MADRID_CLINIC.owner.id,
  collectors: [[DEMO_MADRID_CLINIC.owner.id, 1]],
  hours: {
    1: [
      [9 * 60 + 30, 14 * 60],
      [15 * 60 + 30, 19 * 60 + 30],
    ],
    2: [
      [9 * 60 + 30, 14 * 60],
      [15 * 60 + 30, 19 * 60 + 30],
    ],
    3: [
      [9 * 60 + 30, 14 * 60],
      [15 * 60 + 30, 19 * 60 + 30],
    ],
    4: [
      [9 * 60 + 30, 14 * 60],
      [15 * 60 + 30, 19 * 60 + 30],
    ],
    5: [[9 * 60 + 30, 15 * 60]],
  },
  perDentistDay: [1, 3],
  budgets: 14,
  fondo: 10_000,
  step: 1_000,
  instalmentFrom: 30_000,
  advances: 1,
  advanceAmount: 20_000,
  methodWeights: { efectivo: 25, tarjeta: 50, transferencia: 10, bizum: 15 },
  differences: [-500, -200, -100, 100, 200],
};

/** The Madrid clinic's two dentists: its owner and an aesthetic dentist (the big clinic's come with the agenda). */
const MADRID_DENTISTS = [
  {
    id: '0de70000-5a1d-4c1e-8a00-000000000511',
    nombres: DEMO_MADRID_CLINIC.owner.nombres,
    apellidos: DEMO_MADRID_CLINIC.owner.apellidos,
    especialidad: 'odontologia-general',
    usuarioId: DEMO_MADRID_CLINIC.owner.id as string | null,
  },
  {
    id: '0de70000-5a1d-4c1e-8a00-000000000512',
    nombres: 'Marcos',
    apellidos: 'Ibarra Gil',
    especialidad: 'estetica-dental',
    usuarioId: null,
  },
];

const MADRID_FIRST_NAMES = [
  ['Alejandro', 'masculino'],
  ['Carmen', 'femenino'],
  ['Daniel', 'masculino'],
  ['Isabel', 'femenino'],
  ['Jorge', 'masculino'],
  ['Lucía', 'femenino'],
  ['Miguel', 'masculino'],
  ['Paula', 'femenino'],
  ['Sergio', 'masculino'],
  ['Marta', 'femenino'],
  ['Álvaro', 'masculino'],
  ['Cristina', 'femenino'],
  ['Raúl', 'masculino'],
  ['Beatriz', 'femenino'],
  ['Íñigo', 'masculino'],
  ['Nerea', 'femenino'],
] as const;
const MADRID_SURNAMES = [
  'García',
  'Sánchez',
  'Romero',
  'Navarro',
  'Torres',
  'Domínguez',
  'Gil',
  'Vázquez',
  'Serrano',
  'Ramos',
  'Blanco',
  'Molina',
  'Morales',
  'Ortega',
  'Delgado',
  'Castro',
  'Rubio',
  'Marín',
];
/** How many patients the Madrid demo clinic gets (it had none before issue 25). */
export const DEMO_MADRID_PATIENT_COUNT = 36;

const ANNULMENT_REASONS = [
  'Método de pago equivocado: se registró de nuevo con el correcto',
  'Cobro registrado dos veces por error',
] as const;
const DIFFERENCE_NOTES = [
  'Cambio mal devuelto a un paciente',
  'Faltan monedas; revisado con la dirección',
  'Sobrante sin identificar, guardado en caja',
  'Billete dudoso retirado',
];
/** How the budgets sent over the year were answered, in turn ('caducado': left unanswered past its validity). */
const BUDGET_OUTCOMES: BudgetState[] = [
  'aceptado',
  'rechazado',
  'aceptado_parcialmente',
  'aceptado',
  'caducado',
  'aceptado',
  'rechazado',
  'aceptado_parcialmente',
  'aceptado',
  'rechazado',
];
const REJECTION_REASONS = [
  'Prefiero pensarlo más adelante',
  'El importe es alto para mí ahora mismo',
  'Me lo haré en otra clínica',
  null,
];

// ---------------------------------------------------------------------------------------------------------
// Days and instants

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const weekdayOf = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();
/** The zone's offset from UTC at an instant, in ms (local − UTC). */
function zoneOffset(zone: string, at: number): number {
  let formatter = offsetFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    offsetFormatters.set(zone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(new Date(at)).map((p) => [p.type, Number(p.value)]));
  const local = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return local - Math.floor(at / 1000) * 1000;
}

/** The instant of a local day and time (minutes from midnight) in the zone, as PostgreSQL's AT TIME ZONE gives it. */
function instantOf(day: string, minutes: number, zone: string): Date {
  const wall = Date.parse(`${day}T00:00:00Z`) + minutes * 60_000;
  let at = wall - zoneOffset(zone, wall);
  const again = zoneOffset(zone, at);
  if (wall - again !== at) at = wall - again;
  return new Date(at);
}

// ---------------------------------------------------------------------------------------------------------
// Drawing

type Random = () => number;
const between = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)];
function weighted<T>(random: Random, entries: readonly (readonly [T, number])[]): T {
  const total = entries.reduce((s, [, w]) => s + w, 0);
  let r = random() * total;
  for (const [value, w] of entries) {
    r -= w;
    if (r < 0) return value;
  }
  return entries[entries.length - 1][0];
}

/** How often a service is done, by its name: check-ups and cleanings every day, implants now and then. */
function serviceWeight(nombre: string): number {
  const n = nombre.toLowerCase();
  if (/consulta|primera visita|limpieza|revisi/.test(n)) return 6;
  if (/resina|empaste|obturaci/.test(n)) return 5;
  if (/radiograf|ortodoncia|sellante/.test(n)) return 3;
  if (/endodoncia|extracci/.test(n)) return 2;
  if (/blanqueamiento|carilla|cordal|corona/.test(n)) return 1;
  if (/implante/.test(n)) return 0.4;
  return 1;
}
/** Services done on one tooth get its FDI number. */
const onTooth = (nombre: string) =>
  /resina|empaste|obturaci|endodoncia|extracci|cordal|corona|implante|carilla|sellante/i.test(nombre);
/** What a budget proposes: the larger treatments. */
const budgetable = (nombre: string) =>
  /endodoncia|corona|implante|blanqueamiento|carilla|resina|empaste|obturaci|cordal|ortodoncia/i.test(nombre);
const TEETH = [
  11, 12, 13, 14, 15, 16, 17, 21, 22, 23, 24, 25, 26, 27, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46, 47,
];
const WISDOM_TEETH = [18, 28, 38, 48];
const toothFor = (random: Random, nombre: string) =>
  !onTooth(nombre) ? null : /cordal/i.test(nombre) ? pick(random, WISDOM_TEETH) : pick(random, TEETH);

const APPOINTMENT_STATES: [AppointmentStatus, number][] = [
  ['completada', 62],
  ['atendida', 20],
  ['no_asistio', 8],
  ['cancelada', 4],
  ['cancelada_paciente', 6],
];

// ---------------------------------------------------------------------------------------------------------
// The rows, built in memory

type Service = { id: string; nombre: string; precio: number; minutos: number; tipoImpuesto: string };
type Dentist = { id: string; usuarioId: string | null };
type Work = {
  id: string;
  pacienteId: string;
  servicio: Service;
  diente: number | null;
  dentistaId: string;
  autorId: string;
  fecha: Date;
  dia: string;
  importe: number;
  lineaId: string | null;
};
type Payment = {
  id: string;
  pacienteId: string;
  fecha: Date;
  dia: string;
  importe: number;
  metodo: CollectionMethod;
  cobradoPor: string;
  anticipo: number;
  aplicaciones: { tratamientoId: string; importe: number }[];
  anulado: boolean;
  /** An annulment: the payment it reverses and why. */
  anula?: { id: string; motivo: string };
};

async function insertAll<T extends PgTable>(tx: Executor, table: T, rows: PgInsertValue<T>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await tx.insert(table).values(rows.slice(i, i + CHUNK));
}

/** The history of both demo clinics. Runs after their catalogues, patients, team and agenda. */
export async function seedDemoPaymentHistory(tx: Executor): Promise<void> {
  await seedClinicHistory(tx, BOGOTA);
  await seedClinicHistory(tx, MADRID);
}

async function seedClinicHistory(tx: Executor, plan: ClinicPlan): Promise<void> {
  const [clinic] = await tx
    .select({ zona: clinicas.zonaHoraria, moneda: clinicas.moneda, pais: clinicas.pais })
    .from(clinicas)
    .where(eq(clinicas.id, plan.id));
  if (!clinic) return;
  const [done] = await tx
    .select({ id: tratamientosRealizados.id })
    .from(tratamientosRealizados)
    .where(eq(tratamientosRealizados.clinicaId, plan.id))
    .limit(1);
  const [paid] = await tx.select({ id: cobros.id }).from(cobros).where(eq(cobros.clinicaId, plan.id)).limit(1);
  if (done || paid) return;

  const random = seededRandom(plan.seed);
  const zone = clinic.zona;
  const moneda = clinic.moneda as CurrencyCode;
  const today = todayInZone(zone);
  const yesterday = addDays(today, -1);
  const first = addDays(today, -YEAR_DAYS);
  const isOpen = (day: string) => (plan.hours[weekdayOf(day)] ?? []).length > 0;
  const workingDays: string[] = [];
  for (let day = first; day <= yesterday; day = addDays(day, 1)) if (isOpen(day)) workingDays.push(day);
  if (workingDays.length === 0) return;

  const services: Service[] = (
    await tx
      .select({
        id: productos.id,
        nombre: productos.nombre,
        precio: productos.precioVenta,
        minutos: productos.duracionMinutos,
        tipoImpuesto: productos.tipoImpuesto,
      })
      .from(productos)
      .where(and(eq(productos.clinicaId, plan.id), eq(productos.categoria, 'servicio')))
      .orderBy(productos.codigo)
  )
    .filter((s) => (s.precio ?? 0) > 0)
    .map((s) => ({ ...s, precio: Number(s.precio), minutos: s.minutos ?? 30, tipoImpuesto: s.tipoImpuesto ?? '' }));
  if (services.length === 0) return;
  const serviceWeights = services.map((s) => [s, serviceWeight(s.nombre)] as const);

  const dentists = await dentistsOf(tx, plan);
  const patientIds = await patientsOf(tx, plan, random, today);
  if (dentists.length === 0 || patientIds.length === 0) return;
  const names = new Map(
    (
      await tx
        .select({ id: usuarios.id, nombres: usuarios.nombres })
        .from(usuarios)
        .where(inArray(usuarios.id, [...new Set([plan.ownerId, ...plan.collectors.map(([id]) => id)])]))
    ).map((u) => [u.id, u.nombres]),
  );
  const collectors = plan.collectors.filter(([id]) => names.has(id));
  if (collectors.length === 0) return;

  // -- The agenda's history, and the treatments of the visits that were attended --------------------------
  const busy = new Set(
    (
      await tx
        .select({
          dentistaId: citas.dentistaId,
          dia: sql<string>`to_char(${citas.inicio} at time zone ${zone}, 'YYYY-MM-DD')`,
        })
        .from(citas)
        .where(eq(citas.clinicaId, plan.id))
        .groupBy(sql`1, 2`)
    ).map((r) => `${r.dentistaId} ${r.dia}`),
  );
  const attendedBefore = await tx
    .select({ pacienteId: citas.pacienteId, dentistaId: citas.dentistaId, inicio: citas.inicio })
    .from(citas)
    .where(
      and(
        eq(citas.clinicaId, plan.id),
        inArray(citas.estado, ['completada', 'atendida']),
        lt(citas.fin, instantOf(today, 0, zone)),
      ),
    )
    .orderBy(citas.inicio, citas.dentistaId);

  const authorOf = (dentist: Dentist) => dentist.usuarioId ?? plan.ownerId;
  const works: Work[] = [];
  const workFor = (pacienteId: string, dentist: Dentist, fecha: Date, dia: string, servicio: Service): Work => ({
    id: randomUUID(),
    pacienteId,
    servicio,
    diente: toothFor(random, servicio.nombre),
    dentistaId: dentist.id,
    autorId: authorOf(dentist),
    fecha,
    dia,
    importe: servicio.precio,
    lineaId: null,
  });
  const appointments: PgInsertValue<typeof citas>[] = [];
  // About a third were patients before the year began; the others arrive on a day of it and are seen from then on.
  const arrival = new Map<string, string>();
  const regulars = new Set<string>();
  for (const id of patientIds) {
    if (random() < 0.35) regulars.add(id);
    arrival.set(id, regulars.has(id) ? first : pick(random, workingDays));
  }
  const presentOn = (dia: string) => {
    const present = patientIds.filter((id) => arrival.get(id)! <= dia);
    return present.length > 0 ? present : patientIds;
  };
  for (const dia of workingDays) {
    const present = presentOn(dia);
    for (const dentist of dentists) {
      if (busy.has(`${dentist.id} ${dia}`)) continue;
      let left = between(random, ...plan.perDentistDay);
      for (const [open, close] of plan.hours[weekdayOf(dia)]) {
        let start = open + pick(random, [0, 30, 60, 90, 120]);
        while (left > 0) {
          const servicio = weighted(random, serviceWeights);
          const minutes = Math.max(30, servicio.minutos);
          if (start + minutes > close) break;
          const pacienteId = pick(random, present);
          const estado = weighted(random, APPOINTMENT_STATES);
          const inicio = instantOf(dia, start, zone);
          appointments.push({
            clinicaId: plan.id,
            pacienteId,
            dentistaId: dentist.id,
            inicio,
            fin: instantOf(dia, start + minutes, zone),
            titulo: servicio.nombre,
            estado,
            fechaCreacion: new Date(inicio.getTime() - between(random, 2, 30) * DAY_MS),
          });
          if (estado === 'completada' || estado === 'atendida') {
            works.push(workFor(pacienteId, dentist, inicio, dia, servicio));
            // Now and then a second service in the same visit (an X-ray with the filling…).
            if (random() < 0.12)
              works.push(workFor(pacienteId, dentist, inicio, dia, weighted(random, serviceWeights)));
          }
          left--;
          start += minutes + pick(random, [0, 0, 30, 60, 90]);
        }
      }
    }
  }
  // The agenda seeder's recent weeks: about one visit in four was charged as a treatment.
  const dentistById = new Map(dentists.map((d) => [d.id, d]));
  for (const visit of attendedBefore) {
    const dentist = dentistById.get(visit.dentistaId);
    if (!dentist || !visit.pacienteId || random() >= 0.25) continue;
    const dia = localDayOf(visit.inicio, zone);
    if (dia < first) continue;
    works.push(workFor(visit.pacienteId, dentist, visit.inicio, dia, weighted(random, serviceWeights)));
  }

  // -- Budgets sent over the year, answered, some of their lines done --------------------------------------
  const budgetRows: PgInsertValue<typeof presupuestos>[] = [];
  const lineRows: PgInsertValue<typeof lineasPresupuesto>[] = [];
  const counters = new Map<number, number>(
    (
      await tx
        .select({ anio: contadoresPresupuestos.anio, ultimo: contadoresPresupuestos.ultimo })
        .from(contadoresPresupuestos)
        .where(eq(contadoresPresupuestos.clinicaId, plan.id))
    ).map((c) => [c.anio, c.ultimo]),
  );
  const budgetServices = serviceWeights.filter(([s]) => budgetable(s.nombre));
  const ownerName = names.get(plan.ownerId) ?? '';
  // Most were sent over the year; the last two in the past month, one of them still waiting for an answer.
  const sentDays = [
    ...Array.from({ length: plan.budgets - 2 }, () => pick(random, workingDays.slice(0, -31))),
    ...Array.from({ length: 2 }, () => pick(random, workingDays.slice(-25, -3))),
  ].sort();
  const waiting = sentDays[sentDays.length - 1];
  for (const [index, sent] of sentDays.entries()) {
    const pacienteId = pick(random, presentOn(sent));
    const age = (Date.parse(today) - Date.parse(sent)) / DAY_MS;
    const estado: BudgetState =
      sent === waiting
        ? 'enviado'
        : age <= 30 && random() < 0.5
          ? 'enviado'
          : BUDGET_OUTCOMES[index % BUDGET_OUTCOMES.length];
    const lines = Array.from({ length: between(random, 1, 4) }, (_, i) => {
      const servicio = weighted(random, budgetServices.length ? budgetServices : serviceWeights);
      const descuento = random() < 0.2 ? { descuentoTipo: 'porcentaje' as const, descuentoValor: 1_000 } : null;
      const amounts = lineAmounts({
        cantidad: 1,
        precioUnitario: servicio.precio,
        descuentoTipo: descuento?.descuentoTipo ?? null,
        descuentoValor: descuento?.descuentoValor ?? 0,
        puntosBasicos: taxType(servicio.tipoImpuesto)?.puntosBasicos ?? 0,
      });
      return {
        id: randomUUID(),
        orden: i + 1,
        servicio,
        descuento,
        amounts,
        diente: toothFor(random, servicio.nombre),
      };
    });
    // A partial acceptance needs two lines. An unanswered budget stays sent: past its validity it reads
    // as caducado (decision 0021: that state is not stored), so an old one is simply left unanswered.
    const final =
      estado === 'aceptado_parcialmente' && lines.length < 2 ? 'aceptado' : estado === 'caducado' ? 'enviado' : estado;
    const expired = final === 'enviado' && age > 30;
    const accepted = (i: number) =>
      final === 'aceptado'
        ? true
        : final === 'aceptado_parcialmente'
          ? i === 0 || (i < lines.length - 1 && random() < 0.5)
          : final === 'rechazado'
            ? false
            : null;
    const sentAt = instantOf(sent, between(random, 10 * 60, 18 * 60), zone);
    const answered = final === 'enviado' ? null : addDays(sent, between(random, 1, 20));
    const answerDay = answered && answered > yesterday ? yesterday : answered;
    const year = Number(sent.slice(0, 4));
    const numero = (counters.get(year) ?? 0) + 1;
    counters.set(year, numero);
    const id = randomUUID();
    // What the patient accepted: the accepted lines' totals, added as each line's answer is drawn.
    const budget = {
      importeAceptado: 0,
      id,
      clinicaId: plan.id,
      pacienteId,
      numero: documentNumber('presupuesto', year, numero),
      version: 1,
      estado: final,
      moneda,
      validoHasta: addDays(sent, 30),
      total: lines.reduce((s, l) => s + l.amounts.total, 0),
      autorId: plan.ownerId,
      autorNombre: ownerName,
      fechaCreacion: new Date(sentAt.getTime() - between(random, 10, 120) * 60_000),
      fechaEnvio: sentAt,
      fechaRespuesta: answerDay ? instantOf(answerDay, between(random, 9 * 60, 19 * 60), zone) : null,
      proximoSeguimiento: final === 'enviado' && !expired ? addDays(sent, 7) : null,
      motivoRechazo: final === 'rechazado' ? pick(random, REJECTION_REASONS) : null,
    };
    budgetRows.push(budget);
    lines.forEach((line, i) => {
      const aceptada = accepted(i);
      if (aceptada) budget.importeAceptado += line.amounts.total;
      lineRows.push({
        id: line.id,
        presupuestoId: id,
        orden: line.orden,
        servicioId: line.servicio.id,
        descripcion: line.servicio.nombre,
        diente: line.diente,
        cantidad: 1,
        precioUnitario: line.servicio.precio,
        descuentoTipo: line.descuento?.descuentoTipo ?? null,
        descuentoValor: line.descuento?.descuentoValor ?? 0,
        tipoImpuesto: line.servicio.tipoImpuesto,
        puntosBasicos: taxType(line.servicio.tipoImpuesto)?.puntosBasicos ?? 0,
        ...line.amounts,
        aceptada,
      });
      // Most accepted lines were done in the weeks after the answer, on a working day.
      if (!aceptada || !answerDay || random() >= 0.8) return;
      let dia = addDays(answerDay, between(random, 3, 60));
      while (dia <= yesterday && !isOpen(dia)) dia = addDays(dia, 1);
      if (dia > yesterday) return;
      const dentist = pick(random, dentists);
      const [open] = plan.hours[weekdayOf(dia)][0];
      works.push({
        ...workFor(pacienteId, dentist, instantOf(dia, open + 30 * between(random, 0, 6), zone), dia, line.servicio),
        diente: line.diente,
        importe: line.amounts.total,
        lineaId: line.id,
      });
    });
  }

  // -- Payments: most paid the same day, big ones in two instalments, ~15 % owe, one or two in credit ------
  const methods = collectionMethodsOf(clinic.pais);
  const methodWeights = methods.map((m) => [m, plan.methodWeights[m] ?? 1] as const);
  const payments: Payment[] = [];
  const nextOpen = (day: string, from: string) => {
    let dia = day > yesterday ? yesterday : day;
    while (dia < yesterday && !isOpen(dia)) dia = addDays(dia, 1);
    while (dia > from && !isOpen(dia)) dia = addDays(dia, -1);
    return dia;
  };
  const pay = (
    pacienteId: string,
    dia: string,
    fecha: Date,
    importe: number,
    items: { work: Work; left: number }[],
    metodo: CollectionMethod = weighted(random, methodWeights),
  ): Payment => {
    const aplicaciones: Payment['aplicaciones'] = [];
    let rest = importe;
    for (const item of items) {
      if (rest === 0) break;
      const part = Math.min(rest, item.left);
      if (part === 0) continue;
      item.left -= part;
      rest -= part;
      aplicaciones.push({ tratamientoId: item.work.id, importe: part });
    }
    const payment: Payment = {
      id: randomUUID(),
      pacienteId,
      fecha,
      dia,
      importe,
      metodo,
      cobradoPor: weighted(random, collectors),
      anticipo: rest,
      aplicaciones,
      anulado: false,
    };
    payments.push(payment);
    return payment;
  };
  /** A moment of the clinic's opening hours that day, when a patient comes by to pay. */
  const atDesk = (dia: string) => {
    const blocks = plan.hours[weekdayOf(dia)];
    return instantOf(dia, between(random, blocks[0][0] + 15, blocks[blocks.length - 1][1] - 15), zone);
  };
  const afterVisit = (work: Work) => new Date(work.fecha.getTime() + between(random, 20, 50) * 60_000);

  const byPatient = new Map<string, Work[]>();
  for (const work of [...works].sort((a, b) => a.fecha.getTime() - b.fecha.getTime())) {
    byPatient.set(work.pacienteId, [...(byPatient.get(work.pacienteId) ?? []), work]);
  }
  const treated = [...byPatient.keys()];
  // About 15 % owe: that many patients, drawn one by one.
  const debtors = new Set<string>();
  const owing = Math.max(1, Math.round(treated.length * 0.15));
  while (debtors.size < Math.min(owing, treated.length)) debtors.add(pick(random, treated));
  let owed = 0;
  for (const pacienteId of treated) {
    const visits = new Map<string, { work: Work; left: number }[]>();
    for (const work of byPatient.get(pacienteId)!) {
      visits.set(work.dia, [...(visits.get(work.dia) ?? []), { work, left: work.importe }]);
    }
    const days = [...visits.keys()];
    // A debtor leaves one visit unpaid or half paid: the last one (recent) or an early one (old).
    const unpaid = debtors.has(pacienteId)
      ? owed++ % 2 === 0
        ? days[days.length - 1]
        : days[Math.floor(random() * Math.ceil(days.length / 2))]
      : null;
    for (const dia of days) {
      const items = visits.get(dia)!;
      const total = items.reduce((s, i) => s + i.work.importe, 0);
      const last = items[items.length - 1].work;
      if (dia === unpaid) {
        const part = Math.floor((total * between(random, 0, 2)) / 4 / plan.step) * plan.step;
        if (part > 0) pay(pacienteId, dia, afterVisit(last), part, items);
        continue;
      }
      if (total >= plan.instalmentFrom) {
        const firstPart = Math.max(plan.step, Math.floor(total / 2 / plan.step) * plan.step);
        pay(pacienteId, dia, afterVisit(last), Math.min(firstPart, total), items);
        const rest = items.reduce((s, i) => s + i.left, 0);
        if (rest > 0) {
          const later = nextOpen(addDays(dia, between(random, 7, 30)), dia);
          pay(
            pacienteId,
            later,
            later === dia ? new Date(afterVisit(last).getTime() + 5 * 60_000) : atDesk(later),
            rest,
            items,
          );
        }
        continue;
      }
      if (random() < 0.85) {
        pay(pacienteId, dia, afterVisit(last), total, items);
      } else {
        const later = nextOpen(addDays(dia, between(random, 1, 10)), dia);
        pay(pacienteId, later, later === dia ? afterVisit(last) : atDesk(later), total, items);
      }
    }
  }
  // Credit: a patient or two who pays in full left money on account for the next treatment.
  const recentDays = workingDays.slice(-20);
  for (const pacienteId of treated.filter((id) => !debtors.has(id)).slice(0, plan.advances)) {
    const dia = pick(random, recentDays);
    pay(pacienteId, dia, atDesk(dia), plan.advanceAmount, []);
  }

  // A few annulments by the owner: a payment entered twice, or with the wrong method, reversed the same day.
  const annulled: Payment[] = [];
  const candidates = payments.filter(
    (p) => p.cobradoPor === plan.ownerId && p.anticipo === 0 && p.aplicaciones.length > 0,
  );
  const annulCount = Math.min(candidates.length, plan.budgets > 20 ? 8 : 2);
  for (let i = 0; i < annulCount; i++) {
    const original = candidates[Math.floor(((i + 0.5) * candidates.length) / annulCount)];
    const motivo = ANNULMENT_REASONS[i % ANNULMENT_REASONS.length];
    const wrongMethod = motivo === ANNULMENT_REASONS[0];
    const metodo = wrongMethod ? (methods.find((m) => m !== original.metodo) ?? original.metodo) : original.metodo;
    const at = original.fecha.getTime() + (wrongMethod ? -6 : 2) * 60_000;
    const wrong: Payment = {
      ...original,
      id: randomUUID(),
      fecha: new Date(at),
      metodo,
      anulado: true,
      aplicaciones: original.aplicaciones.map((a) => ({ ...a })),
    };
    annulled.push(wrong, {
      ...wrong,
      id: randomUUID(),
      fecha: new Date(at + 3 * 60_000),
      importe: -wrong.importe,
      anulado: false,
      anticipo: 0,
      aplicaciones: [],
      cobradoPor: plan.ownerId,
      anula: { id: wrong.id, motivo },
    });
  }
  const entries = [...payments, ...annulled].sort(
    (a, b) => a.fecha.getTime() - b.fecha.getTime() || Number(Boolean(a.anula)) - Number(Boolean(b.anula)),
  );
  // No two entries share an instant, so the receipts' order is the payments' order whatever reads them.
  for (let i = 1; i < entries.length; i++) {
    const previous = entries[i - 1].fecha.getTime();
    if (entries[i].fecha.getTime() <= previous) entries[i].fecha = new Date(previous + 1_000);
  }

  // -- Each member's cash per day, closed with its count; receipt numbers per year, in order ----------------
  const cashes = new Map<string, { id: string; usuarioId: string; dia: string; entries: Payment[] }>();
  for (const entry of entries) {
    const key = `${entry.cobradoPor} ${entry.dia}`;
    let cash = cashes.get(key);
    if (!cash) {
      cash = { id: randomUUID(), usuarioId: entry.cobradoPor, dia: entry.dia, entries: [] };
      cashes.set(key, cash);
    }
    cash.entries.push(entry);
  }
  const cashRows: PgInsertValue<typeof cajas>[] = [...cashes.values()].map((cash) => {
    const totales: MethodTotal[] = methods
      .map((metodo) => {
        const of = cash.entries.filter((e) => e.metodo === metodo);
        return { metodo, importe: of.reduce((s, e) => s + e.importe, 0), cobros: of.filter((e) => !e.anula).length };
      })
      .filter((t) => t.cobros > 0);
    const efectivoEsperado = plan.fondo + (totales.find((t) => t.metodo === 'efectivo')?.importe ?? 0);
    const diferencia = random() < 0.06 ? pick(random, plan.differences) : 0;
    const blocks = plan.hours[weekdayOf(cash.dia)];
    return {
      id: cash.id,
      clinicaId: plan.id,
      usuarioId: cash.usuarioId,
      usuarioNombre: names.get(cash.usuarioId) ?? '',
      dia: cash.dia,
      estado: 'cerrada' as const,
      fondoInicial: plan.fondo,
      fechaApertura: instantOf(cash.dia, blocks[0][0] - 20, zone),
      fechaCierre: instantOf(cash.dia, blocks[blocks.length - 1][1] + 45, zone),
      totales,
      efectivoEsperado,
      efectivoContado: efectivoEsperado + diferencia,
      diferencia,
      nota: diferencia === 0 ? null : pick(random, DIFFERENCE_NOTES),
    };
  });
  const receiptCounters = new Map<number, number>();
  const paymentRows: PgInsertValue<typeof cobros>[] = entries.map((entry) => {
    const cash = cashes.get(`${entry.cobradoPor} ${entry.dia}`)!;
    let numero: string | null = null;
    if (!entry.anula) {
      const year = Number(entry.dia.slice(0, 4));
      const n = (receiptCounters.get(year) ?? 0) + 1;
      receiptCounters.set(year, n);
      numero = documentNumber('recibo', year, n);
    }
    return {
      id: entry.id,
      clinicaId: plan.id,
      pacienteId: entry.pacienteId,
      tipo: entry.anula ? ('anulacion' as const) : ('cobro' as const),
      numero,
      fecha: entry.fecha,
      diaCaja: entry.dia,
      cajaId: cash.id,
      importe: entry.importe,
      moneda,
      metodo: entry.metodo,
      referencia:
        entry.metodo === 'efectivo' || entry.anula
          ? null
          : `${COLLECTION_METHOD_LABELS[entry.metodo]} ${String(between(random, 100_000, 999_999))}`,
      cobradoPor: entry.cobradoPor,
      cobradoPorNombre: names.get(entry.cobradoPor) ?? '',
      anticipo: entry.anticipo,
      anulado: entry.anulado,
      anulaId: entry.anula?.id ?? null,
      motivo: entry.anula?.motivo ?? null,
    };
  });

  // -- Written in bulk, parents first ------------------------------------------------------------------------
  await insertAll(tx, citas, appointments);
  await insertAll(tx, presupuestos, budgetRows);
  await insertAll(tx, lineasPresupuesto, lineRows);
  for (const [anio, ultimo] of counters) {
    await tx
      .insert(contadoresPresupuestos)
      .values({ clinicaId: plan.id, anio, ultimo })
      .onConflictDoUpdate({ target: [contadoresPresupuestos.clinicaId, contadoresPresupuestos.anio], set: { ultimo } });
  }
  await insertAll(
    tx,
    tratamientosRealizados,
    works.map((w) => ({
      id: w.id,
      clinicaId: plan.id,
      pacienteId: w.pacienteId,
      servicioId: w.servicio.id,
      descripcion: w.servicio.nombre,
      diente: w.diente,
      cantidad: 1,
      dentistaId: w.dentistaId,
      autorId: w.autorId,
      fecha: w.fecha,
      importe: w.importe,
      moneda,
      lineaPresupuestoId: w.lineaId,
    })),
  );
  await insertAll(tx, cajas, cashRows);
  await insertAll(tx, cobros, paymentRows);
  await insertAll(
    tx,
    aplicacionesCobro,
    entries.flatMap((e) => e.aplicaciones.map((a) => ({ cobroId: e.id, clinicaId: plan.id, ...a }))),
  );
  if (receiptCounters.size) {
    await tx
      .insert(contadoresRecibos)
      .values([...receiptCounters].map(([anio, ultimo]) => ({ clinicaId: plan.id, anio, ultimo })));
  }
  await datePatients(tx, plan, random, today, zone, regulars);
}

/** The clinic's day of an instant. */
function localDayOf(at: Date, zone: string): string {
  return new Date(at.getTime() + zoneOffset(zone, at.getTime())).toISOString().slice(0, 10);
}

/** The clinic's active dentists; the Madrid clinic gets its two first. */
async function dentistsOf(tx: Executor, plan: ClinicPlan): Promise<Dentist[]> {
  const read = () =>
    tx
      .select({ id: dentistas.id, usuarioId: dentistas.usuarioId })
      .from(dentistas)
      .where(and(eq(dentistas.clinicaId, plan.id), eq(dentistas.activo, true)))
      .orderBy(dentistas.id);
  const found = await read();
  if (found.length > 0 || plan.id !== DEMO_MADRID_CLINIC.id) return found;
  await tx
    .insert(dentistas)
    .values(MADRID_DENTISTS.map((d, i) => ({ ...d, clinicaId: plan.id, color: DENTIST_COLOR_VALUES[i] })));
  return read();
}

/** The clinic's active patients; the Madrid clinic, which had none, gets a few dozen first. */
async function patientsOf(tx: Executor, plan: ClinicPlan, random: Random, today: string): Promise<string[]> {
  const read = async () =>
    (
      await tx
        .select({ id: pacientes.id })
        .from(pacientes)
        .where(and(eq(pacientes.clinicaId, plan.id), eq(pacientes.estado, 'activo')))
        .orderBy(pacientes.apellidos, pacientes.nombres, pacientes.id)
    ).map((p) => p.id);
  const found = await read();
  if (found.length > 0 || plan.id !== DEMO_MADRID_CLINIC.id) return found;
  const taken = new Set<string>();
  const rows: PgInsertValue<typeof pacientes>[] = [];
  while (rows.length < DEMO_MADRID_PATIENT_COUNT) {
    const [nombre, genero] = pick(random, MADRID_FIRST_NAMES);
    const apellidos = `${pick(random, MADRID_SURNAMES)} ${pick(random, MADRID_SURNAMES)}`;
    if (taken.has(`${nombre} ${apellidos}`)) continue;
    taken.add(`${nombre} ${apellidos}`);
    const plain = (s: string) =>
      s
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase();
    const email =
      random() < 0.7 ? `${plain(nombre)}.${plain(apellidos.split(' ')[0])}${rows.length}@correo.example` : null;
    const birth = addDays(today, -between(random, 18 * 365, 75 * 365));
    rows.push({
      clinicaId: plan.id,
      nombres: nombre,
      apellidos,
      genero,
      email,
      telefono: `6${between(random, 10, 99)} ${between(random, 100, 999)} ${between(random, 100, 999)}`,
      fechaNacimiento: birth,
      ...(email
        ? {
            consentimientoRecordatorios: sql`now()`,
            consentimientoRecordatoriosPor: `${DEMO_MADRID_CLINIC.owner.nombres} ${DEMO_MADRID_CLINIC.owner.apellidos}`,
          }
        : {}),
    });
  }
  await tx.insert(pacientes).values(rows);
  return read();
}

/**
 * The patients' registration dates follow their history, so the new-patients report has a year to show:
 * the regulars were patients before the year began, the others registered in the days before their
 * first visit or budget. The consents they gave when registered move with it.
 */
async function datePatients(
  tx: Executor,
  plan: ClinicPlan,
  random: Random,
  today: string,
  zone: string,
  regulars: ReadonlySet<string>,
): Promise<void> {
  const patients = await tx
    .select({ id: pacientes.id })
    .from(pacientes)
    .where(eq(pacientes.clinicaId, plan.id))
    .orderBy(pacientes.apellidos, pacientes.nombres, pacientes.id);
  if (patients.length === 0) return;
  // Each patient's first appointment, treatment and budget; and the last attended visit.
  const firstOf = new Map<string, number>();
  const seen = (rows: { pacienteId: string | null; at: unknown }[]) => {
    for (const { pacienteId, at } of rows) {
      if (!pacienteId || at === null) continue;
      const time = new Date(at as string | Date).getTime();
      firstOf.set(pacienteId, Math.min(firstOf.get(pacienteId) ?? Infinity, time));
    }
  };
  seen(
    await tx
      .select({ pacienteId: citas.pacienteId, at: sql`min(${citas.inicio})` })
      .from(citas)
      .where(eq(citas.clinicaId, plan.id))
      .groupBy(citas.pacienteId),
  );
  seen(
    await tx
      .select({ pacienteId: tratamientosRealizados.pacienteId, at: sql`min(${tratamientosRealizados.fecha})` })
      .from(tratamientosRealizados)
      .where(eq(tratamientosRealizados.clinicaId, plan.id))
      .groupBy(tratamientosRealizados.pacienteId),
  );
  seen(
    await tx
      .select({ pacienteId: presupuestos.pacienteId, at: sql`min(${presupuestos.fechaCreacion})` })
      .from(presupuestos)
      .where(eq(presupuestos.clinicaId, plan.id))
      .groupBy(presupuestos.pacienteId),
  );
  const now = Date.parse(`${today}T12:00:00Z`);
  const dates = patients.map(({ id }) => {
    const first = firstOf.get(id);
    const firstAt = first === undefined ? now : Math.min(first, now);
    const at =
      regulars.has(id) || first === undefined
        ? Math.min(firstAt, now - between(random, 370, 1_100) * DAY_MS)
        : firstAt - between(random, 1, 12) * DAY_MS - between(random, 0, 8 * 60) * 60_000;
    return sql`(${id}::uuid, ${new Date(at).toISOString()}::timestamptz)`;
  });
  const dated = sql`(select v.f from (values ${sql.join(dates, sql`, `)}) as v(paciente, f) where v.paciente = ${pacientes.id})`;
  // The big clinic's visits follow its agenda's rule (the agenda seeder set them); Madrid's had no agenda.
  let visits: SQL | null = null;
  if (plan.id === DEMO_MADRID_CLINIC.id) {
    const last = await tx
      .select({
        pacienteId: citas.pacienteId,
        dia: sql<string>`max((${citas.inicio} at time zone ${zone})::date)::text`,
      })
      .from(citas)
      .where(and(eq(citas.clinicaId, plan.id), inArray(citas.estado, ['atendida', 'completada'])))
      .groupBy(citas.pacienteId);
    const values = last.filter((r) => r.pacienteId).map((r) => sql`(${r.pacienteId}::uuid, ${r.dia}::date)`);
    if (values.length)
      visits = sql`(select v.dia from (values ${sql.join(values, sql`, `)}) as v(paciente, dia) where v.paciente = ${pacientes.id})`;
  }
  await tx
    .update(pacientes)
    .set({
      fechaCreacion: dated,
      consentimientoRecordatorios: sql`case when ${pacientes.consentimientoRecordatorios} is null then null else ${dated} end`,
      consentimientoComunicaciones: sql`case when ${pacientes.consentimientoComunicaciones} is null then null else ${dated} end`,
      ...(visits ? { ultimaVisita: visits } : {}),
    })
    .where(eq(pacientes.clinicaId, plan.id));
}
