import { DEFAULT_ROLES, type Permission } from '@odontia/shared';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from './app.ts';
import { routePermission } from './platform/session.ts';
import { addTeamMember, createClinicOwner, createTestApp, type TestApp } from './test/app.ts';

/**
 * The permission matrix, generated from the route table: every route of the API (`apiRoutes.routes`,
 * so a route added later is in it without editing this file) with the permission its
 * `requirePermission` recorded, against a member of each of the four default roles. A role that
 * holds the permission gets past the check (whatever the route then answers for an empty body or an
 * unknown id); one that does not gets 403 and nothing in the database changes.
 *
 * A route without a permission must be named below with why (public, or the signed-in person's
 * own data): a new route that forgets its permission fails here.
 */
const WITHOUT_PERMISSION: Record<string, string> = {
  'GET /health': 'public: health check',
  'GET /me': 'the signed-in person (any clinic or none)',
  'GET /directorio/ciudades': 'public directory',
  'GET /directorio/clinicas': 'public directory',
  'GET /directorio/clinicas/:id': 'public directory',
  'GET /directorio/especialidades': 'public directory',
  'GET /directorio/inicio': 'public directory',
  'POST /directorio/clinicas/:id/solicitudes': 'public contact form (anti-bot limits)',
  'GET /perfil': 'own profile',
  'PUT /perfil': 'own profile',
  'POST /perfil/foto': 'own profile photo',
  'GET /clinica': 'own clinic or none (onboarding)',
  'POST /clinica': 'creating one own clinic (onboarding)',
  'GET /terminos': 'public terms',
  'GET /demo': 'public demo accounts',
  'GET /noticias': 'community news for every member',
  'GET /invitaciones/token/:token': 'public: the register page of an invitation link',
  'GET /enlaces-presupuesto/:token': "public: the patient's budget link (clinic and second factors only)",
  'POST /enlaces-presupuesto/:token/verificar': "public: the link's second factor (5 tries, then locked)",
  'GET /enlaces-presupuesto/:token/presupuesto': "the patient's budget, with the second factor's signed cookie",
  'GET /enlaces-presupuesto/:token/pdf': "the patient's budget PDF, with the second factor's signed cookie",
  'POST /enlaces-presupuesto/:token/aceptar': "the patient's signed acceptance, with the second factor's cookie",
  'POST /enlaces-presupuesto/:token/rechazar': "the patient's refusal, with the second factor's cookie",
  'GET /cita-paciente/:token': "public: the patient's appointment page, opened by its link's token alone",
  'POST /cita-paciente/:token/confirmar': "public: the patient confirms the appointment of the link's token",
  'POST /cita-paciente/:token/cancelar': "public: the patient cancels it, before the clinic's cut-off",
  'GET /reservas/desafio': 'public: the proof-of-work challenge of the booking form (limited per address)',
  'GET /reservas/:id/opciones': 'public: what a clinic that takes online bookings offers',
  'GET /reservas/proximos': 'public: the next free slot of listed clinics that take online bookings',
  'GET /reservas/:id/huecos': "public: that clinic's free slots for a bookable service",
  'POST /reservas/:id/retener': 'public: holds an offered slot, with a solved proof of work (limited per address)',
  'POST /reservas/retenciones/:token/datos': "public: the booking's details, by its token; emails the code",
  'POST /reservas/retenciones/:token/confirmar': 'public: the booking, by its token and the emailed code',
  'DELETE /reservas/retenciones/:token': 'public: the visitor lets their own hold go, by its token',
};

type RouteEntry = { method: string; path: string; permission: Permission | undefined };

/** One entry per method and path: the permission of any of its handlers. */
function routeTable(): RouteEntry[] {
  const byKey = new Map<string, RouteEntry>();
  for (const r of apiRoutes.routes) {
    const key = `${r.method} ${r.path}`;
    const entry = byKey.get(key) ?? { method: r.method, path: r.path, permission: undefined };
    entry.permission ??= routePermission(r.handler);
    byKey.set(key, entry);
  }
  return [...byKey.values()];
}

const ROUTES = routeTable();
const PROTECTED = ROUTES.filter((r) => r.permission);

let t: TestApp;
const members: { rol: string; cookie: string; permisos: ReadonlySet<string> }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const owner = await createClinicOwner(t, { nombre: 'Clínica Matriz' });
  // A supplier clinic, so the supplier-only routes (/ventas) answer past their permission check too.
  await t.db.execute(sql`update clinicas set es_proveedor = true where id = ${owner.clinica.id}`);
  for (const role of DEFAULT_ROLES) {
    const account = role.rol === 'admin' ? owner : await addTeamMember(t, owner.clinica.id, role.nombre, role.rol);
    const catalogue = await rows<{ nombre: string }>(sql`select nombre from permisos`);
    const permisos = new Set<string>(role.rol === 'admin' ? catalogue.map((p) => p.nombre) : role.permisos);
    members.push({ rol: role.rol, cookie: account.cookie, permisos });
  }
});
afterAll(() => t.close());

/** Rows of a raw query (both drivers answer `{ rows }`). */
const rows = async <T>(query: SQL) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;

/** The route's path with every parameter filled with a value that exists nowhere. */
const concrete = (path: string) =>
  `/api${path.replace(/:id\b/g, '00000000-0000-4000-8000-000000000000').replace(/:(\w+)/g, 'x')}`;

async function call(route: RouteEntry, cookie: string): Promise<{ status: number; code?: string }> {
  const hasBody = !['GET', 'HEAD', 'DELETE'].includes(route.method);
  const res = await t.request(concrete(route.path), { method: route.method, cookie, ...(hasBody ? { json: {} } : {}) });
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('text/event-stream')) {
    await res.body?.cancel();
    return { status: res.status };
  }
  const body = type.includes('json') ? ((await res.json()) as { error?: { code?: string } }) : (await res.text(), null);
  return { status: res.status, code: body?.error?.code };
}

/** Everything the clinic's data is made of (sessions and rate-limit counters aside), as one hash per table. */
async function fingerprint(): Promise<Record<string, string>> {
  const tables = await rows<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not in ('session', 'rate_limit', 'limites_uso', 'verification', '__drizzle_migrations') order by 1`,
  );
  const result: Record<string, string> = {};
  for (const { table_name } of tables) {
    const [row] = await rows<{ h: string }>(
      sql`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${sql.identifier(table_name)} x`,
    );
    result[table_name] = row.h;
  }
  return result;
}

describe('permission matrix (generated from the route table)', () => {
  it('knows why each route without a permission has none', () => {
    const unexplained = ROUTES.filter((r) => !r.permission && !WITHOUT_PERMISSION[`${r.method} ${r.path}`]).map(
      (r) => `${r.method} ${r.path}`,
    );
    expect(unexplained).toEqual([]);
    // And the list names no route that no longer exists or that now has a permission.
    const stale = Object.keys(WITHOUT_PERMISSION).filter(
      (key) => !ROUTES.some((r) => `${r.method} ${r.path}` === key && !r.permission),
    );
    expect(stale).toEqual([]);
    expect(PROTECTED.length).toBeGreaterThan(30);
  });

  it('puts the medical alerts behind their permissions: the full list historia.ver, changes antecedentes.editar', () => {
    const permissionOf = (key: string) => ROUTES.find((r) => `${r.method} ${r.path}` === key)?.permission;
    expect({
      list: permissionOf('GET /pacientes/:id/antecedentes'),
      add: permissionOf('POST /pacientes/:id/antecedentes'),
      withdraw: permissionOf('POST /pacientes/:id/antecedentes/:antecedenteId/retirar'),
    }).toEqual({ list: 'historia.ver', add: 'antecedentes.editar', withdraw: 'antecedentes.editar' });
  });

  it("puts the export of a patient's record behind historia.exportar, which Administrador and Dentista hold by default", () => {
    const route = ROUTES.find((r) => `${r.method} ${r.path}` === 'GET /pacientes/:id/exportar');
    expect(route?.permission).toBe('historia.exportar');
    expect(members.filter((m) => m.permisos.has('historia.exportar')).map((m) => m.rol)).toEqual(['admin', 'dentista']);
  });

  it('puts the consents behind their permissions: reading historia.ver, signing consentimientos.firmar', () => {
    const permissionOf = (key: string) => ROUTES.find((r) => `${r.method} ${r.path}` === key)?.permission;
    expect({
      list: permissionOf('GET /pacientes/:id/consentimientos'),
      text: permissionOf('GET /pacientes/:id/consentimientos/texto'),
      sign: permissionOf('POST /pacientes/:id/consentimientos'),
      pdf: permissionOf('GET /consentimientos/:id/pdf'),
      templates: permissionOf('GET /plantillas-consentimientos'),
      newTemplate: permissionOf('POST /plantillas-consentimientos'),
      editTemplate: permissionOf('PUT /plantillas-consentimientos/:id'),
      deleteTemplate: permissionOf('DELETE /plantillas-consentimientos/:id'),
    }).toEqual({
      list: 'historia.ver',
      text: 'consentimientos.firmar',
      sign: 'consentimientos.firmar',
      pdf: 'historia.ver',
      templates: 'historia.ver',
      newTemplate: 'historia.editar',
      editTemplate: 'historia.editar',
      deleteTemplate: 'historia.editar',
    });
  });

  it("puts tomorrow's reminders behind citas.ver and recording a WhatsApp reminder behind citas.editar", () => {
    const permissionOf = (key: string) => ROUTES.find((r) => `${r.method} ${r.path}` === key)?.permission;
    expect({
      list: permissionOf('GET /recordatorios/manana'),
      whatsapp: permissionOf('POST /recordatorios/:id/whatsapp'),
    }).toEqual({ list: 'citas.ver', whatsapp: 'citas.editar' });
  });

  it('puts the booking rules behind clinica.ver and clinica.editar, and the recalls behind pacientes.ver and pacientes.editar', () => {
    const permissionOf = (key: string) => ROUTES.find((r) => `${r.method} ${r.path}` === key)?.permission;
    expect({
      rules: permissionOf('GET /reservas/ajustes'),
      saveRules: permissionOf('PUT /reservas/ajustes'),
      recalls: permissionOf('GET /revisiones'),
      email: permissionOf('POST /revisiones/:id/email'),
      whatsapp: permissionOf('POST /revisiones/:id/whatsapp'),
    }).toEqual({
      rules: 'clinica.ver',
      saveRules: 'clinica.editar',
      recalls: 'pacientes.ver',
      email: 'pacientes.editar',
      whatsapp: 'pacientes.editar',
    });
  });

  it("puts the dentists' hours and the agenda's blocks behind citas.ver to read; hours dentistas.gestionar, blocks citas.editar to change", () => {
    const permissionOf = (key: string) => ROUTES.find((r) => `${r.method} ${r.path}` === key)?.permission;
    expect({
      hours: permissionOf('GET /dentistas/:id/horario'),
      setHours: permissionOf('PUT /dentistas/:id/horario'),
      blocks: permissionOf('GET /bloqueos'),
      newBlock: permissionOf('POST /bloqueos'),
      deleteBlock: permissionOf('DELETE /bloqueos/:id'),
      day: permissionOf('GET /citas/horario-dentistas'),
    }).toEqual({
      hours: 'citas.ver',
      setHours: 'dentistas.gestionar',
      blocks: 'citas.ver',
      newBlock: 'citas.editar',
      deleteBlock: 'citas.editar',
      day: 'citas.ver',
    });
  });

  it('refuses every route to every default role that lacks its permission, with 403 and nothing changed', async () => {
    const before = await fingerprint();
    const denied: string[] = [];
    const wrong: string[] = [];
    for (const route of PROTECTED) {
      for (const member of members) {
        if (member.permisos.has(route.permission!)) continue;
        const { status, code } = await call(route, member.cookie);
        denied.push(`${member.rol} ${route.method} ${route.path}`);
        if (status !== 403 || code !== 'forbidden')
          wrong.push(`${member.rol} ${route.method} ${route.path} → ${status} ${code}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await fingerprint()).toEqual(before);
    expect(denied.length).toBeGreaterThan(0);
    console.warn(
      `permission matrix: ${PROTECTED.length} routes × ${members.length} roles = ${PROTECTED.length * members.length} cells; ${denied.length} refused`,
    );
  });

  it('lets every default role that holds a route permission past the check', async () => {
    const wrong: string[] = [];
    for (const route of PROTECTED) {
      for (const member of members) {
        if (!member.permisos.has(route.permission!)) continue;
        const { status, code } = await call(route, member.cookie);
        if (status === 401 || status === 403 || status >= 500)
          wrong.push(`${member.rol} ${route.method} ${route.path} → ${status} ${code}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses every protected route to a signed-out request with 401', async () => {
    const wrong: string[] = [];
    for (const route of PROTECTED) {
      const { status } = await call(route, '');
      if (status !== 401) wrong.push(`${route.method} ${route.path} → ${status}`);
    }
    expect(wrong).toEqual([]);
  });
});
