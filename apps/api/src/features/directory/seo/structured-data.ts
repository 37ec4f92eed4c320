import { clinicHours, openWeekdays, parseCountry, specialtyName } from '@odontia/shared';
import type { PublicClinic } from '../directory.service.ts';
import { absolute } from './meta-tags.ts';

/** What the structured data of a profile reads of the public clinic. */
export type StructuredClinic = Pick<
  PublicClinic,
  | 'id'
  | 'nombre'
  | 'descripcion'
  | 'imagen'
  | 'logo'
  | 'telefono'
  | 'email'
  | 'direccion'
  | 'ciudad'
  | 'pais'
  | 'especialidades'
  | 'profesionales'
  | 'servicios'
  | 'horario'
  | 'sitioWeb'
  | 'reservaOnline'
>;

type Json = Record<string, unknown>;

/** schema.org day names by Date#getDay number (0 Sunday … 6 Saturday), as openWeekdays gives them. */
const SCHEMA_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
/** Monday first, as the week is read in Spain and Latin America. */
const mondayFirst = (a: number, b: number) => ((a + 6) % 7) - ((b + 6) % 7);

// Guards only (the parsing is clinicHours'): the times as written, in order, and the separators of split hours.
const WRITTEN_TIME = /\b([01]?\d|2[0-3])[:.h]([0-5]\d)\b/g;
const SPAN_SEPARATOR = /\s+y\s+|\s*[,;/]\s*/;

/**
 * The spans of one row's hours ('09:30 - 14:00 y 16:00 - 20:30' is two), read by the shared
 * clinicHours; null when any part that names a time is not one plain 'opens - closes' span.
 */
function spansOf(horas: string): { opens: string; closes: string }[] | null {
  const spans: { opens: string; closes: string }[] = [];
  for (const part of horas.split(SPAN_SEPARATOR)) {
    if (!/\d/.test(part)) continue;
    const written = [...part.matchAll(WRITTEN_TIME)].map((m) => `${m[1]!.padStart(2, '0')}:${m[2]}`);
    const hours = clinicHours([{ horas: part }]);
    // Exactly two times, opening first: an overnight span or a third time is not guessed at.
    if (written.length !== 2 || !hours.delHorario || hours.apertura !== written[0]) return null;
    if (spans.length && spans.at(-1)!.closes > hours.apertura) return null;
    spans.push({ opens: hours.apertura, closes: hours.cierre });
  }
  return spans.length ? spans : null;
}

/**
 * schema.org OpeningHoursSpecification of the public horario's free-text rows: one per row and span,
 * only for rows whose days (openWeekdays) and hours both read; closed days are the ones left out.
 */
export function openingHoursSpecification(horario: readonly { dias?: string; horas: string }[]): Json[] {
  return horario.flatMap((row) => {
    const days = openWeekdays([row]);
    const spans = days ? spansOf(row.horas) : null;
    if (!days || !spans) return [];
    const dayOfWeek = [...days].sort(mondayFirst).map((d) => SCHEMA_DAYS[d]);
    return spans.map((span) => ({ '@type': 'OpeningHoursSpecification', dayOfWeek, ...span }));
  });
}

const profileUrl = (appUrl: string, id: string) => `${appUrl}/clinicas/${id}`;

/** Only keys with a value: schema.org readers take a missing field better than an empty one. */
const compact = (value: Json): Json =>
  Object.fromEntries(
    Object.entries(value).filter(
      ([, v]) => v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && !v.length),
    ),
  );

/**
 * The clinic as a schema.org Dentist for search engines: contact, address, hours, team, services and,
 * when it takes online bookings, the booking action. There is no geo: clinics have no coordinates.
 */
export function clinicStructuredData(clinica: StructuredClinic, appUrl: string): Json {
  const url = profileUrl(appUrl, clinica.id);
  const address = compact({
    streetAddress: clinica.direccion?.trim(),
    addressLocality: clinica.ciudad?.trim(),
    addressCountry: parseCountry(clinica.pais),
  });
  return compact({
    '@context': 'https://schema.org',
    '@type': 'Dentist',
    '@id': url,
    url,
    name: clinica.nombre,
    description: clinica.descripcion?.trim(),
    image: clinica.imagen ? absolute(appUrl, clinica.imagen) : null,
    logo: clinica.logo ? absolute(appUrl, clinica.logo) : null,
    telephone: clinica.telefono?.trim(),
    email: clinica.email?.trim(),
    address: address.streetAddress || address.addressLocality ? { '@type': 'PostalAddress', ...address } : null,
    openingHoursSpecification: openingHoursSpecification(clinica.horario),
    // No schema.org MedicalSpecialty matches these (Dentistry is the type itself): named as the profile shows them.
    knowsAbout: clinica.especialidades.map(specialtyName),
    employee: clinica.profesionales.map((p) => ({
      '@type': 'Person',
      name: `${p.nombres} ${p.apellidos}`.trim(),
      jobTitle: specialtyName(p.especialidad),
    })),
    makesOffer: clinica.servicios.map((name) => ({
      '@type': 'Offer',
      itemOffered: { '@type': 'Service', name },
    })),
    sameAs: clinica.sitioWeb && /^https?:\/\//i.test(clinica.sitioWeb) ? [clinica.sitioWeb] : null,
    // The booking panel of the profile (its id in apps/web's online-booking-panel.tsx).
    potentialAction: clinica.reservaOnline
      ? {
          '@type': 'ReserveAction',
          name: 'Reservar cita',
          target: {
            '@type': 'EntryPoint',
            urlTemplate: `${url}#reservar`,
            actionPlatform: ['https://schema.org/DesktopWebPlatform', 'https://schema.org/MobileWebPlatform'],
          },
          result: { '@type': 'Reservation', name: `Cita en ${clinica.nombre}` },
        }
      : null,
  });
}

/** Inicio › Clínicas › the clinic, as a schema.org BreadcrumbList. */
export function clinicBreadcrumbs(clinica: Pick<StructuredClinic, 'id' | 'nombre'>, appUrl: string): Json {
  const items = [
    { name: 'Inicio', item: `${appUrl}/` },
    { name: 'Clínicas', item: `${appUrl}/clinicas` },
    { name: clinica.nombre, item: profileUrl(appUrl, clinica.id) },
  ];
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((entry, i) => ({ '@type': 'ListItem', position: i + 1, ...entry })),
  };
}
