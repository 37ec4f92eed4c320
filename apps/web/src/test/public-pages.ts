import { ESPECIALIDADES, directoryQueryString, type BookingOptions, type DirectoryParams } from '@odontia/shared';
import type { InferResponseType } from 'hono/client';
import type { ClinicProfile } from '@/features/directory/api/get-clinic';
import type { ClinicPage } from '@/features/directory/api/get-clinics';
import type { ClinicCardData, Landing } from '@/features/directory/api/get-landing';
import type { api } from '@/lib/api';

/**
 * The public pages' data as the API embeds it in their HTML (apps/api/src/features/directory/seo/page-meta.ts):
 * the same responses, keyed by the API path and query the page would fetch.
 */

export type Specialties = InferResponseType<typeof api.directorio.especialidades.$get, 200>;
export type Cities = InferResponseType<typeof api.directorio.ciudades.$get, 200>;
export type BootData = Record<string, unknown>;

export const SONRISA_ID = '6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
export const BRACKETS_ID = '7a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
export const MAR_ID = '8b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';
export const UNKNOWN_ID = '9c4d5e6f-7a8b-4c9d-8e0f-2a3b4c5d6e7f';

const card = (overrides: Partial<ClinicCardData> & Pick<ClinicCardData, 'id' | 'nombre'>): ClinicCardData => ({
  ciudad: null,
  direccion: null,
  telefono: null,
  descripcion: null,
  imagen: null,
  especialidades: [],
  destacada: false,
  esNueva: false,
  tieneNovedades: false,
  reservaOnline: false,
  ...overrides,
});

export const SONRISA = card({
  id: SONRISA_ID,
  nombre: 'Clínica Dental Sonrisa Real',
  ciudad: 'Madrid',
  direccion: 'Calle de Alcalá 120',
  telefono: '+34 910 123 456',
  descripcion: 'Odontología familiar en el barrio de Salamanca desde 1998.',
  imagen: 'https://cdn.odontia.test/clinicas/sonrisa.webp',
  especialidades: ['odontologia-general', 'ortodoncia', 'implantologia', 'estetica-dental'],
  destacada: true,
  reservaOnline: true,
});

export const BRACKETS = card({
  id: BRACKETS_ID,
  nombre: 'Ortodoncia Brackets Barcelona',
  ciudad: 'Barcelona',
  direccion: 'Carrer de Mallorca 250',
  telefono: '+34 932 000 111',
  especialidades: ['ortodoncia'],
  esNueva: true,
});

export const MAR = card({
  id: MAR_ID,
  nombre: 'Centro Odontológico del Mar',
  ciudad: 'Valencia',
  telefono: '+34 963 555 777',
  especialidades: ['periodoncia', 'cirugia-oral'],
  tieneNovedades: true,
});

export const SPECIALTIES: Specialties = { especialidades: [...ESPECIALIDADES] };

export const CITIES: Cities = {
  ciudades: [
    { ciudad: 'Madrid', total: 14 },
    { ciudad: 'Barcelona', total: 9 },
    { ciudad: 'Valencia', total: 4 },
  ],
};

export const LANDING: Landing = {
  especialidades: [...ESPECIALIDADES],
  destacadas: [SONRISA],
  clinicas: [SONRISA, BRACKETS, MAR],
};

/** No clinic published yet: the specialties are there (seeded), the rest empty. */
export const EMPTY_LANDING: Landing = { especialidades: [...ESPECIALIDADES], destacadas: [], clinicas: [] };

/** The first page of every clinic: 27 clinics, 12 a page. */
export const DIRECTORY_PAGE_1: ClinicPage = { clinicas: [SONRISA, BRACKETS, MAR], total: 27, pagina: 1, porPagina: 12 };

/** Page 2 of 'ortodoncia' in Madrid: 30 clinics, so pages 1 and 3 exist around it. */
export const DIRECTORY_FILTERED_PAGE_2: ClinicPage = {
  clinicas: [{ ...SONRISA, nombre: 'Ortodoncia Castellana', id: '1d5e6f7a-8b9c-4d0e-9f1a-3b4c5d6e7f8a' }],
  total: 30,
  pagina: 2,
  porPagina: 12,
};

export const EMPTY_DIRECTORY: ClinicPage = { clinicas: [], total: 0, pagina: 1, porPagina: 12 };

export const SONRISA_PROFILE: ClinicProfile = {
  clinica: {
    ...SONRISA,
    pais: 'ES',
    logo: null,
    email: 'citas@sonrisareal.test',
    sitioWeb: 'https://sonrisareal.test/',
    servicios: ['Limpieza dental', 'Implantes dentales', 'Ortodoncia invisible'],
    horario: [
      { dias: 'Lunes a viernes', horas: '09:00 - 20:00' },
      { dias: 'Sábados', horas: '10:00 - 14:00' },
    ],
    profesionales: [
      { nombres: 'Lucía', apellidos: 'Fernández Ruiz', especialidad: 'ortodoncia' },
      { nombres: 'Javier', apellidos: 'Moreno', especialidad: 'implantologia' },
    ],
  },
  formulario: { token: 'token-del-formulario', hoy: '2026-03-02' },
};

/** A clinic that takes requests only (no online booking), without professionals, hours or services. */
export const MAR_PROFILE: ClinicProfile = {
  clinica: {
    ...MAR,
    pais: 'ES',
    logo: null,
    email: null,
    sitioWeb: null,
    servicios: [],
    horario: [],
    profesionales: [],
  },
  formulario: { token: 'token-del-formulario', hoy: '2026-03-02' },
};

export const SONRISA_BOOKING: BookingOptions = {
  servicios: [{ id: '2e6f7a8b-9c0d-4e1f-8a2b-4c5d6e7f8a9b', nombre: 'Limpieza dental', duracionMinutos: 45 }],
  dentistas: [{ id: '3f7a8b9c-0d1e-4f2a-9b3c-5d6e7f8a9b0c', nombre: 'Lucía Fernández', especialidad: 'ortodoncia' }],
  horizonteDias: 60,
  requiereAprobacion: false,
  hoy: '2026-03-02',
};

export const landingData = (landing: Landing): BootData => ({ '/api/directorio/inicio': landing });

export const directoryData = (
  params: DirectoryParams,
  list: ClinicPage,
  specialties: Specialties = SPECIALTIES,
  cities: Cities = CITIES,
): BootData => ({
  [`/api/directorio/clinicas${directoryQueryString(params)}`]: list,
  '/api/directorio/especialidades': specialties,
  '/api/directorio/ciudades': cities,
});

export const profileData = (id: string, perfil: ClinicProfile | null): BootData => ({
  [`/api/directorio/clinicas/${id}`]: perfil,
});
