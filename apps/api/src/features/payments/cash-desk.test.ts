import {
  PAYMENT_MESSAGES,
  formatDate,
  todayInZone,
  type CashClose,
  type CashClosePage,
  type CashDay,
  type CollectionMethod,
} from '@odontia/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditoria, cajas, clinicas, cobros } from '../../db/schema/index.ts';
import { takeCashDay } from '../../platform/cash-day.ts';
import { BOGOTA, addTeamMember, createClinicOwner, createTestApp, errorOf, type TestApp } from '../../test/app.ts';

let t: TestApp;
type Member = { userId: string; cookie: string };
let owner: Member & { clinica: { id: string } };
let recepcion: Member;
let dentista: Member;
let otra: Member & { clinica: { id: string } };
let clinicaId: string;
let zona: string;
let pacienteId: string;

const today = () => todayInZone(zona);
const addDays = (day: string, days: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

let receiptCounter = 0;

/**
 * A payment as the payments feature takes it: its member's cash of the day (platform/cash-day.ts, which
 * locks it), then the row in that cash, in one transaction.
 */
async function pay(member: Member, importe: number, metodo: CollectionMethod) {
  return t.db.transaction(async (tx) => {
    const caja = await takeCashDay(tx, { clinicaId, userId: member.userId }, today(), today());
    receiptCounter += 1;
    const [row] = await tx
      .insert(cobros)
      .values({
        clinicaId,
        pacienteId,
        numero: `R-TEST-${String(receiptCounter).padStart(6, '0')}`,
        diaCaja: caja.dia,
        cajaId: caja.id,
        importe,
        moneda: 'EUR',
        metodo,
        cobradoPor: member.userId,
        cobradoPorNombre: 'Miembro',
        anticipo: importe,
      })
      .returning({ id: cobros.id, numero: cobros.numero });
    return { ...row, cajaId: caja.id, dia: caja.dia };
  });
}

/** An annulment's reversing entry, in the annulling member's cash of today. */
async function annul(member: Member, cobro: { id: string }, importe: number, metodo: CollectionMethod) {
  return t.db.transaction(async (tx) => {
    const caja = await takeCashDay(tx, { clinicaId, userId: member.userId }, today(), today());
    await tx.update(cobros).set({ anulado: true }).where(eq(cobros.id, cobro.id));
    const [row] = await tx
      .insert(cobros)
      .values({
        clinicaId,
        pacienteId,
        tipo: 'anulacion',
        diaCaja: caja.dia,
        cajaId: caja.id,
        importe: -importe,
        moneda: 'EUR',
        metodo,
        cobradoPor: member.userId,
        cobradoPorNombre: 'Miembro',
        anticipo: 0,
        anulaId: cobro.id,
        motivo: 'Cobrado dos veces',
      })
      .returning({ id: cobros.id });
    return row;
  });
}

const getCash = (member: Member, query = '') => t.request(`/api/caja${query}`, { cookie: member.cookie });
const openCash = (member: Member, json: unknown = {}) =>
  t.request('/api/caja/abrir', { method: 'POST', cookie: member.cookie, json });
const closeCash = (member: Member, json: unknown) =>
  t.request('/api/caja/cerrar', { method: 'POST', cookie: member.cookie, json });
const closes = async (member: Member, query = '') => {
  const res = await t.request(`/api/caja/cierres${query}`, { cookie: member.cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as CashClosePage;
};
const cashOf = async (member: Member, query = '') => {
  const res = await getCash(member, query);
  expect(res.status).toBe(200);
  return (await res.json()) as CashDay;
};
const rowOf = async (member: Member, dia = today()) =>
  (
    await t.db
      .select()
      .from(cajas)
      .where(and(eq(cajas.usuarioId, member.userId), eq(cajas.dia, dia)))
  )[0];
const auditOf = (member: Member, accion: 'caja.abrir' | 'caja.cerrar') =>
  t.db
    .select({ detalle: auditoria.detalle })
    .from(auditoria)
    .where(and(eq(auditoria.usuarioId, member.userId), eq(auditoria.accion, accion)));

beforeAll(async () => {
  t = await createTestApp();
  owner = await createClinicOwner(t, { nombre: 'Clínica Caja' });
  clinicaId = owner.clinica.id;
  recepcion = await addTeamMember(t, clinicaId, 'Recepción', 'recepcion');
  dentista = await addTeamMember(t, clinicaId, 'Dentista', 'dentista');
  otra = await createClinicOwner(t, { nombre: 'Clínica Otra', ...BOGOTA });
  [{ zona }] = await t.db.select({ zona: clinicas.zonaHoraria }).from(clinicas).where(eq(clinicas.id, clinicaId));
  const res = await t.client(owner.cookie).pacientes.$post({ json: { nombres: 'Lucía', apellidos: 'Gómez' } });
  expect(res.status).toBe(201);
  pacienteId = (await res.json()).id;
});
afterAll(() => t.close());

describe("a member's cash of the day (issue 25)", () => {
  it('is not open until the member opens it, with every method of the country at zero', async () => {
    const caja = await cashOf(recepcion);
    expect(caja).toMatchObject({
      id: null,
      dia: today(),
      estado: 'sin_abrir',
      miembro: { id: recepcion.userId, nombre: 'Miembro' },
      moneda: 'EUR',
      fondoInicial: 0,
      apertura: null,
      cobros: [],
      efectivoEsperado: 0,
      cierre: null,
    });
    expect(caja.esperado).toEqual([
      { metodo: 'efectivo', importe: 0, cobros: 0 },
      { metodo: 'tarjeta', importe: 0, cobros: 0 },
      { metodo: 'transferencia', importe: 0, cobros: 0 },
      { metodo: 'bizum', importe: 0, cobros: 0 },
    ]);
    // A Colombian clinic's desk expects Nequi and Daviplata, not Bizum.
    expect((await cashOf(otra)).esperado.map((m) => m.metodo)).toEqual([
      'efectivo',
      'tarjeta',
      'transferencia',
      'nequi',
      'daviplata',
    ]);
  });

  it('opens once with its float, audited; a second opening is refused', async () => {
    const res = await openCash(recepcion, { fondoInicial: 10000 });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { caja: CashDay; mensaje: string };
    expect(body.mensaje).toBe(PAYMENT_MESSAGES.cashOpened);
    expect(body.caja).toMatchObject({ estado: 'abierta', fondoInicial: 10000, efectivoEsperado: 10000, dia: today() });
    expect(body.caja.id).toBeTruthy();
    expect(await auditOf(recepcion, 'caja.abrir')).toEqual([{ detalle: { dia: today(), fondoInicial: 10000 } }]);

    const again = await openCash(recepcion, { fondoInicial: 5000 });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe(PAYMENT_MESSAGES.cashAlreadyOpen);
    expect((await rowOf(recepcion)).fondoInicial).toBe(10000);
    expect(await auditOf(recepcion, 'caja.abrir')).toHaveLength(1);
  });

  it('expects per method what its payments add up to, an annulment entry subtracted, newest first', async () => {
    const first = await pay(recepcion, 5000, 'efectivo');
    const twice = await pay(recepcion, 2000, 'efectivo');
    await pay(recepcion, 3000, 'tarjeta');
    await pay(recepcion, 1500, 'bizum');
    const reversal = await annul(recepcion, twice, 2000, 'efectivo');

    const caja = await cashOf(recepcion);
    expect(caja.esperado).toEqual([
      { metodo: 'efectivo', importe: 5000, cobros: 3 },
      { metodo: 'tarjeta', importe: 3000, cobros: 1 },
      { metodo: 'transferencia', importe: 0, cobros: 0 },
      { metodo: 'bizum', importe: 1500, cobros: 1 },
    ]);
    expect(caja.efectivoEsperado).toBe(15000);
    expect(caja.cobros).toHaveLength(5);
    expect(caja.cobros[0]).toMatchObject({
      id: reversal.id,
      tipo: 'anulacion',
      importe: -2000,
      numero: null,
      anula: { id: twice.id, numero: twice.numero },
      motivo: 'Cobrado dos veces',
      paciente: { id: pacienteId, nombres: 'Lucía', apellidos: 'Gómez' },
      diaCaja: today(),
    });
    expect(caja.cobros.find((p) => p.id === twice.id)).toMatchObject({
      tipo: 'cobro',
      anulacion: { id: reversal.id, motivo: 'Cobrado dos veces' },
    });
    expect(caja.cobros.at(-1)).toMatchObject({ id: first.id, importe: 5000, anulacion: null, aplicaciones: [] });
  });

  it('refuses a difference without a note and changes nothing', async () => {
    const res = await closeCash(recepcion, { efectivoContado: 14900 });
    expect(res.status).toBe(422);
    const error = await errorOf(res);
    expect(error.message).toBe(PAYMENT_MESSAGES.cashNoteRequired);
    expect(error.fields).toEqual({ nota: PAYMENT_MESSAGES.cashNoteRequired });
    expect(await rowOf(recepcion)).toMatchObject({ estado: 'abierta', fechaCierre: null, totales: null });
    expect(await auditOf(recepcion, 'caja.cerrar')).toEqual([]);
  });

  it('refuses a count that is not an amount, and a day that is not a date', async () => {
    for (const efectivoContado of [-1, 1.5, 'mucho', null]) {
      const res = await closeCash(recepcion, { efectivoContado, nota: 'x' });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).fields?.efectivoContado).toBe(PAYMENT_MESSAGES.cashCountInvalid);
    }
    const float = await openCash(owner, { fondoInicial: -5 });
    expect(float.status).toBe(400);
    expect((await errorOf(float)).message).toBe(PAYMENT_MESSAGES.cashFloatInvalid);
    const day = await getCash(recepcion, '?dia=2026-13-40');
    expect(day.status).toBe(400);
    expect((await errorOf(day)).message).toBe(PAYMENT_MESSAGES.cashDayInvalid);
    expect((await rowOf(recepcion)).estado).toBe('abierta');
    expect(await rowOf(owner)).toBeUndefined();
  });

  it('closes with the expected totals, the count, the difference and the note, audited', async () => {
    const res = await closeCash(recepcion, { efectivoContado: 14900, nota: '  Faltan 100 céntimos de cambio  ' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { cierre: CashClose; mensaje: string };
    expect(body.mensaje).toBe(PAYMENT_MESSAGES.cashClosed);
    const row = await rowOf(recepcion);
    // The close answers its figures only, as the closes' history lists them (not the day's payments).
    expect(Object.keys(body).sort()).toEqual(['cierre', 'mensaje']);
    expect(body.cierre).toEqual({
      id: row.id,
      dia: today(),
      miembro: { id: recepcion.userId, nombre: 'Miembro' },
      moneda: 'EUR',
      fondoInicial: 10000,
      esperado: [
        { metodo: 'efectivo', importe: 5000, cobros: 3 },
        { metodo: 'tarjeta', importe: 3000, cobros: 1 },
        { metodo: 'transferencia', importe: 0, cobros: 0 },
        { metodo: 'bizum', importe: 1500, cobros: 1 },
      ],
      total: 9500,
      efectivoEsperado: 15000,
      efectivoContado: 14900,
      diferencia: -100,
      nota: 'Faltan 100 céntimos de cambio',
      fechaCierre: row.fechaCierre!.toISOString(),
    });
    expect(row).toMatchObject({
      estado: 'cerrada',
      efectivoEsperado: 15000,
      efectivoContado: 14900,
      diferencia: -100,
      totales: body.cierre.esperado,
    });
    expect((await closes(recepcion)).cierres[0]).toEqual(body.cierre);
    const day = await cashOf(recepcion);
    expect(day).toMatchObject({
      id: row.id,
      estado: 'cerrada',
      efectivoEsperado: 15000,
      esperado: body.cierre.esperado,
      cierre: {
        fecha: body.cierre.fechaCierre,
        efectivoContado: 14900,
        diferencia: -100,
        nota: 'Faltan 100 céntimos de cambio',
      },
    });
    // What the client checks before showing the day closed from the answer: the close counted its rows.
    expect(body.cierre.esperado.reduce((n, m) => n + m.cobros, 0)).toBe(day.cobros.length);
    expect(await auditOf(recepcion, 'caja.cerrar')).toEqual([{ detalle: { dia: today(), diferencia: -100 } }]);
  });

  it('refuses closing twice and opening a closed day', async () => {
    const again = await closeCash(recepcion, { efectivoContado: 14900, nota: 'otra vez' });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe(PAYMENT_MESSAGES.cashAlreadyClosed);
    const open = await openCash(recepcion, { fondoInicial: 0 });
    expect(open.status).toBe(409);
    expect((await errorOf(open)).message).toBe(PAYMENT_MESSAGES.cashAlreadyClosed);
    expect(await rowOf(recepcion)).toMatchObject({ diferencia: -100, nota: 'Faltan 100 céntimos de cambio' });
    expect(await auditOf(recepcion, 'caja.cerrar')).toHaveLength(1);
  });

  it("sends the member's later payments to the next day, which the closed day never shows", async () => {
    const closed = await rowOf(recepcion);
    const later = await pay(recepcion, 800, 'efectivo');
    expect(later.dia).toBe(addDays(today(), 1));
    expect(later.cajaId).not.toBe(closed.id);

    const day = await cashOf(recepcion);
    expect(day.cobros.map((p) => p.id)).not.toContain(later.id);
    expect(day.esperado[0]).toEqual({ metodo: 'efectivo', importe: 5000, cobros: 3 });
    const next = await cashOf(recepcion, `?dia=${addDays(today(), 1)}`);
    expect(next).toMatchObject({ estado: 'abierta', fondoInicial: 0, efectivoEsperado: 800 });
    expect(next.cobros.map((p) => p.id)).toEqual([later.id]);
  });

  it('closes a day without payments nor opening, and refuses its difference without a note', async () => {
    const short = await closeCash(owner, { efectivoContado: 500 });
    expect(short.status).toBe(422);
    expect(await rowOf(owner)).toBeUndefined();

    const res = await closeCash(owner, { efectivoContado: 0 });
    expect(res.status).toBe(200);
    const { cierre } = (await res.json()) as { cierre: CashClose };
    expect(cierre).toMatchObject({
      id: (await rowOf(owner)).id,
      dia: today(),
      miembro: { id: owner.userId, nombre: 'Ana' },
      fondoInicial: 0,
      total: 0,
      efectivoEsperado: 0,
      efectivoContado: 0,
      diferencia: 0,
      nota: null,
    });
    expect(cierre.esperado).toHaveLength(4);
    expect(cierre.esperado.every((m) => m.importe === 0 && m.cobros === 0)).toBe(true);
    expect(await cashOf(owner)).toMatchObject({ estado: 'cerrada', cobros: [], cierre: { diferencia: 0 } });
  });

  it('takes a payment registered at the desk into its open cash, or into the next day once closed', async () => {
    const register = (member: Member) =>
      t.request(`/api/pacientes/${pacienteId}/cobros`, {
        method: 'POST',
        cookie: member.cookie,
        json: { importe: 1200, metodo: 'efectivo', aplicacion: 'anticipo' },
      });
    const desk = await addTeamMember(t, clinicaId, 'Recepción', 'recepcion');
    const open = await register(desk);
    expect(open.status).toBe(201);
    const { cobro } = (await open.json()) as { cobro: { id: string; diaCaja: string } };
    expect(cobro.diaCaja).toBe(today());
    const caja = await cashOf(desk);
    expect(caja).toMatchObject({ estado: 'abierta', fondoInicial: 0, efectivoEsperado: 1200 });
    expect(caja.cobros.map((p) => p.id)).toEqual([cobro.id]);

    const closed = await register(recepcion);
    expect(closed.status).toBe(201);
    expect(((await closed.json()) as { cobro: { diaCaja: string } }).cobro.diaCaja).toBe(addDays(today(), 1));
  });

  it('shows one of the member’s own past days', async () => {
    const yesterday = await cashOf(recepcion, `?dia=${addDays(today(), -1)}`);
    expect(yesterday).toMatchObject({ estado: 'sin_abrir', dia: addDays(today(), -1), cobros: [] });
  });

  it('lists an earlier day a payment left open, and closes it; a day never opened or still to come is refused', async () => {
    // A clinic of its own: the closes' history below counts this clinic's.
    const desk = await createClinicOwner(t, { nombre: 'Clínica Ayer' });
    const patient = await t.client(desk.cookie).pacientes.$post({ json: { nombres: 'Eva', apellidos: 'Mora' } });
    const ayer = addDays(today(), -1);
    const paid = await t.request(`/api/pacientes/${(await patient.json()).id}/cobros`, {
      method: 'POST',
      cookie: desk.cookie,
      json: { importe: 700, metodo: 'efectivo', aplicacion: 'anticipo', fecha: ayer },
    });
    expect(paid.status).toBe(201);
    expect((await cashOf(desk)).sinCerrar).toEqual([ayer]);

    const never = await closeCash(desk, { efectivoContado: 0, dia: addDays(today(), -2) });
    expect(never.status).toBe(409);
    expect((await errorOf(never)).message).toBe(PAYMENT_MESSAGES.cashNotOpened(formatDate(addDays(today(), -2))));
    expect(await rowOf(desk, addDays(today(), -2))).toBeUndefined();
    const future = await closeCash(desk, { efectivoContado: 0, dia: addDays(today(), 1) });
    expect(future.status).toBe(422);
    expect((await errorOf(future)).fields?.dia).toBe(PAYMENT_MESSAGES.cashDayFuture);

    const res = await closeCash(desk, { efectivoContado: 700, dia: ayer });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { cierre: CashClose }).cierre).toMatchObject({ dia: ayer, diferencia: 0 });
    expect((await rowOf(desk, ayer)).estado).toBe('cerrada');
    expect(await rowOf(desk)).toBeUndefined();
    expect((await cashOf(desk)).sinCerrar).toEqual([]);
    const again = await closeCash(desk, { efectivoContado: 700, dia: ayer });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe(PAYMENT_MESSAGES.cashDayAlreadyClosed(formatDate(ayer)));
  });
});

describe('a close racing payments', () => {
  it('never leaves a payment in a closed cash outside its totals', async () => {
    for (let round = 0; round < 3; round += 1) {
      const member = await addTeamMember(t, clinicaId, 'Recepción', 'recepcion');
      await pay(member, 1000, 'efectivo');
      const [close, ...payments] = await Promise.all([
        closeCash(member, { efectivoContado: 1000, nota: 'Cuadre con cobros en curso' }),
        pay(member, 700, 'tarjeta'),
        pay(member, 300, 'efectivo'),
        pay(member, 200, 'bizum'),
      ]);
      expect(close.status).toBe(200);
      const closed = await rowOf(member);
      expect(closed.estado).toBe('cerrada');
      const [counted] = await t.db
        .select({
          importe: sql<number>`coalesce(sum(${cobros.importe}), 0)::int`,
          n: sql<number>`count(*)::int`,
        })
        .from(cobros)
        .where(eq(cobros.cajaId, closed.id));
      expect(closed.totales!.reduce((sum, m) => sum + m.importe, 0)).toBe(counted.importe);
      expect(closed.totales!.reduce((sum, m) => sum + m.cobros, 0)).toBe(counted.n);
      const cash = closed.totales!.find((m) => m.metodo === 'efectivo')!.importe;
      expect(closed.efectivoEsperado).toBe(cash);
      // Each racing payment is in the closed day (counted) or in the member's next day.
      for (const p of payments) {
        expect(p.dia).toBe(p.cajaId === closed.id ? today() : addDays(today(), 1));
      }
    }
  });
});

describe('who may use the cash desk', () => {
  it('refuses a dentist (no caja.cerrar) and changes nothing', async () => {
    expect((await getCash(dentista)).status).toBe(403);
    expect((await openCash(dentista, { fondoInicial: 100 })).status).toBe(403);
    expect((await closeCash(dentista, { efectivoContado: 0 })).status).toBe(403);
    expect((await t.request('/api/caja/cierres', { cookie: dentista.cookie })).status).toBe(403);
    expect(await rowOf(dentista)).toBeUndefined();
  });

  it("shows the owner every desk's closes, the desk only its own, another clinic none", async () => {
    const all = await closes(owner);
    const members = new Set(all.cierres.map((c) => c.miembro.id));
    expect(members.has(owner.userId)).toBe(true);
    expect(members.has(recepcion.userId)).toBe(true);
    expect(all.total).toBe(5); // the desk, the owner and the three racing desks
    expect(all.cierres.every((c) => c.dia === today())).toBe(true);

    const own = await closes(recepcion);
    expect(own.total).toBe(1);
    expect(own.cierres[0]).toMatchObject({
      dia: today(),
      miembro: { id: recepcion.userId, nombre: 'Miembro' },
      moneda: 'EUR',
      fondoInicial: 10000,
      total: 9500,
      efectivoEsperado: 15000,
      efectivoContado: 14900,
      diferencia: -100,
      nota: 'Faltan 100 céntimos de cambio',
    });
    expect(own.cierres[0].esperado).toHaveLength(4);

    expect((await closes(otra)).total).toBe(0);
  });

  it('filters the closes by day', async () => {
    expect((await closes(owner, `?hasta=${addDays(today(), -1)}`)).total).toBe(0);
    expect((await closes(owner, `?desde=${today()}&hasta=${today()}`)).total).toBe(5);
    expect((await closes(owner, `?desde=${addDays(today(), 1)}`)).cierres).toEqual([]);
  });
});
