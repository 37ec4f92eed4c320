import { directoryQueryString, type DirectoryParams } from '@odontia/shared';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '@/lib/api';
import { usePageData } from './page-data';

export type ClinicPage = InferResponseType<typeof api.directorio.clinicas.$get, 200>;

type ClinicasQuery = Parameters<typeof api.directorio.clinicas.$get>[0]['query'];

export function getClinics(params: DirectoryParams) {
  // Only the filters in use go in the URL.
  const query: Record<string, string> = {};
  if (params.q) query.q = params.q;
  if (params.especialidad) query.especialidad = params.especialidad;
  if (params.ciudad) query.ciudad = params.ciudad;
  if (params.pagina && params.pagina > 1) query.pagina = String(params.pagina);
  return unwrap(api.directorio.clinicas.$get({ query: query as ClinicasQuery }));
}

/** A page of the directory: the one the server embedded in the page, or fetched. */
export const useClinics = (params: DirectoryParams) =>
  // The same key the server uses for the data it embeds in the page.
  usePageData(`/api/directorio/clinicas${directoryQueryString(params)}`, () => getClinics(params));
