import { ESPECIALIDADES, directoryQuerySchema, directoryQueryString, type DirectoryQuery } from '@odontia/shared';
import type { Context } from 'hono';
import type { AppEnv, Deps } from '../../../platform/context.ts';
import {
  getHome,
  getPublicClinic,
  listCities,
  listClinics,
  listSpecialties,
  publicProfileForm,
  type loadPublicProfile,
} from '../directory.service.ts';
import type { PageMeta } from './meta-tags.ts';
import type { PublicPage } from './preloads.ts';
import { clinicBreadcrumbs, clinicStructuredData } from './structured-data.ts';

type ClinicProfileBody = NonNullable<Awaited<ReturnType<typeof loadPublicProfile>>>;

/** The path without its trailing slashes ('/clinicas/' is '/clinicas'). */
export const pagePath = (path: string) => path.replace(/\/+$/, '') || '/';

/** Which public page a path is, without reading anything; null for any other path. */
export function publicPageOf(path: string): PublicPage | null {
  if (path === '/') return 'landing';
  if (path === '/clinicas') return 'directory';
  if (path === '/software-info') return 'software';
  return /^\/clinicas\/[^/]+$/.test(path) ? 'profile' : null;
}

const truncate = (text: string, max: number) => {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
};

const DEFAULT_DESCRIPTION =
  'Encuentra la mejor clínica dental para tu sonrisa: busca por nombre, especialidad o ciudad y pide cita online. Odontia, el software para clínicas dentales.';

/** Which public page a path is, what it says about itself and the data of its first render; null for any other path. */
export async function metaForPath(c: Context<AppEnv>, deps: Deps): Promise<PageMeta | null> {
  const path = pagePath(c.req.path);
  const { db } = deps;

  if (path === '/') {
    return {
      title: 'Odontia · Encuentra la mejor clínica dental para tu sonrisa',
      description: DEFAULT_DESCRIPTION,
      path: '/',
      page: 'landing',
      data: { '/api/directorio/inicio': await getHome(db) },
    };
  }

  if (path === '/clinicas') {
    const parsed = directoryQuerySchema.safeParse({
      q: c.req.query('q'),
      especialidad: c.req.query('especialidad'),
      ciudad: c.req.query('ciudad'),
      pagina: c.req.query('pagina'),
    });
    const query: DirectoryQuery = parsed.success ? parsed.data : { q: '', especialidad: '', ciudad: '', pagina: 1 };
    const especialidad = ESPECIALIDADES.find((e) => e.id === query.especialidad);
    const ciudad = query.ciudad?.slice(0, 60);
    const que = especialidad ? `de ${especialidad.nombre.toLowerCase()}` : 'dentales';
    const donde = ciudad ? ` en ${ciudad}` : '';
    const [list, especialidades, ciudades] = await Promise.all([
      listClinics(db, query),
      listSpecialties(db),
      listCities(db),
    ]);
    return {
      title: `Clínicas ${que}${donde} · Odontia`,
      description: `Directorio de clínicas ${que}${donde}: compara especialidades, horarios y servicios, y pide cita online. ${list.total} ${list.total === 1 ? 'clínica' : 'clínicas'}.`,
      // Filters are separate pages for search engines; the text search and page number are not.
      path: `/clinicas${directoryQueryString({ especialidad: especialidad?.id, ciudad })}`,
      page: 'directory',
      data: {
        [`/api/directorio/clinicas${directoryQueryString(query)}`]: list,
        '/api/directorio/especialidades': { especialidades },
        '/api/directorio/ciudades': { ciudades },
      },
    };
  }

  const profile = /^\/clinicas\/([^/]+)$/.exec(path);
  if (profile) {
    const id = decodeURIComponent(profile[1]);
    const found = await getPublicClinic(db, id);
    if (!found) {
      // A real 404 for crawlers; people still get the app's 'Clínica no encontrada' page.
      return {
        status: 404,
        title: 'Clínica no encontrada · Odontia',
        description: DEFAULT_DESCRIPTION,
        path,
        noindex: true,
        page: 'profile',
        // Null: the page says 'Clínica no encontrada' at once, from the server too.
        data: { [`/api/directorio/clinicas/${id}`]: null },
      };
    }
    const { zonaHoraria: _zona, ...clinica } = found;
    const key = `/api/directorio/clinicas/${clinica.id}`;
    const perfil = (): ClinicProfileBody => ({ clinica, formulario: publicProfileForm(deps.config.authSecret, found) });
    const lugar = [clinica.ciudad].filter(Boolean).join('');
    return {
      title: `${clinica.nombre}${lugar ? ` · Clínica dental en ${lugar}` : ''} · Odontia`,
      description: truncate(
        clinica.descripcion ??
          `${clinica.nombre}: clínica dental${lugar ? ` en ${lugar}` : ''}. Consulta sus servicios y horarios y pide cita online.`,
        160,
      ),
      path: `/clinicas/${clinica.id}`,
      page: 'profile',
      image: clinica.imagen,
      preloadImage: clinica.imagen,
      data: { [key]: perfil() },
      // The form's token carries the time the page was shown: every response gets its own.
      fresh: () => ({ [key]: perfil() }),
      jsonLd: [clinicStructuredData(clinica, deps.config.appUrl), clinicBreadcrumbs(clinica, deps.config.appUrl)],
    };
  }

  if (path === '/software-info') {
    return {
      title: 'Software para clínicas dentales · Odontia',
      description:
        'Odontia gestiona tu clínica dental: citas, pacientes, odontograma, equipo e inventario, y te da un perfil público en el directorio. Planes desde 49 EUR/mes.',
      path: '/software-info',
      page: 'software',
    };
  }
  return null;
}
