import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '@/lib/api';
import { usePageData } from './page-data';

export type ClinicProfile = InferResponseType<(typeof api.directorio.clinicas)[':id']['$get'], 200>;
export type PublicClinic = ClinicProfile['clinica'];

export const getClinic = (id: string): Promise<ClinicProfile | null> =>
  unwrap(api.directorio.clinicas[':id'].$get({ param: { id } }));

/** Null when the server found no published clinic with that id (it answers the page with a 404). */
export const useClinic = (id: string) => usePageData(`/api/directorio/clinicas/${id}`, () => getClinic(id));
