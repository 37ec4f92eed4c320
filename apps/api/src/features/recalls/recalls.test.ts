import {
  DENTIST_COLOR_VALUES,
  RECALL_MESSAGES,
  RECALLS_PAGE_SIZE,
  todayInZone,
  type AppointmentStatus,
  type RecallPage,
  type WhatsappRecall,
} from '@odontia/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditoria, citas, clinicas, dentistas, mensajes, pacientes } from '../../db/schema/index.ts';
import {
  addTeamMember,
  createClinicOwner,
  createTestApp,
  errorOf,
  setRolePermissions,
  TEST_ORIGIN,
  type TestApp,
} from '../../test/app.ts';
import { readOutbox } from '../../test/outbox.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;

type Clinic = Awaited<ReturnType<typeof clinic>>;

/** A clinic in Madrid with one dentist, and its today. */
async function clinic(nombre = 'Clínica de prueba') {
  const owner = await createClinicOwner(t, { nombre });
  const [{ id: dentistaId }] = await t.db
    .insert(dentistas)
    .values({
      clinicaId: owner.clinica.id,
      nombres: 'Laura',
      apellidos: 'Gómez',
      especialidad: 'ortodoncia',
      color: DENTIST_COLOR_VALUES[0],
    })
    .returning({ id: dentistas.id });
  return { owner, clinicaId: owner.clinica.id, dentistaId, today: todayInZone('Europe/Madrid') };
}

/** The clinic's day `months` months (and `days` days) before its today, as PostgreSQL counts months. */
async function monthsAgo(c: Clinic, months: number, days = 0): Promise<string> {
  const [row] = await t.db
    .execute<{ d: string }>(
      sql`select ((${c.today}::date - make_interval(months => ${months}))::date + ${days}::int)::text as d`,
    )
    .then((r) => (r as unknown as { rows: { d: string }[] }).rows);
  return row!.d;
}

let counter = 0;
async function patient(c: Clinic, values: Partial<typeof pacientes.$inferInsert> = {}) {
  counter += 1;
  const [row] = await t.db
    .insert(pacientes)
    .values({
      clinicaId: c.clinicaId,
      nombres: 'Lucía',
      apellidos: `Pardo ${String(counter).padStart(3, '0')}`,
      email: `lucia${counter}@correo.test`,
      telefono: '612 345 678',
      consentimientoComunicaciones: new Date(),
      consentimientoComunicacionesPor: 'Ana',
      ...values,
    })
    .returning({ id: pacientes.id });
  return row!.id;
}

/** An appointment of the patient starting `hours` from now (negative: in the past). */
async function appointmentIn(c: Clinic, pacienteId: string, hours: number, estado: AppointmentStatus = 'pendiente') {
  const inicio = new Date(Math.floor((Date.now() + hours * HOUR) / 60_000) * 60_000);
  await t.db.insert(citas).values({
    clinicaId: c.clinicaId,
    pacienteId,
    dentistaId: c.dentistaId,
    inicio,
    fin: new Date(inicio.getTime() + HOUR / 2),
    titulo: 'Revisión',
    estado,
  });
}

const list = async (cookie: string, pagina?: number): Promise<RecallPage> => {
  const res = await t.request(`/api/revisiones${pagina ? `?pagina=${pagina}` : ''}`, { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as RecallPage;
};
const idsOf = (page: RecallPage) => page.pacientes.map((p) => p.id);
const send = (cookie: string, id: string, canal: 'email' | 'whatsapp') =>
  t.request(`/api/revisiones/${id}/${canal}`, { method: 'POST', cookie });
const mailTo = async (email: string) =>
  (await readOutbox(t.deps.mailer.outboxDir!)).filter((m) => m.to.includes(email));

describe("'Revisiones pendientes' (GET /api/revisiones)", () => {
  it('lists the active patients last seen at least the interval ago with nothing booked, the longest unseen first', async () => {
    const c = await clinic();
    const other = await clinic('Otra clínica');
    const eightMonths = await monthsAgo(c, 8);
    const due = await patient(c, { ultimaVisita: eightMonths });
    const oldest = await patient(c, {
      ultimaVisita: await monthsAgo(c, 20),
      email: null,
      consentimientoComunicaciones: null,
    });
    const exactly = await patient(c, { ultimaVisita: await monthsAgo(c, 6) });
    const cancelled = await patient(c, { ultimaVisita: eightMonths });
    await appointmentIn(c, cancelled, 48, 'cancelada');
    const missed = await patient(c, { ultimaVisita: eightMonths });
    await appointmentIn(c, missed, -48, 'pendiente');

    // Not listed: a day short of the interval, a recent visit, no visit at all, something booked
    // (pending or confirmed by the patient), archived, inactive, another clinic's.
    const dayShort = await patient(c, { ultimaVisita: await monthsAgo(c, 6, 1) });
    const recent = await patient(c, { ultimaVisita: await monthsAgo(c, 2) });
    const never = await patient(c, { ultimaVisita: null });
    const booked = await patient(c, { ultimaVisita: eightMonths });
    await appointmentIn(c, booked, 24 * 30, 'pendiente');
    const confirmed = await patient(c, { ultimaVisita: eightMonths });
    await appointmentIn(c, confirmed, 2, 'confirmada_paciente');
    const archived = await patient(c, { ultimaVisita: eightMonths, fechaArchivado: new Date(), estado: 'inactivo' });
    const inactive = await patient(c, { ultimaVisita: eightMonths, estado: 'inactivo' });
    const foreign = await patient(other, { ultimaVisita: eightMonths });

    const page = await list(c.owner.cookie);
    expect(idsOf(page)).toEqual([oldest, due, cancelled, missed, exactly]);
    expect(page).toMatchObject({ total: 5, pagina: 1, porPagina: RECALLS_PAGE_SIZE, revisionMeses: 6 });
    for (const id of [dayShort, recent, never, booked, confirmed, archived, inactive, foreign]) {
      expect(idsOf(page)).not.toContain(id);
    }
    expect(page.pacientes.find((p) => p.id === due)).toEqual({
      id: due,
      nombres: 'Lucía',
      apellidos: expect.stringMatching(/^Pardo /),
      email: expect.stringMatching(/@correo\.test$/),
      telefono: { original: '612 345 678', e164: '+34612345678', motivo: null },
      ultimaVisita: eightMonths,
      consentimiento: true,
      ultimoRecordatorio: null,
    });
    expect(page.pacientes[0]).toMatchObject({ id: oldest, email: null, consentimiento: false });
    expect(idsOf(await list(other.owner.cookie))).toEqual([foreign]);
  });

  it("follows the clinic's interval: at 12 months a visit 8 months ago is not yet due", async () => {
    const c = await clinic();
    const eight = await patient(c, { ultimaVisita: await monthsAgo(c, 8) });
    const fourteen = await patient(c, { ultimaVisita: await monthsAgo(c, 14) });
    expect(idsOf(await list(c.owner.cookie))).toEqual([fourteen, eight]);
    await t.db.update(clinicas).set({ revisionMeses: 12 }).where(eq(clinicas.id, c.clinicaId));
    const page = await list(c.owner.cookie);
    expect(idsOf(page)).toEqual([fourteen]);
    expect(page.revisionMeses).toBe(12);
  });

  it('pages by 20 with the total; past the end the page is empty and still counts them', async () => {
    const c = await clinic();
    const ids: string[] = [];
    for (let i = 0; i < RECALLS_PAGE_SIZE + 5; i++)
      ids.push(await patient(c, { ultimaVisita: await monthsAgo(c, 7, -i) }));
    // The oldest last visit first: the last patient made is the longest unseen.
    const expected = [...ids].reverse();
    const first = await list(c.owner.cookie);
    expect(first).toMatchObject({ total: RECALLS_PAGE_SIZE + 5, pagina: 1 });
    expect(idsOf(first)).toEqual(expected.slice(0, RECALLS_PAGE_SIZE));
    const second = await list(c.owner.cookie, 2);
    expect(second).toMatchObject({ total: RECALLS_PAGE_SIZE + 5, pagina: 2 });
    expect(idsOf(second)).toEqual(expected.slice(RECALLS_PAGE_SIZE));
    expect(await list(c.owner.cookie, 3)).toMatchObject({ pacientes: [], total: RECALLS_PAGE_SIZE + 5, pagina: 3 });
    // A page that is no page is the first.
    expect((await list(c.owner.cookie, 'x' as unknown as number)).pagina).toBe(1);
    expect(await list((await clinic()).owner.cookie)).toMatchObject({ pacientes: [], total: 0 });
  });
});

describe('inviting a patient back', () => {
  it('emails the recall now, with the clinic phone, and the profile link once the clinic is published', async () => {
    const c = await clinic('Clínica Sonrisas');
    const email = `recall.${Date.now()}@correo.test`;
    const id = await patient(c, { ultimaVisita: await monthsAgo(c, 9), email, nombres: 'Marta' });
    const res = await send(c.owner.cookie, id, 'email');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ enviado: true });
    const [mail] = await mailTo(email);
    expect(mail!.subject).toBe('Tu revisión en Clínica Sonrisas');
    expect(mail!.text).toContain(
      'Hola, Marta: hace tiempo de tu última revisión en Clínica Sonrisas. Pide cita llamando al 600123456.',
    );
    expect(mail!.text).not.toContain('/clinicas/');

    await t.db.update(clinicas).set({ publicada: true }).where(eq(clinicas.id, c.clinicaId));
    expect((await send(c.owner.cookie, id, 'email')).status).toBe(200);
    const mails = await mailTo(email);
    expect(mails).toHaveLength(2);
    expect(mails.some((m) => m.text.includes(`${TEST_ORIGIN}/clinicas/${c.clinicaId}`))).toBe(true);
  });

  it('answers the wa.me link with the recall written to the phone in E.164', async () => {
    const c = await clinic('Clínica Sonrisas');
    await t.db.update(clinicas).set({ publicada: true }).where(eq(clinicas.id, c.clinicaId));
    const id = await patient(c, { ultimaVisita: await monthsAgo(c, 9), nombres: 'Marta', telefono: '612 34 56 78' });
    const res = await send(c.owner.cookie, id, 'whatsapp');
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as WhatsappRecall;
    expect(url).toMatch(/^https:\/\/wa\.me\/34612345678\?text=/);
    const text = decodeURIComponent(url.split('?text=')[1]!);
    expect(text).toBe(
      'Hola, Marta: hace tiempo de tu última revisión en Clínica Sonrisas. Pide cita llamando al 600123456.\n\n' +
        RECALL_MESSAGES.profileLine(`${TEST_ORIGIN}/clinicas/${c.clinicaId}`),
    );
  });

  it('records each recall sent, by whom and how, audited; the list shows the last one', async () => {
    const c = await clinic();
    const member = await addTeamMember(t, c.clinicaId, 'Recepción', 'recepcion');
    await setRolePermissions(t, member.rolId, ['pacientes.ver', 'pacientes.editar']);
    const email = `recorded.${Date.now()}@correo.test`;
    const id = await patient(c, { ultimaVisita: await monthsAgo(c, 9), email, telefono: '612 34 56 78' });
    const other = await patient(c, { ultimaVisita: await monthsAgo(c, 10) });
    const lastOf = async (pacienteId: string) =>
      (await list(c.owner.cookie)).pacientes.find((p) => p.id === pacienteId)!.ultimoRecordatorio;
    expect(await lastOf(id)).toBeNull();

    expect((await send(c.owner.cookie, id, 'email')).status).toBe(200);
    expect((await send(member.cookie, id, 'whatsapp')).status).toBe(200);
    const rows = await t.db
      .select()
      .from(mensajes)
      .where(eq(mensajes.pacienteId, id))
      .orderBy(asc(mensajes.fechaCreacion), asc(mensajes.canal));
    expect(rows).toMatchObject([
      { canal: 'email', plantilla: 'revision', destinatario: email, estado: 'enviado', enviadoPor: c.owner.userId },
      {
        canal: 'whatsapp',
        plantilla: 'revision_whatsapp',
        destinatario: '+34612345678',
        estado: 'enviado',
        enviadoPor: member.userId,
      },
    ]);
    expect(rows.every((r) => r.fechaEnvio instanceof Date && r.citaId === null && r.importe === null)).toBe(true);
    const audit = await t.db
      .select({ detalle: auditoria.detalle, usuarioId: auditoria.usuarioId })
      .from(auditoria)
      .where(and(eq(auditoria.pacienteId, id), eq(auditoria.accion, 'revision.recordar')))
      .orderBy(asc(auditoria.id));
    expect(audit).toEqual([
      { detalle: { canal: 'email' }, usuarioId: c.owner.userId },
      { detalle: { canal: 'whatsapp' }, usuarioId: member.userId },
    ]);
    // The latest, and only the patient's own.
    expect(await lastOf(id)).toEqual({ canal: 'whatsapp', fecha: rows[1]!.fechaCreacion.toISOString() });
    expect(await lastOf(other)).toBeNull();
    // A recall is never queued: the table keeps it sent, without an appointment.
    await expect(
      t.db.insert(mensajes).values({
        clinicaId: c.clinicaId,
        pacienteId: id,
        canal: 'email',
        plantilla: 'revision',
        destinatario: email,
      }),
    ).rejects.toThrow();
  });

  it('refuses (422) a patient without consent, without email or a valid phone, or no longer due; sends nothing', async () => {
    const c = await clinic();
    const old = await monthsAgo(c, 9);
    const noConsent = await patient(c, {
      ultimaVisita: old,
      consentimientoComunicaciones: null,
      email: 'sin@correo.test',
    });
    const noEmail = await patient(c, { ultimaVisita: old, email: null });
    const noPhone = await patient(c, { ultimaVisita: old, telefono: null });
    const badPhone = await patient(c, { ultimaVisita: old, telefono: '123' });
    const recent = await patient(c, { ultimaVisita: await monthsAgo(c, 1) });
    const booked = await patient(c, { ultimaVisita: old });
    await appointmentIn(c, booked, 24);
    const cases: [string, 'email' | 'whatsapp', string][] = [
      [noConsent, 'email', RECALL_MESSAGES.noConsent],
      [noConsent, 'whatsapp', RECALL_MESSAGES.noConsent],
      [noEmail, 'email', RECALL_MESSAGES.noEmail],
      [noPhone, 'whatsapp', RECALL_MESSAGES.noPhone],
      [badPhone, 'whatsapp', RECALL_MESSAGES.invalidPhone],
      [recent, 'email', RECALL_MESSAGES.notDue],
      [booked, 'whatsapp', RECALL_MESSAGES.notDue],
    ];
    for (const [id, canal, message] of cases) {
      const res = await send(c.owner.cookie, id, canal);
      expect([canal, res.status]).toEqual([canal, 422]);
      expect((await errorOf(res)).message).toBe(message);
    }
    expect(await mailTo('sin@correo.test')).toEqual([]);
    expect(await t.db.$count(mensajes, eq(mensajes.clinicaId, c.clinicaId))).toBe(0);
    // The same patients can be reached by the other channel.
    expect((await send(c.owner.cookie, noEmail, 'whatsapp')).status).toBe(200);
    expect((await send(c.owner.cookie, noPhone, 'email')).status).toBe(200);
  });

  it("answers 404 for another clinic's patient, an archived one or an id that is none; 403 without the permissions", async () => {
    const c = await clinic();
    const other = await clinic();
    const old = await monthsAgo(c, 9);
    const foreign = await patient(other, { ultimaVisita: old });
    const archived = await patient(c, { ultimaVisita: old, fechaArchivado: new Date(), estado: 'inactivo' });
    for (const id of [foreign, archived, 'no-es-un-id']) {
      const res = await send(c.owner.cookie, id, 'email');
      expect(res.status).toBe(404);
      expect(await errorOf(res)).toEqual({ code: 'not_found', message: RECALL_MESSAGES.notFound });
    }

    const mine = await patient(c, { ultimaVisita: old });
    const member = await addTeamMember(t, c.clinicaId, 'Recepción', 'recepcion');
    await setRolePermissions(t, member.rolId, ['pacientes.ver']);
    expect((await list(member.cookie)).total).toBe(1);
    for (const canal of ['email', 'whatsapp'] as const) {
      const res = await send(member.cookie, mine, canal);
      expect(res.status).toBe(403);
      expect((await errorOf(res)).code).toBe('forbidden');
    }
    await setRolePermissions(t, member.rolId, ['citas.ver']);
    expect((await t.request('/api/revisiones', { cookie: member.cookie })).status).toBe(403);
  });
});
