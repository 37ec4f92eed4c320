import {
  CASH_CLOSES_PAGE_SIZE,
  PAYMENT_MESSAGES,
  collectionMethodsOf,
  formatDate,
  todayInZone,
  type CashClose,
  type CashClosePage,
  type CashDay,
  type CollectionMethod,
  type CurrencyCode,
  type MethodTotal,
} from '@odontia/shared';
import { and, desc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { cajas, clinicas, cobros } from '../../db/schema/index.ts';
import { recordAudit, type ClinicActor } from '../../platform/audit.ts';
import { CASH_DAY_KEY, newCashRow } from '../../platform/cash-day.ts';
import { conflict, unprocessable } from '../../platform/errors.ts';
import { memberNameOf } from '../../platform/membership.ts';
import { readPayments } from './payments.service.ts';

/**
 * The cash desk (caja, issue 25): each member who takes payments opens their cash of the clinic's day
 * with a float (or their first payment opens it, platform/cash-day.ts) and closes it with the cash
 * counted. The close stores what it expected per method, computed from that cash's rows after taking the
 * row's lock, so a payment that raced it is either in the totals or in the member's next day, never in a
 * closed cash without being counted. The owner (whoever sees the reports) reads every desk's closes.
 */

/**
 * Per method, the rows' totals in the order of the clinic's country's methods (each shown, at zero when
 * unused), then any other method found in the rows (a country changed later), so the totals always add
 * up to the cash's rows.
 */
export function methodTotals(
  methods: readonly CollectionMethod[],
  rows: readonly { metodo: CollectionMethod; importe: number; cobros: number }[],
): MethodTotal[] {
  const totals = new Map<CollectionMethod, MethodTotal>(
    methods.map((metodo) => [metodo, { metodo, importe: 0, cobros: 0 }]),
  );
  for (const row of rows) {
    const total = totals.get(row.metodo) ?? { metodo: row.metodo, importe: 0, cobros: 0 };
    total.importe += Number(row.importe);
    total.cobros += Number(row.cobros);
    totals.set(row.metodo, total);
  }
  return [...totals.values()];
}

const cashOf = (totals: readonly MethodTotal[]) => totals.find((t) => t.metodo === 'efectivo')?.importe ?? 0;

/**
 * The member's cash of `dia` (the clinic's today by default): 'sin_abrir' without a row, else the row with
 * its payments and annulments, the totals it expects per method and, once closed, its close. One statement
 * reads the clinic's country and the row, then its payments and what they paid.
 */
export async function readCashDay(db: Executor, actor: ClinicActor, dia?: string): Promise<CashDay> {
  const hoy = todayInZone(actor.zonaHoraria);
  const day = dia ?? hoy;
  const [row] = await db
    .select({
      pais: clinicas.pais,
      nombre: memberNameOf(actor.userId),
      sinCerrar: sql<string[]>`array(select ${cajas.dia}::text from ${cajas}
        where ${and(eq(cajas.clinicaId, actor.clinicaId), eq(cajas.usuarioId, actor.userId), eq(cajas.estado, 'abierta'), lt(cajas.dia, hoy))}
        order by ${cajas.dia} limit 31)`,
      id: cajas.id,
      usuarioNombre: cajas.usuarioNombre,
      estado: cajas.estado,
      fondoInicial: cajas.fondoInicial,
      fechaApertura: cajas.fechaApertura,
      fechaCierre: cajas.fechaCierre,
      totales: cajas.totales,
      efectivoEsperado: cajas.efectivoEsperado,
      efectivoContado: cajas.efectivoContado,
      diferencia: cajas.diferencia,
      nota: cajas.nota,
    })
    .from(clinicas)
    .leftJoin(cajas, and(eq(cajas.clinicaId, clinicas.id), eq(cajas.usuarioId, actor.userId), eq(cajas.dia, day)))
    .where(eq(clinicas.id, actor.clinicaId));
  const methods = collectionMethodsOf(row?.pais);
  const miembro = { id: actor.userId, nombre: row?.usuarioNombre || row?.nombre || '' };
  if (!row?.id) {
    return {
      id: null,
      dia: day,
      estado: 'sin_abrir',
      miembro,
      moneda: actor.moneda,
      fondoInicial: 0,
      apertura: null,
      cobros: [],
      esperado: methodTotals(methods, []),
      efectivoEsperado: 0,
      cierre: null,
      sinCerrar: row?.sinCerrar ?? [],
    };
  }
  const payments = await readPayments(db, actor.clinicaId, eq(cobros.cajaId, row.id));
  const closed = row.estado === 'cerrada';
  // A closed day shows what its close stored; an open one what its rows add up to now.
  const esperado =
    closed && row.totales
      ? row.totales
      : methodTotals(
          methods,
          payments.map((p) => ({ metodo: p.metodo, importe: p.importe, cobros: 1 })),
        );
  const fondoInicial = Number(row.fondoInicial);
  return {
    id: row.id,
    dia: day,
    estado: row.estado!,
    miembro,
    moneda: actor.moneda,
    fondoInicial,
    apertura: row.fechaApertura!.toISOString(),
    cobros: payments,
    esperado,
    efectivoEsperado:
      closed && row.efectivoEsperado !== null ? Number(row.efectivoEsperado) : fondoInicial + cashOf(esperado),
    cierre:
      closed && row.fechaCierre
        ? {
            fecha: row.fechaCierre.toISOString(),
            efectivoContado: Number(row.efectivoContado),
            diferencia: Number(row.diferencia),
            nota: row.nota,
          }
        : null,
    sinCerrar: row.sinCerrar,
  };
}

/**
 * Opens the member's cash of the clinic's today with its float, audited. A cash already there (opened
 * by hand or by a payment) or already closed is a conflict, and nothing changes.
 */
export async function openCash(db: Executor, actor: ClinicActor, input: { fondoInicial: number }): Promise<string> {
  const dia = todayInZone(actor.zonaHoraria);
  await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(cajas)
      .values({ ...newCashRow(actor, dia), fondoInicial: input.fondoInicial })
      .onConflictDoNothing({ target: CASH_DAY_KEY })
      .returning({ id: cajas.id });
    if (!created) {
      const [existing] = await tx
        .select({ estado: cajas.estado })
        .from(cajas)
        .where(and(eq(cajas.clinicaId, actor.clinicaId), eq(cajas.usuarioId, actor.userId), eq(cajas.dia, dia)));
      throw conflict(
        existing?.estado === 'cerrada' ? PAYMENT_MESSAGES.cashAlreadyClosed : PAYMENT_MESSAGES.cashAlreadyOpen,
      );
    }
    await recordAudit(tx, actor, {
      accion: 'caja.abrir',
      pacienteId: null,
      detalle: { dia, fondoInicial: input.fondoInicial },
    });
  });
  return dia;
}

/**
 * Closes the member's cash of the clinic's today (or of an earlier day they left open), in one
 * transaction: its row is taken and locked (today's made when the day had no payment; an earlier day's
 * must exist), so a payment of the same cash waits for the close or has committed
 * before the totals are read; the totals per method are read after the lock, in their own statement (a
 * statement of its own sees what committed while it waited). The difference between the cash counted and
 * the float plus the cash taken needs a note. A closed cash is a conflict. Answers the close's figures as
 * the closes' history lists them (not the day with its payments read back: the client has them, and the
 * close's totals count how many rows it found, so a payment it had not seen shows).
 */
export async function closeCash(
  db: Executor,
  actor: ClinicActor,
  input: { efectivoContado: number; nota: string | null; dia?: string },
): Promise<CashClose> {
  const hoy = todayInZone(actor.zonaHoraria);
  const dia = input.dia ?? hoy;
  if (dia > hoy) throw unprocessable(PAYMENT_MESSAGES.cashDayFuture, 'dia');
  const columns = {
    id: cajas.id,
    estado: cajas.estado,
    fondoInicial: cajas.fondoInicial,
    usuarioNombre: cajas.usuarioNombre,
    pais: sql<string | null>`(select ${clinicas.pais} from ${clinicas} where ${clinicas.id} = ${actor.clinicaId})`,
  };
  return db.transaction(async (tx) => {
    // Today's: the upsert's update locks the row whether it inserted it or found it (as takeCashDay does).
    // An earlier day's is only closed when it was opened (a payment dated then): none is made for it.
    const [caja] =
      dia === hoy
        ? await tx
            .insert(cajas)
            .values(newCashRow(actor, dia))
            .onConflictDoUpdate({
              target: CASH_DAY_KEY,
              set: { estado: sql`${cajas.estado}` },
            })
            .returning(columns)
        : await tx
            .select(columns)
            .from(cajas)
            .where(and(eq(cajas.clinicaId, actor.clinicaId), eq(cajas.usuarioId, actor.userId), eq(cajas.dia, dia)))
            .for('update');
    if (!caja) throw conflict(PAYMENT_MESSAGES.cashNotOpened(formatDate(dia)));
    if (caja.estado === 'cerrada') {
      throw conflict(
        dia === hoy ? PAYMENT_MESSAGES.cashAlreadyClosed : PAYMENT_MESSAGES.cashDayAlreadyClosed(formatDate(dia)),
      );
    }

    const sums = await tx
      .select({
        metodo: cobros.metodo,
        importe: sql<number>`coalesce(sum(${cobros.importe}), 0)::bigint`.mapWith(Number),
        cobros: sql<number>`count(*)::int`,
      })
      .from(cobros)
      .where(eq(cobros.cajaId, caja.id))
      .groupBy(cobros.metodo);
    const totales = methodTotals(collectionMethodsOf(caja.pais), sums);
    const fondoInicial = Number(caja.fondoInicial);
    const efectivoEsperado = fondoInicial + cashOf(totales);
    const diferencia = input.efectivoContado - efectivoEsperado;
    if (diferencia !== 0 && !input.nota) throw unprocessable(PAYMENT_MESSAGES.cashNoteRequired, 'nota');

    const [closed] = await tx
      .update(cajas)
      .set({
        estado: 'cerrada',
        fechaCierre: sql`now()`,
        totales,
        efectivoEsperado,
        efectivoContado: input.efectivoContado,
        diferencia,
        nota: input.nota,
      })
      .where(eq(cajas.id, caja.id))
      .returning({ fechaCierre: cajas.fechaCierre });
    await recordAudit(tx, actor, { accion: 'caja.cerrar', pacienteId: null, detalle: { dia, diferencia } });
    return {
      id: caja.id,
      dia,
      miembro: { id: actor.userId, nombre: caja.usuarioNombre },
      moneda: actor.moneda,
      fondoInicial,
      esperado: totales,
      total: totales.reduce((sum, t) => sum + t.importe, 0),
      efectivoEsperado,
      efectivoContado: input.efectivoContado,
      diferencia,
      nota: input.nota,
      fechaCierre: closed.fechaCierre!.toISOString(),
    };
  });
}

/**
 * The closes of a period (the clinic's days, both ends included), newest day first, a page at a time:
 * every desk's for a member who sees the reports (`reportes.ver`), else only the member's own.
 */
export async function listCashCloses(
  db: Executor,
  member: { clinicaId: string; userId: string; moneda: CurrencyCode; todas: boolean },
  query: { desde?: string; hasta?: string; pagina: number },
): Promise<CashClosePage> {
  const where = and(
    eq(cajas.clinicaId, member.clinicaId),
    eq(cajas.estado, 'cerrada'),
    member.todas ? undefined : eq(cajas.usuarioId, member.userId),
    query.desde ? gte(cajas.dia, query.desde) : undefined,
    query.hasta ? lte(cajas.dia, query.hasta) : undefined,
  );
  const rows = await db
    .select({
      id: cajas.id,
      dia: cajas.dia,
      usuarioId: cajas.usuarioId,
      usuarioNombre: cajas.usuarioNombre,
      fondoInicial: cajas.fondoInicial,
      totales: cajas.totales,
      efectivoEsperado: cajas.efectivoEsperado,
      efectivoContado: cajas.efectivoContado,
      diferencia: cajas.diferencia,
      nota: cajas.nota,
      fechaCierre: cajas.fechaCierre,
      count: sql<number>`(count(*) over ())::int`,
    })
    .from(cajas)
    .where(where)
    .orderBy(desc(cajas.dia), desc(cajas.fechaCierre), desc(cajas.id))
    .limit(CASH_CLOSES_PAGE_SIZE)
    .offset((query.pagina - 1) * CASH_CLOSES_PAGE_SIZE);
  const total =
    rows[0]?.count ??
    (query.pagina > 1
      ? ((
          await db
            .select({ n: sql<number>`count(*)::int` })
            .from(cajas)
            .where(where)
        )[0]?.n ?? 0)
      : 0);
  return {
    cierres: rows.map((r): CashClose => {
      const esperado = r.totales ?? [];
      return {
        id: r.id,
        dia: r.dia,
        miembro: { id: r.usuarioId, nombre: r.usuarioNombre },
        moneda: member.moneda,
        fondoInicial: Number(r.fondoInicial),
        esperado,
        total: esperado.reduce((sum, t) => sum + t.importe, 0),
        efectivoEsperado: Number(r.efectivoEsperado ?? 0),
        efectivoContado: Number(r.efectivoContado ?? 0),
        diferencia: Number(r.diferencia ?? 0),
        nota: r.nota,
        fechaCierre: r.fechaCierre!.toISOString(),
      };
    }),
    total,
    pagina: query.pagina,
    porPagina: CASH_CLOSES_PAGE_SIZE,
  };
}
