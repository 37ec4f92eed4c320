import { normalizeSearchText } from './directory.ts';
import type { CurrencyCode } from './money.ts';

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

/**
 * A tax of the country that a catalogue item (and the budget lines made from it) carries: its rate in
 * basis points (2100 is 21 %). Data, not code paths: a country's rules are its list and its defaults.
 */
export type TaxType = { codigo: string; nombre: string; puntosBasicos: number };

/** The kinds of item a country's default tax is chosen by (a service is aesthetic or not). */
export type TaxedKind = 'servicio' | 'servicioEstetico' | 'producto' | 'insumo';

export type Country = {
  codigo: string;
  nombre: string;
  /** Other ways people write it (the English name): also accepted by the API. */
  otrosNombres: readonly string[];
  semanaEmpiezaEn: WeekStart;
  zonas: readonly [CountryZone, ...CountryZone[]];
  /** Every amount of a clinic of the country is in this currency (issue 23). */
  moneda: CurrencyCode;
  impuestos: readonly [TaxType, ...TaxType[]];
  /** The tax a new item of each kind gets (the clinic may change it per item). */
  impuestoPorDefecto: Record<TaxedKind, string>;
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
    moneda: 'EUR',
    // Ley 37/1992 del IVA, art. 20.1.3º: dental care is exempt; aesthetic treatments (whitening,
    // aesthetic veneers) and goods sold pay the general rate.
    impuestos: [
      { codigo: 'ES_EXENTO', nombre: 'Exento de IVA (asistencia sanitaria)', puntosBasicos: 0 },
      { codigo: 'ES_IVA_21', nombre: 'IVA general 21 %', puntosBasicos: 2100 },
    ],
    impuestoPorDefecto: {
      servicio: 'ES_EXENTO',
      servicioEstetico: 'ES_IVA_21',
      producto: 'ES_IVA_21',
      insumo: 'ES_IVA_21',
    },
  },
  {
    codigo: 'CO',
    nombre: 'Colombia',
    otrosNombres: [],
    // The specification's reading (spec 001 §3: Dom to Sáb).
    semanaEmpiezaEn: 0,
    zonas: [{ id: 'America/Bogota', nombre: 'Colombia' }],
    moneda: 'COP',
    // Estatuto Tributario art. 476.1: health services are excluded from IVA; goods sold pay 19 %.
    impuestos: [
      { codigo: 'CO_EXCLUIDO', nombre: 'Excluido de IVA (servicios de salud)', puntosBasicos: 0 },
      { codigo: 'CO_IVA_19', nombre: 'IVA 19 %', puntosBasicos: 1900 },
    ],
    impuestoPorDefecto: {
      servicio: 'CO_EXCLUIDO',
      servicioEstetico: 'CO_EXCLUIDO',
      producto: 'CO_IVA_19',
      insumo: 'CO_IVA_19',
    },
  },
] as const satisfies readonly Country[];

export type CountryCode = (typeof COUNTRIES)[number]['codigo'];
/** Every zone a clinic may have. */
export const CLINIC_TIME_ZONES = COUNTRIES.flatMap((c) => c.zonas.map((z) => z.id)) as [string, ...string[]];

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
 * The first day of a clinic's calendar weeks: its country's (Monday in Spain, Sunday in Colombia), by
 * `clinicCountry`.
 */
export function weekStartOf(clinica: ClinicPlace | null): WeekStart {
  return clinicCountry(clinica).semanaEmpiezaEn;
}

type ClinicPlace = { pais?: string | null; zonaHoraria?: string | null };

/** The specification's country (spec 001: Colombian pesos, weeks from Sunday). */
const SPEC_COUNTRY: Country = COUNTRIES.find((c) => c.codigo === 'CO')!;

/**
 * The country whose rules a clinic follows: its own; for a clinic set up without one, the country its
 * zone belongs to (a clinic set up with name and phone alone runs on Madrid time); otherwise the
 * specification's.
 */
export function clinicCountry(clinica: ClinicPlace | null): Country {
  return (
    countryOf(clinica?.pais) ??
    COUNTRIES.find((c) => c.zonas.some((z: CountryZone) => z.id === clinica?.zonaHoraria)) ??
    SPEC_COUNTRY
  );
}

/** The currency of a clinic at that place (stored as `clinicas.moneda` whenever its place is set). */
export function currencyOf(clinica: ClinicPlace | null): CurrencyCode {
  return clinicCountry(clinica).moneda;
}

/** The tax types a clinic's items may have: its country's. */
export function taxTypesOf(clinica: ClinicPlace | null): readonly TaxType[] {
  return clinicCountry(clinica).impuestos;
}

/** The tax type of code `codigo` (any country's), or null. */
export function taxType(codigo: string | null | undefined): TaxType | null {
  for (const country of COUNTRIES) {
    const found = (country.impuestos as readonly TaxType[]).find((t) => t.codigo === codigo);
    if (found) return found;
  }
  return null;
}

/** The tax a new item of `kind` gets in the clinic's country. */
export function defaultTaxType(clinica: ClinicPlace | null, kind: TaxedKind): string {
  return clinicCountry(clinica).impuestoPorDefecto[kind];
}
