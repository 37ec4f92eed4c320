import { describe, expect, it } from 'vitest';
import { metaTags } from './meta-tags.ts';
import {
  clinicBreadcrumbs,
  clinicStructuredData,
  openingHoursSpecification,
  type StructuredClinic,
} from './structured-data.ts';

const APP = 'https://odontia.example';
const ID = '0b6f3a52-4d1e-4c8a-9f1e-2a7c5d9e8b10';
const URL = `${APP}/clinicas/${ID}`;

const FULL: StructuredClinic = {
  id: ID,
  nombre: 'Clínica Dental Sonrisa',
  descripcion: 'Cuidamos tu sonrisa.',
  imagen: '/api/archivos/portada.webp',
  logo: 'https://cdn.example/logo.png',
  telefono: '910 123 456',
  email: 'info@sonrisa.example',
  direccion: 'Calle de Alcalá 120, 28009 Madrid',
  ciudad: 'Madrid',
  pais: 'España',
  especialidades: ['ortodoncia', 'estetica-dental'],
  profesionales: [{ nombres: 'Lucía', apellidos: 'Fernández', especialidad: 'ortodoncia' }],
  servicios: ['Ortodoncia invisible', 'Blanqueamiento dental'],
  horario: [
    { dias: 'Lunes a jueves', horas: '09:30 - 14:00 y 16:00 - 20:30' },
    { dias: 'Viernes', horas: '9:30 - 15:00' },
    { dias: 'Sábados, domingos y festivos', horas: 'Cerrado' },
  ],
  sitioWeb: 'https://www.sonrisa.example',
  reservaOnline: true,
};

const BARE: StructuredClinic = {
  id: ID,
  nombre: 'Clínica Sencilla',
  descripcion: null,
  imagen: null,
  logo: null,
  telefono: null,
  email: null,
  direccion: null,
  ciudad: 'Lugo',
  pais: null,
  especialidades: [],
  profesionales: [],
  servicios: [],
  horario: [],
  sitioWeb: null,
  reservaOnline: false,
};

describe('clinicStructuredData', () => {
  it('describes a full clinic as a schema.org Dentist with its hours, team, services and booking', () => {
    expect(clinicStructuredData(FULL, APP)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Dentist',
      '@id': URL,
      url: URL,
      name: 'Clínica Dental Sonrisa',
      description: 'Cuidamos tu sonrisa.',
      image: `${APP}/api/archivos/portada.webp`,
      logo: 'https://cdn.example/logo.png',
      telephone: '910 123 456',
      email: 'info@sonrisa.example',
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'Calle de Alcalá 120, 28009 Madrid',
        addressLocality: 'Madrid',
        addressCountry: 'ES',
      },
      openingHoursSpecification: [
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday'],
          opens: '09:30',
          closes: '14:00',
        },
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday'],
          opens: '16:00',
          closes: '20:30',
        },
        { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Friday'], opens: '09:30', closes: '15:00' },
      ],
      knowsAbout: ['Ortodoncia', 'Estética dental'],
      employee: [{ '@type': 'Person', name: 'Lucía Fernández', jobTitle: 'Ortodoncia' }],
      makesOffer: [
        { '@type': 'Offer', itemOffered: { '@type': 'Service', name: 'Ortodoncia invisible' } },
        { '@type': 'Offer', itemOffered: { '@type': 'Service', name: 'Blanqueamiento dental' } },
      ],
      sameAs: ['https://www.sonrisa.example'],
      potentialAction: {
        '@type': 'ReserveAction',
        name: 'Reservar cita',
        target: {
          '@type': 'EntryPoint',
          urlTemplate: `${URL}#reservar`,
          actionPlatform: ['https://schema.org/DesktopWebPlatform', 'https://schema.org/MobileWebPlatform'],
        },
        result: { '@type': 'Reservation', name: 'Cita en Clínica Dental Sonrisa' },
      },
    });
  });

  it('leaves out what a bare clinic does not have: no phone, hours, team, services, booking or geo', () => {
    expect(clinicStructuredData(BARE, APP)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Dentist',
      '@id': URL,
      url: URL,
      name: 'Clínica Sencilla',
      address: { '@type': 'PostalAddress', addressLocality: 'Lugo' },
    });
  });

  it('takes the country code as stored, or from a country name written before codes; none for an unknown one', () => {
    const country = (pais: string | null) =>
      (clinicStructuredData({ ...BARE, pais }, APP).address as { addressCountry?: string }).addressCountry;
    expect(country('CO')).toBe('CO');
    expect(country('Colombia')).toBe('CO');
    expect(country('Perú')).toBeUndefined();
  });

  it('gives no address without street or city, and no sameAs for a website that is not http(s)', () => {
    const data = clinicStructuredData({ ...BARE, ciudad: null, pais: 'ES', sitioWeb: 'javascript:alert(1)' }, APP);
    expect(data).not.toHaveProperty('address');
    expect(data).not.toHaveProperty('sameAs');
  });
});

describe('openingHoursSpecification', () => {
  it('reads the rows through the shared parser: ranges, lists, every day, Monday first', () => {
    expect(
      openingHoursSpecification([
        { dias: 'Lunes, miércoles y viernes', horas: '10h00 - 13.30' },
        { dias: 'Sábados y domingos', horas: 'de 10:00 a 14:00' },
      ]),
    ).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Wednesday', 'Friday'],
        opens: '10:00',
        closes: '13:30',
      },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday', 'Sunday'], opens: '10:00', closes: '14:00' },
    ]);
    expect(openingHoursSpecification([{ dias: 'Todos los días', horas: '08:00 - 22:00' }])[0]!.dayOfWeek).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
  });

  it('leaves out, never guesses, rows it cannot read', () => {
    expect(
      openingHoursSpecification([
        { dias: 'Domingos y festivos', horas: 'Cerrado' },
        { dias: 'Según temporada', horas: '09:00 - 14:00' },
        { dias: 'Lunes', horas: 'desde las 9:00' },
        { dias: 'Martes', horas: '20:00 - 02:00' },
        { dias: 'Miércoles', horas: '09:00 - 14:00 16:00 - 20:00' },
        { dias: 'Jueves', horas: '16:00 - 20:00 y 09:00 - 14:00' },
        { dias: 'Viernes', horas: '09:00 - 14:00, tardes con cita desde 16:00' },
        { dias: 'Sábados', horas: '10:00 - 13:00, previa cita' },
      ]),
    ).toEqual([{ '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday'], opens: '10:00', closes: '13:00' }]);
  });
});

describe('clinicBreadcrumbs', () => {
  it('is Inicio › Clínicas › the clinic', () => {
    expect(clinicBreadcrumbs(FULL, APP)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Inicio', item: `${APP}/` },
        { '@type': 'ListItem', position: 2, name: 'Clínicas', item: `${APP}/clinicas` },
        { '@type': 'ListItem', position: 3, name: 'Clínica Dental Sonrisa', item: URL },
      ],
    });
  });
});

describe('the ld+json script of metaTags', () => {
  const ldJson = (tags: string[]) => tags.filter((t) => t.startsWith('<script type="application/ld+json">'));

  it('is written only when the page has structured data', () => {
    const meta = { title: 't', description: 'd', path: '/clinicas' };
    expect(ldJson(metaTags(meta, APP))).toEqual([]);
    const [script] = ldJson(metaTags({ ...meta, jsonLd: [clinicStructuredData(FULL, APP)] }, APP));
    const json = /^<script type="application\/ld\+json">([\s\S]*)<\/script>$/.exec(script!)![1]!;
    expect(JSON.parse(json)).toEqual([clinicStructuredData(FULL, APP)]);
  });

  it('cannot be closed from inside by a clinic name', () => {
    const nombre = '</script><script>alert(1)</script><!--';
    const [script] = ldJson(
      metaTags(
        { title: 't', description: 'd', path: '/', jsonLd: clinicStructuredData({ ...BARE, nombre }, APP) },
        APP,
      ),
    );
    // One element: the only '</script' and '<' are its own tags.
    expect(script!.match(/<\/script/gi)).toHaveLength(1);
    expect(script!.match(/</g)).toHaveLength(2);
    expect(script).toContain('\\u003c/script\\u003e\\u003cscript\\u003ealert(1)');
    const json = /^<script type="application\/ld\+json">([\s\S]*)<\/script>$/.exec(script!)![1]!;
    expect((JSON.parse(json) as { name: string }).name).toBe(nombre);
  });
});
