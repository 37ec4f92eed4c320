import { formatMoney, PAYMENT_MESSAGES, todayInZone } from '@odontia/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cajas, clinicas, cobros, mensajes, pacientes, tratamientosRealizados } from '../../db/schema/index.ts';
import { BOGOTA, createClinicOwner, createTestApp, type TestApp } from '../../test/app.ts';
import { readOutbox } from '../../test/outbox.ts';
import { runOutboxRound } from './outbox.ts';

/**
 * The outbox's balance reminders (issue 25, plantilla 'saldo'): written by the debtors' list, sent
 * with what the patient owes when the email goes out (platform/balance.ts), dropped when nothing is
 * owed by then. WhatsApp ones ('saldo_whatsapp') are sent by a member and only recorded here.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const round = () => runOutboxRound(t.deps, { sweep: false });
let counter = 0;

/** A clinic (Madrid unless told), a patient of it with an email, and the owner's cash of today. */
async function clinic(place: { nombre?: string; pais?: string; ciudad?: string; direccion?: string } = {}) {
  const owner = await createClinicOwner(t, place);
  const clinicaId = owner.clinica.id;
  counter += 1;
  const email = `saldo${counter}.${Date.now().toString(36)}@correo.test`;
  const [paciente] = await t.db
    .insert(pacientes)
    .values({ clinicaId, nombres: 'Lucía', apellidos: 'Pérez', email, telefono: '612345678' })
    .returning({ id: pacientes.id });
  const [caja] = await t.db
    .insert(cajas)
    .values({ clinicaId, usuarioId: owner.userId, usuarioNombre: 'Ana', dia: todayInZone('Europe/Madrid') })
    .returning({ id: cajas.id });
  const [{ moneda }] = await t.db.select({ moneda: clinicas.moneda }).from(clinicas).where(eq(clinicas.id, clinicaId));
  return { owner, clinicaId, pacienteId: paciente!.id, email, cajaId: caja!.id, moneda };
}
type Clinic = Awaited<ReturnType<typeof clinic>>;

const treatment = (c: Clinic, importe: number) =>
  t.db.insert(tratamientosRealizados).values({
    clinicaId: c.clinicaId,
    pacienteId: c.pacienteId,
    descripcion: 'Endodoncia',
    fecha: new Date(Date.now() - 3 * 86_400_000),
    importe,
    moneda: c.moneda,
  });

let receipt = 0;
async function payment(c: Clinic, importe: number) {
  receipt += 1;
  const [row] = await t.db
    .insert(cobros)
    .values({
      clinicaId: c.clinicaId,
      pacienteId: c.pacienteId,
      numero: `R-2026-${String(receipt).padStart(6, '0')}`,
      diaCaja: todayInZone('Europe/Madrid'),
      cajaId: c.cajaId,
      importe,
      moneda: c.moneda,
      metodo: 'tarjeta',
      cobradoPor: c.owner.userId,
      cobradoPorNombre: 'Ana',
    })
    .returning({ id: cobros.id });
  return row!.id;
}

async function annul(c: Clinic, cobroId: string, importe: number) {
  await t.db.update(cobros).set({ anulado: true }).where(eq(cobros.id, cobroId));
  await t.db.insert(cobros).values({
    clinicaId: c.clinicaId,
    pacienteId: c.pacienteId,
    tipo: 'anulacion',
    diaCaja: todayInZone('Europe/Madrid'),
    cajaId: c.cajaId,
    importe: -importe,
    moneda: c.moneda,
    metodo: 'tarjeta',
    cobradoPor: c.owner.userId,
    cobradoPorNombre: 'Ana',
    anulaId: cobroId,
    motivo: 'Tarjeta rechazada',
  });
}

/** A balance reminder email in the outbox, as the debtors' list writes it. */
async function queued(c: Clinic, importe: number, values: Partial<typeof mensajes.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(mensajes)
    .values({
      clinicaId: c.clinicaId,
      pacienteId: c.pacienteId,
      canal: 'email',
      plantilla: 'saldo',
      destinatario: c.email,
      importe,
      ...values,
    })
    .returning({ id: mensajes.id });
  return row!.id;
}
const rowOf = async (id: string) => (await t.db.select().from(mensajes).where(eq(mensajes.id, id)))[0]!;
const mailTo = async (email: string) =>
  (await readOutbox(t.deps.mailer.outboxDir!)).filter((m) => m.to.includes(email));

describe('the outbox’s balance reminders', () => {
  it('emails what the patient owes when it goes out, not when it was queued', async () => {
    const c = await clinic({ nombre: 'Clínica Sonrisas' });
    await treatment(c, 20_000);
    const id = await queued(c, 20_000);
    // A second treatment done before the round: the email says the balance then.
    await treatment(c, 5_050);
    await payment(c, 10_000);

    await round();
    expect(await rowOf(id)).toMatchObject({ estado: 'enviado', intentos: 1, ultimoError: null });
    const mail = await mailTo(c.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe(PAYMENT_MESSAGES.debtReminderSubject('Clínica Sonrisas'));
    for (const paragraph of PAYMENT_MESSAGES.debtReminderBody(
      'Lucía',
      'Clínica Sonrisas',
      formatMoney(15_050, 'EUR'),
      '600123456',
    )) {
      expect(mail[0]!.text).toContain(paragraph);
    }
    expect(mail[0]!.text).not.toContain(formatMoney(20_000, 'EUR'));
    // Nothing about an appointment: no calendar file.
    expect(mail[0]!.attachments).toEqual([]);
  });

  it('counts an annulment made after the reminder was queued', async () => {
    const c = await clinic();
    await treatment(c, 8_000);
    const cobroId = await payment(c, 5_000);
    const id = await queued(c, 3_000);
    await annul(c, cobroId, 5_000);

    await round();
    expect((await rowOf(id)).estado).toBe('enviado');
    expect((await mailTo(c.email))[0]!.text).toContain(formatMoney(8_000, 'EUR'));
  });

  it('drops a reminder whose patient owes nothing by then, or is in credit, and sends nothing', async () => {
    const settled = await clinic();
    await treatment(settled, 4_000);
    const settledId = await queued(settled, 4_000);
    await payment(settled, 4_000);
    const credit = await clinic();
    await treatment(credit, 1_000);
    const creditId = await queued(credit, 1_000);
    await payment(credit, 1_500);

    await round();
    for (const [id, email] of [
      [settledId, settled.email],
      [creditId, credit.email],
    ] as const) {
      expect(await rowOf(id)).toMatchObject({
        estado: 'descartado',
        ultimoError: 'El paciente ya no tenía saldo pendiente',
        fechaEnvio: null,
      });
      expect(await mailTo(email)).toEqual([]);
    }
  });

  it('writes pesos as Colombia does, and a clinic without a phone asks the patient to ask at the desk', async () => {
    const c = await clinic({ nombre: 'Clínica Norte', ...BOGOTA });
    await t.db.update(clinicas).set({ telefono: null }).where(eq(clinicas.id, c.clinicaId));
    await treatment(c, 250_000);
    const id = await queued(c, 250_000);

    await round();
    expect((await rowOf(id)).estado).toBe('enviado');
    const [mail] = await mailTo(c.email);
    expect(mail!.text).toContain(formatMoney(250_000, 'COP'));
    expect(mail!.text).toContain(PAYMENT_MESSAGES.debtReminderBody('Lucía', 'Clínica Norte', '', null)[2]);
  });

  it('never claims a WhatsApp reminder: the member sent it', async () => {
    const c = await clinic();
    await treatment(c, 900);
    const id = await queued(c, 900, {
      canal: 'whatsapp',
      plantilla: 'saldo_whatsapp',
      destinatario: '+34612345678',
      estado: 'enviado',
      fechaEnvio: new Date(),
      enviadoPor: c.owner.userId,
    });

    await round();
    expect(await rowOf(id)).toMatchObject({ estado: 'enviado', intentos: 0 });
    expect(await mailTo(c.email)).toEqual([]);
  });

  it('keeps a balance reminder of nothing owed out of the outbox (the table refuses it)', async () => {
    const c = await clinic();
    await expect(queued(c, 0)).rejects.toThrow();
    await expect(queued(c, -500)).rejects.toThrow();
    expect(await t.db.select().from(mensajes).where(eq(mensajes.pacienteId, c.pacienteId))).toEqual([]);
  });
});
