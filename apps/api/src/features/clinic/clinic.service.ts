import {
  CLINIC_MESSAGES,
  clinicCountry,
  clinicZoneFor,
  currencyOf,
  type CurrencyCode,
  countryOf,
  DEFAULT_CONSENT_TEMPLATES,
  DEFAULT_NOTE_TEMPLATES,
  DEFAULT_ROLES,
  displayName,
  isZoneOfCountry,
  parseCountry,
  type ClinicData,
} from '@odontia/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import {
  clinicas,
  pedidos,
  perfilesUsuario,
  permisos,
  permisosRol,
  plantillasConsentimientos,
  plantillasNotas,
  productos,
  rolesClinica,
  user,
  usuarios,
  usuariosRol,
} from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import { AppError, unprocessable } from '../../platform/errors.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { replaceStoredImage } from '../../platform/storage/stored-images.ts';

export type NewClinic = {
  /** A fixed id, for seeded clinics that other data refers to (the demo clinic); random otherwise. */
  id?: string;
  nombre: string;
  telefono: string;
  /** A country of the list, by code or by name ('ES', 'España'); stored as its code. */
  pais?: string | null;
  ciudad?: string | null;
  direccion?: string | null;
  logoUrl?: string | null;
  /** One of the country's zones; left out, the country's zone for the city (Madrid without a country). */
  zonaHoraria?: string;
};

export const ONE_CLINIC_PER_USER = 'Ya tienes una clínica configurada';

/** A hook for tests that must prove a failure midway leaves nothing behind. */
export type CreateClinicHooks = { afterRoles?: (tx: Executor) => Promise<void> };

/**
 * Creates a clinic with everything it needs to be usable, in ONE transaction: the clinic, its four
 * predeterminado roles with their default permissions, and the owner as Administrador (rol admin).
 */
export async function createClinic(
  db: Database,
  owner: { id: string; email: string; nombres: string },
  data: NewClinic,
  hooks: CreateClinicHooks = {},
) {
  try {
    const pais = parseCountry(data.pais);
    const ciudad = data.ciudad ?? null;
    const zonaHoraria = zoneAfter({ pais: null, ciudad: null, zonaHoraria: null }, { ...data, pais, ciudad }, 'place');
    return await db.transaction(async (tx) => {
      const [clinica] = await tx
        .insert(clinicas)
        .values({
          id: data.id,
          userId: owner.id,
          nombre: data.nombre,
          telefono: data.telefono,
          pais,
          ciudad,
          direccion: data.direccion ?? null,
          logoUrl: data.logoUrl ?? null,
          zonaHoraria,
          moneda: currencyOf({ pais, zonaHoraria }),
        })
        .returning();

      const roles = await tx
        .insert(rolesClinica)
        .values(
          DEFAULT_ROLES.map((r) => ({
            clinicaId: clinica.id,
            nombre: r.nombre,
            descripcion: r.descripcion,
            esPredeterminado: true,
          })),
        )
        .returning({ id: rolesClinica.id, nombre: rolesClinica.nombre });

      const catalogue = await tx.select({ id: permisos.id, nombre: permisos.nombre }).from(permisos);
      const permisoId = new Map(catalogue.map((p) => [p.nombre, p.id]));
      const grants = DEFAULT_ROLES.flatMap((r) => {
        const rolId = roles.find((x) => x.nombre === r.nombre)!.id;
        // Administrador gets every existing permission, even ones not in the code's list yet.
        const names = r.rol === 'admin' ? catalogue.map((p) => p.nombre) : r.permisos;
        return names.flatMap((n) => (permisoId.has(n) ? [{ rolId, permisoId: permisoId.get(n)! }] : []));
      });
      if (grants.length) await tx.insert(permisosRol).values(grants);
      await hooks.afterRoles?.(tx);
      // Five useful note templates to start from (the clinic edits them in 'Plantillas de notas').
      await tx
        .insert(plantillasNotas)
        .values(DEFAULT_NOTE_TEMPLATES.map((p) => ({ clinicaId: clinica.id, titulo: p.titulo, cuerpo: p.cuerpo })));
      // And the three consent templates (general, extracción, endodoncia), in 'Plantillas de consentimiento'.
      await tx
        .insert(plantillasConsentimientos)
        .values(DEFAULT_CONSENT_TEMPLATES.map((p) => ({ clinicaId: clinica.id, titulo: p.titulo, cuerpo: p.cuerpo })));

      const adminRole = roles.find((r) => r.nombre === 'Administrador')!;
      await tx
        .insert(usuarios)
        .values({ id: owner.id, clinicaId: clinica.id, nombres: owner.nombres, email: owner.email, rol: 'admin' });
      await tx.insert(usuariosRol).values({ usuarioId: owner.id, rolId: adminRole.id });
      await tx.update(user).set({ onboardingStep: 'completado', updatedAt: new Date() }).where(eq(user.id, owner.id));
      return clinica;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'clinicas_user_id_key') || isUniqueViolation(error, 'usuarios_pkey')) {
      throw new AppError(409, 'conflict', ONE_CLINIC_PER_USER);
    }
    throw error;
  }
}

/** The clinic a user owns or belongs to, or null. */
export async function findClinicForUser(db: Executor, userId: string) {
  const [row] = await db
    .select({ clinica: clinicas })
    .from(usuarios)
    .innerJoin(clinicas, eq(clinicas.id, usuarios.clinicaId))
    .where(eq(usuarios.id, userId));
  return row?.clinica ?? null;
}

/** Grants or withdraws nothing: lets tests and seeds give a role exactly these permissions. */
export async function setRolePermissions(db: Executor, rolId: string, names: string[]) {
  await db.delete(permisosRol).where(eq(permisosRol.rolId, rolId));
  if (!names.length) return;
  const rows = await db.select({ id: permisos.id }).from(permisos).where(inArray(permisos.nombre, names));
  await db.insert(permisosRol).values(rows.map((r) => ({ rolId, permisoId: r.id })));
}

/** The fields of a clinic its own screens show (settings, onboarding, setup). */
const clinicColumns = {
  id: clinicas.id,
  nombre: clinicas.nombre,
  telefono: clinicas.telefono,
  logoUrl: clinicas.logoUrl,
  direccion: clinicas.direccion,
  pais: clinicas.pais,
  ciudad: clinicas.ciudad,
  zonaHoraria: clinicas.zonaHoraria,
  moneda: sql<CurrencyCode>`${clinicas.moneda}`,
  fechaActualizacion: clinicas.fechaActualizacion,
};

type Place = { pais: string | null; ciudad: string | null; zonaHoraria: string | null };
type PlaceChange = { pais?: string | null; ciudad?: string | null; zonaHoraria?: string };

/**
 * The zone a clinic has after a change of its place (DESIGN §1): the zone asked for, which must be
 * one of the clinic's country's; else, at onboarding (`follow` 'place') when the country or the city
 * is given, the zone of its country and city; otherwise the zone it has while that still fits its
 * country. A clinic without a known country keeps its zone (or gets the one asked for). Only the zone
 * moves: appointments keep their instants (docs/decisions/0016).
 */
function zoneAfter(current: Place, change: PlaceChange, follow: 'place' | 'current'): string | undefined {
  const pais = change.pais !== undefined ? change.pais : current.pais;
  const ciudad = change.ciudad !== undefined ? change.ciudad : current.ciudad;
  // The schema checks a zone sent with its country; this is a zone sent alone, against the stored one.
  if (change.zonaHoraria && countryOf(pais) && !isZoneOfCountry(pais, change.zonaHoraria)) {
    throw unprocessable(CLINIC_MESSAGES.zonaHorariaOtroPais, 'zonaHoraria');
  }
  const placeGiven = change.pais !== undefined || change.ciudad !== undefined;
  const zone = clinicZoneFor(pais, ciudad, {
    requested: change.zonaHoraria,
    current: follow === 'place' && placeGiven ? null : current.zonaHoraria,
  });
  return zone ?? change.zonaHoraria ?? current.zonaHoraria ?? undefined;
}

export async function getClinic(db: Executor, clinicaId: string) {
  const [row] = await db.select(clinicColumns).from(clinicas).where(eq(clinicas.id, clinicaId));
  return row ?? null;
}

/**
 * Changes the clinic in the caller's transaction; its zone follows `zoneAfter` and its currency its
 * country. A clinic with amounts (prices, orders) keeps its currency: a move to a country of another
 * currency is refused, since every amount it has would change meaning. One without them takes the
 * new currency, and its items the new country's default taxes.
 */
async function changeClinic(tx: Transaction, clinicaId: string, data: ClinicData, follow: 'place' | 'current') {
  const [current] = await tx
    .select({
      pais: clinicas.pais,
      ciudad: clinicas.ciudad,
      zonaHoraria: clinicas.zonaHoraria,
      moneda: clinicas.moneda,
    })
    .from(clinicas)
    .where(eq(clinicas.id, clinicaId))
    .for('update');
  const zonaHoraria = zoneAfter(current!, data, follow);
  const pais = data.pais !== undefined ? data.pais : current!.pais;
  const place = { pais, zonaHoraria: zonaHoraria ?? current!.zonaHoraria };
  const moneda = currencyOf(place);
  if (moneda !== current!.moneda) {
    if (await hasAmounts(tx, clinicaId)) throw unprocessable(CLINIC_MESSAGES.monedaFija, 'pais');
    const defaults = clinicCountry(place).impuestoPorDefecto;
    await tx
      .update(productos)
      .set({
        tipoImpuesto: sql`case when ${productos.categoria} = 'servicio' and ${productos.estetico} then ${defaults.servicioEstetico}
          when ${productos.categoria} = 'servicio' then ${defaults.servicio}
          when ${productos.categoria} = 'insumo' then ${defaults.insumo} else ${defaults.producto} end`,
      })
      .where(eq(productos.clinicaId, clinicaId));
  }
  const [row] = await tx
    .update(clinicas)
    .set({ ...data, zonaHoraria, moneda, fechaActualizacion: new Date() })
    .where(eq(clinicas.id, clinicaId))
    .returning(clinicColumns);
  return row!;
}

/** The clinic has an amount in its currency: a price in its catalogue, or an order it bought or sold. */
async function hasAmounts(tx: Executor, clinicaId: string): Promise<boolean> {
  const [row] = await tx
    .select({
      found: sql<boolean>`exists (select 1 from ${productos} where ${productos.clinicaId} = ${clinicaId}
          and (${productos.precioVenta} is not null or ${productos.precioCompra} is not null))
        or exists (select 1 from ${pedidos} where ${pedidos.clinicaId} = ${clinicaId} or ${pedidos.proveedorId} = ${clinicaId})`,
    })
    .from(sql`(select 1) as uno`);
  return Boolean(row?.found);
}

/** 'Configuración de la Clínica': an undefined place field or zone is left as it is. */
export async function updateClinic(db: Database, clinicaId: string, data: ClinicData) {
  return db.transaction((tx) => changeClinic(tx, clinicaId, data, 'current'));
}

/**
 * The end of onboarding (spec 000 §4): a user who already has a clinic updates it, anyone else
 * creates one and becomes its Administrador. Either way onboarding is completado afterwards.
 */
export async function saveClinicForOnboarding(
  db: Database,
  owner: { id: string; email: string },
  existingClinicaId: string | null,
  data: ClinicData,
  hooks: CreateClinicHooks = {},
) {
  if (existingClinicaId) {
    return db.transaction(async (tx) => {
      const clinica = await changeClinic(tx, existingClinicaId, data, 'place');
      await tx.update(user).set({ onboardingStep: 'completado', updatedAt: new Date() }).where(eq(user.id, owner.id));
      return { clinica, created: false };
    });
  }
  // The administrator's name in the team list is the one from the profile step.
  const [perfil] = await db
    .select({ nombres: perfilesUsuario.nombres, apellidos: perfilesUsuario.apellidos })
    .from(perfilesUsuario)
    .where(eq(perfilesUsuario.id, owner.id));
  const nombres = displayName(perfil, owner.email);
  const created = await createClinic(db, { id: owner.id, email: owner.email, nombres }, data, hooks);
  return { clinica: (await getClinic(db, created.id))!, created: true };
}

/**
 * Replaces the clinic's logo with an uploaded image (checked and re-encoded by content), stored under
 * logos/{clinic}/; the replaced file is deleted once the clinic points at the new one.
 */
export async function setClinicLogo(db: Database, storage: Storage, clinicaId: string, upload: Uint8Array) {
  const { logoUrl } = await replaceStoredImage(
    storage,
    { bytes: upload, prefix: 'logos', ownerId: clinicaId, fileName: 'logo' },
    (url) =>
      db.transaction(async (tx) => {
        const [current] = await tx
          .select({ logoUrl: clinicas.logoUrl })
          .from(clinicas)
          .where(eq(clinicas.id, clinicaId))
          .for('update');
        await tx
          .update(clinicas)
          .set({ logoUrl: url, fechaActualizacion: new Date() })
          .where(eq(clinicas.id, clinicaId));
        return { replaced: current?.logoUrl ?? null, logoUrl: url };
      }),
  );
  return { logoUrl };
}
