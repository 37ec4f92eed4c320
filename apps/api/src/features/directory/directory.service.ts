import {
  DESTACADAS_MAX,
  DIAS_CLINICA_NUEVA,
  DIAS_CON_NOVEDADES,
  DIRECTORIO_PAGE_SIZE,
  LANDING_CLINICAS,
  especialidadesQueCoinciden,
  isId,
  normalizarBusqueda,
  todayInZone,
  type DirectorioQuery,
} from '@odontia/shared';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { clinicas, especialidades } from '../../db/schema/index.ts';
import { issueFormToken } from '../../platform/anti-bot.ts';

/**
 * Only published clinics exist for the public. The condition is written as the bare column (no
 * parameter) so that the planner can always use the partial indexes `... WHERE publicada`.
 */
const publicada = sql`${clinicas.publicada}`;

const esNueva = sql<boolean>`coalesce(${clinicas.fechaPublicacion} > now() - make_interval(days => ${sql.raw(String(DIAS_CLINICA_NUEVA))}), false)`;
const tieneNovedades = sql<boolean>`coalesce(${clinicas.fechaPerfilActualizado} > now() - make_interval(days => ${sql.raw(String(DIAS_CON_NOVEDADES))}), false)`;

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
};

// Same order as clinicas_publicadas_idx, so the first page is read straight from the index.
const directoryOrder = [sql`${clinicas.destacada} desc nulls last`, asc(clinicas.nombre), asc(clinicas.id)];

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/**
 * The combinable filters of /clinicas, accent- and case-insensitive. The free text matches the
 * name (trigram index), a city (exact, normalised) or a specialty by its name or synonyms.
 */
export function directoryFilters(query: Pick<DirectorioQuery, 'q' | 'especialidad' | 'ciudad'>): SQL {
  const conditions: SQL[] = [publicada];
  if (query.especialidad) conditions.push(sql`${clinicas.especialidades} @> array[${query.especialidad}]::text[]`);
  if (query.ciudad) conditions.push(sql`${clinicas.ciudadBusqueda} = odontia_normalizar(${query.ciudad})`);
  if (query.q) {
    const term = normalizarBusqueda(query.q);
    const alternatives: SQL[] = [
      sql`${clinicas.nombreBusqueda} like ${`%${escapeLike(term)}%`}`,
      sql`${clinicas.ciudadBusqueda} = ${term}`,
    ];
    const matched = especialidadesQueCoinciden(term);
    if (matched.length) alternatives.push(sql`${clinicas.especialidades} && ${toTextArray(matched)}`);
    conditions.push(sql`(${sql.join(alternatives, sql` or `)})`);
  }
  return and(...conditions)!;
}

const toTextArray = (values: string[]) => sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::text[]`;

export async function listClinicas(db: Executor, query: DirectorioQuery) {
  const where = directoryFilters(query);
  const pagina = query.pagina;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(cardColumns)
      .from(clinicas)
      .where(where)
      .orderBy(...directoryOrder)
      .limit(DIRECTORIO_PAGE_SIZE)
      .offset((pagina - 1) * DIRECTORIO_PAGE_SIZE),
    db.select({ total: sql<number>`count(*)::int` }).from(clinicas).where(where),
  ]);
  return { clinicas: rows, total, pagina, porPagina: DIRECTORIO_PAGE_SIZE };
}

export type ClinicaCard = Awaited<ReturnType<typeof listClinicas>>['clinicas'][number];

export async function listEspecialidades(db: Executor) {
  return db.select().from(especialidades).orderBy(asc(especialidades.nombre));
}

/** Everything the landing shows, in one round trip from the browser. */
export async function getInicio(db: Executor) {
  const [especialidadesRows, destacadas, primeras] = await Promise.all([
    listEspecialidades(db),
    db
      .select(cardColumns)
      .from(clinicas)
      .where(and(publicada, sql`${clinicas.destacada}`))
      .orderBy(...directoryOrder)
      .limit(DESTACADAS_MAX),
    db.select(cardColumns).from(clinicas).where(publicada).orderBy(...directoryOrder).limit(LANDING_CLINICAS),
  ]);
  return { especialidades: especialidadesRows, destacadas, clinicas: primeras };
}

/** Cities with published clinics, for the directory's city filter. */
export async function listCiudades(db: Executor) {
  return db
    .select({ ciudad: sql<string>`min(${clinicas.ciudad})`, total: sql<number>`count(*)::int` })
    .from(clinicas)
    .where(and(publicada, sql`${clinicas.ciudadBusqueda} <> ''`))
    .groupBy(clinicas.ciudadBusqueda)
    .orderBy(sql`count(*) desc`, sql`min(${clinicas.ciudad})`);
}

/** A published clinic's public profile, or null (unknown, malformed or unpublished id: all alike). */
export async function getClinicaPublica(db: Executor, id: string) {
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
      doctores: clinicas.doctores,
      zonaHoraria: clinicas.zonaHoraria,
    })
    .from(clinicas)
    .where(and(publicada, eq(clinicas.id, id)));
  return row ?? null;
}

export type ClinicaPublica = NonNullable<Awaited<ReturnType<typeof getClinicaPublica>>>;

/**
 * The public profile as its page needs it: the clinic, and for its request form a fresh signed token
 * and the clinic's "today" (the earliest preferred date). Null when the clinic is not public.
 */
export async function loadPerfilPublico(db: Executor, formSecret: string, id: string) {
  const clinica = await getClinicaPublica(db, id);
  if (!clinica) return null;
  const { zonaHoraria, ...rest } = clinica;
  return { clinica: rest, formulario: { token: issueFormToken(formSecret, clinica.id), hoy: todayInZone(zonaHoraria) } };
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
