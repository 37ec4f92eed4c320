import {
  clinicCountry,
  ESTADOS_CITA_PREVISTA,
  RECALL_MESSAGES,
  RECALLS_PAGE_SIZE,
  todayInZone,
  whatsappUrl,
  type CountryCode,
  type RecallPage,
  type WhatsappRecall,
} from '@odontia/shared';
import { and, asc, eq, gte, inArray, isNull, notExists, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { citas, clinicas, mensajes, pacientes } from '../../db/schema/index.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import type { Deps, Member } from '../../platform/context.ts';
import { notFound, unprocessable } from '../../platform/errors.ts';
import { renderEmail } from '../../platform/mail.ts';
import { sentByMember } from '../../platform/messages/enqueue.ts';
import { lastReminders } from '../../platform/messages/last-reminder.ts';
import { whatsappPhone } from '../../platform/phone.ts';

export const recallPatientNotFound = () => notFound(RECALL_MESSAGES.notFound);

/** How a recall is kept in `mensajes`, by channel. */
const RECALL_TEMPLATES = { email: 'revision', whatsapp: 'revision_whatsapp' } as const;

/**
 * A patient of `clinicaId` due a check-up on the clinic's day `today`: active and not archived, last
 * seen on or before `today` minus the clinic's `revision_meses` (the interval has run out), and with no
 * appointment still to come (pending or confirmed, from now on). Written once: the list and the sends
 * check the same rule. Needs `clinicas` joined on the patient's clinic.
 */
const dueForRecall = (db: Executor, clinicaId: string, today: string): SQL =>
  and(
    eq(pacientes.clinicaId, clinicaId),
    eq(pacientes.estado, 'activo'),
    isNull(pacientes.fechaArchivado),
    sql`${pacientes.ultimaVisita} <= (${today}::date - make_interval(months => ${clinicas.revisionMeses}))::date`,
    notExists(
      db
        .select({ uno: sql`1` })
        .from(citas)
        .where(
          and(
            eq(citas.pacienteId, pacientes.id),
            eq(citas.clinicaId, clinicaId),
            gte(citas.inicio, sql`now()`),
            inArray(citas.estado, [...ESTADOS_CITA_PREVISTA]),
          ),
        ),
    ),
  )!;

const countryOf = (pais: string | null, zonaHoraria: string) =>
  clinicCountry({ pais, zonaHoraria }).codigo as CountryCode;

/**
 * 'Revisiones pendientes': one page of the clinic's patients due a check-up, the longest unseen first,
 * with their contact (the phone as WhatsApp takes it) and whether they accept the clinic's
 * communications.
 */
export async function listRecalls(
  db: Database,
  member: Pick<Member, 'clinicaId' | 'zonaHoraria'>,
  pagina: number,
  now = new Date(),
): Promise<RecallPage> {
  const today = todayInZone(member.zonaHoraria, now);
  const due = dueForRecall(db, member.clinicaId, today);
  const [clinic] = await db
    .select({ pais: clinicas.pais, revisionMeses: clinicas.revisionMeses })
    .from(clinicas)
    .where(eq(clinicas.id, member.clinicaId));
  const rows = await db
    .select({
      id: pacientes.id,
      nombres: pacientes.nombres,
      apellidos: pacientes.apellidos,
      email: pacientes.email,
      telefono: pacientes.telefono,
      ultimaVisita: sql<string>`${pacientes.ultimaVisita}::text`,
      consentimiento: sql<boolean>`${pacientes.consentimientoComunicaciones} is not null`,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(pacientes)
    .innerJoin(clinicas, eq(clinicas.id, pacientes.clinicaId))
    .where(due)
    .orderBy(asc(pacientes.ultimaVisita), asc(pacientes.apellidos), asc(pacientes.nombres), asc(pacientes.id))
    .limit(RECALLS_PAGE_SIZE)
    .offset((pagina - 1) * RECALLS_PAGE_SIZE);
  // Past the last page the window counts nothing: the count alone.
  const total = rows.length
    ? rows[0]!.total
    : pagina > 1
      ? ((
          await db
            .select({ n: sql<number>`count(*)::int` })
            .from(pacientes)
            .innerJoin(clinicas, eq(clinicas.id, pacientes.clinicaId))
            .where(due)
        )[0]?.n ?? 0)
      : 0;
  const country = countryOf(clinic!.pais, member.zonaHoraria);
  const recalled = await lastReminders(
    db,
    member.clinicaId,
    rows.map((r) => r.id),
    Object.values(RECALL_TEMPLATES),
  );
  return {
    pacientes: rows.map(({ total: _total, telefono, ...p }) => ({
      ...p,
      telefono: whatsappPhone(telefono, country),
      ultimoRecordatorio: recalled.get(p.id) ?? null,
    })),
    total: Number(total),
    pagina,
    porPagina: RECALLS_PAGE_SIZE,
    revisionMeses: clinic!.revisionMeses,
  };
}

/**
 * The clinic's patient and what a recall tells them, once the patient is found (404 otherwise, as for
 * another clinic's or an archived one), still due a check-up and accepts the clinic's communications
 * (422 otherwise).
 */
async function recallFor(db: Database, member: Pick<Member, 'clinicaId' | 'zonaHoraria'>, id: string, now: Date) {
  const today = todayInZone(member.zonaHoraria, now);
  const [row] = await db
    .select({
      nombres: pacientes.nombres,
      email: pacientes.email,
      telefono: pacientes.telefono,
      consentimiento: sql<boolean>`${pacientes.consentimientoComunicaciones} is not null`,
      due: sql<boolean>`coalesce(${dueForRecall(db, member.clinicaId, today)}, false)`,
      clinica: clinicas.nombre,
      clinicaTelefono: clinicas.telefono,
      publicada: clinicas.publicada,
      pais: clinicas.pais,
    })
    .from(pacientes)
    .innerJoin(clinicas, eq(clinicas.id, pacientes.clinicaId))
    .where(and(eq(pacientes.id, id), eq(pacientes.clinicaId, member.clinicaId), isNull(pacientes.fechaArchivado)));
  if (!row) throw recallPatientNotFound();
  if (!row.due) throw unprocessable(RECALL_MESSAGES.notDue);
  if (!row.consentimiento) throw unprocessable(RECALL_MESSAGES.noConsent);
  return row;
}

/** The clinic's public profile, when it has one published: the patient may book or ask from there. */
const profileUrl = (appUrl: string, clinicaId: string, publicada: boolean) =>
  publicada ? `${appUrl}/clinicas/${clinicaId}` : null;

/** Records a recall as sent to `destinatario` by the member, audited in the same transaction. */
async function recordRecall(
  db: Database,
  actor: AuditActor,
  pacienteId: string,
  canal: 'email' | 'whatsapp',
  destinatario: string,
) {
  await db.transaction(async (tx) => {
    await tx.insert(mensajes).values({
      clinicaId: actor.clinicaId,
      pacienteId,
      canal,
      plantilla: RECALL_TEMPLATES[canal],
      destinatario,
      ...sentByMember(actor.userId),
    });
    await recordAudit(tx, actor, { accion: 'revision.recordar', pacienteId, detalle: { canal } });
  });
}

/**
 * Emails the patient the recall now, through the clinic's mailer, and records it once sent (a failed
 * send is a 503 and records nothing).
 */
export async function sendRecallEmail(
  deps: Pick<Deps, 'db' | 'mailer'> & { appUrl: string },
  actor: AuditActor,
  member: Pick<Member, 'clinicaId' | 'zonaHoraria'>,
  id: string,
  now = new Date(),
): Promise<void> {
  const row = await recallFor(deps.db, member, id, now);
  const to = row.email?.trim();
  if (!to) throw unprocessable(RECALL_MESSAGES.noEmail);
  const url = profileUrl(deps.appUrl, member.clinicaId, row.publicada);
  const { text, html } = renderEmail({
    title: RECALL_MESSAGES.subject(row.clinica),
    paragraphs: [RECALL_MESSAGES.body(row.nombres, row.clinica, row.clinicaTelefono)],
    action: url ? { label: RECALL_MESSAGES.profileAction, url } : undefined,
  });
  await deps.mailer.send({ to, subject: RECALL_MESSAGES.subject(row.clinica), text, html });
  await recordRecall(deps.db, actor, id, 'email', to);
}

/**
 * The `wa.me` link that opens WhatsApp with the recall written to the patient's phone (E.164, read
 * with the clinic's country), recorded as sent by the member who opens it.
 */
export async function whatsappRecall(
  db: Database,
  actor: AuditActor,
  member: Pick<Member, 'clinicaId' | 'zonaHoraria'>,
  appUrl: string,
  id: string,
  now = new Date(),
): Promise<WhatsappRecall> {
  const row = await recallFor(db, member, id, now);
  const phone = whatsappPhone(row.telefono, countryOf(row.pais, member.zonaHoraria));
  if (!phone.e164) {
    throw unprocessable(phone.motivo === 'sin_telefono' ? RECALL_MESSAGES.noPhone : RECALL_MESSAGES.invalidPhone);
  }
  const url = profileUrl(appUrl, member.clinicaId, row.publicada);
  const text = [
    RECALL_MESSAGES.body(row.nombres, row.clinica, row.clinicaTelefono),
    url && RECALL_MESSAGES.profileLine(url),
  ]
    .filter(Boolean)
    .join('\n\n');
  await recordRecall(db, actor, id, 'whatsapp', phone.e164);
  return { url: whatsappUrl(phone.e164, text) };
}
