import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import {
  collectionMethodsOf,
  chartDentition,
  chartProblems,
  createItemSchema,
  DEFAULT_ROLES,
  diffCharts,
  isCie10DentalCode,
  PATIENTS_PAGE_SIZE,
  todayInZone,
  updatePatientSchema,
} from '@odontia/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client.ts';
import { DEMO_CLINIC, DEMO_MADRID_CLINIC, DEMO_SUPPLIER, DEMO_TEAM, DEMO_ZONE, seededRandom } from './demo.ts';
import {
  account,
  adendasNotas,
  antecedentes,
  archivos,
  auditoria,
  aplicacionesCobro,
  cajas,
  citas,
  clinicas,
  cobros,
  consentimientos,
  contadoresPresupuestos,
  contadoresRecibos,
  dentistas,
  notasClinicas,
  odontogramaVersiones,
  pacientes,
  presupuestos,
  productos,
  lineasPresupuesto,
  rolesClinica,
  tratamientosRealizados,
  user,
  usuarios,
  usuariosRol,
} from '../db/schema/index.ts';
import { demoSeeders, seed } from './seed.ts';
import { keyFromPublicUrl } from '../platform/storage/storage.ts';
import { cookiesFrom, createTestApp, type TestApp } from '../test/app.ts';
import { resetTokenFor } from '../test/outbox.ts';
import { buildDemoPatients, DEMO_PATIENT_COUNT } from '../features/patients/patients.seed.ts';
import { whatsappPhone } from '../platform/phone.ts';
import { seedDemoTeam } from '../features/team/team.seed.ts';
import { DEMO_MADRID_PATIENT_COUNT } from '../features/payments/demo-history.seed.ts';
import { addendumHash, noteHash } from '../features/clinical-notes/clinical-notes.service.ts';

let t: TestApp;
let api: ReturnType<TestApp['client']>;

beforeAll(async () => {
  t = await createTestApp();
  api = t.client();
});
afterAll(() => t.close());

/** The key of every stored file, in the store the app uses: DATA_DIR/uploads on PGlite, `archivos` on PostgreSQL. */
async function storedKeys(): Promise<string[]> {
  if (t.deps.storage.driver === 'postgres') {
    return (await t.db.select({ clave: archivos.clave }).from(archivos)).map((row) => row.clave);
  }
  const root = path.join(t.dataDir, 'uploads');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile() && !e.name.endsWith('.meta.json'))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

async function rowCounts() {
  const [[users], [clinics], [patients]] = await Promise.all([
    t.db.select({ n: count() }).from(user),
    t.db.select({ n: count() }).from(clinicas),
    t.db.select({ n: count() }).from(pacientes),
  ]);
  return { users: users.n, clinics: clinics.n, patients: patients.n, files: (await storedKeys()).length };
}

const signIn = (email: string, password: string) =>
  t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });

describe('the demo clinic', () => {
  it('does not exist with SEED_DEMO=false: no data, no files, and GET /api/demo answers 404', async () => {
    expect(t.config.seedDemo).toBe(false);
    expect(await seed(t.db, { demo: t.config.seedDemo, storage: t.deps.storage })).toEqual({ demo: false });
    expect(await rowCounts()).toEqual({ users: 0, clinics: 0, patients: 0, files: 0 });

    const res = await api.demo.$get();
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'No hay clínica de demostración' } });
    expect((await signIn(DEMO_CLINIC.owner.email, DEMO_CLINIC.owner.password)).status).toBe(401);
  });

  // Seeds the whole demo, a year of history for the reports included (issue 25): more than the default 30 s on a busy machine.
  it('leaves nothing behind, files included, when a demo seeder fails', async () => {
    demoSeeders.push(async () => {
      throw new Error('fallo a propósito');
    });
    try {
      await expect(seed(t.db, { demo: true, storage: t.deps.storage })).rejects.toThrow('fallo a propósito');
    } finally {
      demoSeeders.pop();
    }
    expect(await rowCounts()).toEqual({ users: 0, clinics: 0, patients: 0, files: 0 });
  }, 120_000);

  // Seeds the whole demo, a year of history for the reports included (issue 25): more than the default 30 s on a busy machine.
  it('is created by the seed: the clinic in Bogotá, its four default roles and the owner as Administrador', async () => {
    expect(await seed(t.db, { demo: true, storage: t.deps.storage })).toEqual({ demo: true });

    const [clinica] = await t.db.select().from(clinicas).where(eq(clinicas.id, DEMO_CLINIC.id));
    expect(clinica).toMatchObject({
      nombre: 'Clínica Dental Sonrisas (demo)',
      ciudad: 'Bogotá',
      pais: 'CO',
      zonaHoraria: 'America/Bogota',
      moneda: 'COP',
      userId: DEMO_CLINIC.owner.id,
    });
    // Not in the public directory, whose sample clinics are counted by other tests.
    expect(clinica.publicada).toBe(false);

    const roles = await t.db.select().from(rolesClinica).where(eq(rolesClinica.clinicaId, DEMO_CLINIC.id));
    expect(
      roles
        .filter((r) => r.esPredeterminado)
        .map((r) => r.nombre)
        .sort(),
    ).toEqual(DEFAULT_ROLES.map((r) => r.nombre).sort());
    const [member] = await t.db
      .select({ rol: usuarios.rol, rolNombre: rolesClinica.nombre })
      .from(usuarios)
      .innerJoin(usuariosRol, eq(usuariosRol.usuarioId, usuarios.id))
      .innerJoin(rolesClinica, eq(rolesClinica.id, usuariosRol.rolId))
      .where(eq(usuarios.id, DEMO_CLINIC.owner.id));
    expect(member).toEqual({ rol: 'admin', rolNombre: 'Administrador' });
    const [credential] = await t.db.select().from(account).where(eq(account.userId, DEMO_CLINIC.owner.id));
    expect(credential.providerId).toBe('credential');
    expect(credential.password).not.toContain(DEMO_CLINIC.owner.password);
  }, 120_000);

  it('answers its credentials at GET /api/demo, and they sign in to a finished onboarding', async () => {
    const res = await api.demo.$get();
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({ demo: { email: 'demo@odontia.local', password: 'demo1234' } });

    const signed = await signIn(body.demo.email, body.demo.password);
    expect(signed.status).toBe(200);
    const cookie = cookiesFrom(signed);
    const me = await t.request('/api/me', { cookie });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ user: { email: 'demo@odontia.local', onboardingStep: 'completado' } });
    // A clinic that has done its first steps: the dashboard shows no 'Primeros pasos'.
    const steps = await t.request('/api/panel/primeros-pasos', { cookie });
    expect(await steps.json()).toEqual({
      perfil: true,
      dentistas: true,
      horario: true,
      equipo: true,
      catalogo: true,
      perfilPublico: true,
    });
    expect((await signIn(DEMO_CLINIC.owner.email, 'otra-clave')).status).toBe(401);
  });

  it('has a team: one member per role who signs in with the demo password, a custom role, a pending and an expired invitation', async () => {
    const owner = cookiesFrom(await signIn(DEMO_CLINIC.owner.email, DEMO_CLINIC.owner.password));
    const list = await api.usuarios.$get({ query: { buscar: '', pagina: '1' } }, { headers: { cookie: owner } });
    const { filas } = await list.json();
    for (const m of DEMO_TEAM.members) {
      expect(filas.find((f) => f.email === m.email)).toMatchObject({
        tipo: 'miembro',
        estado: 'registrado',
        rol: { nombre: m.rol },
      });
      const signed = await signIn(m.email, DEMO_TEAM.password);
      expect(signed.status, m.email).toBe(200);
      const me = await t.request('/api/me', { cookie: cookiesFrom(signed) });
      const [nombres, ...apellidos] = m.nombres.split(' ');
      expect(await me.json()).toMatchObject({
        user: { onboardingStep: 'completado' },
        perfil: { nombres, apellidos: apellidos.join(' ') },
      });
    }
    expect(
      filas
        .filter((f) => f.tipo === 'invitacion')
        .map((f) => f.estado)
        .sort(),
    ).toEqual(['expirado', 'pendiente']);
    const roles = await t.db.select().from(rolesClinica).where(eq(rolesClinica.id, DEMO_TEAM.customRole.id));
    expect(roles).toMatchObject([{ nombre: 'Higienista', esPredeterminado: false }]);

    // Running the team seeder again changes nothing.
    const before = await t.db.select({ n: count() }).from(usuarios);
    await t.db.transaction((tx) => seedDemoTeam(tx));
    expect(await t.db.select({ n: count() }).from(usuarios)).toEqual(before);
  });

  it('has four dentists and about three months of appointments around today, none overlapping', async () => {
    const cookie = cookiesFrom(await signIn(DEMO_CLINIC.owner.email, DEMO_CLINIC.owner.password));
    const dentists = await (await api.dentistas.$get({ query: {} }, { headers: { cookie } })).json();
    expect(dentists.map((d) => d.nombres)).toEqual(['Carlos', 'Elena', 'Javier', 'Nuria']);
    expect(dentists[0].usuarioId).toBe(DEMO_TEAM.members[0].id);
    const today = todayInZone(DEMO_ZONE);
    const [summary] = await t.db
      .select({
        total: count(),
        first: sql<string>`min(${citas.inicio})::date::text`,
        last: sql<string>`max(${citas.inicio})::date::text`,
        // The year before (issue 25) has the day's states too: attended, no-shows, cancelled by the patient.
        pastOpen: sql<number>`count(*) filter (where ${citas.fin} < now() - interval '1 day' and ${citas.estado} not in ('atendida', 'completada', 'no_asistio', 'cancelada', 'cancelada_paciente'))::int`,
        futureClosed: sql<number>`count(*) filter (where ${citas.inicio} > now() + interval '1 day' and ${citas.estado} not in ('pendiente', 'confirmada'))::int`,
      })
      .from(citas)
      .where(eq(citas.clinicaId, DEMO_CLINIC.id));
    expect(summary.total).toBeGreaterThan(1000);
    expect(Math.abs(Date.parse(summary.first) - Date.parse(today)) / 86_400_000).toBeGreaterThan(40);
    expect(Math.abs(Date.parse(summary.last) - Date.parse(today)) / 86_400_000).toBeGreaterThan(40);
    expect(summary).toMatchObject({ pastOpen: 0, futureClosed: 0 });
    // The upcoming list starts today.
    const page = await (await api.citas.$get({ query: {} }, { headers: { cookie } })).json();
    expect(page.total).toBeGreaterThan(400);
    expect(page.citas[0].fecha >= today).toBe(true);
    // A few active patients have nothing booked and were last seen long ago: 'Revisiones pendientes' lists them.
    const recalls = await (await api.revisiones.$get({ query: {} }, { headers: { cookie } })).json();
    expect(recalls.total).toBeGreaterThanOrEqual(5);
    expect(recalls.pacientes.some((p) => p.consentimiento && p.email)).toBe(true);
  });

  it('has charts with a few versions for the patients seen in the past, valid by the chart rules', async () => {
    const cookie = cookiesFrom(await signIn(DEMO_CLINIC.owner.email, DEMO_CLINIC.owner.password));
    const versions = await t.db
      .select()
      .from(odontogramaVersiones)
      .where(eq(odontogramaVersiones.clinicaId, DEMO_CLINIC.id));
    const patients = new Set(versions.map((v) => v.pacienteId));
    expect(patients.size).toBeGreaterThan(50);
    for (const v of versions) expect(chartProblems(v.carta)).toEqual([]);
    const [pacienteId] = patients;
    const current = await (
      await api.pacientes[':id'].odontograma.$get({ param: { id: pacienteId } }, { headers: { cookie } })
    ).json();
    const mine = versions.filter((v) => v.pacienteId === pacienteId);
    expect(current.version).toBe(mine.length);
    expect(mine.length).toBeGreaterThanOrEqual(1);
    expect(mine.length).toBeLessThanOrEqual(3);
    expect(new Date(current.fecha!).getTime()).toBeLessThan(Date.now());
    // Something changed from one version to the next.
    const multi = versions.find((v) => v.version === 2)!;
    const first = versions.find((v) => v.pacienteId === multi.pacienteId && v.version === 1)!;
    expect(diffCharts(first.carta, multi.carta).length).toBeGreaterThan(0);
    // The team dentist's saves are in the audit trail.
    const [saves] = await t.db
      .select({ n: count() })
      .from(auditoria)
      .where(eq(auditoria.usuarioId, DEMO_TEAM.members[0].id));
    expect(saves.n).toBeGreaterThan(0);
  });

  it('has a clinical record: signed notes with diagnoses and services, addenda, alerts, charts with planned and done entries', async () => {
    // Signed notes for the patients seen in the past, each naming a CIE-10 code and a catalogue service.
    const notes = await t.db.select().from(notasClinicas).where(eq(notasClinicas.clinicaId, DEMO_CLINIC.id));
    expect(new Set(notes.map((n) => n.pacienteId)).size).toBeGreaterThan(50);
    expect(notes.every((n) => n.estado === 'firmada' && n.diagnostico && isCie10DentalCode(n.diagnostico))).toBe(true);
    const services = new Set(
      (
        await t.db
          .select({ id: productos.id })
          .from(productos)
          .where(and(eq(productos.clinicaId, DEMO_CLINIC.id), eq(productos.categoria, 'servicio')))
      ).map((p) => p.id),
    );
    expect(notes.every((n) => n.procedimientos.length > 0 && n.procedimientos.every((id) => services.has(id)))).toBe(
      true,
    );
    // Each stored hash is the one the service computes from the note as signed.
    for (const n of notes) {
      expect(noteHash(n, n.fechaFirma!)).toBe(n.hash);
    }
    const addenda = await t.db.select().from(adendasNotas).where(eq(adendasNotas.clinicaId, DEMO_CLINIC.id));
    expect(addenda.length).toBeGreaterThan(0);
    expect(addenda.length).toBeLessThan(notes.length / 5);
    for (const a of addenda) expect(addendumHash(a)).toBe(a.hash);

    // Alerts on about one patient in ten, anticoagulants among them; the short list is filled.
    const alerts = await t.db.select().from(antecedentes).where(eq(antecedentes.clinicaId, DEMO_CLINIC.id));
    const withAlerts = new Set(alerts.map((a) => a.pacienteId));
    expect(withAlerts.size).toBeGreaterThanOrEqual(DEMO_PATIENT_COUNT / 20);
    expect(withAlerts.size).toBeLessThanOrEqual(DEMO_PATIENT_COUNT / 7);
    expect(alerts.some((a) => a.anticoagulante)).toBe(true);
    const labelled = await t.db
      .select({ id: pacientes.id, alertas: pacientes.alertas })
      .from(pacientes)
      .where(eq(pacientes.clinicaId, DEMO_CLINIC.id));
    for (const p of labelled) expect(p.alertas.length > 0).toBe(withAlerts.has(p.id));
    expect(labelled.some((p) => p.alertas.includes('Anticoagulante'))).toBe(true);

    // The latest charts carry the plan (planned, with a service) and the work done (with its date, author and note).
    const versions = await t.db
      .select()
      .from(odontogramaVersiones)
      .where(eq(odontogramaVersiones.clinicaId, DEMO_CLINIC.id));
    const marks = versions.flatMap((v) =>
      Object.values(v.carta).flatMap((tooth) => (tooth ? [tooth, ...Object.values(tooth.superficies)] : [])),
    );
    expect(marks.some((m) => m.etapa === 'planificado' && m.servicioId && services.has(m.servicioId))).toBe(true);
    const done = marks.filter((m) => m.etapa === 'realizado');
    expect(done.length).toBeGreaterThan(0);
    expect(done.every((m) => m.realizado !== null)).toBe(true);
    const noteIds = new Set(notes.map((n) => n.id));
    expect(done.some((m) => m.realizado?.notaId && noteIds.has(m.realizado.notaId))).toBe(true);
    // A few children: primary (temporal) and mixed charts.
    const dentitions = versions.map((v) => chartDentition(v.carta));
    expect(dentitions).toContain('temporal');
    expect(dentitions).toContain('mixta');
  });

  it('has signed consents with their PDFs in storage, hashed as stored, each with who signed it', async () => {
    const consents = await t.db.select().from(consentimientos).where(eq(consentimientos.clinicaId, DEMO_CLINIC.id));
    expect(consents.length).toBeGreaterThanOrEqual(8);
    expect(new Set(consents.map((c) => c.titulo)).size).toBe(3);
    for (const c of consents) {
      const file = await t.deps.storage.get(c.archivoClave);
      expect(file?.contentType).toBe('application/pdf');
      expect(createHash('sha256').update(file!.bytes).digest('hex')).toBe(c.sha256);
      expect(c.texto).not.toMatch(/\{(paciente|dentista|clinica|fecha|diente)\}/);
      expect(c.firmante === 'tutor').toBe(c.tutorNombre !== null);
    }
    // Files in the API-only prefix only, one per consent.
    expect((await storedKeys()).filter((f) => f.startsWith('consentimientos/')).sort()).toEqual(
      consents.map((c) => c.archivoClave).sort(),
    );
  });

  it('has a supplier selling ~60 supplies with images, and two past orders of the demo clinic, one delivered into its inventory', async () => {
    const supplier = cookiesFrom(await signIn(DEMO_SUPPLIER.owner.email, DEMO_SUPPLIER.owner.password));
    const sales = await (await api.ventas.$get({ query: {} }, { headers: { cookie: supplier } })).json();
    expect(sales.pedidos.map((p) => [p.estado, p.clinica.nombre])).toEqual([
      ['enviado', DEMO_CLINIC.nombre],
      ['entregado', DEMO_CLINIC.nombre],
    ]);
    const cookie = cookiesFrom(await signIn(DEMO_CLINIC.owner.email, DEMO_CLINIC.owner.password));
    const store = await (await api.tienda.productos.$get({ query: {} }, { headers: { cookie } })).json();
    expect(store.total).toBeGreaterThanOrEqual(55);
    expect(store.productos.every((p) => p.proveedor.nombre === 'Depósito Dental Ibérico' && p.imagenUrl)).toBe(true);
    const image = await t.request(store.productos[0].imagenUrl!, { cookie });
    expect(image.headers.get('content-type')).toBe('image/webp');
    const orders = await (await api.pedidos.$get({ query: {} }, { headers: { cookie } })).json();
    const delivered = await (
      await api.pedidos[':id'].$get({ param: { id: orders.pedidos[1].id } }, { headers: { cookie } })
    ).json();
    expect(delivered.seguimiento.map((s) => s.estado)).toEqual(['recibido', 'en_preparacion', 'enviado', 'entregado']);
    expect(delivered.recepcion?.autor).toContain(DEMO_CLINIC.owner.nombres);
    // Received into the clinic's own (coded) items, now linked to the products: no item made twice.
    const items = await t.db
      .select({
        id: productos.id,
        nombre: productos.nombre,
        codigo: productos.codigo,
        link: productos.productoProveedorId,
      })
      .from(productos)
      .where(eq(productos.clinicaId, DEMO_CLINIC.id));
    for (const line of delivered.lineas) {
      const own = items.find((i) => i.id === line.recibidoEn?.id);
      expect(own?.codigo, line.nombre).toMatch(/^INS-\d{3}$/);
      expect(own?.link, line.nombre).toBe(line.productoId);
    }
    expect(items.filter((i) => i.link !== null)).toHaveLength(delivered.lineas.length);
    const names = items.map((i) => i.nombre.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
    // In both clinics each movement's stock is the running sum of the item's movements in date order,
    // and the last one is the item's stock.
    const off = await t.db.execute(sql`
      select m.producto_id from (
        select m.*, sum(m.cantidad) over (partition by m.producto_id order by m.fecha_creacion, m.id) as acumulado,
               row_number() over (partition by m.producto_id order by m.fecha_creacion desc, m.id desc) as desde_el_final
        from movimientos_stock m where m.clinica_id in (${DEMO_CLINIC.id}, ${DEMO_SUPPLIER.id})) m
      join productos p on p.id = m.producto_id
      where m.acumulado <> m.stock_resultante or (m.desde_el_final = 1 and p.stock_actual <> m.stock_resultante)`);
    expect((off as unknown as { rows: unknown[] }).rows).toEqual([]);
  });

  it('has a catalogue of about 40 items in the three categories, valid for the form, with stock that its movements add up to', async () => {
    const cookie = cookiesFrom(await signIn(DEMO_CLINIC.owner.email, DEMO_CLINIC.owner.password));
    const page = await (await api.productos.$get({ query: {} }, { headers: { cookie } })).json();
    expect(page.total).toBeGreaterThanOrEqual(38);
    expect(new Set(page.items.map((i) => i.categoria))).toEqual(new Set(['producto', 'servicio', 'insumo']));
    expect(page.items.filter((i) => i.bajoMinimo).length).toBeGreaterThanOrEqual(3);
    for (const item of page.items) {
      expect(createItemSchema.safeParse(item).success, item.nombre).toBe(true);
      if (item.categoria === 'servicio') expect(item.stockActual).toBeNull();
    }
    const mismatched = await t.db.execute(sql`
      select p.nombre from productos p
      where p.clinica_id = ${DEMO_CLINIC.id}
        and coalesce(p.stock_actual, 0) <> coalesce((select sum(m.cantidad) from movimientos_stock m where m.producto_id = p.id), 0)`);
    expect((mismatched as unknown as { rows: unknown[] }).rows).toEqual([]);
  });

  it("gives its services a length, Colombia's taxes and, for some, a kit of its own supplies", async () => {
    const cookie = cookiesFrom(await signIn(DEMO_CLINIC.owner.email, DEMO_CLINIC.owner.password));
    const services = await (
      await api.productos.$get({ query: { categoria: 'servicio' } }, { headers: { cookie } })
    ).json();
    const items = await Promise.all(
      services.items.map(async (row) =>
        (await api.productos[':id'].$get({ param: { id: row.id } }, { headers: { cookie } })).json(),
      ),
    );
    expect(
      items.every((i) => 'duracionMinutos' in i && i.duracionMinutos !== null && i.tipoImpuesto === 'CO_EXCLUIDO'),
    ).toBe(true);
    const withKit = items.filter((i) => 'kit' in i && i.kit.length > 0);
    expect(withKit.length).toBeGreaterThanOrEqual(3);
    expect(withKit.some((i) => 'kit' in i && i.kit.length === 5)).toBe(true);
  });

  it('has a small clinic in Madrid that counts in euros with Spain’s taxes, and an empty store (issue 23)', async () => {
    const [clinica] = await t.db.select().from(clinicas).where(eq(clinicas.id, DEMO_MADRID_CLINIC.id));
    expect(clinica).toMatchObject({ pais: 'ES', zonaHoraria: 'Europe/Madrid', moneda: 'EUR' });
    const cookie = cookiesFrom(await signIn(DEMO_MADRID_CLINIC.owner.email, DEMO_MADRID_CLINIC.owner.password));
    const page = await (await api.productos.$get({ query: {} }, { headers: { cookie } })).json();
    const taxes = await t.db
      .select({ nombre: productos.nombre, tipoImpuesto: productos.tipoImpuesto, precioVenta: productos.precioVenta })
      .from(productos)
      .where(eq(productos.clinicaId, DEMO_MADRID_CLINIC.id));
    expect(page.total).toBe(taxes.length);
    const taxOf = (nombre: string) => taxes.find((i) => i.nombre === nombre)?.tipoImpuesto;
    expect(taxOf('Limpieza bucal')).toBe('ES_EXENTO');
    expect(taxOf('Blanqueamiento en clínica')).toBe('ES_IVA_21');
    expect(taxOf('Colutorio con clorhexidina 500 ml')).toBe('ES_IVA_21');
    // Cents: the cleaning costs 55,00 €.
    expect(taxes.find((i) => i.nombre === 'Limpieza bucal')?.precioVenta).toBe(5500);
    const store = await (await api.tienda.productos.$get({ query: {} }, { headers: { cookie } })).json();
    expect(store.total).toBe(0);
  });

  it('has a year of treatments, appointments with no-shows, budgets and new patients for the reports (issue 25)', async () => {
    const tr = tratamientosRealizados;
    for (const [clinic, zone, moneda, minTreatments, minDays] of [
      [DEMO_CLINIC.id, DEMO_ZONE, 'COP', 1500, 250],
      [DEMO_MADRID_CLINIC.id, 'Europe/Madrid', 'EUR', 300, 150],
    ] as const) {
      const today = todayInZone(zone);
      const day = sql`(${tr.fecha} at time zone ${zone})::date`;
      const [work] = await rowsOf<{
        n: number;
        days: number;
        first: string;
        last: string;
        sundays: number;
        monedas: string;
        withTooth: number;
        offPrice: number;
        foreignDentist: number;
      }>(
        t.db.execute(sql`select count(*)::int as n, count(distinct ${day})::int as days,
          min(${day})::text as first, max(${day})::text as last,
          count(*) filter (where extract(dow from ${day}) = 0)::int as sundays,
          string_agg(distinct ${tr.moneda}, ',') as monedas,
          count(*) filter (where ${tr.diente} is not null)::int as "withTooth",
          count(*) filter (where ${tr.lineaPresupuestoId} is null and ${tr.importe} <> ${productos.precioVenta})::int as "offPrice",
          count(*) filter (where ${dentistas.clinicaId} is distinct from ${tr.clinicaId})::int as "foreignDentist"
          from ${tr} join ${productos} on ${productos.id} = ${tr.servicioId}
          left join ${dentistas} on ${dentistas.id} = ${tr.dentistaId}
          where ${tr.clinicaId} = ${clinic}`),
      );
      expect(work.n).toBeGreaterThan(minTreatments);
      expect(work.days).toBeGreaterThan(minDays);
      expect((Date.parse(today) - Date.parse(work.first)) / 86_400_000).toBeGreaterThan(330);
      expect(work.last < today).toBe(true);
      expect(work).toMatchObject({ sundays: 0, monedas: moneda, offPrice: 0, foreignDentist: 0 });
      expect(work.withTooth).toBeGreaterThan(work.n / 5);

      // Past appointments with the day's states: about 8 % of those not cancelled were no-shows.
      const [agenda] = await rowsOf<{ states: string; rate: number; history: number }>(
        t.db.execute(sql`select string_agg(distinct ${citas.estado}, ',' order by ${citas.estado}) as states,
          (count(*) filter (where ${citas.estado} = 'no_asistio'))::float8
            / nullif(count(*) filter (where ${citas.estado} in ('atendida', 'completada', 'no_asistio')), 0) as rate,
          count(*) filter (where ${citas.inicio} < now() - interval '60 days')::int as history
          from ${citas} where ${citas.clinicaId} = ${clinic} and ${citas.fin} < now() - interval '1 day'`),
      );
      expect(agenda.states.split(',')).toEqual(
        expect.arrayContaining(['atendida', 'cancelada', 'cancelada_paciente', 'completada', 'no_asistio']),
      );
      expect(agenda.rate).toBeGreaterThan(0.04);
      expect(agenda.rate).toBeLessThan(0.13);
      expect(agenda.history).toBeGreaterThan(200);

      // Budgets sent, accepted (in part), rejected, waiting; numbered per year without gaps, counters in step.
      const p = presupuestos;
      const budgets = await t.db
        .select({ numero: p.numero, estado: p.estado, validoHasta: p.validoHasta })
        .from(p)
        .where(eq(p.clinicaId, clinic));
      // caducado is not stored (decision 0021): some sent ones are past their validity, some still valid.
      expect(new Set(budgets.map((b) => b.estado))).toEqual(
        new Set(['aceptado', 'aceptado_parcialmente', 'rechazado', 'enviado']),
      );
      const sent = budgets.filter((b) => b.estado === 'enviado');
      expect(sent.some((b) => b.validoHasta < today)).toBe(true);
      expect(sent.some((b) => b.validoHasta >= today)).toBe(true);
      const counters = await t.db
        .select({ anio: contadoresPresupuestos.anio, ultimo: contadoresPresupuestos.ultimo })
        .from(contadoresPresupuestos)
        .where(eq(contadoresPresupuestos.clinicaId, clinic));
      for (const { anio, ultimo } of counters) {
        const numbers = budgets
          .filter((b) => b.numero.startsWith(`P-${anio}-`))
          .map((b) => Number(b.numero.slice(7)))
          .sort((a, b) => a - b);
        expect(numbers).toEqual(Array.from({ length: ultimo }, (_, i) => i + 1));
      }
      expect(counters.reduce((s, c) => s + c.ultimo, 0)).toBe(budgets.length);
      const [lines] = await rowsOf<{ badTotal: number; doneLines: number; badDone: number }>(
        t.db.execute(sql`select
          (select count(*) from ${p} where ${p.clinicaId} = ${clinic} and ${p.total} <>
            (select sum(${lineasPresupuesto.total}) from ${lineasPresupuesto} where ${lineasPresupuesto.presupuestoId} = ${p.id}))::int as "badTotal",
          count(*)::int as "doneLines",
          count(*) filter (where ${lineasPresupuesto.aceptada} is not true or ${tr.importe} <> ${lineasPresupuesto.total}
            or ${tr.fecha} < ${p.fechaRespuesta} or ${tr.pacienteId} <> ${p.pacienteId})::int as "badDone"
          from ${tr} join ${lineasPresupuesto} on ${lineasPresupuesto.id} = ${tr.lineaPresupuestoId}
          join ${p} on ${p.id} = ${lineasPresupuesto.presupuestoId}
          where ${tr.clinicaId} = ${clinic}`),
      );
      expect(lines).toMatchObject({ badTotal: 0, badDone: 0 });
      // A partly accepted budget has accepted and refused lines; an accepted one only accepted lines.
      // What each budget keeps as accepted (the budgets report sums it) is its accepted lines' total.
      const [answers] = await rowsOf<{ partlyWrong: number; acceptedWrong: number; amountWrong: number }>(
        t.db.execute(sql`select
          count(*) filter (where parcial and not (alguna_aceptada and alguna_rechazada))::int as "partlyWrong",
          count(*) filter (where aceptado and alguna_rechazada)::int as "acceptedWrong",
          count(*) filter (where importe_aceptado <> lineas_aceptadas)::int as "amountWrong"
          from (select ${p.estado} = 'aceptado_parcialmente' as parcial, ${p.estado} = 'aceptado' as aceptado,
              bool_or(${lineasPresupuesto.aceptada}) as alguna_aceptada, bool_or(not ${lineasPresupuesto.aceptada}) as alguna_rechazada,
              ${p.importeAceptado} as importe_aceptado,
              coalesce(sum(${lineasPresupuesto.total}) filter (where ${lineasPresupuesto.aceptada}), 0) as lineas_aceptadas
            from ${p} join ${lineasPresupuesto} on ${lineasPresupuesto.presupuestoId} = ${p.id}
            where ${p.clinicaId} = ${clinic} group by ${p.id}) as por_presupuesto`),
      );
      expect(answers).toEqual({ partlyWrong: 0, acceptedWrong: 0, amountWrong: 0 });
      expect(lines.doneLines).toBeGreaterThan(3);

      // New patients: registered across the year (the small clinic's 36 in at least half its months), never after their first visit.
      const [patients] = await rowsOf<{ months: number; older: number; late: number }>(
        t.db.execute(sql`select
          count(distinct date_trunc('month', ${pacientes.fechaCreacion})) filter (where ${pacientes.fechaCreacion} > now() - interval '1 year')::int as months,
          count(*) filter (where ${pacientes.fechaCreacion} < now() - interval '1 year')::int as older,
          count(*) filter (where ${pacientes.fechaCreacion} > (select min(${citas.inicio}) from ${citas} where ${citas.pacienteId} = ${pacientes.id}))::int as late
          from ${pacientes} where ${pacientes.clinicaId} = ${clinic}`),
      );
      expect(patients.months).toBeGreaterThanOrEqual(6);
      expect(patients.older).toBeGreaterThan(0);
      expect(patients.late).toBe(0);
    }
  });

  it('has payments with gapless receipts in closed cash days, a few annulments, debtors and credit (issue 25)', async () => {
    for (const [clinic, zone, pais] of [
      [DEMO_CLINIC.id, DEMO_ZONE, 'CO'],
      [DEMO_MADRID_CLINIC.id, 'Europe/Madrid', 'ES'],
    ] as const) {
      const today = todayInZone(zone);
      const payments = await t.db
        .select()
        .from(cobros)
        .where(eq(cobros.clinicaId, clinic))
        .orderBy(cobros.fecha, cobros.id);
      const receipts = payments.filter((p) => p.tipo === 'cobro');
      expect(receipts.length).toBeGreaterThan(pais === 'CO' ? 1500 : 250);
      // R-{year}-{six digits}, consecutive per year in the order they were taken, the counter at the last one.
      const counters = await t.db
        .select({ anio: contadoresRecibos.anio, ultimo: contadoresRecibos.ultimo })
        .from(contadoresRecibos)
        .where(eq(contadoresRecibos.clinicaId, clinic));
      expect(counters.length).toBeGreaterThanOrEqual(1);
      for (const { anio, ultimo } of counters) {
        const ofYear = receipts.filter((p) => p.diaCaja.startsWith(`${anio}-`));
        expect(ofYear.map((p) => p.numero)).toEqual(
          Array.from({ length: ultimo }, (_, i) => `R-${anio}-${String(i + 1).padStart(6, '0')}`),
        );
      }
      expect(counters.reduce((s, c) => s + c.ultimo, 0)).toBe(receipts.length);
      // The country's methods only, all of them used.
      expect(new Set(payments.map((p) => p.metodo))).toEqual(new Set(collectionMethodsOf(pais)));

      // Annulments: each reverses one payment, flagged anulado, for its whole amount, in the same day.
      const annulments = payments.filter((p) => p.tipo === 'anulacion');
      expect(annulments.length).toBeGreaterThanOrEqual(pais === 'CO' ? 5 : 2);
      expect(payments.filter((p) => p.anulado)).toHaveLength(annulments.length);
      for (const a of annulments) {
        const original = payments.find((p) => p.id === a.anulaId)!;
        expect(original).toMatchObject({ anulado: true, importe: -a.importe, diaCaja: a.diaCaja });
        expect(a.motivo).toBeTruthy();
      }

      // Every past cash day closed, its stored totals those of its payments, its count the expected cash ± a note.
      const [cash] = await rowsOf<{
        cajas: number;
        open: number;
        badTotals: number;
        badCash: number;
        withDifference: number;
        withoutNote: number;
        misplaced: number;
      }>(
        t.db.execute(sql`select count(*)::int as cajas,
          count(*) filter (where ${cajas.estado} <> 'cerrada' and ${cajas.dia} < ${today})::int as open,
          count(*) filter (where (select coalesce(sum((x ->> 'importe')::bigint), 0) from jsonb_array_elements(${cajas.totales}) as x)
            <> (select sum(${cobros.importe}) from ${cobros} where ${cobros.cajaId} = ${cajas.id}))::int as "badTotals",
          count(*) filter (where ${cajas.efectivoEsperado} <> ${cajas.fondoInicial} + (select coalesce(sum(${cobros.importe}), 0)
              from ${cobros} where ${cobros.cajaId} = ${cajas.id} and ${cobros.metodo} = 'efectivo')
            or ${cajas.diferencia} <> ${cajas.efectivoContado} - ${cajas.efectivoEsperado})::int as "badCash",
          count(*) filter (where ${cajas.diferencia} <> 0)::int as "withDifference",
          count(*) filter (where ${cajas.diferencia} <> 0 and ${cajas.nota} is null)::int as "withoutNote",
          count(*) filter (where exists (select 1 from ${cobros} where ${cobros.cajaId} = ${cajas.id}
            and (${cobros.cobradoPor} is distinct from ${cajas.usuarioId} or ${cobros.diaCaja} <> ${cajas.dia}
              or ${cobros.fecha} not between ${cajas.fechaApertura} and ${cajas.fechaCierre})))::int as misplaced
          from ${cajas} where ${cajas.clinicaId} = ${clinic}`),
      );
      expect(cash.cajas).toBeGreaterThan(pais === 'CO' ? 250 : 150);
      expect(cash).toMatchObject({ open: 0, badTotals: 0, badCash: 0, withoutNote: 0, misplaced: 0 });
      expect(cash.withDifference).toBeGreaterThan(0);

      // Applications add up: a payment's applications and advance make its amount; no treatment is paid twice.
      const [applied] = await rowsOf<{ badPayments: number; overpaid: number }>(
        t.db.execute(sql`select
          (select count(*) from ${cobros} where ${cobros.clinicaId} = ${clinic} and ${cobros.tipo} = 'cobro'
            and ${cobros.importe} <> ${cobros.anticipo} + (select coalesce(sum(${aplicacionesCobro.importe}), 0)
              from ${aplicacionesCobro} where ${aplicacionesCobro.cobroId} = ${cobros.id}))::int as "badPayments",
          (select count(*) from ${tratamientosRealizados} where ${tratamientosRealizados.clinicaId} = ${clinic}
            and ${tratamientosRealizados.importe} < (select coalesce(sum(${aplicacionesCobro.importe}), 0)
              from ${aplicacionesCobro} join ${cobros} on ${cobros.id} = ${aplicacionesCobro.cobroId}
              where ${aplicacionesCobro.tratamientoId} = ${tratamientosRealizados.id} and not ${cobros.anulado}))::int as overpaid`),
      );
      expect(applied).toEqual({ badPayments: 0, overpaid: 0 });

      // Most patients paid in full; ~15 % owe (some for months, some since last week); one or two have credit.
      const balances = await rowsOf<{ saldo: number }>(
        t.db.execute(sql`select
          ((select coalesce(sum(${tratamientosRealizados.importe}), 0) from ${tratamientosRealizados} where ${tratamientosRealizados.pacienteId} = ${pacientes.id})
            - (select coalesce(sum(${cobros.importe}), 0) from ${cobros} where ${cobros.pacienteId} = ${pacientes.id}))::float8 as saldo
          from ${pacientes} where ${pacientes.clinicaId} = ${clinic}
            and exists (select 1 from ${tratamientosRealizados} where ${tratamientosRealizados.pacienteId} = ${pacientes.id})`),
      );
      const debtors = balances.filter((b) => b.saldo > 0);
      expect(debtors.length / balances.length).toBeGreaterThan(0.07);
      expect(debtors.length / balances.length).toBeLessThan(0.3);
      expect(balances.filter((b) => b.saldo < 0).length).toBeGreaterThanOrEqual(1);
      // The age of each debt: its oldest treatment not fully paid (annulled payments pay nothing).
      const tr = tratamientosRealizados;
      const since = await rowsOf<{ desde: number }>(
        t.db.execute(sql`select extract(epoch from min(${tr.fecha}))::float8 as desde from ${tr}
          where ${tr.clinicaId} = ${clinic} and ${tr.importe} > (select coalesce(sum(${aplicacionesCobro.importe}), 0)
            from ${aplicacionesCobro} join ${cobros} on ${cobros.id} = ${aplicacionesCobro.cobroId}
            where ${aplicacionesCobro.tratamientoId} = ${tr.id} and not ${cobros.anulado})
          group by ${tr.pacienteId}`),
      );
      const ages = since.map((d) => (Date.now() - Number(d.desde) * 1000) / 86_400_000);
      expect(ages.length).toBeGreaterThanOrEqual(debtors.length);
      expect(ages.some((days) => days > 90)).toBe(true);
      expect(ages.some((days) => days < 45)).toBe(true);
    }
  });

  it("lets the owner list the clinic's ~200 patients, with valid data and photos served from storage", async () => {
    const cookie = cookiesFrom(await signIn(DEMO_CLINIC.owner.email, DEMO_CLINIC.owner.password));
    const page = await api.pacientes.$get({ query: { q: '', pagina: '1' } }, { headers: { cookie } });
    expect(page.status).toBe(200);
    const first = await page.json();
    expect(first.total).toBe(DEMO_PATIENT_COUNT);
    expect(first.pacientes).toHaveLength(PATIENTS_PAGE_SIZE);

    const all = await t.db.select().from(pacientes).where(eq(pacientes.clinicaId, DEMO_CLINIC.id));
    expect(all).toHaveLength(DEMO_PATIENT_COUNT);
    // Every patient is one the app's own form would accept today (phones, emails, dates).
    const schema = updatePatientSchema(todayInZone());
    // The consents are stored as when and by whom (the form sends them as true or false): checked below.
    for (const { consentimientoRecordatorios: _r, consentimientoComunicaciones: _c, ...p } of all) {
      const result = schema.safeParse(p);
      expect(result.success, `${p.nombres} ${p.apellidos}: ${JSON.stringify(result.error?.issues)}`).toBe(true);
    }
    // Issue 24: those with an email gave consent to reminders when registered, recorded by the owner;
    // about two in three of them to other communications too; nobody without an email.
    const owner = `${DEMO_CLINIC.owner.nombres} ${DEMO_CLINIC.owner.apellidos}`;
    const withEmail = all.filter((p) => p.email);
    for (const p of withEmail) {
      expect(p.consentimientoRecordatorios).toEqual(p.fechaCreacion);
      expect(p.consentimientoRecordatoriosPor).toBe(owner);
    }
    for (const p of all.filter((p) => !p.email)) {
      expect([p.consentimientoRecordatorios, p.consentimientoComunicaciones]).toEqual([null, null]);
    }
    const others = all.filter((p) => p.consentimientoComunicaciones);
    for (const p of others) {
      expect(p.consentimientoComunicaciones).toEqual(p.fechaCreacion);
      expect(p.consentimientoComunicacionesPor).toBe(owner);
    }
    expect(others.length / withEmail.length).toBeGreaterThan(0.55);
    expect(others.length / withEmail.length).toBeLessThan(0.78);
    expect(new Set(all.map((p) => `${p.nombres} ${p.apellidos}`)).size).toBeGreaterThan(190);
    expect(new Set(all.map((p) => p.estado))).toEqual(new Set(['activo', 'inactivo']));
    expect(all.filter((p) => p.notas).length).toBeGreaterThan(40);

    const withPhoto = all.filter((p) => p.fotoUrl);
    expect(withPhoto.length).toBeGreaterThan(150);
    const keys = withPhoto.map((p) => keyFromPublicUrl(p.fotoUrl));
    for (const key of keys) expect(key).toMatch(new RegExp(`^patient_photos/${DEMO_CLINIC.id}/\\d+-foto-\\d+\\.webp$`));
    expect((await storedKeys()).filter((f) => f.startsWith('patient_photos/')).sort()).toEqual([...keys].sort());

    const photo = await t.request(withPhoto[0].fotoUrl!, { cookie });
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/webp');
    expect((await photo.arrayBuffer()).byteLength).toBeGreaterThan(500);
  });

  it('gives every seeded row an id of its own across all tables (no id names two things)', async () => {
    // Membership and profile extend the auth user 1:1 and share its id by design (DESIGN §4).
    const userExtensions = ['perfiles_usuario', 'usuarios'];
    const columns = await rowsOf<{ table_name: string }>(
      t.db.execute(sql`select table_name from information_schema.columns
        where table_schema = 'public' and column_name = 'id' and data_type in ('uuid', 'text')
          and table_name not in (${sql.join(
            userExtensions.map((name) => sql`${name}`),
            sql`, `,
          )})`),
    );
    expect(columns.length).toBeGreaterThan(20);
    const ids = sql.join(
      columns.map(
        (c) => sql`select id::text as id, ${c.table_name}::text as tabla from ${sql.identifier(c.table_name)}`,
      ),
      sql` union all `,
    );
    const shared = await rowsOf<{ id: string; tablas: string }>(
      t.db.execute(sql`select id, string_agg(tabla, ', ' order by tabla) as tablas from (${ids}) as todos
        group by id having count(*) > 1`),
    );
    expect(shared).toEqual([]);
  });

  it('adds nothing when seeded again', async () => {
    const before = await rowCounts();
    expect(before).toMatchObject({ patients: DEMO_PATIENT_COUNT + DEMO_MADRID_PATIENT_COUNT });
    expect(await seed(t.db, { demo: true, storage: t.deps.storage })).toEqual({ demo: false });
    expect(await rowCounts()).toEqual(before);
  });

  it('stops offering its credentials once the owner changes the password', async () => {
    // The app changes a password through the recovery email (there is no change-password endpoint).
    const requested = await t.request('/api/auth/request-password-reset', {
      method: 'POST',
      json: { email: DEMO_CLINIC.owner.email },
    });
    expect(requested.status).toBe(200);
    const token = await resetTokenFor(t, DEMO_CLINIC.owner.email);
    const changed = await t.request('/api/auth/reset-password', {
      method: 'POST',
      json: { token, newPassword: 'una-clave-propia' },
    });
    expect(changed.status).toBe(200);
    expect((await api.demo.$get()).status).toBe(404);
    expect((await signIn(DEMO_CLINIC.owner.email, 'una-clave-propia')).status).toBe(200);
  });
});

describe('the demo patients', () => {
  it('are the same on every install (seeded), and realistic', () => {
    const a = buildDemoPatients(seededRandom(7), '2026-03-10');
    expect(buildDemoPatients(seededRandom(7), '2026-03-10')).toEqual(a);
    expect(buildDemoPatients(seededRandom(8), '2026-03-10')).not.toEqual(a);
    for (const p of a) {
      if (p.ultimaVisita) expect(p.ultimaVisita <= '2026-03-10').toBe(true);
      if (p.proximaVisita) {
        expect(p.proximaVisita >= '2026-03-10').toBe(true);
        expect(p.estado).toBe('activo');
      }
      if (p.email) expect(p.email).toMatch(/^[a-z]+\.[a-z]+\d*@[a-z]+\.example$/);
      // Every phone is a real Colombian number: WhatsApp reminders and recalls can reach it.
      if (p.telefono) expect([p.telefono, whatsappPhone(p.telefono, 'CO').motivo]).toEqual([p.telefono, null]);
    }
    expect(a.filter((p) => p.telefono?.startsWith('+57')).length).toBeGreaterThan(10);
    expect(new Set(a.map((p) => p.email).filter(Boolean)).size).toBe(a.filter((p) => p.email).length);
  });
});
