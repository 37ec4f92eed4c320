import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  applyStatus,
  BUDGET_MESSAGES,
  emptyChart,
  formatMoney,
  type Budget,
  type BudgetFactorInput,
  type BudgetLinkInfo,
  type CatalogItem,
  type PublicBudget,
} from '@odontia/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditoria, enlacesPresupuesto, notificaciones, presupuestos } from '../../db/schema/index.ts';
import { readOutbox } from '../../test/outbox.ts';
import { budgetTestKit } from './budgets.test-kit.ts';
import { createClinicOwner, createTestApp, errorOf, startSecondInstance, type TestApp } from '../../test/app.ts';
import { drawnSignaturePng as signaturePng } from '../../platform/signature.ts';
import { verifyFactor } from './budgets.answer.ts';
import { migrationsFolder } from '../../db/migrate.ts';

let t: TestApp;
const { createItem, saveChart, createBudget, getBudget } = budgetTestKit(() => t);
type Owner = Awaited<ReturnType<typeof createClinicOwner>>;
let ana: Owner;
let beto: Owner;
let obturacion: CatalogItem;
let blanqueamiento: CatalogItem;
let firma: string;
const BROWSER = 'Mozilla/5.0 (iPad; CPU OS 18_0 like Mac OS X) Safari/605.1.15';

type PatientFacts = { email?: string | null; telefono?: string | null; fechaNacimiento?: string | null };
let n = 0;

/** A patient of `owner` whose chart plans a filling on 16 and a whitening of 21, with the facts given. */
async function plannedPatient(owner: Owner, facts: PatientFacts = {}) {
  const res = await t.client(owner.cookie).pacientes.$post({
    json: {
      nombres: 'Lucía',
      apellidos: 'Gómez',
      email: `lucia${++n}@correo.test`,
      telefono: '+34 600 11 22 33',
      fechaNacimiento: '1990-04-12',
      ...facts,
    },
  });
  expect(res.status).toBe(201);
  const id = (await res.json()).id;
  let chart = emptyChart();
  chart = applyStatus(chart, { tooth: 16, surface: 'center' }, 'cavity', {
    etapa: 'planificado',
    servicioId: obturacion.id,
  });
  chart = applyStatus(chart, { tooth: 21, surface: null }, 'crown', {
    etapa: 'planificado',
    servicioId: blanqueamiento.id,
  });
  await saveChart(owner, id, chart);
  return id;
}

/** A budget whose filling is common and whose whitening is option A, with a veneer as option B. */
async function budgetWithOptions(owner: Owner, pacienteId: string) {
  const draft = await createBudget(owner, pacienteId);
  const [filling, whitening] = draft.lineas.map(
    ({ id: _id, importes: _i, puntosBasicos: _p, aceptada: _a, ...l }) => l,
  );
  const res = await t.request(`/api/presupuestos/${draft.id}`, {
    method: 'PUT',
    cookie: owner.cookie,
    json: {
      validoHasta: draft.validoHasta,
      condiciones: 'Pago al inicio de cada fase.',
      lineas: [
        filling,
        { ...whitening, opcion: 'A' },
        { ...whitening, descripcion: 'Carilla de composite', opcion: 'B', precioUnitario: 18000 },
      ],
    },
  });
  expect(res.status).toBe(200);
  return getBudget(owner, draft.id);
}

/** Emails the budget and reads the link's token from the patient's email, as they would. */
async function sendAndReadToken(owner: Owner, budget: Budget, email: string) {
  const res = await t.request(`/api/presupuestos/${budget.id}/enviar-email`, { method: 'POST', cookie: owner.cookie });
  expect(res.status).toBe(200);
  expect(((await res.json()) as { mensaje: string }).mensaje).toBe(BUDGET_MESSAGES.emailSent(email));
  const [message] = (await readOutbox(t.deps.mailer.outboxDir!)).filter((m) => m.to.includes(email));
  const token = /\/presupuesto\/([A-Za-z0-9_-]{43})/.exec(message.text)?.[1];
  expect(token).toBeTruthy();
  return { token: token!, message };
}

const link = (token: string, path = '') => `/api/enlaces-presupuesto/${token}${path}`;

/** Answers the second factor and returns the access cookie it sets. */
async function open(token: string, valor = '2233') {
  const res = await t.request(link(token, '/verificar'), { method: 'POST', json: { tipo: 'telefono', valor } });
  expect(res.status).toBe(200);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('odontia_presupuesto='))!;
  expect(cookie).toMatch(/HttpOnly/i);
  expect(cookie).toMatch(/SameSite=Strict/i);
  expect(cookie).toContain(`Path=/api/enlaces-presupuesto/${token}`);
  return cookie.split(';')[0];
}

const accept = (token: string, cookie: string, json: Record<string, unknown>) =>
  t.request(link(token, '/aceptar'), {
    method: 'POST',
    cookie,
    json: { firmante: 'Lucía Gómez', firma, acepto: true, ...json },
    address: '203.0.113.7',
    headers: { 'user-agent': BROWSER },
  });

const sha256 = (bytes: ArrayBuffer) => createHash('sha256').update(Buffer.from(bytes)).digest('hex');

beforeAll(async () => {
  t = await createTestApp();
  ana = await createClinicOwner(t, { nombre: 'Clínica Ana' });
  beto = await createClinicOwner(t, { nombre: 'Clínica Beto' });
  obturacion = await createItem(ana, { nombre: 'Obturación de composite', categoria: 'servicio', precioVenta: 6000 });
  blanqueamiento = await createItem(ana, {
    nombre: 'Blanqueamiento',
    categoria: 'servicio',
    precioVenta: 25000,
    estetico: true,
  });
  firma = `data:image/png;base64,${(await signaturePng(() => 0.4)).toString('base64')}`;
});
afterAll(() => t.close());

describe('sending a budget by email (issue 23)', () => {
  it('emails the patient a link and the PDF, and a draft becomes sent', async () => {
    const pacienteId = await plannedPatient(ana, { email: 'lucia.envio@correo.test' });
    const budget = await createBudget(ana, pacienteId);
    const { message, token } = await sendAndReadToken(ana, budget, 'lucia.envio@correo.test');
    expect(message.subject).toBe('Tu presupuesto de Clínica Ana');
    expect(message.text).toContain(`${t.config.appUrl}/presupuesto/${token}`);
    expect(message.text.replace(/[ \r\n]+/g, ' ')).toContain(
      `${budget.numero} por ${formatMoney(budget.total, 'EUR')},`,
    );
    // The PDF goes with it, named after the budget.
    const raw = await readFile(message.file, 'utf8');
    expect(raw).toMatch(/Content-Type: application\/pdf/i);
    expect(raw).toContain(`presupuesto-${budget.numero}-lucia-gomez.pdf`);
    expect((await getBudget(ana, budget.id)).estado).toBe('enviado');
    // Only the token's hash is stored.
    const [stored] = await t.db
      .select()
      .from(enlacesPresupuesto)
      .where(eq(enlacesPresupuesto.presupuestoId, budget.id));
    expect(stored.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token);
    const audit = await t.db
      .select({ accion: auditoria.accion })
      .from(auditoria)
      .where(eq(auditoria.pacienteId, pacienteId));
    expect(audit.map((a) => a.accion)).toContain('presupuesto.enviar_email');
  });

  it('needs the patient’s email and a second factor; another clinic’s budget is not found', async () => {
    const noEmail = await createBudget(ana, await plannedPatient(ana, { email: null }));
    let res = await t.request(`/api/presupuestos/${noEmail.id}/enviar-email`, { method: 'POST', cookie: ana.cookie });
    expect(res.status).toBe(422);
    expect((await errorOf(res)).message).toBe(BUDGET_MESSAGES.noEmail);
    const noFactor = await createBudget(ana, await plannedPatient(ana, { telefono: null, fechaNacimiento: null }));
    res = await t.request(`/api/presupuestos/${noFactor.id}/enviar-email`, { method: 'POST', cookie: ana.cookie });
    expect(res.status).toBe(422);
    expect((await errorOf(res)).message).toBe(BUDGET_MESSAGES.noSecondFactor);
    // Nothing changed: both are still drafts, without links.
    expect((await getBudget(ana, noFactor.id)).estado).toBe('borrador');
    expect(
      await t.db.select().from(enlacesPresupuesto).where(eq(enlacesPresupuesto.presupuestoId, noFactor.id)),
    ).toEqual([]);
    res = await t.request(`/api/presupuestos/${noEmail.id}/enviar-email`, { method: 'POST', cookie: beto.cookie });
    expect(res.status).toBe(404);
  });
});

describe("the patient's link and its second factor", () => {
  it('shows nothing of the budget before the factor; a wrong answer counts down; the right one opens it', async () => {
    const budget = await createBudget(ana, await plannedPatient(ana));
    const { token } = await sendAndReadToken(ana, budget, `lucia${n}@correo.test`);
    const info = (await (await t.request(link(token))).json()) as BudgetLinkInfo;
    expect(info).toEqual({
      clinica: { nombre: 'Clínica Ana', logoUrl: null },
      factores: ['telefono', 'nacimiento'],
      bloqueadoHasta: null,
    });
    let res = await t.request(link(token, '/presupuesto'));
    expect(res.status).toBe(401);
    expect((await errorOf(res)).message).toBe(BUDGET_MESSAGES.accessRequired);

    res = await t.request(link(token, '/verificar'), { method: 'POST', json: { tipo: 'telefono', valor: '1234' } });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(BUDGET_MESSAGES.factorWrong(4));
    res = await t.request(link(token, '/verificar'), {
      method: 'POST',
      json: { tipo: 'nacimiento', valor: '1990-12-04' },
    });
    expect((await errorOf(res)).message).toBe(BUDGET_MESSAGES.factorWrong(3));
    res = await t.request(link(token, '/verificar'), { method: 'POST', json: { tipo: 'telefono', valor: '12a4' } });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields?.valor).toBe(BUDGET_MESSAGES.factorInvalid);

    // The birth date opens it as well as the phone; the right answer clears the count.
    res = await t.request(link(token, '/verificar'), {
      method: 'POST',
      json: { tipo: 'nacimiento', valor: '1990-04-12' },
    });
    expect(res.status).toBe(200);
    const [row] = await t.db.select().from(enlacesPresupuesto).where(eq(enlacesPresupuesto.presupuestoId, budget.id));
    expect(row.fallos).toBe(0);
    const cookie = await open(token);
    res = await t.request(link(token, '/presupuesto'), { cookie });
    expect(res.status).toBe(200);
    const shown = (await res.json()) as PublicBudget;
    expect(shown).toMatchObject({ numero: budget.numero, estado: 'enviado', sustituido: false, aceptacion: null });
    expect(shown.lineas.map((l) => l.descripcion)).toEqual(['Obturación de composite', 'Blanqueamiento']);
    expect(JSON.stringify(shown)).not.toContain('600 11 22 33');

    // A forged or another link's cookie opens nothing; an unknown token is not found.
    const forged = cookie.replace(/=([^.]+)/, '=00000000-0000-4000-8000-000000000000');
    expect((await t.request(link(token, '/presupuesto'), { cookie: forged })).status).toBe(401);
    const other = await createBudget(ana, await plannedPatient(ana));
    const { token: otherToken } = await sendAndReadToken(ana, other, `lucia${n}@correo.test`);
    expect((await t.request(link(otherToken, '/presupuesto'), { cookie })).status).toBe(401);
    expect((await t.request(link('A'.repeat(43)))).status).toBe(404);
    expect((await t.request(link('corto'))).status).toBe(404);
  });

  it('locks the link for an hour after 5 failures within 15 minutes, counted in the database', async () => {
    const budget = await createBudget(ana, await plannedPatient(ana));
    const { token } = await sendAndReadToken(ana, budget, `lucia${n}@correo.test`);
    const wrong = { tipo: 'telefono', valor: '0000' } as const;
    const right = { tipo: 'telefono', valor: '2233' } as const;
    const at = (minute: number) => new Date(Date.UTC(2030, 0, 1, 10, minute));
    const failsWith = async (input: BudgetFactorInput, minute: number) => {
      const error = await verifyFactor(t.db, token, input, at(minute)).then(
        () => null,
        (e: unknown) => e as { status: number; message: string },
      );
      return error && { status: error.status, message: error.message };
    };
    // Four failures, then a fifth after the window: the count starts again.
    for (let i = 0; i < 4; i++) expect((await failsWith(wrong, i))?.status).toBe(400);
    expect(await failsWith(wrong, 16)).toEqual({ status: 400, message: BUDGET_MESSAGES.factorWrong(4) });
    for (let i = 17; i < 20; i++) expect((await failsWith(wrong, i))?.status).toBe(400);
    // The fifth within the window locks it; even the right answer waits for the hour.
    expect(await failsWith(wrong, 20)).toEqual({ status: 429, message: BUDGET_MESSAGES.factorLocked });
    expect((await failsWith(right, 50))?.status).toBe(429);
    expect(await failsWith(right, 81)).toBeNull();
  });

  it.runIf(process.env.TEST_DB_DRIVER === 'postgres')('counts the failures of every instance together', async () => {
    const budget = await createBudget(ana, await plannedPatient(ana));
    const { token } = await sendAndReadToken(ana, budget, `lucia${n}@correo.test`);
    const second = await startSecondInstance(t);
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const init = {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: t.config.appUrl },
          body: JSON.stringify({ tipo: 'telefono', valor: '9999' }),
        };
        const res =
          i % 2 === 0
            ? await t.request(link(token, '/verificar'), init)
            : await fetch(`${second.baseUrl}${link(token, '/verificar')}`, init);
        statuses.push(res.status);
      }
      expect(statuses).toEqual([400, 400, 400, 400, 429]);
      const res = await fetch(`${second.baseUrl}${link(token)}`);
      expect(((await res.json()) as BudgetLinkInfo).bloqueadoHasta).not.toBeNull();
    } finally {
      await second.close();
    }
  });
});

describe("the patient's answer", () => {
  const acceptedAmountOf = async (id: string) =>
    (await t.db.select({ importe: presupuestos.importeAceptado }).from(presupuestos).where(eq(presupuestos.id, id)))[0]
      .importe;

  it('accepts an option with a signature: lines, state, where from, the signed PDF’s hash, locked, clinic told', async () => {
    const budget = await budgetWithOptions(ana, await plannedPatient(ana));
    const { token, message } = await sendAndReadToken(ana, budget, `lucia${n}@correo.test`);
    // The email gives each option's total: they are alternatives, neither is 'the' price.
    const [a, b] = budget.totales.opciones.map((o) => formatMoney(o.totalConComun, 'EUR'));
    expect(message.text.replace(/[ \r\n]+/g, ' ')).toContain(
      `${budget.numero} por ${a} con la opción A o ${b} con la opción B,`,
    );
    const cookie = await open(token);
    const [filling, , veneer] = budget.lineas;
    const res = await accept(token, cookie, { lineas: [filling.id, veneer.id], opcion: 'B' });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { presupuesto: PublicBudget; mensaje: string };
    expect(answer.mensaje).toBe(BUDGET_MESSAGES.accepted);
    expect(answer.presupuesto.estado).toBe('aceptado');
    expect(answer.presupuesto.lineas.map((l) => l.aceptada)).toEqual([true, false, true]);

    const seen = await getBudget(ana, budget.id);
    expect(seen.estado).toBe('aceptado');
    // What was accepted, kept for the budgets report: the common line and option B's, not the total (option A's).
    expect(await acceptedAmountOf(budget.id)).toBe(filling.importes.total + veneer.importes.total);
    expect(filling.importes.total + veneer.importes.total).not.toBe(budget.total);
    expect(seen.aceptacion).toMatchObject({
      canal: 'enlace',
      firmante: 'Lucía Gómez',
      opcion: 'B',
      direccion: '203.0.113.7',
      navegador: BROWSER,
    });
    expect(seen.aceptacion!.pdfSha256).toMatch(/^[0-9a-f]{64}$/);
    // Both downloads are the signed file itself: its SHA-256 is the one recorded.
    const staffPdf = await t.request(`/api/presupuestos/${budget.id}/pdf`, { cookie: ana.cookie });
    expect(staffPdf.headers.get('content-disposition')).toContain('-firmado-');
    expect(sha256(await staffPdf.arrayBuffer())).toBe(seen.aceptacion!.pdfSha256);
    const patientPdf = await t.request(link(token, '/pdf'), { cookie });
    expect(sha256(await patientPdf.arrayBuffer())).toBe(seen.aceptacion!.pdfSha256);

    // The patient's page, written by PostgreSQL, shows what the clinic's budget holds, field by field.
    const page = (await (await t.request(link(token, '/presupuesto'), { cookie })).json()) as PublicBudget;
    expect(page).toEqual({
      clinica: {
        nombre: expect.any(String),
        logoUrl: null,
        telefono: expect.any(String),
        direccion: expect.any(String),
        ciudad: expect.any(String),
        // The clinic's clock for the page's times (a Spanish clinic here).
        zonaHoraria: 'Europe/Madrid',
      },
      paciente: { nombres: seen.paciente.nombres, apellidos: seen.paciente.apellidos },
      numero: seen.numero,
      version: seen.version,
      estado: 'aceptado',
      moneda: seen.moneda,
      validoHasta: seen.validoHasta,
      condiciones: seen.condiciones,
      lineas: seen.lineas.map((l) => ({
        id: l.id,
        descripcion: l.descripcion,
        diente: l.diente,
        superficies: l.superficies,
        cantidad: l.cantidad,
        fase: l.fase,
        opcion: l.opcion,
        puntosBasicos: l.puntosBasicos,
        importes: l.importes,
        aceptada: l.aceptada,
      })),
      totales: seen.totales,
      sustituido: false,
      motivoRechazo: null,
      aceptacion: seen.aceptacion,
    });

    // Locked: no new version, no second answer, no refusal.
    const put = await t.request(`/api/presupuestos/${budget.id}`, {
      method: 'PUT',
      cookie: ana.cookie,
      json: {
        validoHasta: seen.validoHasta,
        condiciones: null,
        lineas: seen.lineas.map(({ id: _id, importes: _i, puntosBasicos: _p, aceptada: _a, ...l }) => l),
      },
    });
    expect(put.status).toBe(409);
    expect((await accept(token, cookie, { lineas: [filling.id], opcion: 'A' })).status).toBe(409);
    expect((await t.request(link(token, '/rechazar'), { method: 'POST', cookie, json: {} })).status).toBe(409);

    // The clinic's members who see budgets are told, live.
    const told = await t.db
      .select({ titulo: notificaciones.titulo, mensaje: notificaciones.mensaje, enlace: notificaciones.enlace })
      .from(notificaciones)
      .where(and(eq(notificaciones.userId, ana.userId), eq(notificaciones.enlace, `/presupuestos/${budget.id}`)));
    expect(told).toEqual([
      {
        titulo: BUDGET_MESSAGES.acceptedTitle,
        mensaje: `Lucía Gómez ha firmado la aceptación del presupuesto ${budget.numero} (${formatMoney(27780, 'EUR')}).`,
        enlace: `/presupuestos/${budget.id}`,
      },
    ]);
  });

  it('refuses a selection that is not the budget’s or mixes options, a blank signature or no consent', async () => {
    const budget = await budgetWithOptions(ana, await plannedPatient(ana));
    const { token } = await sendAndReadToken(ana, budget, `lucia${n}@correo.test`);
    const cookie = await open(token);
    const [filling, whitening, veneer] = budget.lineas;
    const other = await budgetWithOptions(ana, await plannedPatient(ana));
    const cases: [Record<string, unknown>, number, string][] = [
      [{ lineas: [filling.id, whitening.id], opcion: 'B' }, 422, BUDGET_MESSAGES.optionMismatch],
      [{ lineas: [filling.id] }, 422, BUDGET_MESSAGES.optionRequired],
      [{ lineas: [filling.id, other.lineas[0].id], opcion: 'A' }, 422, BUDGET_MESSAGES.selectionInvalid],
      // Errors of the body's shape are 400s (a blank name is a rule: 422), each with its field's message.
      [{ lineas: [], opcion: 'A' }, 400, BUDGET_MESSAGES.selectionRequired],
      [{ lineas: [filling.id], opcion: 'A', acepto: false }, 400, BUDGET_MESSAGES.consentRequired],
      [{ lineas: [filling.id], opcion: 'A', firmante: ' ' }, 422, BUDGET_MESSAGES.signerRequired],
    ];
    for (const [json, status, message] of cases) {
      const res = await accept(token, cookie, json);
      expect(res.status, message).toBe(status);
      expect((await errorOf(res)).message).toBe(message);
    }
    const blank = `data:image/png;base64,${(
      await (
        await import('sharp')
      )
        .default({ create: { width: 60, height: 20, channels: 3, background: '#ffffff' } })
        .png()
        .toBuffer()
    ).toString('base64')}`;
    const res = await accept(token, cookie, { lineas: [filling.id], opcion: 'A', firma: blank });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields?.firma).toBe('La firma está en blanco: firma en el recuadro');
    // Nothing was answered; a part of option B is a partial acceptance.
    expect((await getBudget(ana, budget.id)).estado).toBe('enviado');
    const partial = await accept(token, cookie, { lineas: [veneer.id], opcion: 'B' });
    expect(partial.status).toBe(200);
    expect(((await partial.json()) as { presupuesto: PublicBudget }).presupuesto.estado).toBe('aceptado_parcialmente');
    expect(await acceptedAmountOf(budget.id)).toBe(veneer.importes.total);
  });

  it('records a refusal with its reason and tells the clinic; an expired or replaced budget takes no answer', async () => {
    const budget = await createBudget(ana, await plannedPatient(ana));
    const { token } = await sendAndReadToken(ana, budget, `lucia${n}@correo.test`);
    const cookie = await open(token);
    const res = await t.request(link(token, '/rechazar'), {
      method: 'POST',
      cookie,
      json: { motivo: 'Prefiero pensarlo' },
    });
    expect(res.status).toBe(200);
    const seen = await getBudget(ana, budget.id);
    expect(seen).toMatchObject({ estado: 'rechazado', motivoRechazo: 'Prefiero pensarlo' });
    expect(await acceptedAmountOf(budget.id)).toBe(0);
    const [told] = await t.db
      .select({ mensaje: notificaciones.mensaje })
      .from(notificaciones)
      .where(and(eq(notificaciones.userId, ana.userId), eq(notificaciones.enlace, `/presupuestos/${budget.id}`)));
    expect(told.mensaje).toBe(`Lucía Gómez ha rechazado el presupuesto ${budget.numero}: «Prefiero pensarlo»`);

    // Expired: the validity passed.
    const late = await createBudget(ana, await plannedPatient(ana));
    const lateLink = await sendAndReadToken(ana, late, `lucia${n}@correo.test`);
    await t.db.update(presupuestos).set({ validoHasta: '2020-01-01' }).where(eq(presupuestos.id, late.id));
    const lateCookie = await open(lateLink.token);
    const lateAnswer = await accept(lateLink.token, lateCookie, { lineas: [late.lineas[0].id] });
    expect(lateAnswer.status).toBe(409);
    expect((await errorOf(lateAnswer)).message).toBe(BUDGET_MESSAGES.notAnswerable);

    // Replaced: the clinic changed it after sending, so the link's version is kept but takes no answer.
    const changed = await createBudget(ana, await plannedPatient(ana));
    const changedLink = await sendAndReadToken(ana, changed, `lucia${n}@correo.test`);
    const lines = changed.lineas.map(({ id: _id, importes: _i, puntosBasicos: _p, aceptada: _a, ...l }) => l);
    const put = await t.request(`/api/presupuestos/${changed.id}`, {
      method: 'PUT',
      cookie: ana.cookie,
      json: { validoHasta: changed.validoHasta, condiciones: null, lineas: lines.slice(0, 1) },
    });
    expect(put.status).toBe(200);
    const changedCookie = await open(changedLink.token);
    const page = (await (
      await t.request(link(changedLink.token, '/presupuesto'), { cookie: changedCookie })
    ).json()) as PublicBudget;
    expect(page.sustituido).toBe(true);
    expect((await accept(changedLink.token, changedCookie, { lineas: [changed.lineas[0].id] })).status).toBe(409);
  });

  it('accepts at the desk for a patient present, audited; another clinic cannot', async () => {
    const pacienteId = await plannedPatient(ana);
    const budget = await createBudget(ana, pacienteId);
    const body = { lineas: budget.lineas.map((l) => l.id), firmante: 'Lucía Gómez', firma, acepto: true };
    expect(
      (await t.request(`/api/presupuestos/${budget.id}/aceptar`, { method: 'POST', cookie: beto.cookie, json: body }))
        .status,
    ).toBe(404);
    const res = await t.request(`/api/presupuestos/${budget.id}/aceptar`, {
      method: 'POST',
      cookie: ana.cookie,
      json: body,
      headers: { 'user-agent': BROWSER },
    });
    expect(res.status).toBe(200);
    const { presupuesto } = (await res.json()) as { presupuesto: Budget };
    expect(presupuesto.estado).toBe('aceptado');
    expect(presupuesto.aceptacion).toMatchObject({ canal: 'consulta', navegador: BROWSER, opcion: null });
    expect(presupuesto.fechaEnvio).not.toBeNull();
    const audit = await t.db
      .select({ accion: auditoria.accion })
      .from(auditoria)
      .where(eq(auditoria.pacienteId, pacienteId));
    expect(audit.map((a) => a.accion)).toContain('presupuesto.aceptar');
    const [{ count }] = await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(presupuestos)
      .where(and(eq(presupuestos.id, budget.id), eq(presupuestos.estado, 'aceptado')));
    expect(count).toBe(1);
  });

  it('migration 0049 gives the budgets answered before it what they accepted, from their accepted lines', async () => {
    const budget = await budgetWithOptions(ana, await plannedPatient(ana));
    const refused = await createBudget(ana, await plannedPatient(ana));
    const [filling, , veneer] = budget.lineas;
    const body = { lineas: [filling.id, veneer.id], opcion: 'B', firmante: 'Lucía Gómez', firma, acepto: true };
    const res = await t.request(`/api/presupuestos/${budget.id}/aceptar`, {
      method: 'POST',
      cookie: ana.cookie,
      json: body,
    });
    expect(res.status).toBe(200);
    await t.db.update(presupuestos).set({ estado: 'rechazado' }).where(eq(presupuestos.id, refused.id));
    // As before the migration: nothing kept.
    await t.db.update(presupuestos).set({ importeAceptado: 0 }).where(eq(presupuestos.id, budget.id));
    const file = (await readdir(migrationsFolder)).find((f) => f.startsWith('0049_'))!;
    const statements = (await readFile(path.join(migrationsFolder, file), 'utf8')).split('--> statement-breakpoint');
    await t.db.execute(sql.raw(statements.at(-1)!));
    expect(await acceptedAmountOf(budget.id)).toBe(filling.importes.total + veneer.importes.total);
    expect(await acceptedAmountOf(refused.id)).toBe(0);
  });
});
