import { BOOKING_MESSAGES, type BookingRules } from '@odontia/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicas } from '../../db/schema/index.ts';
import { addTeamMember, createClinicOwner, createTestApp, errorOf, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DEFAULTS: BookingRules = {
  reservaOnline: false,
  antelacionMinutos: 120,
  horizonteDias: 60,
  maxFuturas: 2,
  requiereAprobacion: false,
  revisionMeses: 6,
};

const get = (cookie: string) => t.request('/api/reservas/ajustes', { cookie });
const put = (cookie: string, json: unknown) => t.request('/api/reservas/ajustes', { method: 'PUT', cookie, json });

describe("the clinic's booking rules (/api/reservas/ajustes)", () => {
  it("starts from the defaults: booking off, 2 hours' notice, 60 days ahead, 2 bookings, no approval, 6 months", async () => {
    const owner = await createClinicOwner(t);
    const res = await get(owner.cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(DEFAULTS);
  });

  it('saves every rule, answers what was stored and keeps it for the next read; another clinic is untouched', async () => {
    const [owner, other] = await Promise.all([createClinicOwner(t), createClinicOwner(t)]);
    const rules: BookingRules = {
      reservaOnline: true,
      antelacionMinutos: 90,
      horizonteDias: 30,
      maxFuturas: 1,
      requiereAprobacion: true,
      revisionMeses: 12,
    };
    const res = await put(owner.cookie, rules);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(rules);
    expect(await (await get(owner.cookie)).json()).toEqual(rules);
    const [stored] = await t.db
      .select({ online: clinicas.reservaOnline, meses: clinicas.revisionMeses, editada: clinicas.fechaActualizacion })
      .from(clinicas)
      .where(eq(clinicas.id, owner.clinica.id));
    expect(stored).toMatchObject({ online: true, meses: 12 });
    expect(stored!.editada).toBeInstanceOf(Date);
    expect(await (await get(other.cookie)).json()).toEqual(DEFAULTS);
    // The limits themselves are valid: no notice, a year ahead, 20 bookings, 3 years.
    const edges = { ...rules, antelacionMinutos: 0, horizonteDias: 365, maxFuturas: 20, revisionMeses: 36 };
    expect(await (await put(owner.cookie, edges)).json()).toEqual(edges);
  });

  it('refuses values out of range with the Spanish message on each field, and changes nothing', async () => {
    const owner = await createClinicOwner(t);
    const res = await put(owner.cookie, {
      reservaOnline: true,
      antelacionMinutos: 10081,
      horizonteDias: 0,
      maxFuturas: 1.5,
      requiereAprobacion: false,
      revisionMeses: 37,
    });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toEqual({
      antelacionMinutos: BOOKING_MESSAGES.antelacionInvalid,
      horizonteDias: BOOKING_MESSAGES.horizonteInvalid,
      maxFuturas: BOOKING_MESSAGES.maxFuturasInvalid,
      revisionMeses: BOOKING_MESSAGES.revisionMesesInvalid,
    });
    const missing = await put(owner.cookie, { reservaOnline: true, antelacionMinutos: '120' });
    expect(missing.status).toBe(400);
    expect((await errorOf(missing)).fields).toMatchObject({
      antelacionMinutos: BOOKING_MESSAGES.antelacionInvalid,
      horizonteDias: BOOKING_MESSAGES.horizonteInvalid,
      revisionMeses: BOOKING_MESSAGES.revisionMesesInvalid,
    });
    expect(await (await get(owner.cookie)).json()).toEqual(DEFAULTS);
  });

  it('lets a member with clinica.ver read the rules, and refuses their change without clinica.editar (403)', async () => {
    const owner = await createClinicOwner(t);
    const desk = await addTeamMember(t, owner.clinica.id, 'Recepción', 'recepcion');
    expect((await get(desk.cookie)).status).toBe(200);
    const res = await put(desk.cookie, { ...DEFAULTS, reservaOnline: true });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe('forbidden');
    expect(await (await get(owner.cookie)).json()).toEqual(DEFAULTS);
    expect((await get('')).status).toBe(401);
  });
});
