import { DEFAULT_ROLES, PERMISSIONS } from '@odontia/shared';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicas, permisos, permisosRol, rolesClinica, user, usuarios, usuariosRol } from '../../db/schema/index.ts';
import { keyFromPublicUrl } from '../../platform/storage/storage.ts';
import {
  addTeamMember,
  createClinicOwner,
  createTestApp,
  errorOf,
  signUp,
  type ApiClient,
  type TestApp,
} from '../../test/app.ts';
import { createClinic, setRolePermissions } from './clinic.service.ts';

let t: TestApp;
let png: Uint8Array;
beforeAll(async () => {
  t = await createTestApp();
  png = new Uint8Array(
    await sharp({ create: { width: 16, height: 16, channels: 4, background: '#0e7490' } })
      .png()
      .toBuffer(),
  );
});
afterAll(() => t.close());

// Bodies as the routes declare them (the web app's typed client sees the same).
type ClinicBody = InferRequestType<ApiClient['clinica']['$post']>['json'];
type ClinicJson = NonNullable<InferResponseType<ApiClient['clinica']['$get'], 200>['clinica']>;

const CLINICA = {
  nombre: 'Clínica Sonrisa',
  telefono: '910 000 000',
  pais: 'ES',
  ciudad: 'Madrid',
  direccion: 'Calle Mayor 1',
};

const getClinic = (cookie: string) => t.client(cookie).clinica.$get();
// Extra fields (a clinicaId...) are allowed here: the tests check that the server drops them.
const postClinic = (cookie: string, json: ClinicBody & Record<string, unknown>) =>
  t.client(cookie).clinica.$post({ json });
const putClinic = (cookie: string, json: ClinicBody & Record<string, unknown>) =>
  t.client(cookie).clinica.$put({ json });
const uploadLogo = (cookie: string, bytes: Uint8Array) =>
  t.client(cookie).clinica.logo.$post({
    form: { logo: new File([bytes as Uint8Array<ArrayBuffer>], 'logo.png', { type: 'image/png' }) },
  });

describe('POST /api/clinica (onboarding and first-time setup)', () => {
  it('creates the clinic, its four roles with their permissions and the creator as Administrador, and completes onboarding', async () => {
    const { cookie, userId, email } = await signUp(t);
    await t.request('/api/perfil', {
      method: 'PUT',
      cookie,
      json: { nombres: 'Ana', apellidos: 'García', telefono: '600123456' },
    });
    const res = await postClinic(cookie, { ...CLINICA, nombre: '  Clínica Sonrisa ' });
    expect(res.status).toBe(201);
    const { clinica, created } = await res.json();
    expect(created).toBe(true);
    expect(clinica).toMatchObject({ ...CLINICA, logoUrl: null });

    const roles = await t.db.select().from(rolesClinica).where(eq(rolesClinica.clinicaId, clinica.id));
    expect(roles.map((r) => r.nombre).sort()).toEqual(DEFAULT_ROLES.map((r) => r.nombre).sort());
    expect(roles.every((r) => r.esPredeterminado)).toBe(true);
    const [membership] = await t.db.select().from(usuarios).where(eq(usuarios.id, userId));
    expect(membership).toMatchObject({
      clinicaId: clinica.id,
      rol: 'admin',
      email,
      nombres: 'Ana García',
      activo: true,
    });
    const admin = roles.find((r) => r.nombre === 'Administrador')!;
    expect(await t.db.select().from(usuariosRol).where(eq(usuariosRol.usuarioId, userId))).toEqual([
      { usuarioId: userId, rolId: admin.id },
    ]);
    const recepcion = roles.find((r) => r.nombre === 'Recepción')!;
    const recepcionGrants = await t.db
      .select({ nombre: permisos.nombre })
      .from(permisosRol)
      .innerJoin(permisos, eq(permisos.id, permisosRol.permisoId))
      .where(eq(permisosRol.rolId, recepcion.id));
    expect(recepcionGrants.map((g) => g.nombre).sort()).toEqual(
      [...DEFAULT_ROLES.find((r) => r.rol === 'recepcion')!.permisos].sort(),
    );

    const me = await (await t.client(cookie).me.$get()).json();
    expect(me.user.onboardingStep).toBe('completado');
    expect(me.clinica.id).toBe(clinica.id);
    expect(me.rol).toBe('admin');
    expect(me.permisos).toEqual(PERMISSIONS.map((p) => p.nombre).sort());
  });

  it('accepts name and phone alone (/configurar-clinica)', async () => {
    const { cookie } = await signUp(t);
    const res = await postClinic(cookie, { nombre: 'Clínica Mínima', telefono: '910000000', pais: '', ciudad: null });
    expect(res.status).toBe(201);
    expect((await res.json()).clinica).toMatchObject({ pais: null, ciudad: null, direccion: null });
  });

  it('validates with the spec messages', async () => {
    const { cookie, userId } = await signUp(t);
    const empty = await postClinic(cookie, { nombre: '', telefono: '' });
    expect(empty.status).toBe(400);
    expect((await errorOf(empty)).fields).toEqual({
      nombre: 'El nombre de la clínica es obligatorio',
      telefono: 'El teléfono de contacto es obligatorio',
    });
    const badPhone = await postClinic(cookie, { ...CLINICA, telefono: '91 000' });
    expect((await errorOf(badPhone)).fields).toEqual({ telefono: 'Introduce un número de teléfono válido' });
    expect(await t.db.select().from(clinicas).where(eq(clinicas.userId, userId))).toEqual([]);
  });

  it('updates the clinic when the user already has one, instead of creating a second', async () => {
    const owner = await createClinicOwner(t);
    const res = await postClinic(owner.cookie, { ...CLINICA, nombre: 'Nuevo nombre' });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ created: false, clinica: { id: owner.clinica.id, nombre: 'Nuevo nombre' } });
    expect(await t.db.select().from(clinicas).where(eq(clinicas.userId, owner.userId))).toHaveLength(1);

    // Fields left out are left as they are; an empty one is cleared.
    const partial = await postClinic(owner.cookie, { nombre: 'Solo nombre', telefono: '910000000', ciudad: '' });
    expect((await partial.json()).clinica).toMatchObject({
      nombre: 'Solo nombre',
      pais: 'ES',
      direccion: 'Calle Mayor 1',
      ciudad: null,
    });
  });

  it('lets one user own one clinic, even with two requests at once', async () => {
    const { cookie, userId } = await signUp(t);
    const results = await Promise.all([postClinic(cookie, CLINICA), postClinic(cookie, CLINICA)]);
    const statuses = results.map((r) => r.status).sort((x, y) => (x === 201 ? -1 : y === 201 ? 1 : x - y));
    expect(statuses[0]).toBe(201);
    // The loser either saw the winner's clinic (update) or hit the unique owner (409).
    expect([200, 409]).toContain(statuses[1]);
    const loser = results.find((r) => !r.ok);
    if (loser)
      expect(await loser.json()).toEqual({ error: { code: 'conflict', message: 'Ya tienes una clínica configurada' } });
    expect(await t.db.select().from(clinicas).where(eq(clinicas.userId, userId))).toHaveLength(1);

    const owner = await signUp(t);
    await createClinic(t.db, { id: owner.userId, email: owner.email, nombres: 'Ana' }, CLINICA);
    await expect(
      createClinic(t.db, { id: owner.userId, email: owner.email, nombres: 'Ana' }, CLINICA),
    ).rejects.toMatchObject({
      status: 409,
      message: 'Ya tienes una clínica configurada',
    });
  });

  it('leaves nothing behind when creation fails midway (one transaction)', async () => {
    const { userId, email } = await signUp(t);
    await expect(
      createClinic(t.db, { id: userId, email, nombres: 'Ana' }, CLINICA, {
        afterRoles: async () => {
          throw new Error('fallo a mitad de la creación');
        },
      }),
    ).rejects.toThrow('fallo a mitad de la creación');
    expect(await t.db.select().from(clinicas).where(eq(clinicas.userId, userId))).toEqual([]);
    expect(await t.db.select().from(usuarios).where(eq(usuarios.id, userId))).toEqual([]);
    expect(await t.db.select().from(usuariosRol).where(eq(usuariosRol.usuarioId, userId))).toEqual([]);
    const clinicIds = (await t.db.select({ id: clinicas.id }).from(clinicas)).map((c) => c.id);
    const orphanRoles = await t.db.select().from(rolesClinica);
    expect(orphanRoles.filter((r) => !clinicIds.includes(r.clinicaId))).toEqual([]);
    const [row] = await t.db.select({ step: user.onboardingStep }).from(user).where(eq(user.id, userId));
    expect(row.step).toBe('pendiente');
  });

  it('does not let a team member without clinica.editar change the clinic through onboarding', async () => {
    const owner = await createClinicOwner(t);
    const member = await addTeamMember(t, owner.clinica.id, 'Recepción', 'recepcion');
    const res = await postClinic(member.cookie, { ...CLINICA, nombre: 'Tomada' });
    expect(res.status).toBe(403);
    expect((await (await getClinic(owner.cookie)).json()).clinica?.nombre).toBe('Clínica de prueba');
  });
});

describe('GET /api/clinica', () => {
  it('answers null for a user without a clinic', async () => {
    const { cookie } = await signUp(t);
    const res = await getClinic(cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ clinica: null });
  });

  it("gives each user their own clinic and never another's", async () => {
    const a = await createClinicOwner(t, { nombre: 'Clínica A' });
    const b = await createClinicOwner(t, { nombre: 'Clínica B' });
    const readA = await (await getClinic(a.cookie)).json();
    const readB = await (await getClinic(b.cookie)).json();
    expect(readA.clinica).toMatchObject({ id: a.clinica.id, nombre: 'Clínica A' });
    expect(readB.clinica).toMatchObject({ id: b.clinica.id, nombre: 'Clínica B' });
    // There is no route that takes a clinic id: the clinic always comes from the session.
    expect((await t.request(`/api/clinica/${a.clinica.id}`, { cookie: b.cookie })).status).toBe(404);
    expect(
      (await t.request(`/api/clinica?clinicaId=${a.clinica.id}`, { cookie: b.cookie }).then((r) => r.json())) as {
        clinica: ClinicJson;
      },
    ).toMatchObject({
      clinica: { id: b.clinica.id },
    });
  });

  it('lets every default role read it, and refuses a role without clinica.ver', async () => {
    const owner = await createClinicOwner(t);
    const member = await addTeamMember(t, owner.clinica.id, 'Recepción', 'recepcion');
    expect((await getClinic(member.cookie)).status).toBe(200);
    await setRolePermissions(t.db, member.rolId, []);
    const res = await getClinic(member.cookie);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      error: { code: 'forbidden', message: 'No tienes permiso para realizar esta acción' },
    });
  });

  it('needs a session', async () => {
    expect((await getClinic('')).status).toBe(401);
  });
});

describe('PUT /api/clinica (Configuración de la Clínica)', () => {
  it('lets the Administrador change every field', async () => {
    const owner = await createClinicOwner(t);
    const res = await putClinic(owner.cookie, {
      nombre: 'Clínica Renovada',
      telefono: '611222333',
      direccion: 'Gran Vía 2',
      pais: 'España',
      ciudad: 'Sevilla',
    });
    expect(res.status).toBe(200);
    const { clinica } = await res.json();
    expect(clinica).toMatchObject({
      id: owner.clinica.id,
      nombre: 'Clínica Renovada',
      telefono: '611222333',
      ciudad: 'Sevilla',
      direccion: 'Gran Vía 2',
    });
    expect(clinica.fechaActualizacion).toBeTruthy();
  });

  it("refuses a 'Recepción' member (no clinica.editar) and changes nothing", async () => {
    const owner = await createClinicOwner(t);
    const member = await addTeamMember(t, owner.clinica.id, 'Recepción', 'recepcion');
    const res = await putClinic(member.cookie, { ...CLINICA, nombre: 'Cambiada por recepción' });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      error: { code: 'forbidden', message: 'No tienes permiso para realizar esta acción' },
    });
    const [row] = await t.db.select().from(clinicas).where(eq(clinicas.id, owner.clinica.id));
    expect(row.nombre).toBe('Clínica de prueba');
  });

  it("changes only the caller's clinic, whatever id the body names", async () => {
    const a = await createClinicOwner(t, { nombre: 'Clínica A' });
    const b = await createClinicOwner(t, { nombre: 'Clínica B' });
    const res = await putClinic(b.cookie, {
      ...CLINICA,
      nombre: 'Hackeada',
      id: a.clinica.id,
      clinicaId: a.clinica.id,
    });
    expect(res.status).toBe(200);
    const rows = await t.db
      .select()
      .from(clinicas)
      .where(inArray(clinicas.id, [a.clinica.id, b.clinica.id]));
    expect(rows.find((r) => r.id === a.clinica.id)!.nombre).toBe('Clínica A');
    expect(rows.find((r) => r.id === b.clinica.id)!.nombre).toBe('Hackeada');
  });

  it('tells a user without a clinic to set one up', async () => {
    const { cookie } = await signUp(t);
    const res = await putClinic(cookie, CLINICA);
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe('clinic_required');
  });

  it('validates with the clinic messages', async () => {
    const owner = await createClinicOwner(t);
    const res = await putClinic(owner.cookie, { nombre: '', telefono: '12' });
    expect((await errorOf(res)).fields).toEqual({
      nombre: 'El nombre de la clínica es obligatorio',
      telefono: 'Introduce un número de teléfono válido',
    });
  });
});

describe('POST /api/clinica/logo', () => {
  it('stores the logo under logos/{clinic}/ and deletes the one it replaces', async () => {
    const owner = await createClinicOwner(t);
    const first = await uploadLogo(owner.cookie, png);
    expect(first.status).toBe(200);
    const { logoUrl } = await first.json();
    expect(logoUrl).toMatch(new RegExp(`^/files/logos/${owner.clinica.id}/\\d+-logo\\.png$`));
    const served = await t.request(logoUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');

    const second = await (await uploadLogo(owner.cookie, png)).json();
    expect(await t.deps.storage.get(keyFromPublicUrl(logoUrl)!)).toBeNull();
    const [row] = await t.db.select().from(clinicas).where(eq(clinicas.id, owner.clinica.id));
    expect(row.logoUrl).toBe(second.logoUrl);
  });

  it('refuses members without clinica.editar and users without a clinic', async () => {
    const owner = await createClinicOwner(t);
    const member = await addTeamMember(t, owner.clinica.id, 'Recepción', 'recepcion');
    expect((await uploadLogo(member.cookie, png)).status).toBe(403);
    const loner = await signUp(t);
    expect((await uploadLogo(loner.cookie, png)).status).toBe(403);
    const [row] = await t.db.select().from(clinicas).where(eq(clinicas.id, owner.clinica.id));
    expect(row.logoUrl).toBeNull();
  });

  it('refuses what is not an image', async () => {
    const owner = await createClinicOwner(t);
    const res = await uploadLogo(owner.cookie, new TextEncoder().encode('GIF89a no es una imagen'));
    expect(res.status).toBe(415);
    expect((await errorOf(res)).message).toBe('El archivo debe ser una imagen');
  });
});
