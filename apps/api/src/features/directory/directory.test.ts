import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DIRECTORY_MESSAGES, ESPECIALIDADES } from '@odontia/shared';
import { eq } from 'drizzle-orm';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicas, dentistas, especialidades, solicitudesCita } from '../../db/schema/index.ts';
import { readOutbox } from '../../test/outbox.ts';
import {
  addTeamMember,
  createClinicOwner,
  createTestApp,
  tempWebDist,
  errorOf,
  type ApiClient,
  type TestApp,
} from '../../test/app.ts';
import { issueFormToken, MIN_FILL_MS } from '../../platform/anti-bot.ts';
import { LANDING_HERO, SHELL_CLASSES } from './seo/first-paint.ts';
import { createSeoTransform } from './seo/seo-transform.ts';

// Bodies as the routes declare them (the web app's typed client sees the same).
type ListJson = InferResponseType<ApiClient['directorio']['clinicas']['$get'], 200>;
type PerfilBody = InferRequestType<ApiClient['perfil-publico']['$put']>['json'];

const XSS = `<script>alert("x")</script>"><img src=x onerror=alert(1)>`;

let t: TestApp;
let distDir: string;

beforeAll(async () => {
  distDir = await tempWebDist();
  t = await createTestApp(
    {},
    { spa: { distDir, transformHtml: (html, c) => createSeoTransform(c.var.deps)(html, c) } },
  );
});
afterAll(() => t.close());

const PERFIL = {
  publicada: true,
  descripcion: 'Una clínica de prueba',
  especialidades: [],
  servicios: ['Limpieza'],
  horario: [{ dias: 'Lunes a viernes', horas: '09:00 - 18:00' }],
  email: null,
  sitioWeb: null,
} satisfies PerfilBody;

const putPerfil = (cookie: string, json: PerfilBody) => t.client(cookie)['perfil-publico'].$put({ json });

/** A clinic owner whose clinic has this name, city and public profile. */
async function clinicWith(options: { nombre: string; ciudad: string; perfil?: Partial<PerfilBody> }) {
  const owner = await createClinicOwner(t, { nombre: options.nombre });
  await t.db.update(clinicas).set({ ciudad: options.ciudad }).where(eq(clinicas.id, owner.clinica.id));
  const res = await putPerfil(owner.cookie, { ...PERFIL, ...options.perfil });
  expect(res.status).toBe(200);
  return owner;
}

/** The list for a query string as the web app's URL has it ('?ciudad=…&pagina=…'). */
const list = async (search: string) => {
  const res = await t.client().directorio.clinicas.$get({ query: Object.fromEntries(new URLSearchParams(search)) });
  expect(res.status).toBe(200);
  return res.json();
};
const names = (body: ListJson) => body.clinicas.map((c) => c.nombre).sort();

const tokenFor = (clinicaId: string, ageMs = MIN_FILL_MS + 1000) =>
  issueFormToken(t.config.authSecret, clinicaId, Date.now() - ageMs);
const SOLICITUD = {
  nombre: 'Pedro Pérez',
  email: 'pedro@ejemplo.test',
  telefono: '600 111 222',
  mensaje: 'Quisiera una revisión',
  fechaPreferida: null,
};
const sendRequest = (app: TestApp, clinicaId: string, json: Record<string, unknown>) =>
  app.request(`/api/directorio/clinicas/${clinicaId}/solicitudes`, { method: 'POST', json });

describe('reference data', () => {
  it('seeds the eight specialties of the spec even without demo data', async () => {
    const rows = await t.db.select().from(especialidades);
    expect(rows.map((r) => r.id).sort()).toEqual(ESPECIALIDADES.map((e) => e.id).sort());
    const res = await t.client().directorio.especialidades.$get();
    expect((await res.json()).especialidades).toHaveLength(8);
  });
});

describe('GET /api/directorio/clinicas (filters)', () => {
  // A city of their own keeps these clinics apart from the other tests' ones.
  beforeAll(async () => {
    await clinicWith({
      nombre: 'Clínica Sonrisa Ñandú',
      ciudad: 'Málaga',
      perfil: { especialidades: ['ortodoncia', 'estetica-dental'] },
    });
    await clinicWith({ nombre: 'Dental Norte Ñandú', ciudad: 'Málaga', perfil: { especialidades: ['implantologia'] } });
    await clinicWith({ nombre: 'Sonrisas del Puerto', ciudad: 'Cádiz', perfil: { especialidades: ['ortodoncia'] } });
    await clinicWith({
      nombre: 'Clínica Concha',
      ciudad: 'San Sebastián',
      perfil: { especialidades: ['periodoncia'] },
    });
    // Unpublished: must never appear, whatever the filter.
    await clinicWith({
      nombre: 'Sonrisa Oculta Ñandú',
      ciudad: 'Málaga',
      perfil: { publicada: false, especialidades: ['ortodoncia'] },
    });
  });

  it('filters by city without caring about accents or case', async () => {
    expect(names(await list('?ciudad=malaga'))).toEqual(['Clínica Sonrisa Ñandú', 'Dental Norte Ñandú']);
    expect(names(await list('?ciudad=M%C3%81LAGA'))).toEqual(['Clínica Sonrisa Ñandú', 'Dental Norte Ñandú']);
  });

  it('filters by specialty and combines it with the city', async () => {
    const ortodoncia = await list('?especialidad=ortodoncia');
    expect(names(ortodoncia)).toEqual(expect.arrayContaining(['Clínica Sonrisa Ñandú', 'Sonrisas del Puerto']));
    expect(ortodoncia.clinicas.every((c) => c.especialidades.includes('ortodoncia'))).toBe(true);
    expect(names(await list('?especialidad=ortodoncia&ciudad=Málaga'))).toEqual(['Clínica Sonrisa Ñandú']);
    expect(names(await list('?especialidad=implantologia&ciudad=cadiz'))).toEqual([]);
    expect(names(await list('?especialidad=no-existe'))).toEqual([]);
  });

  it('searches by name (accent-insensitive), city or specialty words, combined with the filters', async () => {
    expect(names(await list('?q=nandu'))).toEqual(['Clínica Sonrisa Ñandú', 'Dental Norte Ñandú']);
    expect(names(await list('?q=SONRISA&ciudad=cadiz'))).toEqual(['Sonrisas del Puerto']);
    expect(names(await list('?q=c%C3%A1diz'))).toEqual(['Sonrisas del Puerto']);
    expect(names(await list('?q=implantes&ciudad=malaga'))).toEqual(['Dental Norte Ñandú']);
    // LIKE wildcards typed by a visitor are plain characters.
    expect(names(await list('?q=%25%25&ciudad=malaga'))).toEqual([]);
  });

  it('needs every word of the search to match the name, the city or a specialty', async () => {
    // 'ortodoncia' alone finds both orthodontics clinics; with the city only the one in Málaga.
    expect(names(await list('?q=ortodoncia+malaga'))).toEqual(['Clínica Sonrisa Ñandú']);
    expect(names(await list('?q=Ortodoncia+en+M%C3%A1laga'))).toEqual(['Clínica Sonrisa Ñandú']);
    expect(names(await list('?q=sonrisa+cadiz'))).toEqual(['Sonrisas del Puerto']);
    // Name and specialty words together; hyphens split words as spaces do.
    expect(names(await list('?q=norte+implantes'))).toEqual(['Dental Norte Ñandú']);
    expect(names(await list('?q=estetica-dental+nandu'))).toEqual(['Clínica Sonrisa Ñandú']);
    // One word that matches nothing empties the result.
    expect(names(await list('?q=ortodoncia+sevilla'))).toEqual([]);
    expect(names(await list('?q=nandu+periodoncia'))).toEqual([]);
    // A city of several words is matched whole, wherever it stands in the text.
    expect(names(await list('?q=periodoncia+en+San+Sebasti%C3%A1n'))).toEqual(['Clínica Concha']);
    expect(names(await list('?q=san+sebastian+concha'))).toEqual(['Clínica Concha']);
  });

  it('counts and pages the results', async () => {
    const body = await list('?ciudad=malaga&pagina=1');
    expect(body).toMatchObject({ total: 2, pagina: 1, porPagina: 12 });
    expect((await list('?ciudad=malaga&pagina=2')).clinicas).toEqual([]);
  });

  it('never shows an unpublished clinic: not listed, not on the landing, not in the sitemap, not openable', async () => {
    const [oculta] = await t.db.select().from(clinicas).where(eq(clinicas.nombre, 'Sonrisa Oculta Ñandú'));
    for (const q of ['?q=oculta', '?ciudad=malaga&especialidad=ortodoncia', '']) {
      expect(names(await list(q))).not.toContain('Sonrisa Oculta Ñandú');
    }
    const inicio = await (await t.request('/api/directorio/inicio')).text();
    expect(inicio).not.toContain(oculta.id);
    const res = await t.request(`/api/directorio/clinicas/${oculta.id}`);
    expect(res.status).toBe(404);
    expect((await errorOf(res)).message).toBe('Clínica no encontrada');
    expect(await (await t.request('/sitemap.xml')).text()).not.toContain(oculta.id);
    const page = await t.request(`/clinicas/${oculta.id}`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('<title>Clínica no encontrada · Odontia</title>');
    // A malformed id answers exactly like an unknown or hidden one, on the profile and on its request form.
    // (A NUL or a broken %-escape never reaches a route: app.test.ts shows its 400.)
    for (const bad of ['no-es-un-uuid', `${oculta.id}'`, `${oculta.id.slice(0, -1)}g`]) {
      const profile = await t.request(`/api/directorio/clinicas/${bad}`);
      expect([profile.status, await profile.json()]).toEqual([
        404,
        { error: { code: 'not_found', message: 'Clínica no encontrada' } },
      ]);
      const request = await t.request(`/api/directorio/clinicas/${bad}/solicitudes`, { method: 'POST', json: {} });
      expect([request.status, await request.json()]).toEqual([
        404,
        { error: { code: 'not_found', message: 'Clínica no encontrada' } },
      ]);
    }
  });

  it('hides a clinic again as soon as it is unpublished, and cannot take requests', async () => {
    const owner = await clinicWith({ nombre: 'Clínica Efímera', ciudad: 'Soria' });
    expect(names(await list('?ciudad=soria'))).toEqual(['Clínica Efímera']);
    await putPerfil(owner.cookie, { ...PERFIL, publicada: false });
    expect(names(await list('?ciudad=soria'))).toEqual([]);
    const res = await sendRequest(t, owner.clinica.id, { ...SOLICITUD, token: tokenFor(owner.clinica.id) });
    expect(res.status).toBe(404);
  });
});

describe('the directory reused while nothing it shows changes', () => {
  it('answers the same list and landing again, and shows any write to a clinic or a specialty on the next one', async () => {
    const owner = await clinicWith({ nombre: 'Clínica Reutilizada', ciudad: 'Teruel' });
    const first = await list('?ciudad=teruel');
    expect(names(first)).toEqual(['Clínica Reutilizada']);
    expect(await list('?ciudad=teruel')).toEqual(first);
    // Written straight to the table, as any module could: its trigger moves the version.
    await t.db.update(clinicas).set({ nombre: 'Clínica Renombrada' }).where(eq(clinicas.id, owner.clinica.id));
    expect(names(await list('?ciudad=teruel'))).toEqual(['Clínica Renombrada']);

    const home = async () =>
      (await t.request('/api/directorio/inicio')).json() as Promise<{
        especialidades: { id: string; nombre: string }[];
      }>;
    const before = await home();
    expect(await home()).toEqual(before);
    const [especialidad] = before.especialidades;
    await t.db
      .update(especialidades)
      .set({ nombre: 'Odontología de prueba' })
      .where(eq(especialidades.id, especialidad!.id));
    expect((await home()).especialidades.map((e) => e.nombre)).toContain('Odontología de prueba');
    await t.db
      .update(especialidades)
      .set({ nombre: especialidad!.nombre })
      .where(eq(especialidades.id, especialidad!.id));
  });
});

describe('PUT /api/perfil-publico', () => {
  it('needs clinica.editar: a Recepción member may read it but not change it', async () => {
    const owner = await createClinicOwner(t);
    const recepcion = await addTeamMember(t, owner.clinica.id, 'Recepción', 'recepcion');
    expect((await t.request('/api/perfil-publico', { cookie: recepcion.cookie })).status).toBe(200);
    const res = await putPerfil(recepcion.cookie, PERFIL);
    expect(res.status).toBe(403);
    expect((await t.request('/api/perfil-publico', { method: 'PUT', json: PERFIL })).status).toBe(401);
  });

  it('accepts only http(s) websites and valid emails, with the Spanish messages', async () => {
    const owner = await createClinicOwner(t);
    for (const sitioWeb of ['javascript:alert(1)', 'data:text/html,hola', 'ftp://clinica.es', 'clinica.es']) {
      const res = await putPerfil(owner.cookie, { ...PERFIL, sitioWeb });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).fields?.sitioWeb).toBe(DIRECTORY_MESSAGES.sitioWebInvalid);
    }
    const email = await putPerfil(owner.cookie, { ...PERFIL, email: 'no-es-email' });
    expect((await errorOf(email)).fields?.email).toBe('Introduce un email válido');
    const ok = await putPerfil(owner.cookie, {
      ...PERFIL,
      sitioWeb: 'https://www.clinica.es/contacto',
      email: ' Info@Clinica.ES ',
    });
    expect(ok.status).toBe(200);
    expect((await ok.json()).perfil.email).toBe('info@clinica.es');
  });

  it("lists the clinic's active dentists as its 'Profesionales', by name, and no list typed apart", async () => {
    const owner = await clinicWith({ nombre: 'Clínica Profesionales', ciudad: 'Soria' });
    const dentist = (nombres: string, especialidad: string, activo = true) => ({
      clinicaId: owner.clinica.id,
      nombres,
      apellidos: 'Prueba',
      especialidad,
      color: '#1d4ed8',
      activo,
    });
    await t.db
      .insert(dentistas)
      .values([dentist('Zoe', 'ortodoncia'), dentist('Ana', 'estetica-dental'), dentist('Baja', 'endodoncia', false)]);
    const res = await t.request(`/api/directorio/clinicas/${owner.clinica.id}`);
    expect(res.status).toBe(200);
    const { clinica } = (await res.json()) as { clinica: Record<string, unknown> };
    expect(clinica.profesionales).toEqual([
      { nombres: 'Ana', apellidos: 'Prueba', especialidad: 'estetica-dental' },
      { nombres: 'Zoe', apellidos: 'Prueba', especialidad: 'ortodoncia' },
    ]);
    expect(clinica).not.toHaveProperty('doctores');
    // A typed list sent by an older form is not stored anywhere.
    const put = await putPerfil(owner.cookie, { ...PERFIL, doctores: [{ nombre: 'Dr. X' }] } as PerfilBody);
    expect(put.status).toBe(200);
    expect((await put.json()).perfil).not.toHaveProperty('doctores');
  });

  it('marks a newly published clinic as new, and as having news only after a later change', async () => {
    const owner = await clinicWith({ nombre: 'Clínica Badges', ciudad: 'Teruel' });
    let [card] = (await list('?ciudad=teruel')).clinicas;
    expect(card).toMatchObject({ esNueva: true, tieneNovedades: false, destacada: false });
    await putPerfil(owner.cookie, { ...PERFIL, servicios: ['Limpieza', 'Ortodoncia'] });
    [card] = (await list('?ciudad=teruel')).clinicas;
    expect(card.tieneNovedades).toBe(true);
    // Publishing again does not make it new again.
    await t.db
      .update(clinicas)
      .set({ fechaPublicacion: new Date('2020-01-01') })
      .where(eq(clinicas.id, owner.clinica.id));
    await putPerfil(owner.cookie, { ...PERFIL, publicada: false });
    await putPerfil(owner.cookie, PERFIL);
    [card] = (await list('?ciudad=teruel')).clinicas;
    expect(card.esNueva).toBe(false);
  });

  it("flags the clinics that take online bookings ('Reserva online') on their cards and profile", async () => {
    const owner = await clinicWith({ nombre: 'Clínica Reserva Online', ciudad: 'Palencia' });
    let [card] = (await list('?ciudad=palencia')).clinicas;
    expect(card.reservaOnline).toBe(false);
    await t.db.update(clinicas).set({ reservaOnline: true }).where(eq(clinicas.id, owner.clinica.id));
    [card] = (await list('?ciudad=palencia')).clinicas;
    expect(card.reservaOnline).toBe(true);
    const profile = await (
      await t.client().directorio.clinicas[':id'].$get({ param: { id: owner.clinica.id } })
    ).json();
    expect(profile.clinica.reservaOnline).toBe(true);
  });
});

describe('POST /api/directorio/clinicas/:id/solicitudes', () => {
  let clinic: Awaited<ReturnType<typeof clinicWith>>;
  beforeAll(async () => {
    clinic = await clinicWith({
      nombre: 'Clínica Solicitudes',
      ciudad: 'Huesca',
      perfil: { email: 'citas@clinica-solicitudes.test' },
    });
  });

  const rowsOf = (clinicaId: string) =>
    t.db.select().from(solicitudesCita).where(eq(solicitudesCita.clinicaId, clinicaId));

  it('stores the request for that clinic, emails its public address and confirms', async () => {
    const res = await sendRequest(t, clinic.clinica.id, {
      ...SOLICITUD,
      fechaPreferida: '2099-05-04',
      token: tokenFor(clinic.clinica.id),
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ ok: true });
    const rows = await rowsOf(clinic.clinica.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      nombre: 'Pedro Pérez',
      email: 'pedro@ejemplo.test',
      estado: 'nueva',
      fechaPreferida: '2099-05-04',
    });
    const [mail] = await readOutbox(t.deps.mailer.outboxDir!, 1);
    expect(mail.to).toBe('citas@clinica-solicitudes.test');
    expect(mail.subject).toBe('Nueva solicitud de cita de Pedro Pérez');
    expect(mail.text).toContain('Quisiera una revisión');
    expect(mail.text).toContain('04/05/2099');
  });

  it('emails the owner when the clinic has no public email', async () => {
    const owner = await clinicWith({ nombre: 'Clínica Sin Email', ciudad: 'Zamora' });
    const res = await sendRequest(t, owner.clinica.id, { ...SOLICITUD, token: tokenFor(owner.clinica.id) });
    expect(res.status).toBe(201);
    const [mail] = await readOutbox(t.deps.mailer.outboxDir!, 1);
    expect(mail.to).toBe(owner.email);
  });

  it('validates every field with the Spanish messages', async () => {
    const res = await sendRequest(t, clinic.clinica.id, {
      nombre: ' ',
      email: 'no-es-email',
      telefono: 'abc',
      mensaje: '',
      fechaPreferida: '2024-02-30',
      token: tokenFor(clinic.clinica.id),
    });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toEqual({
      nombre: 'El nombre es obligatorio',
      email: 'Introduce un email válido',
      telefono: 'Introduce un número de teléfono válido',
      mensaje: 'El mensaje es obligatorio',
      fechaPreferida: 'Introduce una fecha válida',
    });
    const past = await sendRequest(t, clinic.clinica.id, {
      ...SOLICITUD,
      fechaPreferida: '2020-01-01',
      token: tokenFor(clinic.clinica.id),
    });
    expect((await errorOf(past)).fields?.fechaPreferida).toBe('La fecha preferida no puede ser anterior a hoy');
    const long = await sendRequest(t, clinic.clinica.id, {
      ...SOLICITUD,
      mensaje: 'a'.repeat(2001),
      token: tokenFor(clinic.clinica.id),
    });
    expect(long.status).toBe(400);
  });

  it('refuses requests without a token, with a forged or foreign one, or sent faster than a person types', async () => {
    const before = (await rowsOf(clinic.clinica.id)).length;
    const other = await clinicWith({ nombre: 'Clínica Otra', ciudad: 'Lugo' });
    const cases: [Record<string, unknown>, string][] = [
      [{ ...SOLICITUD }, DIRECTORY_MESSAGES.formularioCaducado],
      [{ ...SOLICITUD, token: `${Date.now() - 10_000}.firma-falsa` }, DIRECTORY_MESSAGES.formularioCaducado],
      [{ ...SOLICITUD, token: tokenFor(other.clinica.id) }, DIRECTORY_MESSAGES.formularioCaducado],
      [
        { ...SOLICITUD, token: tokenFor(clinic.clinica.id, 2 * 24 * 60 * 60 * 1000) },
        DIRECTORY_MESSAGES.formularioCaducado,
      ],
      [{ ...SOLICITUD, token: tokenFor(clinic.clinica.id, 500) }, DIRECTORY_MESSAGES.formularioRapido],
    ];
    for (const [json, message] of cases) {
      const res = await sendRequest(t, clinic.clinica.id, json);
      expect(res.status).toBe(400);
      expect((await errorOf(res)).message).toBe(message);
    }
    expect(await rowsOf(clinic.clinica.id)).toHaveLength(before);
  });

  it('answers a filled honeypot like a success but stores and sends nothing', async () => {
    const before = (await rowsOf(clinic.clinica.id)).length;
    const mailsBefore = (await readOutbox(t.deps.mailer.outboxDir!)).length;
    const res = await sendRequest(t, clinic.clinica.id, {
      ...SOLICITUD,
      website: 'https://spam.example',
      token: tokenFor(clinic.clinica.id),
    });
    expect(res.status).toBe(201);
    expect(await rowsOf(clinic.clinica.id)).toHaveLength(before);
    expect(await readOutbox(t.deps.mailer.outboxDir!)).toHaveLength(mailsBefore);
  });

  it('throttles a flood from one address and repeated requests from one sender', async () => {
    const limited = await createTestApp({ RATE_LIMIT: 'true' });
    try {
      const owner = await createClinicOwner(limited);
      await limited.request('/api/perfil-publico', { method: 'PUT', cookie: owner.cookie, json: PERFIL });
      const token = issueFormToken(limited.config.authSecret, owner.clinica.id, Date.now() - 5000);
      const statuses: number[] = [];
      // The same sender: 3 per hour.
      for (let i = 0; i < 4; i++)
        statuses.push((await sendRequest(limited, owner.clinica.id, { ...SOLICITUD, token })).status);
      expect(statuses).toEqual([201, 201, 201, 429]);
      // Different senders from the same address: 5 per 15 minutes in all.
      statuses.length = 0;
      for (let i = 0; i < 3; i++) {
        statuses.push(
          (await sendRequest(limited, owner.clinica.id, { ...SOLICITUD, email: `otro${i}@ejemplo.test`, token }))
            .status,
        );
      }
      expect(statuses).toEqual([201, 429, 429]);
      const res = await sendRequest(limited, owner.clinica.id, { ...SOLICITUD, email: 'nuevo@ejemplo.test', token });
      expect(await errorOf(res)).toEqual({ code: 'rate_limited', message: DIRECTORY_MESSAGES.demasiadasSolicitudes });
    } finally {
      await limited.close();
    }
  });
});

describe('/api/solicitudes (staff)', () => {
  it("shows a request only to its own clinic's staff, with the permissions of their role", async () => {
    const mine = await clinicWith({ nombre: 'Clínica Propia', ciudad: 'Ávila' });
    const other = await clinicWith({ nombre: 'Clínica Ajena', ciudad: 'Ávila' });
    await sendRequest(t, mine.clinica.id, {
      ...SOLICITUD,
      nombre: 'Visitante Propio',
      token: tokenFor(mine.clinica.id),
    });

    const listFor = async (cookie: string) => t.client(cookie).solicitudes.$get({ query: {} });
    const ownList = await (await listFor(mine.cookie)).json();
    expect(ownList.solicitudes.map((s) => s.nombre)).toEqual(['Visitante Propio']);
    expect(ownList.nuevas).toBe(1);
    const id = ownList.solicitudes[0].id;

    const foreign = await (await listFor(other.cookie)).json();
    expect(foreign.solicitudes).toEqual([]);
    const foreignPatch = await t.request(`/api/solicitudes/${id}`, {
      method: 'PATCH',
      cookie: other.cookie,
      json: { estado: 'atendida' },
    });
    const notFound = { error: { code: 'not_found', message: DIRECTORY_MESSAGES.solicitudNoEncontrada } };
    expect([foreignPatch.status, await foreignPatch.json()]).toEqual([404, notFound]);
    const malformed = await t.request('/api/solicitudes/no-es-un-uuid', {
      method: 'PATCH',
      cookie: mine.cookie,
      json: { estado: 'atendida' },
    });
    expect([malformed.status, await malformed.json()]).toEqual([404, notFound]);

    // Asistente has no solicitudes.* permission by default; Recepción may see and manage them.
    const asistente = await addTeamMember(t, mine.clinica.id, 'Asistente', 'asistente');
    expect((await listFor(asistente.cookie)).status).toBe(403);
    expect(
      (
        await t.request(`/api/solicitudes/${id}`, {
          method: 'PATCH',
          cookie: asistente.cookie,
          json: { estado: 'atendida' },
        })
      ).status,
    ).toBe(403);
    const recepcion = await addTeamMember(t, mine.clinica.id, 'Recepción', 'recepcion');
    const patch = await t.request(`/api/solicitudes/${id}`, {
      method: 'PATCH',
      cookie: recepcion.cookie,
      json: { estado: 'atendida' },
    });
    expect(patch.status).toBe(200);
    expect(await patch.json()).toEqual({ solicitud: { id, estado: 'atendida' } });
    const [row] = await t.db.select().from(solicitudesCita).where(eq(solicitudesCita.id, id));
    expect(row.estado).toBe('atendida');
    expect((await t.request('/api/solicitudes')).status).toBe(401);
  });
});

describe('XSS payloads are text everywhere', () => {
  it('escapes profile fields in the server-rendered meta tags and first-render data', async () => {
    const owner = await clinicWith({
      nombre: 'Clínica Segura',
      ciudad: 'León',
      perfil: { descripcion: XSS, servicios: [XSS] },
    });
    await t.db
      .update(clinicas)
      .set({ nombre: `Clínica ${XSS}`, ciudad: XSS })
      .where(eq(clinicas.id, owner.clinica.id));
    const res = await t.request(`/clinicas/${owner.clinica.id}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toMatch(/<meta property="og:title" content="Clínica &lt;script&gt;/);
    // The JSON data block cannot be closed from inside.
    expect(html).toContain('\\u003cscript\\u003ealert');
    const data = /<script id="odontia-datos" type="application\/json">([\s\S]*?)<\/script>/.exec(html)?.[1];
    const parsed = JSON.parse(data!) as Record<string, { clinica: { descripcion: string } }>;
    expect(parsed[`/api/directorio/clinicas/${owner.clinica.id}`].clinica.descripcion).toBe(XSS);
    // The API gives the text back as it was typed; React renders it as text.
    const api = await (await t.client().directorio.clinicas[':id'].$get({ param: { id: owner.clinica.id } })).json();
    expect(api.clinica.descripcion).toBe(XSS);
  });

  it('keeps request fields as text in storage, in the staff list and in the email', async () => {
    const owner = await clinicWith({ nombre: 'Clínica XSS Solicitudes', ciudad: 'Jaén' });
    const res = await sendRequest(t, owner.clinica.id, {
      ...SOLICITUD,
      nombre: 'Eva <b>Mala</b>',
      mensaje: XSS,
      token: tokenFor(owner.clinica.id),
    });
    expect(res.status).toBe(201);
    const [mail] = await readOutbox(t.deps.mailer.outboxDir!, 1);
    expect(mail.html).not.toContain('<script>alert');
    expect(mail.html).toContain('&lt;script&gt;');
    const staff = await (await t.client(owner.cookie).solicitudes.$get({ query: {} })).json();
    expect(staff.solicitudes[0]).toMatchObject({ mensaje: XSS, nombre: 'Eva <b>Mala</b>' });
  });

  it('gives each public page its own title, description, canonical URL and Open Graph tags', async () => {
    const landing = await (await t.request('/')).text();
    expect(landing).toContain('<title>Odontia · Encuentra la mejor clínica dental para tu sonrisa</title>');
    expect(landing).toContain(`<link rel="canonical" href="${t.config.appUrl}/" />`);
    expect(landing).toContain('<meta property="og:title"');
    const directory = await (await t.request('/clinicas?especialidad=ortodoncia&ciudad=Madrid&q=x')).text();
    expect(directory).toContain('<title>Clínicas de ortodoncia en Madrid · Odontia</title>');
    expect(directory).toContain(
      `<link rel="canonical" href="${t.config.appUrl}/clinicas?especialidad=ortodoncia&amp;ciudad=Madrid" />`,
    );
    const software = await (await t.request('/software-info')).text();
    expect(software).toContain('<title>Software para clínicas dentales · Odontia</title>');
    const owner = await clinicWith({
      nombre: 'Clínica Meta',
      ciudad: 'Burgos',
      perfil: { descripcion: 'Cuidamos tu sonrisa en Burgos.' },
    });
    const profile = await (await t.request(`/clinicas/${owner.clinica.id}`)).text();
    expect(profile).toContain('<title>Clínica Meta · Clínica dental en Burgos · Odontia</title>');
    expect(profile).toContain('<meta name="description" content="Cuidamos tu sonrisa en Burgos." />');
    expect(profile).toContain(`<meta property="og:url" content="${t.config.appUrl}/clinicas/${owner.clinica.id}" />`);
    expect(await (await t.request('/sitemap.xml')).text()).toContain(
      `<loc>${t.config.appUrl}/clinicas/${owner.clinica.id}</loc>`,
    );
    const robots = await (await t.request('/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${t.config.appUrl}/sitemap.xml`);
    expect(robots).toContain('Disallow: /api/');
    // The patients' private links stay out of search engines.
    expect(robots).toContain('Disallow: /presupuesto/');
    expect(robots).toContain('Disallow: /cita/');
  });
});

describe('structured data of the public profile', () => {
  const ldJson = (html: string) =>
    [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as unknown,
    );

  it("describes a published clinic as a schema.org Dentist in one ld+json script of the page's head", async () => {
    const owner = await clinicWith({ nombre: 'Clínica Estructurada', ciudad: 'Soria' });
    await t.db.update(clinicas).set({ reservaOnline: true, pais: 'ES' }).where(eq(clinicas.id, owner.clinica.id));
    const res = await t.request(`/clinicas/${owner.clinica.id}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const scripts = ldJson(html);
    expect(scripts).toHaveLength(1);
    expect(html.indexOf('application/ld+json')).toBeLessThan(html.indexOf('</head>'));
    const [dentist, breadcrumbs] = scripts[0] as Record<string, unknown>[];
    const url = `${t.config.appUrl}/clinicas/${owner.clinica.id}`;
    expect(dentist).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Dentist',
      '@id': url,
      name: 'Clínica Estructurada',
      description: 'Una clínica de prueba',
      address: { '@type': 'PostalAddress', addressLocality: 'Soria', addressCountry: 'ES' },
      openingHoursSpecification: [
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
          opens: '09:00',
          closes: '18:00',
        },
      ],
      makesOffer: [{ '@type': 'Offer', itemOffered: { '@type': 'Service', name: 'Limpieza' } }],
      potentialAction: { '@type': 'ReserveAction', target: { '@type': 'EntryPoint', urlTemplate: `${url}#reservar` } },
    });
    expect(dentist).not.toHaveProperty('geo');
    expect(breadcrumbs).toMatchObject({ '@type': 'BreadcrumbList' });
  });

  it('gives none to an unpublished or unknown clinic, nor to the other public pages', async () => {
    const owner = await clinicWith({
      nombre: 'Clínica Oculta Estructurada',
      ciudad: 'Soria',
      perfil: { publicada: false },
    });
    for (const path of [`/clinicas/${owner.clinica.id}`, '/clinicas/00000000-0000-4000-8000-000000000000']) {
      const res = await t.request(path);
      expect(res.status).toBe(404);
      expect(ldJson(await res.text())).toEqual([]);
    }
    for (const path of ['/', '/clinicas', '/software-info']) {
      expect(ldJson(await (await t.request(path)).text())).toEqual([]);
    }
  });
});

describe('canonical URL of the directory', () => {
  it('keeps the specialty and city filters, in a fixed order, and drops the text search and the page', async () => {
    const canonical = async (search: string) =>
      /<link rel="canonical" href="([^"]*)" \/>/.exec(await (await t.request(`/clinicas${search}`)).text())?.[1];
    const base = `${t.config.appUrl}/clinicas`;
    expect(await canonical('?pagina=3&q=limpieza')).toBe(base);
    expect(await canonical('?ciudad=Madrid&pagina=2&especialidad=ortodoncia')).toBe(
      `${base}?especialidad=ortodoncia&amp;ciudad=Madrid`,
    );
    expect(await canonical('?especialidad=inventada')).toBe(base);
  });
});

describe('first paint of the public pages', () => {
  it('puts the header, and the landing headline, in the page before the scripts run', async () => {
    const landing = await (await t.request('/')).text();
    expect(landing).toContain(`<div id="root"><div class="${SHELL_CLASSES.layout}">`);
    expect(landing).toContain(`<h1 class="${SHELL_CLASSES.heroTitle}">${LANDING_HERO.title}</h1>`);
    const directory = await (await t.request('/clinicas')).text();
    expect(directory).toContain('<span class="text-lg">Odontia</span>');
    expect(directory).not.toContain('<h1');
    // Staff pages keep the empty root.
    expect(await (await t.request('/dashboard')).text()).toContain('<div id="root"></div>');
  });

  it('uses the same classes and texts as the React header and hero, so nothing moves when React takes over', async () => {
    const web = path.resolve(import.meta.dirname, '../../../../web/src');
    const files = [
      'features/directory/components/public-layout.tsx',
      'features/directory/pages/landing-page.tsx',
      'components/brand.tsx',
    ];
    const sources = (await Promise.all(files.map((f) => readFile(path.join(web, f), 'utf8')))).join('\n');
    for (const classes of Object.values(SHELL_CLASSES)) expect(sources).toContain(`"${classes}"`);
    for (const text of Object.values(LANDING_HERO)) expect(sources.replace(/\s+/g, ' ')).toContain(text);
  });
});
