import {
  clinicCountry,
  DEBTORS_PAGE_SIZE,
  formatMoney,
  PAYMENT_MESSAGES,
  REMINDER_MESSAGES,
  todayInZone,
  whatsappUrl,
  type CountryCode,
  type DebtorOrder,
  type DebtorPage,
} from '@odontia/shared';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { localDay } from '../../db/local-day.ts';
import { clinicas, mensajes, pacientes, tratamientosRealizados } from '../../db/schema/index.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { balanceOf, debtorsOf, owedToClinic } from '../../platform/balance.ts';
import type { Member } from '../../platform/context.ts';
import { conflict, notFound, unprocessable } from '../../platform/errors.ts';
import { sentByMember } from '../../platform/messages/enqueue.ts';
import { lastReminders } from '../../platform/messages/last-reminder.ts';
import { whatsappPhone } from '../../platform/phone.ts';

/**
 * 'Pacientes con saldo pendiente' (issue 25): the clinic's patients who owe for treatments done, by
 * amount or by age of the debt, and the balance reminders the desk sends them by email (the outbox) or
 * WhatsApp (a `wa.me` link, recorded as sent), as appointment reminders are.
 */

export const debtorNotFound = () => notFound(PAYMENT_MESSAGES.patientNotFound);

/** The outbox's templates of a balance reminder. */
const REMINDER_TEMPLATES = ['saldo', 'saldo_whatsapp'] as const;

const phoneCountry = (pais: string | null, zonaHoraria: string) =>
  clinicCountry({ pais, zonaHoraria }).codigo as CountryCode;

/**
 * One page of the clinic's debtors in one statement: each debtor (platform/balance.ts debtorsOf, the same
 * rule as every balance) with their name and contact. `desde` is the oldest treatment that payments,
 * paying the oldest first, have not covered: the first whose running total (oldest first) exceeds what
 * the patient paid. By amount, the page is cut first and only its patients' treatments are walked; by
 * age, every debtor's are.
 */
function debtorsPage(
  db: Executor,
  member: Pick<Member, 'clinicaId' | 'zonaHoraria'>,
  hoy: string,
  query: { orden: DebtorOrder; limit: number; offset: number },
) {
  const { clinicaId, zonaHoraria: zona } = member;
  const t = tratamientosRealizados;
  const debts = debtorsOf(db, clinicaId).as('deudas');
  const deudores = db.$with('deudores').as(
    db
      .select({
        pacienteId: debts.pacienteId,
        nombres: pacientes.nombres,
        apellidos: pacientes.apellidos,
        email: pacientes.email,
        telefono: pacientes.telefono,
        pagado: debts.pagado,
        saldo: debts.saldo,
      })
      .from(debts)
      .innerJoin(pacientes, eq(pacientes.id, debts.pacienteId)),
  );
  const byAmount = query.orden === 'importe';
  // The patients whose oldest unpaid treatment is looked for: the page's by amount, every debtor's by age.
  const alcance = db
    .$with('alcance')
    .as(
      byAmount
        ? db
            .select()
            .from(deudores)
            .orderBy(desc(deudores.saldo), asc(deudores.apellidos), asc(deudores.nombres), asc(deudores.pacienteId))
            .limit(query.limit)
            .offset(query.offset)
        : db.select().from(deudores),
    );
  const acumulado = db.$with('acumulado').as(
    db
      .select({
        pacienteId: t.pacienteId,
        fecha: t.fecha,
        pagado: alcance.pagado,
        acumulado:
          sql<number>`sum(${t.importe}) over (partition by ${t.pacienteId} order by ${t.fecha}, ${t.id} rows unbounded preceding)`.as(
            'acumulado',
          ),
      })
      .from(t)
      .innerJoin(alcance, eq(alcance.pacienteId, t.pacienteId))
      .where(eq(t.clinicaId, clinicaId)),
  );
  const desde = db.$with('desde').as(
    db
      .select({ pacienteId: acumulado.pacienteId, fecha: sql<Date>`min(${acumulado.fecha})`.as('desde') })
      .from(acumulado)
      .where(sql`${acumulado.acumulado} > ${acumulado.pagado}`)
      .groupBy(acumulado.pacienteId),
  );
  const desdeDia = localDay(sql`${desde.fecha}`, zona);
  const page = db
    .with(deudores, alcance, acumulado, desde)
    .select({
      id: alcance.pacienteId,
      nombres: alcance.nombres,
      apellidos: alcance.apellidos,
      email: alcance.email,
      telefono: alcance.telefono,
      saldo: sql<number>`${alcance.saldo}::bigint`.mapWith(Number),
      desde: sql<string>`${desdeDia}::text`,
      dias: sql<number>`(${hoy}::date - ${desdeDia})::int`.mapWith(Number),
    })
    .from(alcance)
    .innerJoin(desde, eq(desde.pacienteId, alcance.pacienteId))
    .orderBy(
      ...(byAmount ? [desc(alcance.saldo)] : [asc(desdeDia)]),
      asc(alcance.apellidos),
      asc(alcance.nombres),
      asc(alcance.pacienteId),
    )
    .$dynamic();
  return byAmount ? page : page.limit(query.limit).offset(query.offset);
}

/**
 * One page of 'Pacientes con saldo pendiente': by amount (largest first) or by age of the debt
 * (oldest first), ties by name; with the count and the sum of every debtor's balance (what the clinic is
 * owed, platform/balance.ts owedToClinic: the balance report's figure too).
 */
export async function listDebtors(
  db: Database,
  member: Pick<Member, 'clinicaId' | 'zonaHoraria' | 'moneda'>,
  query: { orden: DebtorOrder; pagina: number },
  now = new Date(),
): Promise<DebtorPage> {
  const hoy = todayInZone(member.zonaHoraria, now);
  const [[clinic], rows, [owed]] = await Promise.all([
    db.select({ pais: clinicas.pais }).from(clinicas).where(eq(clinicas.id, member.clinicaId)),
    debtorsPage(db, member, hoy, {
      orden: query.orden,
      limit: DEBTORS_PAGE_SIZE,
      offset: (query.pagina - 1) * DEBTORS_PAGE_SIZE,
    }),
    owedToClinic(db, member.clinicaId),
  ]);
  const reminders = await lastReminders(
    db,
    member.clinicaId,
    rows.map((r) => r.id),
    REMINDER_TEMPLATES,
  );
  const country = phoneCountry(clinic?.pais ?? null, member.zonaHoraria);
  return {
    pacientes: rows.map((r) => ({
      paciente: { id: r.id, nombres: r.nombres, apellidos: r.apellidos, email: r.email, telefono: r.telefono },
      whatsapp: whatsappPhone(r.telefono, country).e164,
      saldo: r.saldo,
      desde: r.desde,
      dias: r.dias,
      ultimoRecordatorio: reminders.get(r.id) ?? null,
    })),
    total: owed?.deudores ?? 0,
    importeTotal: owed?.importe ?? 0,
    moneda: member.moneda,
    pagina: query.pagina,
    porPagina: DEBTORS_PAGE_SIZE,
  };
}

/** The clinic's non-archived patient a reminder goes to, with what they owe now and the clinic's details (404 otherwise). */
async function debtorFor(tx: Executor, clinicaId: string, pacienteId: string) {
  const [row] = await tx
    .select({
      nombres: pacientes.nombres,
      email: pacientes.email,
      telefono: pacientes.telefono,
      saldo: balanceOf(pacientes.id),
      clinica: clinicas.nombre,
      clinicaTelefono: clinicas.telefono,
      pais: clinicas.pais,
    })
    .from(pacientes)
    .innerJoin(clinicas, eq(clinicas.id, pacientes.clinicaId))
    .where(and(eq(pacientes.id, pacienteId), eq(pacientes.clinicaId, clinicaId), isNull(pacientes.fechaArchivado)));
  if (!row) throw debtorNotFound();
  if (!(row.saldo > 0)) throw conflict(PAYMENT_MESSAGES.debtReminderNoDebt);
  return row;
}

/**
 * Queues a balance reminder email to the patient (the outbox sends it with the balance it reads then,
 * and drops it when the patient has paid meanwhile), audited in the same transaction. 409 when nothing
 * is owed, 422 without an email.
 */
export async function queueDebtReminderEmail(
  db: Database,
  actor: AuditActor,
  pacienteId: string,
): Promise<{ mensaje: string }> {
  return db.transaction(async (tx) => {
    const row = await debtorFor(tx, actor.clinicaId, pacienteId);
    const email = row.email?.trim();
    if (!email) throw unprocessable(PAYMENT_MESSAGES.debtReminderNoEmail);
    await tx.insert(mensajes).values({
      clinicaId: actor.clinicaId,
      pacienteId,
      canal: 'email',
      plantilla: 'saldo',
      destinatario: email,
      importe: row.saldo,
    });
    await recordAudit(tx, actor, { accion: 'saldo.recordar', pacienteId, detalle: { canal: 'email' } });
    return { mensaje: PAYMENT_MESSAGES.debtReminderQueued(email) };
  });
}

/**
 * Records a WhatsApp balance reminder as sent by the member and answers the `wa.me` link that opens it
 * written (the email's paragraphs, with what is owed now), audited in the same transaction. 409 when
 * nothing is owed, 422 without a valid phone.
 */
export async function sendDebtReminderWhatsapp(
  db: Database,
  actor: AuditActor,
  member: Pick<Member, 'zonaHoraria' | 'moneda'>,
  pacienteId: string,
): Promise<{ url: string; mensaje: string }> {
  return db.transaction(async (tx) => {
    const row = await debtorFor(tx, actor.clinicaId, pacienteId);
    const phone = whatsappPhone(row.telefono, phoneCountry(row.pais, member.zonaHoraria));
    if (!phone.e164) {
      throw unprocessable(phone.motivo === 'sin_telefono' ? REMINDER_MESSAGES.noPhone : REMINDER_MESSAGES.invalidPhone);
    }
    const text = PAYMENT_MESSAGES.debtReminderBody(
      row.nombres,
      row.clinica,
      formatMoney(row.saldo, member.moneda),
      row.clinicaTelefono,
    ).join('\n\n');
    await tx.insert(mensajes).values({
      clinicaId: actor.clinicaId,
      pacienteId,
      canal: 'whatsapp',
      plantilla: 'saldo_whatsapp',
      destinatario: phone.e164,
      importe: row.saldo,
      ...sentByMember(actor.userId),
    });
    await recordAudit(tx, actor, { accion: 'saldo.recordar', pacienteId, detalle: { canal: 'whatsapp' } });
    return {
      url: whatsappUrl(phone.e164, text),
      mensaje: PAYMENT_MESSAGES.debtReminderWhatsappRecorded(row.nombres),
    };
  });
}
