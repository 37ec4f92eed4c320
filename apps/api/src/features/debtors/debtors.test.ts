import {
  DEBTORS_PAGE_SIZE,
  formatMoney,
  PAYMENT_MESSAGES,
  REMINDER_MESSAGES,
  todayInZone,
  type DebtorPage,
} from '@odontia/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditoria, cajas, cobros, mensajes, pacientes, tratamientosRealizados } from '../../db/schema/index.ts';
import { balanceOf } from '../../platform/balance.ts';
import { runOutboxRound } from '../../platform/messages/outbox.ts';
import { addTeamMember, BOGOTA, createClinicOwner, createTestApp, errorOf, type TestApp } from '../../test/app.ts';
import { readOutbox } from '../../test/outbox.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;
const ZONE = 'Europe/Madrid';

/** A clinic in Madrid (or Bogotá) and its owner's cash of today, which the payments below go to. */
async function clinic(place: { nombre?: string; pais?: string; ciudad?: string; direccion?: string } = {}) {
  const owner = await createClinicOwner(t, place);
  const clinicaId = owner.clinica.id;
  const [caja] = await t.db
    .insert(cajas)
    .values({ clinicaId, usuarioId: owner.userId, usuarioNombre: 'Ana', dia: todayInZone(ZONE) })
    .returning({ id: cajas.id });
  return { owner, clinicaId, cajaId: caja!.id, nombre: place.nombre ?? 'Clínica de prueba' };
}
type Clinic = Awaited<ReturnType<typeof clinic>>;

let counter = 0;
async function patient(c: Clinic, values: Partial<typeof pacientes.$inferInsert> = {}) {
  counter += 1;
  const [row] = await t.db
    .insert(pacientes)
    .values({
      clinicaId: c.clinicaId,
      nombres: 'Lucía',
      apellidos: `Pardo ${String(counter).padStart(3, '0')}`,
      email: `deudora${counter}@correo.test`,
      telefono: '612 345 678',
      ...values,
    })
    .returning({ id: pacientes.id });
  return row!.id;
}

/** An instant `days` days ago at noon UTC (early afternoon in Madrid, the same calendar day). */
const daysAgo = (days: number) => new Date(Math.floor(Date.now() / DAY) * DAY - days * DAY + DAY / 2);
/** The clinic's day of that instant, and how many days before the clinic's today it is. */
const dayOf = (days: number) => todayInZone(ZONE, daysAgo(days));
const ageOf = (days: number) => (Date.parse(todayInZone(ZONE)) - Date.parse(dayOf(days))) / DAY;

async function treatment(c: Clinic, pacienteId: string, importe: number, days: number) {
  await t.db.insert(tratamientosRealizados).values({
    clinicaId: c.clinicaId,
    pacienteId,
    descripcion: 'Obturación',
    fecha: daysAgo(days),
    importe,
    moneda: 'EUR',
  });
}

let receipt = 0;
/** A payment taken today (the payments feature has its own tests; here only its sums matter). */
async function payment(c: Clinic, pacienteId: string, importe: number) {
  receipt += 1;
  const [row] = await t.db
    .insert(cobros)
    .values({
      clinicaId: c.clinicaId,
      pacienteId,
      numero: `R-2026-${String(receipt).padStart(6, '0')}`,
      diaCaja: todayInZone(ZONE),
      cajaId: c.cajaId,
      importe,
      moneda: 'EUR',
      metodo: 'efectivo',
      cobradoPor: c.owner.userId,
      cobradoPorNombre: 'Ana',
      anticipo: importe,
    })
    .returning({ id: cobros.id });
  return row!.id;
}

/** The annulment of a payment: its reversing entry, as the payments feature writes it. */
async function annul(c: Clinic, cobroId: string, pacienteId: string, importe: number) {
  await t.db.update(cobros).set({ anulado: true }).where(eq(cobros.id, cobroId));
  await t.db.insert(cobros).values({
    clinicaId: c.clinicaId,
    pacienteId,
    tipo: 'anulacion',
    diaCaja: todayInZone(ZONE),
    cajaId: c.cajaId,
    importe: -importe,
    moneda: 'EUR',
    metodo: 'efectivo',
    cobradoPor: c.owner.userId,
    cobradoPorNombre: 'Ana',
    anticipo: 0,
    anulaId: cobroId,
    motivo: 'Cobrado dos veces',
  });
}

const list = async (cookie: string, query = ''): Promise<DebtorPage> => {
  const res = await t.request(`/api/saldos${query}`, { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as DebtorPage;
};
const idsOf = (page: DebtorPage) => page.pacientes.map((d) => d.paciente.id);
const remind = (cookie: string, id: string, canal: 'email' | 'whatsapp') =>
  t.request(`/api/saldos/${id}/${canal}`, { method: 'POST', cookie });
/** platform/balance.ts's balance of the patient (a bound id: a bare column would name the subquery's own). */
const balanceNow = async (id: string) => {
  const [row] = await t.db
    .select({ saldo: balanceOf(sql`${id}::uuid`) })
    .from(pacientes)
    .where(eq(pacientes.id, id));
  return row!.saldo;
};
const remindersOf = (pacienteId: string) =>
  t.db.select().from(mensajes).where(eq(mensajes.pacienteId, pacienteId)).orderBy(mensajes.fechaCreacion);

describe("'Pacientes con saldo pendiente' (GET /api/saldos)", () => {
  it('lists the patients who owe, by amount or by age of the debt, with the oldest unpaid treatment paying oldest first', async () => {
    const c = await clinic();
    const other = await clinic({ nombre: 'Otra clínica' });
    // Paid 150 of 100 (30 days ago) + 200 (20 days ago) + 300 (10 days ago): owes 450 since 20 days ago.
    const a = await patient(c, { apellidos: 'Benítez' });
    await treatment(c, a, 100, 30);
    await treatment(c, a, 300, 10);
    await treatment(c, a, 200, 20);
    await payment(c, a, 100);
    await payment(c, a, 50);
    // Nothing paid: owes 1000 since 5 days ago.
    const b = await patient(c, { apellidos: 'Castro' });
    await treatment(c, b, 1000, 5);
    // Owes 50 since 40 days ago.
    const oldest = await patient(c, { apellidos: 'Díaz', telefono: '123' });
    await treatment(c, oldest, 50, 40);
    // Paid exactly the first treatment: owes the second, of 15 days ago; the same day and amount as `z`.
    const alba = await patient(c, { apellidos: 'Alba', telefono: null });
    await treatment(c, alba, 100, 30);
    await treatment(c, alba, 100, 15);
    await payment(c, alba, 100);
    const z = await patient(c, { apellidos: 'Zamora' });
    await treatment(c, z, 100, 15);

    // Not listed: paid in full, in credit, payments only, no treatments, archived, another clinic's.
    const paid = await patient(c);
    await treatment(c, paid, 300, 8);
    await payment(c, paid, 300);
    const credit = await patient(c);
    await treatment(c, credit, 100, 8);
    await payment(c, credit, 150);
    const advanceOnly = await patient(c);
    await payment(c, advanceOnly, 80);
    const nothing = await patient(c);
    const archived = await patient(c, { fechaArchivado: new Date(), estado: 'inactivo' });
    await treatment(c, archived, 5000, 60);
    const foreign = await patient(other);
    await treatment(other, foreign, 7000, 3);

    const byAmount = await list(c.owner.cookie);
    expect(idsOf(byAmount)).toEqual([b, a, alba, z, oldest]);
    expect(byAmount).toMatchObject({
      total: 5,
      importeTotal: 1000 + 450 + 100 + 100 + 50,
      moneda: 'EUR',
      pagina: 1,
      porPagina: DEBTORS_PAGE_SIZE,
    });
    for (const id of [paid, credit, advanceOnly, nothing, archived, foreign]) expect(idsOf(byAmount)).not.toContain(id);
    // The same balance as the account's and the outbox's.
    for (const d of byAmount.pacientes) expect(d.saldo).toBe(await balanceNow(d.paciente.id));
    expect(byAmount.pacientes.find((d) => d.paciente.id === a)).toEqual({
      paciente: {
        id: a,
        nombres: 'Lucía',
        apellidos: 'Benítez',
        email: expect.stringMatching(/@correo\.test$/),
        telefono: '612 345 678',
      },
      whatsapp: '+34612345678',
      saldo: 450,
      desde: dayOf(20),
      dias: ageOf(20),
      ultimoRecordatorio: null,
    });
    expect(byAmount.pacientes.map((d) => [d.desde, d.dias])).toEqual([
      [dayOf(5), ageOf(5)],
      [dayOf(20), ageOf(20)],
      [dayOf(15), ageOf(15)],
      [dayOf(15), ageOf(15)],
      [dayOf(40), ageOf(40)],
    ]);
    // Without a phone, or with one that is not a number of the clinic's country, there is no WhatsApp.
    expect(byAmount.pacientes.find((d) => d.paciente.id === oldest)?.whatsapp).toBeNull();
    expect(byAmount.pacientes.find((d) => d.paciente.id === alba)?.whatsapp).toBeNull();

    const byAge = await list(c.owner.cookie, '?orden=antiguedad');
    expect(idsOf(byAge)).toEqual([oldest, a, alba, z, b]);
    expect(byAge).toMatchObject({ total: 5, importeTotal: 1700 });

    // Past the last page: no one, and the same totals. An unknown order is by amount.
    expect(await list(c.owner.cookie, '?pagina=2')).toMatchObject({ pacientes: [], total: 5, importeTotal: 1700 });
    expect(await list(c.owner.cookie, '?orden=antiguedad&pagina=3')).toMatchObject({
      pacientes: [],
      total: 5,
      importeTotal: 1700,
    });
    expect(idsOf(await list(c.owner.cookie, '?orden=nombre'))).toEqual(idsOf(byAmount));

    // The other clinic sees its own debtor only.
    const theirs = await list(other.owner.cookie);
    expect(idsOf(theirs)).toEqual([foreign]);
    expect(theirs.importeTotal).toBe(7000);
  });

  it('pages 25 at a time', async () => {
    const c = await clinic();
    for (let i = 0; i < DEBTORS_PAGE_SIZE + 2; i++) await treatment(c, await patient(c), 10 + i, 3);
    const first = await list(c.owner.cookie);
    const second = await list(c.owner.cookie, '?pagina=2');
    expect(first.pacientes).toHaveLength(DEBTORS_PAGE_SIZE);
    expect(second.pacientes.map((d) => d.saldo)).toEqual([11, 10]);
    expect(second).toMatchObject({ total: DEBTORS_PAGE_SIZE + 2, pagina: 2 });
    expect(new Set([...idsOf(first), ...idsOf(second)]).size).toBe(DEBTORS_PAGE_SIZE + 2);
    // By age (all the same day here: by name), the same patients over the two pages.
    const firstByAge = await list(c.owner.cookie, '?orden=antiguedad');
    const secondByAge = await list(c.owner.cookie, '?orden=antiguedad&pagina=2');
    expect(secondByAge).toMatchObject({ total: DEBTORS_PAGE_SIZE + 2, pagina: 2 });
    expect(secondByAge.pacientes).toHaveLength(2);
    expect([...idsOf(firstByAge), ...idsOf(secondByAge)].sort()).toEqual([...idsOf(first), ...idsOf(second)].sort());
    expect(idsOf(firstByAge)).toEqual(
      [...firstByAge.pacientes]
        .sort((a, b) => a.paciente.apellidos.localeCompare(b.paciente.apellidos))
        .map((d) => d.paciente.id),
    );
  });

  it('puts a patient back on the list when the payment that settled the debt is annulled', async () => {
    const c = await clinic();
    const p = await patient(c);
    await treatment(c, p, 200, 12);
    const cobroId = await payment(c, p, 200);
    expect(idsOf(await list(c.owner.cookie))).toEqual([]);

    await annul(c, cobroId, p, 200);
    const page = await list(c.owner.cookie);
    expect(page.pacientes).toMatchObject([{ paciente: { id: p }, saldo: 200, desde: dayOf(12), dias: ageOf(12) }]);
    expect(page.importeTotal).toBe(200);
  });

  it('is read with cobros.ver: a Dentista reads it, an Asistente does not', async () => {
    const c = await clinic();
    const dentista = await addTeamMember(t, c.clinicaId, 'Dentista', 'dentista');
    const asistente = await addTeamMember(t, c.clinicaId, 'Asistente', 'asistente');
    expect((await t.request('/api/saldos', { cookie: dentista.cookie })).status).toBe(200);
    expect((await t.request('/api/saldos', { cookie: asistente.cookie })).status).toBe(403);
    expect((await t.request('/api/saldos')).status).toBe(401);
  });
});

describe('Balance reminders (POST /api/saldos/:id/email and /whatsapp)', () => {
  it('queues an email that the outbox sends with what is owed, audited, and shown as the last reminder', async () => {
    const c = await clinic({ nombre: 'Clínica Sonrisas' });
    const p = await patient(c, { nombres: 'Marta' });
    await treatment(c, p, 12_550, 9);
    const [{ email }] = await t.db.select({ email: pacientes.email }).from(pacientes).where(eq(pacientes.id, p));

    const res = await remind(c.owner.cookie, p, 'email');
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ mensaje: PAYMENT_MESSAGES.debtReminderQueued(email!) });
    const [row] = await remindersOf(p);
    expect(row).toMatchObject({
      clinicaId: c.clinicaId,
      canal: 'email',
      plantilla: 'saldo',
      destinatario: email,
      importe: 12_550,
      estado: 'pendiente',
      citaId: null,
      citaInicio: null,
      citaFin: null,
      dentista: null,
    });
    const audit = await t.db
      .select({ detalle: auditoria.detalle, usuarioId: auditoria.usuarioId })
      .from(auditoria)
      .where(and(eq(auditoria.pacienteId, p), eq(auditoria.accion, 'saldo.recordar')));
    expect(audit).toEqual([{ detalle: { canal: 'email' }, usuarioId: c.owner.userId }]);
    expect((await list(c.owner.cookie)).pacientes[0]!.ultimoRecordatorio).toEqual({
      canal: 'email',
      fecha: row!.fechaCreacion.toISOString(),
    });

    await runOutboxRound(t.deps, { sweep: false });
    const [sent] = await remindersOf(p);
    expect(sent).toMatchObject({ estado: 'enviado', fechaEnvio: expect.any(Date) });
    const mail = (await readOutbox(t.deps.mailer.outboxDir!)).filter((m) => m.to.includes(email!));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe(PAYMENT_MESSAGES.debtReminderSubject('Clínica Sonrisas'));
    expect(mail[0]!.text).toContain('Hola, Marta:');
    expect(mail[0]!.text).toContain(formatMoney(12_550, 'EUR'));
  });

  it('drops a queued email whose patient paid meanwhile', async () => {
    const c = await clinic();
    const p = await patient(c);
    await treatment(c, p, 900, 4);
    expect((await remind(c.owner.cookie, p, 'email')).status).toBe(201);
    await payment(c, p, 900);

    await runOutboxRound(t.deps, { sweep: false });
    const [row] = await remindersOf(p);
    expect(row).toMatchObject({ estado: 'descartado', ultimoError: 'El paciente ya no tenía saldo pendiente' });
    const [{ email }] = await t.db.select({ email: pacientes.email }).from(pacientes).where(eq(pacientes.id, p));
    expect((await readOutbox(t.deps.mailer.outboxDir!)).filter((m) => m.to.includes(email!))).toEqual([]);
  });

  it('records a WhatsApp reminder as sent by the member and answers the wa.me link with the text written', async () => {
    const c = await clinic({ nombre: 'Clínica Sonrisas' });
    const p = await patient(c, { nombres: 'Marta', telefono: '612 345 678' });
    await treatment(c, p, 4_000, 9);
    await payment(c, p, 1_000);

    const res = await remind(c.owner.cookie, p, 'whatsapp');
    expect(res.status).toBe(201);
    const body = (await res.json()) as { url: string; mensaje: string };
    expect(body.mensaje).toBe(PAYMENT_MESSAGES.debtReminderWhatsappRecorded('Marta'));
    const url = new URL(body.url);
    expect(`${url.origin}${url.pathname}`).toBe('https://wa.me/34612345678');
    expect(url.searchParams.get('text')).toBe(
      PAYMENT_MESSAGES.debtReminderBody('Marta', 'Clínica Sonrisas', formatMoney(3_000, 'EUR'), '600123456').join(
        '\n\n',
      ),
    );
    const rows = await remindersOf(p);
    expect(rows).toEqual([
      expect.objectContaining({
        canal: 'whatsapp',
        plantilla: 'saldo_whatsapp',
        destinatario: '+34612345678',
        importe: 3_000,
        estado: 'enviado',
        fechaEnvio: expect.any(Date),
        enviadoPor: c.owner.userId,
        citaId: null,
      }),
    ]);
    const audit = await t.db
      .select({ detalle: auditoria.detalle })
      .from(auditoria)
      .where(and(eq(auditoria.pacienteId, p), eq(auditoria.accion, 'saldo.recordar')));
    expect(audit).toEqual([{ detalle: { canal: 'whatsapp' } }]);
    expect((await list(c.owner.cookie)).pacientes[0]!.ultimoRecordatorio).toMatchObject({ canal: 'whatsapp' });

    // The outbox never sends it: the member did.
    await runOutboxRound(t.deps, { sweep: false });
    expect((await remindersOf(p))[0]).toMatchObject({ estado: 'enviado', intentos: 0 });
  });

  it('writes a Colombian phone and pesos as Colombia does', async () => {
    const c = await clinic({ nombre: 'Clínica Norte', ...BOGOTA });
    const p = await patient(c, { nombres: 'Andrés', telefono: '300 123 4567' });
    await treatment(c, p, 150_000, 2);
    expect((await list(c.owner.cookie)).pacientes[0]).toMatchObject({ whatsapp: '+573001234567', saldo: 150_000 });
    const res = await remind(c.owner.cookie, p, 'whatsapp');
    expect(res.status).toBe(201);
    const { url } = (await res.json()) as { url: string };
    expect(url).toMatch(/^https:\/\/wa\.me\/573001234567\?text=/);
    expect(new URL(url).searchParams.get('text')).toContain(formatMoney(150_000, 'COP'));
  });

  it('refuses without a debt (409), an email (422) or a valid phone (422), and writes nothing', async () => {
    const c = await clinic();
    const settled = await patient(c);
    await treatment(c, settled, 100, 3);
    await payment(c, settled, 100);
    for (const canal of ['email', 'whatsapp'] as const) {
      const res = await remind(c.owner.cookie, settled, canal);
      expect(res.status).toBe(409);
      expect((await errorOf(res)).message).toBe(PAYMENT_MESSAGES.debtReminderNoDebt);
    }
    const noContact = await patient(c, { email: null, telefono: null });
    await treatment(c, noContact, 100, 3);
    const noEmail = await remind(c.owner.cookie, noContact, 'email');
    expect(noEmail.status).toBe(422);
    expect((await errorOf(noEmail)).message).toBe(PAYMENT_MESSAGES.debtReminderNoEmail);
    const noPhone = await remind(c.owner.cookie, noContact, 'whatsapp');
    expect(noPhone.status).toBe(422);
    expect((await errorOf(noPhone)).message).toBe(REMINDER_MESSAGES.noPhone);
    const badPhone = await patient(c, { telefono: '123' });
    await treatment(c, badPhone, 100, 3);
    const invalid = await remind(c.owner.cookie, badPhone, 'whatsapp');
    expect(invalid.status).toBe(422);
    expect((await errorOf(invalid)).message).toBe(REMINDER_MESSAGES.invalidPhone);

    for (const id of [settled, noContact, badPhone]) expect(await remindersOf(id)).toEqual([]);
    const [{ n }] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditoria)
      .where(and(eq(auditoria.clinicaId, c.clinicaId), eq(auditoria.accion, 'saldo.recordar')));
    expect(n).toBe(0);
  });

  it("answers 404 for another clinic's patient, an archived one or a malformed id", async () => {
    const c = await clinic();
    const other = await clinic({ nombre: 'Otra clínica' });
    const foreign = await patient(other);
    await treatment(other, foreign, 500, 3);
    const archived = await patient(c, { fechaArchivado: new Date(), estado: 'inactivo' });
    await treatment(c, archived, 500, 3);
    for (const id of [foreign, archived, 'no-es-un-id']) {
      for (const canal of ['email', 'whatsapp'] as const) {
        const res = await remind(c.owner.cookie, id, canal);
        expect(res.status).toBe(404);
        expect((await errorOf(res)).message).toBe(PAYMENT_MESSAGES.patientNotFound);
      }
    }
    expect(await remindersOf(foreign)).toEqual([]);
  });

  it('sends with cobros.registrar: Recepción may, a Dentista (cobros.ver only) may not', async () => {
    const c = await clinic();
    const p = await patient(c);
    await treatment(c, p, 700, 3);
    const dentista = await addTeamMember(t, c.clinicaId, 'Dentista', 'dentista');
    const recepcion = await addTeamMember(t, c.clinicaId, 'Recepción', 'recepcion');
    for (const canal of ['email', 'whatsapp'] as const) {
      expect((await remind(dentista.cookie, p, canal)).status).toBe(403);
    }
    expect(await remindersOf(p)).toEqual([]);
    for (const canal of ['email', 'whatsapp'] as const) {
      expect((await remind(recepcion.cookie, p, canal)).status).toBe(201);
    }
    expect((await remindersOf(p)).map((m) => m.canal).sort()).toEqual(['email', 'whatsapp']);
  });
});
