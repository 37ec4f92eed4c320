import {
  MESSAGE_MESSAGES,
  PLANTILLAS_PREDETERMINADAS,
  wallClockParts,
  type AppointmentMessage,
  type MessageSettings,
  type PatientAppointment,
} from '@odontia/shared';
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditoria,
  citas,
  clinicas,
  dentistas,
  enlacesCita,
  mensajes,
  notificaciones,
  pacientes,
} from '../../db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { MailMessage, Mailer } from '../../platform/mail.ts';
import { runOutboxRound, sweepReminders } from '../../platform/messages/outbox.ts';
import { addTeamMember, createClinicOwner, createTestApp, errorOf, withMailer, type TestApp } from '../../test/app.ts';
import { readOutbox } from '../../test/outbox.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const round = () => runOutboxRound(t.deps);

/** A clinic in Madrid with a dentist and a patient who consented to reminders (or not). */
async function clinic(options: { consent?: boolean; email?: string | null } = {}) {
  const owner = await createClinicOwner(t);
  const clinicaId = owner.clinica.id;
  const [dentista] = await t.db
    .insert(dentistas)
    .values({ clinicaId, nombres: 'Laura', apellidos: 'Gómez', especialidad: 'ortodoncia', color: '#0ea5e9' })
    .returning({ id: dentistas.id });
  const email = options.email === undefined ? `p${Math.random().toString(36).slice(2)}@correo.test` : options.email;
  const [paciente] = await t.db
    .insert(pacientes)
    .values({
      clinicaId,
      nombres: 'Lucía',
      apellidos: 'Pérez',
      email,
      telefono: '612345678',
      consentimientoRecordatorios: options.consent === false ? null : new Date(),
      consentimientoRecordatoriosPor: options.consent === false ? null : 'Ana',
    })
    .returning({ id: pacientes.id });
  return { owner, clinicaId, dentistaId: dentista!.id, pacienteId: paciente!.id, email };
}
type Clinic = Awaited<ReturnType<typeof clinic>>;

/** An appointment starting `hours` from now, written directly (the booking path has its own test). */
async function appointmentIn(c: Clinic, hours: number, values: Partial<typeof citas.$inferInsert> = {}) {
  const inicio = new Date(Math.floor((Date.now() + hours * HOUR) / 60_000) * 60_000);
  const [row] = await t.db
    .insert(citas)
    .values({
      clinicaId: c.clinicaId,
      pacienteId: c.pacienteId,
      dentistaId: c.dentistaId,
      inicio,
      fin: new Date(inicio.getTime() + HOUR / 2),
      titulo: 'Revisión',
      ...values,
    })
    .returning({ id: citas.id, inicio: citas.inicio });
  return row!;
}

/** A confirmation of `cita` waiting in the outbox, as a booking would have written it. */
const queued = (c: Clinic, cita: { id: string; inicio: Date }, values: Partial<typeof mensajes.$inferInsert> = {}) =>
  t.db.insert(mensajes).values({
    clinicaId: c.clinicaId,
    citaId: cita.id,
    pacienteId: c.pacienteId,
    canal: 'email',
    plantilla: 'confirmacion',
    destinatario: c.email!,
    citaInicio: cita.inicio,
    citaFin: new Date(cita.inicio.getTime() + HOUR / 2),
    dentista: 'Laura Gómez',
    ...values,
  });
const rowsOf = (citaId: string) =>
  t.db.select().from(mensajes).where(eq(mensajes.citaId, citaId)).orderBy(mensajes.fechaCreacion);
const mailTo = async (email: string) =>
  (await readOutbox(t.deps.mailer.outboxDir!)).filter((m) => m.to.includes(email));
const tokenIn = (text: string) => /\/cita\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];
const book = (cookie: string, json: Record<string, unknown>) =>
  t.request('/api/citas', { method: 'POST', cookie, json });

/** An IANA zone whose clock reads `hour` now (fixed offsets, so the test does not depend on the day). */
function zoneAtHour(hour: number): string {
  const offset = ((hour - new Date().getUTCHours() + 36) % 24) - 12;
  return offset === 0 ? 'Etc/GMT' : offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

describe('the outbox', () => {
  it('emails a booking at the desk to a patient who consented, with the .ics and a link to the appointment', async () => {
    const c = await clinic();
    const res = await book(c.owner.cookie, {
      pacienteId: c.pacienteId,
      dentistaId: c.dentistaId,
      fecha: '2030-01-07',
      horaInicio: '10:00',
      horaFin: '10:30',
      titulo: 'Revisión',
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    // Written by the booking's own statement; sent by the next round.
    expect((await rowsOf(id)).map((m) => [m.plantilla, m.estado, m.destinatario])).toEqual([
      ['confirmacion', 'pendiente', c.email],
    ]);
    expect((await round()).enviados).toBeGreaterThanOrEqual(1);
    const [sent] = await rowsOf(id);
    expect(sent).toMatchObject({ estado: 'enviado', intentos: 1, dentista: 'Laura Gómez', ultimoError: null });
    expect(sent!.fechaEnvio).toBeInstanceOf(Date);

    const [mail] = await mailTo(c.email!);
    expect(mail!.subject).toBe('Tu cita en Clínica de prueba');
    expect(mail!.text).toContain('Hola, Lucía:');
    expect(mail!.text).toContain('lunes, 7 de enero de 2030 a las 10:00 con Laura Gómez');
    expect(mail!.text).toContain('Dirección: Calle Mayor 1, Madrid');
    const token = tokenIn(mail!.text)!;
    const [link] = await t.db.select().from(enlacesCita).where(eq(enlacesCita.citaId, id));
    expect(link!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(mail!.attachments).toHaveLength(1);
    const ics = mail!.attachments[0]!;
    expect(ics.filename).toBe('cita.ics');
    expect(ics.contentType).toContain('text/calendar');
    expect(ics.content).toContain(`UID:cita-${id}@odontia`);
    // 10:00 in Madrid in January is 09:00 UTC.
    expect(ics.content).toContain('DTSTART:20300107T090000Z');
    expect(ics.content).toContain('DTEND:20300107T093000Z');
    expect(ics.content).toContain('STATUS:CONFIRMED');

    // Nothing is sent twice.
    await round();
    expect(await mailTo(c.email!)).toHaveLength(1);
  });

  it('tells a patient without consent of their bookings but sends them no reminder; nothing without an email', async () => {
    const noConsent = await clinic({ consent: false });
    const noEmail = await clinic({ email: null });
    const ids: string[] = [];
    for (const c of [noConsent, noEmail]) {
      const res = await book(c.owner.cookie, {
        pacienteId: c.pacienteId,
        dentistaId: c.dentistaId,
        fecha: '2030-01-08',
        horaInicio: '10:00',
        horaFin: '10:30',
        titulo: 'Revisión',
      });
      ids.push(((await res.json()) as { id: string }).id);
    }
    expect((await rowsOf(ids[0]!)).map((m) => m.plantilla)).toEqual(['confirmacion']);
    expect(await rowsOf(ids[1]!)).toEqual([]);
    // Due for a reminder, in the clinic's day: none for the patient who did not consent.
    await t.db
      .update(clinicas)
      .set({ zonaHoraria: zoneAtHour(12) })
      .where(eq(clinicas.id, noConsent.clinicaId));
    const due = await appointmentIn(noConsent, 24, { fechaCreacion: new Date(Date.now() - 7 * 24 * HOUR) });
    await round();
    expect(await rowsOf(due.id)).toEqual([]);
    // Consent withdrawn after a reminder was written: it is dropped, not sent.
    const c = await clinic();
    await t.db
      .update(clinicas)
      .set({ zonaHoraria: zoneAtHour(12) })
      .where(eq(clinicas.id, c.clinicaId));
    const later = await appointmentIn(c, 24, { fechaCreacion: new Date(Date.now() - 7 * 24 * HOUR) });
    expect(await sweepReminders(t.db)).toBe(1);
    await t.db
      .update(pacientes)
      .set({ consentimientoRecordatorios: null, consentimientoRecordatoriosPor: null })
      .where(eq(pacientes.id, c.pacienteId));
    await round();
    expect((await rowsOf(later.id)).map((m) => [m.plantilla, m.estado, m.ultimoError])).toEqual([
      ['recordatorio', 'descartado', 'El paciente retiró su consentimiento antes del envío'],
    ]);
  });

  it('tells a move and a cancellation by the clinic, and drops what no longer applies', async () => {
    const c = await clinic();
    const res = await book(c.owner.cookie, {
      pacienteId: c.pacienteId,
      dentistaId: c.dentistaId,
      fecha: '2030-02-04',
      horaInicio: '10:00',
      horaFin: '10:30',
      titulo: 'Revisión',
    });
    const { id } = (await res.json()) as { id: string };
    // Moved before the confirmation went out: the confirmation names a time that is no longer true.
    const moved = await t.request(`/api/citas/${id}`, {
      method: 'PUT',
      cookie: c.owner.cookie,
      json: {
        pacienteId: c.pacienteId,
        dentistaId: c.dentistaId,
        fecha: '2030-02-05',
        horaInicio: '11:00',
        horaFin: '11:30',
        titulo: 'Revisión',
        estado: 'pendiente',
      },
    });
    expect(moved.status).toBe(200);
    expect(await round()).toMatchObject({ descartados: 1 });
    expect((await rowsOf(id)).map((m) => [m.plantilla, m.estado, m.ultimoError])).toEqual([
      ['confirmacion', 'descartado', 'La cita cambió de hora antes del envío'],
      ['cambio', 'enviado', null],
    ]);
    const [changed] = await mailTo(c.email!);
    expect(changed!.subject).toBe('Tu cita en Clínica de prueba ha cambiado');
    expect(changed!.text).toContain('martes, 5 de febrero de 2030 a las 11:00');

    // A change of state through the day tells the patient nothing; a cancellation by the clinic does.
    await t.request(`/api/citas/${id}/estado`, {
      method: 'PUT',
      cookie: c.owner.cookie,
      json: { estado: 'confirmada' },
    });
    await t.request(`/api/citas/${id}/estado`, {
      method: 'PUT',
      cookie: c.owner.cookie,
      json: { estado: 'cancelada' },
    });
    await round();
    const sent = await rowsOf(id);
    expect(sent.map((m) => m.plantilla)).toEqual(['confirmacion', 'cambio', 'cancelacion']);
    const [cancelled] = await mailTo(c.email!);
    expect(cancelled!.subject).toBe('Tu cita en Clínica de prueba ha sido cancelada');
    expect(cancelled!.text).toContain('martes, 5 de febrero de 2030 a las 11:00');
    expect(cancelled!.text).not.toMatch(/\/cita\//);
    expect(cancelled!.attachments[0]!.content).toContain('METHOD:CANCEL');
    expect(cancelled!.attachments[0]!.content).toContain('STATUS:CANCELLED');
  });

  it('tells the cancellation of a deleted appointment from the time it kept', async () => {
    const c = await clinic();
    const cita = await appointmentIn(c, 72);
    const res = await t.request(`/api/citas/${cita.id}`, { method: 'DELETE', cookie: c.owner.cookie });
    expect(res.status).toBe(204);
    const [row] = await t.db.select().from(mensajes).where(eq(mensajes.pacienteId, c.pacienteId));
    expect(row).toMatchObject({ plantilla: 'cancelacion', citaId: null, estado: 'pendiente' });
    expect(row!.citaInicio!.getTime()).toBe(cita.inicio.getTime());
    await round();
    const [mail] = await mailTo(c.email!);
    expect(mail!.subject).toBe('Tu cita en Clínica de prueba ha sido cancelada');
    expect(mail!.attachments).toEqual([]);
  });

  it('writes a reminder once when it comes due, never in the clinic’s quiet hours, nor for a booking made inside the window', async () => {
    const c = await clinic();
    const weekAgo = new Date(Date.now() - 7 * 24 * HOUR);
    const due = await appointmentIn(c, 24, { fechaCreacion: weekAgo });
    const later = await appointmentIn(c, 72, { fechaCreacion: weekAgo });
    await t.db
      .update(clinicas)
      .set({ zonaHoraria: zoneAtHour(23) })
      .where(eq(clinicas.id, c.clinicaId));
    await round();
    expect(await rowsOf(due.id)).toEqual([]);

    await t.db
      .update(clinicas)
      .set({ zonaHoraria: zoneAtHour(12) })
      .where(eq(clinicas.id, c.clinicaId));
    await Promise.all([round(), round()]);
    const reminders = await rowsOf(due.id);
    expect(reminders.map((m) => [m.plantilla, m.estado])).toEqual([['recordatorio', 'enviado']]);
    expect(await rowsOf(later.id)).toEqual([]);
    const [mail] = await mailTo(c.email!);
    expect(mail!.subject).toMatch(/^Recordatorio: tu cita en Clínica de prueba el /);
    expect(tokenIn(mail!.text)).toBeTruthy();

    // The clinic's 72 hours reach the later one; the first is not reminded again.
    await t.db.update(clinicas).set({ recordatorioHoras: 96 }).where(eq(clinicas.id, c.clinicaId));
    await round();
    expect((await rowsOf(later.id)).map((m) => m.plantilla)).toEqual(['recordatorio']);
    expect(await rowsOf(due.id)).toHaveLength(1);

    // Booked inside the window: its confirmation says it all.
    const res = await book(c.owner.cookie, {
      pacienteId: c.pacienteId,
      dentistaId: c.dentistaId,
      ...(() => {
        const { fecha } = wallClockParts(zoneAtHour(12), new Date(Date.now() + 30 * HOUR));
        return { fecha };
      })(),
      horaInicio: '16:00',
      horaFin: '16:30',
      titulo: 'Limpieza',
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    await round();
    expect((await rowsOf(id)).map((m) => m.plantilla)).toEqual(['confirmacion']);
  });

  it('tries again with a wait after a passing failure, gives up at once on a refusal, and the history shows why', async () => {
    const c = await clinic();
    const passing = await appointmentIn(c, 100);
    const refused = await appointmentIn(c, 101);
    for (const cita of [passing, refused])
      await queued(c, cita, { destinatario: cita === passing ? 'tarde@correo.test' : 'nadie@correo.test' });
    const failing = () => async (message: MailMessage) => {
      const cause = message.to.startsWith('tarde')
        ? Object.assign(new Error('greylisted'), { responseCode: 451, response: '451 4.7.1 Try again later' })
        : Object.assign(new Error('no such user'), { responseCode: 550, response: '550 5.1.1 User unknown' });
      const error = new AppError(503, 'service_unavailable', 'Ocurrió un error al enviar el correo.');
      error.cause = cause;
      throw error;
    };
    expect(await withMailer(t, failing, round)).toMatchObject({ reintentos: 1, fallidos: 1 });
    const [retry] = await rowsOf(passing.id);
    expect(retry).toMatchObject({
      estado: 'pendiente',
      intentos: 1,
      ultimoError: 'El servidor de correo respondió 451: 451 4.7.1 Try again later',
    });
    expect(retry!.enviarEn.getTime()).toBeGreaterThan(Date.now() + 50_000);
    // Not before its time…
    expect((await round()).enviados).toBe(0);
    // …and when it comes, it goes.
    await t.db
      .update(mensajes)
      .set({ enviarEn: new Date(Date.now() - 1000) })
      .where(eq(mensajes.citaId, passing.id));
    await round();
    expect((await rowsOf(passing.id))[0]).toMatchObject({ estado: 'enviado', intentos: 2 });

    const history = await t.request(`/api/citas/${refused.id}/mensajes`, { cookie: c.owner.cookie });
    expect(history.status).toBe(200);
    const [failed] = (await history.json()) as AppointmentMessage[];
    expect(failed).toMatchObject({
      canal: 'email',
      plantilla: 'confirmacion',
      estado: 'fallido',
      intentos: 1,
      destinatario: 'nadie@correo.test',
      ultimoError: 'El servidor de correo respondió 550: 550 5.1.1 User unknown',
      enviadoPor: null,
      fechaEnvio: null,
    });
    // The view is in the audit trail.
    const audit = await t.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.clinicaId, c.clinicaId), eq(auditoria.accion, 'mensajes.ver')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ pacienteId: c.pacienteId, usuarioId: c.owner.userId });
  });

  it('claims a row whose instance died once its lease ends, and two rounds at once send each message once', async () => {
    const c = await clinic();
    const ids: string[] = [];
    for (let i = 0; i < 45; i++) {
      const cita = await appointmentIn(c, 200 + i);
      ids.push(cita.id);
      await queued(c, cita, {
        ...(i === 0 ? { estado: 'enviando' as const, intentos: 1, reclamadoHasta: new Date(Date.now() - 1000) } : {}),
        ...(i === 1 ? { estado: 'enviando' as const, intentos: 1, reclamadoHasta: new Date(Date.now() + 60_000) } : {}),
      });
    }
    await Promise.all([round(), round()]);
    const rows = await t.db.select().from(mensajes).where(eq(mensajes.pacienteId, c.pacienteId));
    // The one still held by a live instance waits for it; every other is sent once.
    expect(rows.filter((m) => m.estado === 'enviado')).toHaveLength(44);
    expect(rows.find((m) => m.citaId === ids[1])!.estado).toBe('enviando');
    expect(rows.find((m) => m.citaId === ids[0])!.intentos).toBe(2);
    expect(await mailTo(c.email!)).toHaveLength(44);
  });

  it('renews the claim of a slow send, so another instance does not send it again', async () => {
    const c = await clinic();
    const cita = await appointmentIn(c, 300);
    await queued(c, cita);
    let began!: () => void;
    const sending = new Promise<void>((resolve) => (began = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    // The first send is held; any other goes through at once (so a second send shows, rather than hangs).
    const slowFirst = (send: Mailer['send']) => async (message: MailMessage) => {
      if (calls++ === 0) {
        began();
        await released;
      }
      return send(message);
    };
    await withMailer(t, slowFirst, async () => {
      try {
        const first = runOutboxRound(t.deps, { sweep: false, leaseSeconds: 1 });
        await sending;
        // Past the first lease: without renewal the row would be claimable, and this round would send it.
        await new Promise((resolve) => setTimeout(resolve, 1_600));
        await runOutboxRound(t.deps, { sweep: false, leaseSeconds: 1 });
        const [held] = await t.db.select().from(mensajes).where(eq(mensajes.citaId, cita.id));
        expect(held).toMatchObject({ estado: 'enviando', intentos: 1 });
        expect(held!.reclamadoHasta!.getTime()).toBeGreaterThan(Date.now());
        release();
        await first;
      } finally {
        release();
      }
    });
    const [sent] = await t.db.select().from(mensajes).where(eq(mensajes.citaId, cita.id));
    expect(sent).toMatchObject({ estado: 'enviado', intentos: 1 });
    expect(await mailTo(c.email!)).toHaveLength(1);
  });

  it('does not send again a dead instance’s row that had reached the end of its email, and sends one that had not', async () => {
    const c = await clinic();
    const ended = await appointmentIn(c, 320);
    const unended = await appointmentIn(c, 321);
    const cierreEn = new Date(Date.now() - 5_000);
    const claimed = { estado: 'enviando' as const, intentos: 1, reclamadoHasta: new Date(Date.now() - 1_000) };
    await queued(c, ended, { ...claimed, cierreEn });
    await queued(c, unended, claimed);
    await round();
    const [endedRow] = await rowsOf(ended.id);
    expect(endedRow).toMatchObject({ estado: 'enviado', intentos: 1, fechaEnvio: cierreEn, reclamadoHasta: null });
    const [unendedRow] = await rowsOf(unended.id);
    expect(unendedRow).toMatchObject({ estado: 'enviado', intentos: 2, cierreEn: null });
    expect(await mailTo(c.email!)).toHaveLength(1);
  });

  it('does not end an email whose row another instance claimed meanwhile', async () => {
    const c = await clinic();
    const cita = await appointmentIn(c, 330);
    await queued(c, cita);
    const claimedMeanwhile =
      (send: Mailer['send']): Mailer['send'] =>
      async (message, options) => {
        // Another instance claims the row (its lease had ended) while this one is sending it.
        await t.db.update(mensajes).set({ intentos: 2 }).where(eq(mensajes.citaId, cita.id));
        return send(message, options);
      };
    await withMailer(t, claimedMeanwhile, round);
    expect(await mailTo(c.email!)).toHaveLength(0);
    // The row is left to the instance that holds it now.
    const [row] = await rowsOf(cita.id);
    expect(row).toMatchObject({ estado: 'enviando', intentos: 2, cierreEn: null });
  });
});

describe("the patient's appointment page", () => {
  async function linked(hours: number) {
    const c = await clinic();
    const cita = await appointmentIn(c, hours, { fechaCreacion: new Date() });
    await queued(c, cita);
    await round();
    const token = tokenIn((await mailTo(c.email!))[0]!.text)!;
    return { ...c, cita, token };
  }
  const page = (token: string) => t.request(`/api/cita-paciente/${token}`);
  const answer = (token: string, what: 'confirmar' | 'cancelar') =>
    t.request(`/api/cita-paciente/${token}/${what}`, { method: 'POST' });

  it('shows the appointment and lets the patient confirm; the desk and the dentist are told', async () => {
    const c = await linked(72);
    const dentistMember = await addTeamMember(t, c.clinicaId, 'Dentista', 'dentista');
    await t.db.update(dentistas).set({ usuarioId: dentistMember.userId }).where(eq(dentistas.id, c.dentistaId));
    const res = await page(c.token);
    expect(res.status).toBe(200);
    const shown = (await res.json()) as PatientAppointment;
    const local = wallClockParts('Europe/Madrid', c.cita.inicio);
    expect(shown).toMatchObject({
      clinica: { nombre: 'Clínica de prueba', direccion: 'Calle Mayor 1', ciudad: 'Madrid', telefono: '600123456' },
      cita: { fecha: local.fecha, horaInicio: local.hora, dentista: 'Laura Gómez', estado: 'pendiente' },
      puedeConfirmar: true,
      puedeCancelar: true,
      cancelacionHoras: 24,
    });
    expect(new Date(shown.cancelarHasta).getTime()).toBe(c.cita.inicio.getTime() - 24 * HOUR);
    // Nothing of the patient's record is on the page.
    expect(JSON.stringify(shown)).not.toContain('Lucía');
    expect(JSON.stringify(shown)).not.toContain('Revisión');

    const confirmed = await answer(c.token, 'confirmar');
    expect(confirmed.status).toBe(200);
    const body = (await confirmed.json()) as { cita: PatientAppointment; mensaje: string };
    expect(body.mensaje).toBe(MESSAGE_MESSAGES.confirmed);
    expect(body.cita).toMatchObject({ cita: { estado: 'confirmada_paciente' }, puedeConfirmar: false });
    const [stored] = await t.db.select({ estado: citas.estado }).from(citas).where(eq(citas.id, c.cita.id));
    expect(stored!.estado).toBe('confirmada_paciente');
    const told = await t.db
      .select({
        userId: notificaciones.userId,
        titulo: notificaciones.titulo,
        enlace: notificaciones.enlace,
        tipo: notificaciones.tipo,
      })
      .from(notificaciones)
      .where(eq(notificaciones.clinicaId, c.clinicaId));
    expect(told).toEqual(
      expect.arrayContaining([
        {
          userId: c.owner.userId,
          titulo: MESSAGE_MESSAGES.patientConfirmedTitle,
          enlace: `/citas/${c.cita.id}`,
          tipo: 'cita',
        },
        {
          userId: dentistMember.userId,
          titulo: MESSAGE_MESSAGES.patientConfirmedTitle,
          enlace: `/citas/${c.cita.id}`,
          tipo: 'cita',
        },
      ]),
    );
    expect(told).toHaveLength(2);
    // Confirming again changes nothing and tells nobody again.
    expect((await answer(c.token, 'confirmar')).status).toBe(200);
    expect(await t.db.select().from(notificaciones).where(eq(notificaciones.clinicaId, c.clinicaId))).toHaveLength(2);
  });

  it('cancels before the cut-off, freeing the slot, and refuses after it', async () => {
    const c = await linked(72);
    const res = await answer(c.token, 'cancelar');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { cita: PatientAppointment; mensaje: string };
    expect(body).toMatchObject({
      mensaje: MESSAGE_MESSAGES.cancelledByPatient,
      cita: { cita: { estado: 'cancelada_paciente' }, puedeConfirmar: false, puedeCancelar: false },
    });
    // The slot is free again: the same dentist can be booked at that time.
    await appointmentIn(c, 72);
    // Cancelled: it can no longer be confirmed.
    const again = await answer(c.token, 'confirmar');
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe(MESSAGE_MESSAGES.cannotConfirm);

    const soon = await linked(5);
    const late = await answer(soon.token, 'cancelar');
    expect(late.status).toBe(409);
    expect((await errorOf(late)).message).toBe(MESSAGE_MESSAGES.cancelTooLate(24, '600123456'));
    const [kept] = await t.db.select({ estado: citas.estado }).from(citas).where(eq(citas.id, soon.cita.id));
    expect(kept!.estado).toBe('pendiente');
    expect(((await (await page(soon.token)).json()) as PatientAppointment).puedeCancelar).toBe(false);
  });

  it('opens nothing for a token that is unknown, malformed or of an appointment that has ended', async () => {
    const c = await linked(72);
    for (const token of ['A'.repeat(43), 'corto', `${c.token.slice(0, 42)}.`]) {
      const res = await page(token);
      expect(res.status).toBe(404);
      expect((await errorOf(res)).message).toBe(MESSAGE_MESSAGES.linkNotFound);
    }
    // A NUL is refused before any route, with the app's own message.
    const nul = await page(`${c.token.slice(0, 42)}%00`);
    expect(nul.status).toBe(400);
    expect((await errorOf(nul)).message).toMatch(/carácter|caracteres/);
    await t.db
      .update(citas)
      .set({ inicio: new Date(Date.now() - 2 * HOUR), fin: new Date(Date.now() - HOUR) })
      .where(eq(citas.id, c.cita.id));
    expect((await page(c.token)).status).toBe(404);
    expect((await answer(c.token, 'cancelar')).status).toBe(404);
  });
});

describe('the clinic’s message settings', () => {
  it('answers the defaults, saves the clinic’s own, and refuses an unknown placeholder or a member without clinica.editar', async () => {
    const c = await clinic();
    const res = await t.request('/api/mensajes/ajustes', { cookie: c.owner.cookie });
    const settings = (await res.json()) as MessageSettings;
    expect(settings).toEqual({ recordatorioHoras: 48, cancelacionHoras: 24, plantillas: PLANTILLAS_PREDETERMINADAS });

    const own = {
      ...settings,
      recordatorioHoras: 24,
      plantillas: {
        ...settings.plantillas,
        recordatorio: { asunto: 'Mañana te esperamos, {paciente}', cuerpo: 'A las {hora}. {enlace}' },
      },
    };
    const saved = await t.request('/api/mensajes/ajustes', { method: 'PUT', cookie: c.owner.cookie, json: own });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as MessageSettings).plantillas.recordatorio.asunto).toBe(
      'Mañana te esperamos, {paciente}',
    );

    const bad = await t.request('/api/mensajes/ajustes', {
      method: 'PUT',
      cookie: c.owner.cookie,
      json: {
        ...own,
        cancelacionHoras: 500,
        plantillas: { ...own.plantillas, cambio: { asunto: 'Hola {nombre}', cuerpo: 'x' } },
      },
    });
    expect(bad.status).toBe(400);
    const error = await errorOf(bad);
    expect(error.fields).toMatchObject({
      cancelacionHoras: MESSAGE_MESSAGES.cancelacionHorasInvalid,
      'plantillas.cambio.asunto': MESSAGE_MESSAGES.unknownPlaceholder(['nombre']),
    });
    const [stored] = await t.db
      .select({ horas: clinicas.recordatorioHoras, cancelacion: clinicas.cancelacionHoras })
      .from(clinicas)
      .where(eq(clinicas.id, c.clinicaId));
    expect(stored).toEqual({ horas: 24, cancelacion: 24 });

    const desk = await addTeamMember(t, c.clinicaId, 'Recepción', 'recepcion');
    expect((await t.request('/api/mensajes/ajustes', { cookie: desk.cookie })).status).toBe(200);
    const forbidden = await t.request('/api/mensajes/ajustes', { method: 'PUT', cookie: desk.cookie, json: own });
    expect(forbidden.status).toBe(403);
  });

  it('sends the clinic’s own text', async () => {
    const c = await clinic();
    await t.db
      .update(clinicas)
      .set({
        plantillasMensajes: {
          confirmacion: { asunto: 'Reserva para {paciente}', cuerpo: 'Te esperamos a las {hora}.' },
        },
      })
      .where(eq(clinicas.id, c.clinicaId));
    const cita = await appointmentIn(c, 100);
    await queued(c, cita);
    await round();
    const [mail] = await mailTo(c.email!);
    expect(mail!.subject).toBe('Reserva para Lucía');
    expect(mail!.text).toContain(`Te esperamos a las ${wallClockParts('Europe/Madrid', cita.inicio).hora}.`);
  });
});
