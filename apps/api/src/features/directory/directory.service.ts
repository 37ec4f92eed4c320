import {
  FEATURED_CLINICS_MAX,
  NEW_CLINIC_DAYS,
  RECENT_CHANGES_DAYS,
  DIRECTORY_PAGE_SIZE,
  LANDING_CLINICS,
  matchingSpecialties,
  isId,
  searchWords,
  todayInZone,
  type DirectoryQuery,
  type SpecialtyId,
} from '@odontia/shared';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { escapeLike } from '../../db/search.ts';
import type { Database, Executor } from '../../db/client.ts';
import { jsonObject } from '../../db/column-map.ts';
import { clinicas, dentistas, directorioVersion, especialidades } from '../../db/schema/index.ts';
import { issueFormToken } from '../../platform/anti-bot.ts';
import type { JsonText } from '../../platform/json-text.ts';
import { VersionedCache } from '../../platform/versioned-cache.ts';
import { perInstance } from '../../platform/per-instance.ts';

/**
 * Only published clinics exist for the public. The condition is written as the bare column (no
 * parameter) so that the planner can always use the partial indexes `... WHERE publicada`.
 */
const publicada = sql`${clinicas.publicada}`;

const esNueva = sql<boolean>`coalesce(${clinicas.fechaPublicacion} > now() - make_interval(days => ${sql.raw(String(NEW_CLINIC_DAYS))}), false)`;
const tieneNovedades = sql<boolean>`coalesce(${clinicas.fechaPerfilActualizado} > now() - make_interval(days => ${sql.raw(String(RECENT_CHANGES_DAYS))}), false)`;

/** What a clinic card shows (spec 000 §2): never the owner, never unpublished data. */
const cardColumns = {
  id: clinicas.id,
  nombre: clinicas.nombre,
  ciudad: clinicas.ciudad,
  direccion: clinicas.direccion,
  telefono: clinicas.telefono,
  descripcion: clinicas.descripcion,
  imagen: sql<string | null>`coalesce(${clinicas.imagenUrl}, ${clinicas.logoUrl})`,
  especialidades: clinicas.especialidades,
  destacada: clinicas.destacada,
  esNueva,
  tieneNovedades,
  /** 'Reserva online' (issue 24): the clinic takes bookings of free slots from its public profile. */
  reservaOnline: clinicas.reservaOnline,
};

// Same order as clinicas_publicadas_idx, so the first page is read straight from the index.
const directoryOrder = [sql`${clinicas.destacada} desc nulls last`, asc(clinicas.nombre), asc(clinicas.id)];

/**
 * The combinable filters of /clinicas, accent- and case-insensitive. Every word of the free text
 * (searchWords: 'ortodoncia madrid' is two) must match the clinic: its name (trigram index), its city
 * or one of its specialties by name or synonyms.
 */
export function directoryFilters(query: Pick<DirectoryQuery, 'q' | 'especialidad' | 'ciudad'>): SQL {
  const conditions: SQL[] = [publicada];
  if (query.especialidad) conditions.push(sql`${clinicas.especialidades} @> array[${query.especialidad}]::text[]`);
  if (query.ciudad) conditions.push(sql`${clinicas.ciudadBusqueda} = odontia_normalizar(${query.ciudad})`);
  for (const { word, cities } of query.q ? searchWords(query.q) : []) {
    const alternatives: SQL[] = [
      sql`${clinicas.nombreBusqueda} like ${`%${escapeLike(word)}%`}`,
      // The city whole ('madrid', 'a coruna' for 'coruna' in 'ortodoncia a coruña'): its index serves.
      sql`${clinicas.ciudadBusqueda} = any(${toTextArray(cities)})`,
    ];
    const matched = matchingSpecialties(word);
    if (matched.length) alternatives.push(sql`${clinicas.especialidades} && ${toTextArray(matched)}`);
    conditions.push(sql`(${sql.join(alternatives, sql` or `)})`);
  }
  return and(...conditions)!;
}

const toTextArray = (values: string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

export async function listClinics(db: Executor, query: DirectoryQuery) {
  const where = directoryFilters(query);
  const pagina = query.pagina;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(cardColumns)
      .from(clinicas)
      .where(where)
      .orderBy(...directoryOrder)
      .limit(DIRECTORY_PAGE_SIZE)
      .offset((pagina - 1) * DIRECTORY_PAGE_SIZE),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(clinicas)
      .where(where),
  ]);
  return { clinicas: rows, total, pagina, porPagina: DIRECTORY_PAGE_SIZE };
}

export type ClinicCard = Awaited<ReturnType<typeof listClinics>>['clinicas'][number];

export async function listSpecialties(db: Executor) {
  return db.select().from(especialidades).orderBy(asc(especialidades.nombre));
}

/** Everything the landing shows, in one round trip from the browser. */
export async function getHome(db: Executor) {
  const [especialidadesRows, destacadas, primeras] = await Promise.all([
    listSpecialties(db),
    db
      .select(cardColumns)
      .from(clinicas)
      .where(and(publicada, sql`${clinicas.destacada}`))
      .orderBy(...directoryOrder)
      .limit(FEATURED_CLINICS_MAX),
    db
      .select(cardColumns)
      .from(clinicas)
      .where(publicada)
      .orderBy(...directoryOrder)
      .limit(LANDING_CLINICS),
  ]);
  return { especialidades: especialidadesRows, destacadas, clinicas: primeras };
}

/**
 * What the public directory shows, as a version: directorio_version, which every write to clinicas,
 * dentistas and especialidades moves in its transaction (migration 0042), and the hour, since the
 * 'Nueva' and 'Novedades' badges depend on the time. One row read by primary key.
 */
export async function directoryVersion(db: Executor): Promise<string> {
  const [row] = await db.select({ version: directorioVersion.version }).from(directorioVersion);
  return `${row?.version ?? 0}@${new Date().toISOString().slice(0, 13)}`;
}

type DirectoryPage = Awaited<ReturnType<typeof listClinics>>;
type Home = Awaited<ReturnType<typeof getHome>>;
const directoryCache = perInstance((_db: Database) => ({
  lists: new VersionedCache<DirectoryPage>(8_000_000),
  home: new VersionedCache<Home>(1_000_000),
}));
/**
 * `compute`'s answer as JSON, reused while the directory's version holds. The version is read before
 * the answer is computed: a write between the two leaves a newer answer under the older version, which
 * the next read (seeing the new version) computes again; never an older one.
 */
const byDirectoryVersion = <T>(cache: VersionedCache<T>, db: Database, key: string, compute: () => Promise<T>) =>
  cache.read(
    key,
    async (cached) => {
      const version = await directoryVersion(db);
      return [{ version, value: version === cached ? null : await compute() }];
    },
    (rows) => rows[0]!.value!,
  );

/** GET /api/directorio/clinicas: a page of the directory (listClinics), reused while nothing it shows changes. */
export const listClinicsJson = (db: Database, query: DirectoryQuery): Promise<JsonText<DirectoryPage>> =>
  byDirectoryVersion(
    directoryCache(db).lists,
    db,
    JSON.stringify([query.q ?? '', query.especialidad ?? '', query.ciudad ?? '', query.pagina]),
    () => listClinics(db, query),
  );

/** GET /api/directorio/inicio: the landing's data (getHome), reused while nothing it shows changes. */
export const getHomeJson = (db: Database): Promise<JsonText<Home>> =>
  byDirectoryVersion(directoryCache(db).home, db, 'inicio', () => getHome(db));

/** Cities with published clinics, for the directory's city filter. */
export async function listCities(db: Executor) {
  return db
    .select({ ciudad: sql<string>`min(${clinicas.ciudad})`, total: sql<number>`count(*)::int` })
    .from(clinicas)
    .where(and(publicada, sql`${clinicas.ciudadBusqueda} <> ''`))
    .groupBy(clinicas.ciudadBusqueda)
    .orderBy(sql`count(*) desc`, sql`min(${clinicas.ciudad})`);
}

// Qualified: a select from one table writes its columns bare, and inside the subquery a bare "id" is the dentist's.
const clinicaIdOuter = sql`${clinicas}.${sql.identifier(clinicas.id.name)}`;

/**
 * 'Profesionales' of the public profile: the clinic's active dentists (/dentistas), by name. The
 * index dentistas_clinica_idx (clinic, names) serves it.
 */
const profesionales = sql<{ nombres: string; apellidos: string; especialidad: SpecialtyId }[]>`coalesce((
  select json_agg(${jsonObject({ nombres: dentistas.nombres, apellidos: dentistas.apellidos, especialidad: dentistas.especialidad })}
    order by ${dentistas.nombres}, ${dentistas.apellidos}, ${dentistas.id})
  from ${dentistas} where ${dentistas.clinicaId} = ${clinicaIdOuter} and ${dentistas.activo}), '[]'::json)`;

/** A published clinic's public profile, or null (unknown, malformed or unpublished id: all alike). */
export async function getPublicClinic(db: Executor, id: string) {
  // The SEO pages pass the path as it came; the API routes have checked it already.
  if (!isId(id)) return null;
  const [row] = await db
    .select({
      ...cardColumns,
      pais: clinicas.pais,
      logo: clinicas.logoUrl,
      email: clinicas.emailPublico,
      sitioWeb: clinicas.sitioWeb,
      servicios: clinicas.servicios,
      horario: clinicas.horario,
      profesionales,
      zonaHoraria: clinicas.zonaHoraria,
    })
    .from(clinicas)
    .where(and(publicada, eq(clinicas.id, id)));
  return row ?? null;
}

export type PublicClinic = NonNullable<Awaited<ReturnType<typeof getPublicClinic>>>;

/**
 * The public profile's request form: a fresh signed token (it carries the time the form was shown)
 * and the clinic's "today" (the earliest preferred date). Made anew for every page and response.
 */
export const publicProfileForm = (formSecret: string, clinica: Pick<PublicClinic, 'id' | 'zonaHoraria'>) => ({
  token: issueFormToken(formSecret, clinica.id),
  hoy: todayInZone(clinica.zonaHoraria),
});

/** The public profile as its page needs it: the clinic and its request form. Null when the clinic is not public. */
export async function loadPublicProfile(db: Executor, formSecret: string, id: string) {
  const clinica = await getPublicClinic(db, id);
  if (!clinica) return null;
  const { zonaHoraria: _zona, ...rest } = clinica;
  return { clinica: rest, formulario: publicProfileForm(formSecret, clinica) };
}

/** For sitemap.xml: every published clinic and when its public data last changed. */
export async function listSitemapEntries(db: Executor, limit = 50_000) {
  return db
    .select({
      id: clinicas.id,
      modificada: sql<string>`greatest(${clinicas.fechaPublicacion}, ${clinicas.fechaPerfilActualizado}, ${clinicas.fechaActualizacion})`,
    })
    .from(clinicas)
    .where(publicada)
    .orderBy(asc(clinicas.id))
    .limit(limit);
}
