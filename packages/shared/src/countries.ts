import { normalizeSearchText } from './directory.ts';

/**
 * The countries a clinic can be in (the directory's: Spain and Colombia, DESIGN §1), each with its
 * time zones and the day its calendar weeks start on. A clinic stores the country's code
 * (`clinicas.pais`) and one of its zones (`clinicas.zona_horaria`); every date rule of the clinic
 * (its "today", the agenda's days, the audit's filters) is read in that zone. Free of zod: the web's
 * calendar imports it.
 */

/** 0 Sunday, 1 Monday (date-fns' `weekStartsOn`). */
export type WeekStart = 0 | 1;

export type CountryZone = {
  /** IANA zone. */
  id: string;
  /** How the zone is offered in a select. */
  nombre: string;
  /**
   * Places of the country that are in this zone, lower case without accents: a clinic whose city is
   * one of `ciudades`, or names one of `regiones` among its words, gets this zone. The country's
   * first zone is the one for every other city.
   */
  ciudades?: readonly string[];
  regiones?: readonly string[];
};

export type Country = {
  codigo: string;
  nombre: string;
  /** Other ways people write it (the English name): also accepted by the API. */
  otrosNombres: readonly string[];
  semanaEmpiezaEn: WeekStart;
  zonas: readonly [CountryZone, ...CountryZone[]];
};

export const COUNTRIES = [
  {
    codigo: 'ES',
    nombre: 'España',
    otrosNombres: ['spain'],
    semanaEmpiezaEn: 1,
    zonas: [
      { id: 'Europe/Madrid', nombre: 'Península y Baleares' },
      {
        id: 'Atlantic/Canary',
        nombre: 'Canarias',
        // Municipalities whose names only the Canaries have; island names are matched as words
        // ('Adeje, Tenerife'), except La Palma, which is also La Palma del Condado in Huelva.
        ciudades: [
          'las palmas',
          'la palma',
          'san cristobal de la laguna',
          'la laguna',
          'telde',
          'arona',
          'adeje',
          'los cristianos',
          'santa lucia de tirajana',
          'vecindario',
          'san bartolome de tirajana',
          'maspalomas',
          'arrecife',
          'puerto del rosario',
          'corralejo',
          'la orotava',
          'los realejos',
          'puerto de la cruz',
          'granadilla de abona',
          'san miguel de abona',
          'guia de isora',
          'icod de los vinos',
          'candelaria',
          'guimar',
          'tacoronte',
          'santa cruz de la palma',
          'los llanos de aridane',
          'valverde',
          'ingenio',
          'aguimes',
          'arucas',
          'galdar',
          'mogan',
          'tias',
          'teguise',
          'yaiza',
          'playa blanca',
          'la oliva',
          'pajara',
          'tuineje',
        ],
        regiones: [
          'canarias',
          'gran canaria',
          'tenerife',
          'lanzarote',
          'fuerteventura',
          'la gomera',
          'el hierro',
          'la graciosa',
        ],
      },
      { id: 'Africa/Ceuta', nombre: 'Ceuta y Melilla', ciudades: ['ceuta', 'melilla'] },
    ],
  },
  {
    codigo: 'CO',
    nombre: 'Colombia',
    otrosNombres: [],
    // The specification's reading (spec 001 §3: Dom to Sáb).
    semanaEmpiezaEn: 0,
    zonas: [{ id: 'America/Bogota', nombre: 'Colombia' }],
  },
] as const satisfies readonly Country[];

export type CountryCode = (typeof COUNTRIES)[number]['codigo'];
/** Every zone a clinic may have. */
export const CLINIC_TIME_ZONES = COUNTRIES.flatMap((c) => c.zonas.map((z) => z.id)) as [string, ...string[]];

/** The week of a clinic whose country is unknown: the specification's (Sunday to Saturday). */
const SPEC_WEEK_START: WeekStart = 0;

/**
 * The code of a country as typed or stored: its code in any case ('es') or its name without regard to
 * case or accents ('España', 'espana', 'Spain'). Null when it is not one of COUNTRIES.
 */
export function parseCountry(value: string | null | undefined): CountryCode | null {
  const text = normalizeSearchText(value ?? '');
  if (!text) return null;
  const found = COUNTRIES.find(
    (c) =>
      c.codigo.toLowerCase() === text ||
      normalizeSearchText(c.nombre) === text ||
      (c.otrosNombres as readonly string[]).includes(text),
  );
  return found?.codigo ?? null;
}

/** The country of a clinic's `pais`: its code, or (a value written before codes) its name. */
export function countryOf(pais: string | null | undefined): Country | null {
  const codigo = parseCountry(pais);
  return COUNTRIES.find((c) => c.codigo === codigo) ?? null;
}

/** The name a select shows for one of CLINIC_TIME_ZONES (the zone's id for any other). */
export function zoneName(zone: string): string {
  for (const country of COUNTRIES) {
    const found = country.zonas.find((z: CountryZone) => z.id === zone);
    if (found) return found.nombre;
  }
  return zone;
}

export function isZoneOfCountry(pais: string | null | undefined, zone: string): boolean {
  return countryOf(pais)?.zonas.some((z: CountryZone) => z.id === zone) ?? false;
}

/** The zone of a city of the country: the zone that lists it, else the country's first. */
export function zoneForCity(codigo: CountryCode, ciudad: string | null | undefined): string {
  const country = countryOf(codigo)!;
  const city = normalizeSearchText((ciudad ?? '').replace(/[^\p{L}\p{N}]+/gu, ' '));
  const words = ` ${city} `;
  const match = country.zonas.find(
    (z: CountryZone) =>
      (city && z.ciudades?.includes(city)) || z.regiones?.some((region) => words.includes(` ${region} `)),
  );
  return (match ?? country.zonas[0]).id;
}

/**
 * The zone a clinic gets when it is created or its place changes: the one asked for when it is one of
 * the country's; else `current` when that still fits the country (settings that leave the zone out
 * keep it); else the zone of the clinic's city. Null when the country is not known: the clinic keeps
 * whatever zone it has.
 */
export function clinicZoneFor(
  pais: string | null | undefined,
  ciudad: string | null | undefined,
  { requested, current }: { requested?: string | null; current?: string | null } = {},
): string | null {
  const country = countryOf(pais);
  if (!country) return null;
  if (requested && isZoneOfCountry(country.codigo, requested)) return requested;
  if (current && isZoneOfCountry(country.codigo, current)) return current;
  return zoneForCity(country.codigo as CountryCode, ciudad);
}

/**
 * The first day of a clinic's calendar weeks: its country's (Monday in Spain, Sunday in Colombia);
 * for a clinic without a known country, that of the country its zone belongs to (a clinic set up
 * with name and phone alone runs on Madrid time); otherwise the specification's Sunday.
 */
export function weekStartOf(clinica: { pais?: string | null; zonaHoraria?: string | null } | null): WeekStart {
  const country =
    countryOf(clinica?.pais) ?? COUNTRIES.find((c) => c.zonas.some((z: CountryZone) => z.id === clinica?.zonaHoraria));
  return country?.semanaEmpiezaEn ?? SPEC_WEEK_START;
}
