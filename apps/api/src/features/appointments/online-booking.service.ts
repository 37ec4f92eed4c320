import {
  BOOKING_MESSAGES,
  CODE_MINUTES,
  CODE_TRIES,
  ESTADOS_CITA_ANULADA,
  ESTADOS_CITA_PREVISTA,
  formatLongDate,
  HOLD_MINUTES,
  SLOT_DAYS_MAX,
  SLOT_STEP_MINUTES,
  todayInZone,
  type BookingOptions,
  type BookingResult,
  type FreeSlots,
  type Hold,
  type HoldInput,
  type NextSlot,
  type NextSlots,
  type SlotQuery,
} from '@odontia/shared';
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { columnNames, selectList, type RowOf } from '../../db/column-map.ts';
import { localInstant, localText } from '../../db/local-day.ts';
import { ph, preparedStatement } from '../../db/prepared.ts';
import {
  bloqueosAgenda,
  CITAS_SIN_SOLAPE,
  citas,
  clinicas,
  dentistas,
  horariosDentista,
  pacientes,
  productos,
  reservasOnline,
} from '../../db/schema/index.ts';
import type { Deps } from '../../platform/context.ts';
import { PG_ERROR, sqlState } from '../../platform/db-errors.ts';
import { AppError, notFound, unprocessable } from '../../platform/errors.ts';
import { renderEmail } from '../../platform/mail.ts';
import { enqueueAppointmentMessage } from '../../platform/messages/enqueue.ts';
import { notify } from '../../platform/notifications.ts';
import type { JsonText } from '../../platform/json-text.ts';
import { VersionedCache } from '../../platform/versioned-cache.ts';
import { agenda, versionedStatement, type Versioned, type VersionValues } from './agenda-reads.service.ts';
import { refreshVisits } from './booking.service.ts';
import { clearEndedHolds } from '../../platform/holds.ts';
import { perInstance } from '../../platform/per-instance.ts';

/**
 * Online booking of a real free slot (issue 24, docs/decisions/0022): the clinic's options, the free
 * slots computed in the database from working hours minus blocks minus appointments and live holds, on
 * the clinic's wall clock (so right across daylight-saving changes); holding a slot as an appointment
 * `retenida` under the no-overlap constraint; the patient's details and an emailed code; the booking.
 */

const anuladas = sql.raw(ESTADOS_CITA_ANULADA.map((e) => `'${e}'`).join(', '));

/**
 * The free starts, one statement: the days asked (within the clinic's horizon), each working range of
 * each active dentist that weekday as instants of the clinic's zone, starts every SLOT_STEP_MINUTES
 * that leave room for the service, from the minimum notice on, that no appointment, live hold or
 * block overlaps. `dentista` null: every dentist, in the order of their names ('cualquiera' takes the
 * first free one).
 */
type SlotRow = { dentistaId: string; fecha: string; hora: string };
type SlotValues = {
  clinicaId: string;
  zona: string;
  dentistaId: string | null;
  desde: string;
  dias: number;
  duracion: number;
  antelacion: number;
  horizonte: number;
};
const zona = sql`${ph('zona')}::text`;
const clinica = sql`${ph('clinicaId')}::uuid`;
/** What a free-start read takes: its values as placeholders, or (a hold) as SQL over its context. */
type SlotParams = Record<
  'clinica' | 'zona' | 'dentistaId' | 'desde' | 'dias' | 'duracion' | 'antelacion' | 'horizonte',
  SQL
>;
const slotPlaceholders: SlotParams = {
  clinica,
  zona,
  dentistaId: sql`${ph('dentistaId')}::uuid`,
  desde: sql`${ph('desde')}::date`,
  dias: sql`${ph('dias')}::int`,
  duracion: sql`${ph('duracion')}::int`,
  antelacion: sql`${ph('antelacion')}::int`,
  horizonte: sql`${ph('horizonte')}::int`,
};
/**
 * The free starts and, for a cached read, until when they hold without a write (`caduca`, epoch ms):
 * the first live hold in the window ends, or the first free start falls within the minimum notice. A
 * row of nulls but `caduca` when no start is free. `gate`: computed only when it holds. `onlyAt`: only
 * the starts at that instant, and only what is taken around them is read (a hold checks its own start).
 */
const slotsQuery = (gate: SQL, onlyAt?: SQL, p: SlotParams = slotPlaceholders) =>
  sql`with dias as (
      select d::date as dia from generate_series(${p.desde}, ${p.desde} + (${p.dias} - 1), interval '1 day') as d
      where d::date <= (now() at time zone ${p.zona})::date + ${p.horizonte}
    ),
    tramos as (
      select ${horariosDentista.dentistaId} as dentista, ${dentistas.nombres} || ' ' || ${dentistas.apellidos} as nombre, dias.dia,
        ${localInstant(sql`dias.dia`, sql`${horariosDentista.horaInicio}`, p.zona)} as desde,
        ${localInstant(sql`dias.dia`, sql`${horariosDentista.horaFin}`, p.zona)} as hasta
      from dias
      join ${horariosDentista} on ${horariosDentista.diaSemana} = extract(isodow from dias.dia)
      join ${dentistas} on ${dentistas.id} = ${horariosDentista.dentistaId} and ${dentistas.activo}
      where ${horariosDentista.clinicaId} = ${p.clinica}
        and (${p.dentistaId} is null or ${horariosDentista.dentistaId} = ${p.dentistaId})
    ),
    candidatos as (
      select tramos.dentista, tramos.nombre, tramos.dia, s as inicio, s + ${p.duracion} * interval '1 minute' as fin
      from tramos, generate_series(tramos.desde, tramos.hasta - ${p.duracion} * interval '1 minute',
        ${sql.raw(String(SLOT_STEP_MINUTES))} * interval '1 minute') as s
      where s >= now() + ${p.antelacion} * interval '1 minute'${onlyAt ? sql` and s = ${onlyAt}` : sql``}
    ),
    ventana as materialized (${
      onlyAt
        ? sql`select min(candidatos.inicio) as desde, max(candidatos.fin) as hasta from candidatos`
        : sql`select min(tramos.desde) as desde, max(tramos.hasta) as hasta from tramos`
    }),
    -- What is taken in the window, read once (appointments and live holds through the exclusion
    -- constraint's own GiST index; blocks of the dentist or the whole clinic), per dentist and local day:
    -- each candidate is then compared with its own day's few, not with the dentist's whole history.
    ocupado as materialized (
      select x.dentista, x.inicio, x.fin, x.caduca, dia.d::date as dia
      from ventana, (
        select ${citas.dentistaId} as dentista, ${citas.inicio} as inicio, ${citas.fin} as fin,
          case when ${citas.estado} = 'retenida' then ${citas.retenidaHasta} end as caduca
        from ${citas}, ventana
        where ${citas.dentistaId} in (select tramos.dentista from tramos)
          and ${citas.estado} not in (${anuladas})
          -- No window (nothing to check): nothing is read, not every appointment (an unbounded range).
          and ventana.desde is not null
          and tstzrange(${citas.inicio}, ${citas.fin}) && tstzrange(ventana.desde, ventana.hasta)
          and (${citas.estado} <> 'retenida' or ${citas.retenidaHasta} > now())
        union all
        select equipo.dentista, ${bloqueosAgenda.inicio}, ${bloqueosAgenda.fin}, null
        from ${bloqueosAgenda}, ventana, (select distinct tramos.dentista from tramos) as equipo
        where ${bloqueosAgenda.clinicaId} = ${p.clinica}
          and (${bloqueosAgenda.dentistaId} is null or ${bloqueosAgenda.dentistaId} = equipo.dentista)
          and ${bloqueosAgenda.inicio} < ventana.hasta and ${bloqueosAgenda.fin} > ventana.desde
      ) as x,
      generate_series((greatest(x.inicio, ventana.desde) at time zone ${p.zona})::date,
        ((least(x.fin, ventana.hasta) - interval '1 microsecond') at time zone ${p.zona})::date, interval '1 day') as dia(d)
    ),
    libres as (
      select candidatos.dentista as "dentistaId", to_char(candidatos.dia, 'YYYY-MM-DD') as fecha,
        ${localText(sql`candidatos.inicio`, p.zona, 'HH24:MI')} as hora, candidatos.inicio, candidatos.nombre
      from candidatos
      where not exists (
        select 1 from ocupado where ocupado.dentista = candidatos.dentista and ocupado.dia = candidatos.dia
          and ocupado.inicio < candidatos.fin and ocupado.fin > candidatos.inicio
      )
    )
    select libres."dentistaId", libres.fecha, libres.hora, libres.inicio, libres.nombre,
      (extract(epoch from least(
        (select min(ocupado.caduca) from ocupado),
        min(libres.inicio) over () - ${p.antelacion} * interval '1 minute'
      )) * 1000)::float8 as caduca
    from (select 1) as uno left join libres on true
    where ${gate}`;
/** The same free starts as the public profile reads them: reused while the agenda's version holds. */
type CachedSlotRow = Versioned<SlotRow> & { caduca: number | null };
const cachedSlotsStatement = versionedStatement<CachedSlotRow, SlotValues & VersionValues>(
  'odontia_reservas_huecos_vigentes',
  [citas, dentistas, horariosDentista, bloqueosAgenda],
  slotsQuery(agenda.fresh),
  sql`x.inicio, x.nombre, x."dentistaId"`,
);
const slotCache = perInstance((_db: Database) => new VersionedCache<FreeSlots>(4_000_000));

/** The clinic as online booking reads it, and the service asked for (or none). */
const contextColumns = {
  clinicaId: clinicas.id,
  nombre: clinicas.nombre,
  telefono: clinicas.telefono,
  zona: clinicas.zonaHoraria,
  online: sql<boolean>`${clinicas.publicada} and ${clinicas.reservaOnline}`,
  antelacion: clinicas.reservaAntelacionMinutos,
  horizonte: clinicas.reservaHorizonteDias,
  maxFuturas: clinicas.reservaMaxFuturas,
  aprobacion: clinicas.reservaRequiereAprobacion,
  servicio: sql<string | null>`${productos.nombre}`,
  duracion: sql<number | null>`${productos.duracionMinutos}`,
};
type Context = RowOf<typeof contextColumns>;
const contextQuery = sql`select ${selectList(contextColumns)} from ${clinicas}
    left join ${productos} on ${productos.id} = ${ph('servicioId')}::uuid and ${productos.clinicaId} = ${clinicas.id}
      and ${productos.reservableOnline} and ${productos.activo}
    where ${clinicas.id} = ${clinica}`;
const contextStatement = preparedStatement<Context, { clinicaId: string; servicioId: string | null }>(
  'odontia_reservas_contexto',
  contextQuery,
);

const notOnline = () => notFound(BOOKING_MESSAGES.notOnline);

/** The clinic taking online bookings (404 otherwise) and, when asked, its bookable service (422 otherwise). */
function checkContext<C extends Pick<Context, 'online' | 'servicio' | 'duracion'>>(
  row: C | undefined,
  servicioId: string | null,
): C & { duracion: number; servicio: string } {
  if (!row?.online) throw notOnline();
  if (servicioId && (row.duracion === null || row.servicio === null))
    throw unprocessable(BOOKING_MESSAGES.serviceNotBookable, 'servicioId');
  return row as C & { duracion: number; servicio: string };
}

async function bookingContext(db: Executor, clinicaId: string, servicioId: string | null) {
  const [row] = await contextStatement(db, { clinicaId, servicioId });
  return checkContext(row, servicioId);
}

const slotValues = (
  ctx: Context & { duracion: number },
  values: Pick<SlotValues, 'dentistaId' | 'desde' | 'dias'>,
) => ({
  clinicaId: ctx.clinicaId,
  zona: ctx.zona,
  duracion: ctx.duracion,
  antelacion: ctx.antelacion,
  horizonte: ctx.horizonte,
  ...values,
});

/** The clinic's services a visitor can book online; its profile offers them by name. */
const bookableServiceOf = (clinicaId: string) =>
  and(eq(productos.clinicaId, clinicaId), eq(productos.reservableOnline, true), eq(productos.activo, true));

/** GET /api/reservas/:clinicaId/opciones: the bookable services, the dentists and the rules a visitor needs. */
export async function bookingOptions(db: Database, clinicaId: string): Promise<BookingOptions> {
  const ctx = await bookingContext(db, clinicaId, null);
  const [servicios, equipo] = await Promise.all([
    db
      .select({
        id: productos.id,
        nombre: productos.nombre,
        duracionMinutos: sql<number>`${productos.duracionMinutos}`,
      })
      .from(productos)
      .where(bookableServiceOf(clinicaId))
      .orderBy(asc(productos.nombre)),
    db
      .selectDistinct({
        id: dentistas.id,
        nombre: sql<string>`${dentistas.nombres} || ' ' || ${dentistas.apellidos}`,
        especialidad: dentistas.especialidad,
        orden: dentistas.nombres,
      })
      .from(dentistas)
      .innerJoin(horariosDentista, eq(horariosDentista.dentistaId, dentistas.id))
      .where(and(eq(dentistas.clinicaId, clinicaId), eq(dentistas.activo, true)))
      .orderBy(asc(dentistas.nombres), asc(dentistas.id)),
  ]);
  return {
    servicios,
    dentistas: equipo.map(({ orden: _orden, ...d }) => d),
    horizonteDias: ctx.horizonte,
    requiereAprobacion: ctx.aprobacion,
    hoy: todayInZone(ctx.zona),
  };
}

/**
 * GET /api/reservas/:clinicaId/huecos: per day asked, its free starts (the first free dentist of each),
 * as JSON. Visitors of a profile ask for the same days again and again: the answer is reused until the
 * clinic's agenda (appointments, holds, dentists, hours, blocks) changes, or a hold in it ends, or its
 * first free start falls within the notice (`caduca`). The clinic's rules and the service are read
 * each time, and are part of the key.
 */
export async function freeSlots(
  db: Database,
  clinicaId: string,
  query: Required<Pick<SlotQuery, 'servicioId' | 'desde'>> & { dentistaId?: string; dias: number },
): Promise<JsonText<FreeSlots>> {
  const ctx = await bookingContext(db, clinicaId, query.servicioId);
  const values = slotValues(ctx, { dentistaId: query.dentistaId ?? null, desde: query.desde, dias: query.dias });
  const { zona: z, duracion, antelacion, horizonte, dentistaId, desde, dias } = values;
  return slotCache(db).read(
    [clinicaId, z, todayInZone(z), duracion, antelacion, horizonte, dentistaId, desde, dias].join('|'),
    (cached) => cachedSlotsStatement(db, { ...values, cached }),
    (rows) => {
      const byDay = new Map<string, Map<string, string>>();
      for (const row of rows) {
        if (row.dentistaId === null) continue;
        let day = byDay.get(row.fecha!);
        if (!day) byDay.set(row.fecha!, (day = new Map()));
        if (!day.has(row.hora!)) day.set(row.hora!, row.dentistaId);
      }
      const result: FreeSlots['dias'] = [];
      for (let i = 0; i < query.dias; i++) {
        const fecha = addDays(query.desde, i);
        result.push({
          fecha,
          huecos: [...(byDay.get(fecha) ?? [])].map(([hora, dentistaId]) => ({ hora, dentistaId })),
        });
      }
      return { dias: result };
    },
    (rows) => rows[0]?.caduca ?? Infinity,
  );
}

/**
 * GET /api/reservas/proximos: the next free slot of each of these clinics that takes online bookings,
 * as its profile's booking panel shows it (the first bookable service, any dentist, the next
 * SLOT_DAYS_MAX days); a clinic without online booking, service or free slot is left out. Each is the
 * profile's own cached read (`freeSlots`), so a directory page asks for no slot computation its
 * visitors' profiles would not; before it, one read of the clinic's first service and its day.
 */
export async function nextFreeSlots(db: Database, ids: string[]): Promise<NextSlots> {
  const found = await Promise.all(
    ids.map(async (clinicaId): Promise<NextSlot | null> => {
      const [first] = await db
        .select({ servicioId: productos.id, zona: clinicas.zonaHoraria })
        .from(productos)
        .innerJoin(clinicas, eq(clinicas.id, productos.clinicaId))
        .where(and(bookableServiceOf(clinicaId), contextColumns.online))
        .orderBy(asc(productos.nombre))
        .limit(1);
      if (!first) return null;
      const hoy = todayInZone(first.zona);
      const read = await freeSlots(db, clinicaId, {
        servicioId: first.servicioId,
        desde: hoy,
        dias: SLOT_DAYS_MAX,
      }).catch((error: unknown) => {
        // The clinic stopped taking online bookings, or the service, in between: left out.
        if (error instanceof AppError && error.status < 500) return null;
        throw error;
      });
      if (read === null) return null;
      const slots = JSON.parse(read) as FreeSlots;
      const day = slots.dias.find((d) => d.huecos.length > 0);
      return day ? { clinicaId, fecha: day.fecha, hora: day.huecos[0]!.hora, hoy } : null;
    }),
  );
  return { proximos: found.filter((slot) => slot !== null) };
}

function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const holdNotFound = () => notFound(BOOKING_MESSAGES.holdNotFound);

/**
 * A hold, in one prepared statement (planned once per connection; all or nothing is written): the
 * clinic's booking context and the service (`ctx`, as bookingContext reads it); the start asked checked
 * free as the profile offers it, the first of its free dentists asked for that is not in `excluir`
 * (`elegido`); that dentist's appointment `retenida` for HOLD_MINUTES, and its booking row. What the
 * check cannot see (a hold of that start committed meanwhile, or one that has ended and is still in the
 * way) makes the no-overlap constraint leave the insert out rather than fail: `elegido` is then set,
 * and `hasta` null.
 */
type HoldValues = {
  clinicaId: string;
  servicioId: string;
  dentistaId: string | null;
  fecha: string;
  hora: string;
  excluir: string[];
  tokenHash: string;
  direccion: string;
  desafio: string;
};
type HoldRow = Pick<Context, 'online' | 'servicio' | 'duracion' | 'zona'> & {
  elegido: string | null;
  hasta: number | null;
  horaFin: string | null;
  dentista: string | null;
};
const fromContext = (key: keyof Context) => sql`(select ctx.${sql.identifier(key)} from ctx)`;
const holdParams: SlotParams = {
  clinica,
  zona: fromContext('zona'),
  dentistaId: sql`${ph('dentistaId')}::uuid`,
  desde: sql`${ph('fecha')}::date`,
  dias: sql`1`,
  duracion: fromContext('duracion'),
  antelacion: fromContext('antelacion'),
  horizonte: fromContext('horizonte'),
};
const holdInicio = localInstant(sql`${ph('fecha')}`, sql`${ph('hora')}`, holdParams.zona);
const holdStatement = preparedStatement<HoldRow, HoldValues>(
  'odontia_reservas_retener',
  sql`with ctx as (${contextQuery}),
    elegido as (
      select x."dentistaId" as dentista
      from (${slotsQuery(fromContext('online'), holdInicio, holdParams)}) as x
      where x."dentistaId" is not null and x."dentistaId" <> all(${ph('excluir')}::uuid[])
      order by x.inicio, x.nombre, x."dentistaId"
      limit 1
    ),
    cita as (
      insert into ${citas} (${columnNames(citas.clinicaId, citas.dentistaId, citas.inicio, citas.fin, citas.titulo, citas.estado, citas.online, citas.retenidaHasta)})
      select ${clinica}, elegido.dentista, ${holdInicio}, ${holdInicio} + ctx.duracion * interval '1 minute',
        ctx.servicio, 'retenida', true, now() + ${sql.raw(String(HOLD_MINUTES))} * interval '1 minute'
      from elegido, ctx
      on conflict on constraint ${sql.identifier(CITAS_SIN_SOLAPE)} do nothing
      returning ${citas.id} as id, ${citas.retenidaHasta} as hasta, ${citas.fin} as fin, ${citas.dentistaId} as dentista
    ),
    reserva as (
      insert into ${reservasOnline} (${columnNames(reservasOnline.clinicaId, reservasOnline.citaId, reservasOnline.tokenHash, reservasOnline.servicioId, reservasOnline.direccion, reservasOnline.desafio)})
      select ${clinica}, cita.id, ${ph('tokenHash')}::text, ${ph('servicioId')}::uuid, ${ph('direccion')}::text, ${ph('desafio')}::text
      from cita
    )
    select ctx.online, ctx.servicio, ctx.duracion, ctx.zona, (select elegido.dentista from elegido) as elegido,
      (extract(epoch from cita.hasta) * 1000)::float8 as hasta, ${localText(sql`cita.fin`, sql`ctx.zona`, 'HH24:MI')} as "horaFin",
      ${dentistas.nombres} || ' ' || ${dentistas.apellidos} as dentista
    from ctx left join cita on true left join ${dentistas} on ${dentistas.id} = cita.dentista`,
);

/**
 * Holds a slot the server offers (checked again here, not trusted from the page) for HOLD_MINUTES: an
 * appointment `retenida` of the first free dentist asked for, written with its booking row in one
 * statement. When the no-overlap constraint leaves it out, the holds that have ended in its way are
 * deleted and it is tried once more; still left out, the next free dentist ('cualquiera') is tried. So
 * of any number of holds of one slot exactly one is written, and the others get a 409 (or, aborted by
 * PostgreSQL's deadlock detection while they waited on each other, try again), never a 500.
 */
export async function holdSlot(
  db: Database,
  clinicaId: string,
  input: Omit<HoldInput, 'altcha'> & { desafio: string },
  direccion: string,
): Promise<Hold> {
  const token = randomBytes(32).toString('base64url');
  const values: HoldValues = {
    clinicaId,
    servicioId: input.servicioId,
    dentistaId: input.dentistaId,
    fecha: input.fecha,
    hora: input.hora,
    excluir: [],
    tokenHash: sha256(token),
    direccion,
    desafio: input.desafio,
  };
  const cleared = new Set<string>();
  // Each try that writes nothing rules a dentist out or clears its way once, so the tries end; a
  // deadlock (rare, the other hold is written by then) is tried again a few times.
  for (let tries = 0, deadlocks = 0; ; tries++) {
    let row: HoldRow | undefined;
    try {
      [row] = await holdStatement(db, values);
    } catch (error) {
      const state = sqlState(error);
      if (state === PG_ERROR.uniqueViolation)
        throw new AppError(400, 'validation_error', BOOKING_MESSAGES.challengeFailed);
      // Two holds of one slot each waited on the other's row and PostgreSQL aborted this one: the other
      // is written now, so the next check sees its start taken.
      if (state === PG_ERROR.deadlockDetected && ++deadlocks < 3) continue;
      throw error;
    }
    const ctx = checkContext(row, input.servicioId);
    const { elegido, hasta, horaFin, dentista } = ctx;
    if (elegido === null) {
      throw new AppError(409, 'conflict', tries === 0 ? BOOKING_MESSAGES.slotNotOffered : BOOKING_MESSAGES.slotTaken);
    }
    if (hasta !== null) {
      return {
        token,
        retenidaHasta: new Date(hasta).toISOString(),
        fecha: input.fecha,
        hora: input.hora,
        horaFin: horaFin!,
        dentista: dentista!,
        servicio: ctx.servicio,
      };
    }
    // Left out: a hold that has ended may be in the way (deleted, then the same dentist once more);
    // otherwise the start is taken for this dentist, and the next free one is tried.
    const inicio = localInstant(input.fecha, input.hora, ctx.zona);
    const fin = sql`${inicio} + ${ctx.duracion} * interval '1 minute'`;
    const again = !cleared.has(elegido) && (await clearEndedHolds(db, elegido, inicio, fin)) > 0;
    cleared.add(elegido);
    if (!again) values.excluir = [...values.excluir, elegido];
  }
}

/** A booking in progress with its hold, locked: what the details and the code act on. */
const heldColumns = {
  id: reservasOnline.id,
  clinicaId: reservasOnline.clinicaId,
  citaId: sql<string>`${citas.id}`,
  dentistaId: sql<string>`${citas.dentistaId}`,
  dentistaUsuarioId: dentistas.usuarioId,
  dentista: sql<string>`${dentistas.nombres} || ' ' || ${dentistas.apellidos}`,
  fecha: localText(citas.inicio, sql`${clinicas.zonaHoraria}`, 'YYYY-MM-DD'),
  hora: localText(citas.inicio, sql`${clinicas.zonaHoraria}`, 'HH24:MI'),
  zona: clinicas.zonaHoraria,
  clinica: clinicas.nombre,
  maxFuturas: clinicas.reservaMaxFuturas,
  aprobacion: clinicas.reservaRequiereAprobacion,
  vigente: sql<boolean>`${citas.retenidaHasta} > now()`,
  nombres: reservasOnline.nombres,
  apellidos: reservasOnline.apellidos,
  email: reservasOnline.email,
  telefono: reservasOnline.telefono,
  aceptaRecordatorios: reservasOnline.aceptaRecordatorios,
  codigoHash: reservasOnline.codigoHash,
  codigoVigente: sql<boolean>`${reservasOnline.codigoExpira} > now()`,
  intentos: reservasOnline.intentos,
};
type Held = RowOf<typeof heldColumns>;

async function lockHeld(tx: Executor, token: string): Promise<Held> {
  const [row] = await tx
    .select(heldColumns)
    .from(reservasOnline)
    .innerJoin(citas, and(eq(citas.id, reservasOnline.citaId), eq(citas.estado, 'retenida')))
    .innerJoin(clinicas, eq(clinicas.id, reservasOnline.clinicaId))
    .innerJoin(dentistas, eq(dentistas.id, citas.dentistaId))
    .where(and(eq(reservasOnline.tokenHash, sha256(token)), isNull(reservasOnline.fechaConfirmacion)))
    .for('update', { of: [reservasOnline, citas] });
  if (!row) throw holdNotFound();
  return row;
}

/** The last nine digits of a phone: how a patient's phone is matched, whatever its format (as requests do). */
const phoneKey = (phone: string) => phone.replace(/\D/g, '').slice(-9);
const samePhone = (key: string) =>
  sql`right(regexp_replace(coalesce(${pacientes.telefono}, ''), '[^0-9]', '', 'g'), 9) = ${key}`;
const sameContact = (email: string, telefono: string) =>
  or(sql`lower(${pacientes.email}) = ${email.toLowerCase()}`, samePhone(phoneKey(telefono)));

/** The future appointments booked for this email or phone at the clinic (the per-contact maximum). */
async function futureBookings(tx: Executor, clinicaId: string, email: string, telefono: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(citas)
    .innerJoin(pacientes, eq(pacientes.id, citas.pacienteId))
    .where(
      and(
        eq(citas.clinicaId, clinicaId),
        sql`${citas.inicio} > now()`,
        inArray(citas.estado, [...ESTADOS_CITA_PREVISTA]),
        sameContact(email, telefono),
      ),
    );
  return row!.n;
}

const maskEmail = (email: string) =>
  email.replace(
    /^(.)(.*)(@.*)$/,
    (_m, a: string, b: string, d: string) => `${a}${'•'.repeat(Math.min(b.length, 6))}${d}`,
  );

/**
 * The patient's details for a live hold: checked against the per-contact maximum, kept on the booking,
 * and a 6-digit code emailed (only its hash is kept; CODE_MINUTES, CODE_TRIES). The hold is kept as long
 * as the code, so that reading the email does not lose the slot.
 */
export async function sendBookingCode(
  deps: Pick<Deps, 'db' | 'mailer'>,
  token: string,
  details: { nombres: string; apellidos: string; email: string; telefono: string; aceptaRecordatorios: boolean },
): Promise<{ mensaje: string }> {
  const codigo = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const held = await deps.db.transaction(async (tx) => {
    const row = await lockHeld(tx, token);
    if (!row.vigente) throw new AppError(409, 'conflict', BOOKING_MESSAGES.holdExpired);
    if ((await futureBookings(tx, row.clinicaId, details.email, details.telefono)) >= row.maxFuturas)
      throw unprocessable(BOOKING_MESSAGES.tooManyBookings(row.maxFuturas), 'email');
    await tx
      .update(reservasOnline)
      .set({
        ...details,
        codigoHash: sha256(`${row.id}:${codigo}`),
        codigoExpira: sql`now() + ${CODE_MINUTES} * interval '1 minute'`,
        intentos: 0,
      })
      .where(eq(reservasOnline.id, row.id));
    await tx
      .update(citas)
      .set({ retenidaHasta: sql`greatest(${citas.retenidaHasta}, now() + ${CODE_MINUTES} * interval '1 minute')` })
      .where(eq(citas.id, row.citaId));
    return row;
  });
  const { text, html } = renderEmail({
    title: `Tu código para reservar en ${held.clinica}`,
    paragraphs: [
      `Hola, ${details.nombres}:`,
      `Tu código es ${codigo}. Escríbelo en la página de la reserva para confirmar tu cita del ${formatLongDate(held.fecha)} a las ${held.hora} con ${held.dentista}.`,
      `Caduca en ${CODE_MINUTES} minutos. Si no has pedido esta cita, ignora este correo.`,
    ],
  });
  await deps.mailer.send({ to: details.email, subject: `${codigo} es tu código de reserva`, text, html });
  return { mensaje: BOOKING_MESSAGES.codeSent(maskEmail(details.email)) };
}

const codeMatches = (row: Held, codigo: string) => {
  if (!row.codigoHash) return false;
  const given = Buffer.from(sha256(`${row.id}:${codigo}`), 'hex');
  return timingSafeEqual(given, Buffer.from(row.codigoHash, 'hex'));
};

/**
 * The booking: with the right code, in one transaction, the patient matched by email or phone (as the
 * request flow does) or created, the per-contact maximum checked again, the hold made the patient's
 * appointment (confirmed, or `pendiente` for the clinic to approve), the confirmation (or, awaiting
 * approval, the 'reserva recibida' email) put in the outbox and the desk and the dentist told. A wrong
 * code counts a try; the fifth frees the slot.
 */
export async function confirmBooking(deps: Pick<Deps, 'db'>, token: string, codigo: string): Promise<BookingResult> {
  type Outcome = { error: string } | { row: Held; estado: 'pendiente' | 'confirmada' };
  const outcome = await deps.db.transaction(async (tx): Promise<Outcome> => {
    const row = await lockHeld(tx, token);
    if (!row.codigoHash || !row.email || !row.telefono || !row.nombres || !row.apellidos) throw holdNotFound();
    if (!row.codigoVigente) return { error: BOOKING_MESSAGES.codeExpired };
    if (!codeMatches(row, codigo)) {
      if (row.intentos + 1 >= CODE_TRIES) {
        await tx.delete(citas).where(eq(citas.id, row.citaId));
        return { error: BOOKING_MESSAGES.codeLocked };
      }
      await tx
        .update(reservasOnline)
        .set({ intentos: row.intentos + 1 })
        .where(eq(reservasOnline.id, row.id));
      return { error: BOOKING_MESSAGES.codeInvalid };
    }
    if ((await futureBookings(tx, row.clinicaId, row.email, row.telefono)) >= row.maxFuturas)
      throw unprocessable(BOOKING_MESSAGES.tooManyBookings(row.maxFuturas), 'codigo');
    const pacienteId = await bookingPatient(
      tx,
      row as Held & { email: string; telefono: string; nombres: string; apellidos: string },
    );
    const estado = row.aprobacion ? ('pendiente' as const) : ('confirmada' as const);
    const [cita] = await tx
      .update(citas)
      .set({ pacienteId, estado, retenidaHasta: null, fechaActualizacion: new Date() })
      .where(eq(citas.id, row.citaId))
      .returning({ inicio: citas.inicio, fin: citas.fin });
    await tx.update(reservasOnline).set({ fechaConfirmacion: new Date() }).where(eq(reservasOnline.id, row.id));
    await refreshVisits(tx, { clinicaId: row.clinicaId, zonaHoraria: row.zona }, [pacienteId]);
    // Confirmed at once, or told the clinic has it to approve (the approval sends the confirmation).
    await enqueueAppointmentMessage(tx, {
      clinicaId: row.clinicaId,
      citaId: row.citaId,
      pacienteId,
      dentistaId: row.dentistaId,
      inicio: sql`${cita!.inicio}::timestamptz`,
      fin: sql`${cita!.fin}::timestamptz`,
      plantilla: row.aprobacion ? 'reserva_recibida' : 'confirmacion',
    });
    await notify(tx, {
      clinicaId: row.clinicaId,
      permiso: 'citas.editar',
      alsoUserIds: row.dentistaUsuarioId ? [row.dentistaUsuarioId] : [],
      titulo: row.aprobacion ? 'Reserva online por aprobar' : 'Nueva reserva online',
      mensaje: `${row.nombres} ${row.apellidos}, el ${formatLongDate(row.fecha)} a las ${row.hora} con ${row.dentista}`,
      prioridad: row.aprobacion ? 'alta' : 'media',
      enlace: `/citas/${row.citaId}`,
      tipo: 'cita',
    });
    return { row, estado };
  });
  if (!('row' in outcome)) throw unprocessable(outcome.error, 'codigo');
  const { row, estado } = outcome;
  return {
    estado,
    mensaje: estado === 'pendiente' ? BOOKING_MESSAGES.awaitingApproval : BOOKING_MESSAGES.booked,
    fecha: row.fecha,
    hora: row.hora,
    dentista: row.dentista,
  };
}

/** The clinic's patient with this email or phone (an email match first), or a new one. */
async function bookingPatient(
  tx: Executor,
  row: Held & { email: string; telefono: string; nombres: string; apellidos: string },
): Promise<string> {
  const sameEmail = sql`lower(${pacientes.email}) = ${row.email.toLowerCase()}`;
  const consent = row.aceptaRecordatorios
    ? { consentimientoRecordatorios: new Date(), consentimientoRecordatoriosPor: 'el paciente, al reservar en línea' }
    : {};
  const [found] = await tx
    .select({ id: pacientes.id, consiente: sql<boolean>`${pacientes.consentimientoRecordatorios} is not null` })
    .from(pacientes)
    .where(
      and(
        eq(pacientes.clinicaId, row.clinicaId),
        isNull(pacientes.fechaArchivado),
        sameContact(row.email, row.telefono),
      ),
    )
    .orderBy(
      sql`${sameEmail} desc`,
      sql`${pacientes.estado} = 'activo' desc`,
      asc(pacientes.fechaCreacion),
      asc(pacientes.id),
    )
    .limit(1);
  if (found) {
    if (row.aceptaRecordatorios && !found.consiente)
      await tx.update(pacientes).set(consent).where(eq(pacientes.id, found.id));
    return found.id;
  }
  const [created] = await tx
    .insert(pacientes)
    .values({
      clinicaId: row.clinicaId,
      nombres: row.nombres,
      apellidos: row.apellidos,
      email: row.email.toLowerCase(),
      telefono: row.telefono,
      ...consent,
    })
    .returning({ id: pacientes.id });
  return created!.id;
}

/**
 * The visitor lets go of their hold (they chose another slot): its appointment is deleted at once, so
 * the slot is free for others without waiting for the hold to end. A token already confirmed, ended or
 * unknown changes nothing.
 */
export async function releaseHold(db: Database, token: string): Promise<void> {
  await db.delete(citas).where(
    and(
      eq(citas.estado, 'retenida'),
      inArray(
        citas.id,
        db
          .select({ id: sql<string>`${reservasOnline.citaId}` })
          .from(reservasOnline)
          .where(and(eq(reservasOnline.tokenHash, sha256(token)), isNull(reservasOnline.fechaConfirmacion))),
      ),
    ),
  );
}
