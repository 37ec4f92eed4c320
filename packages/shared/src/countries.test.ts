import { describe, expect, it } from 'vitest';
import {
  CLINIC_TIME_ZONES,
  clinicZoneFor,
  COUNTRIES,
  parseCountry,
  weekStartOf,
  zoneForCity,
  zoneName,
} from './countries.ts';
import { CLINIC_MESSAGES, clinicOnboardingSchema, clinicSchema } from './schemas/clinic.ts';

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('the countries a clinic can be in', () => {
  it('are Spain and Colombia, with zones every runtime knows', () => {
    expect(COUNTRIES.map((c) => [c.codigo, c.nombre])).toEqual([
      ['ES', 'España'],
      ['CO', 'Colombia'],
    ]);
    for (const zone of CLINIC_TIME_ZONES) expect(() => new Intl.DateTimeFormat('es', { timeZone: zone })).not.toThrow();
    expect(CLINIC_TIME_ZONES).toEqual(['Europe/Madrid', 'Atlantic/Canary', 'Africa/Ceuta', 'America/Bogota']);
  });

  it('are read from their code or their name, whatever the case and accents', () => {
    expect(['ES', 'es', 'España', ' espana ', 'ESPAÑA', 'Spain'].map(parseCountry)).toEqual(Array(6).fill('ES'));
    expect(['CO', 'Colombia', 'colombia'].map(parseCountry)).toEqual(['CO', 'CO', 'CO']);
    expect(['México', 'Madrid', '', null, undefined].map(parseCountry)).toEqual([null, null, null, null, null]);
  });
});

describe('the zone of a clinic', () => {
  it('follows the city: Colombia is all Bogotá; Spain is Madrid but for the Canaries, Ceuta and Melilla', () => {
    expect(zoneForCity('CO', 'Medellín')).toBe('America/Bogota');
    expect(zoneForCity('CO', 'San Andrés')).toBe('America/Bogota');
    expect(zoneForCity('ES', 'Madrid')).toBe('Europe/Madrid');
    expect(zoneForCity('ES', null)).toBe('Europe/Madrid');
    expect(zoneForCity('ES', 'Las Palmas de Gran Canaria')).toBe('Atlantic/Canary');
    expect(zoneForCity('ES', 'Santa Cruz de Tenerife')).toBe('Atlantic/Canary');
    expect(zoneForCity('ES', 'Adeje, Tenerife')).toBe('Atlantic/Canary');
    expect(zoneForCity('ES', 'arrecife')).toBe('Atlantic/Canary');
    expect(zoneForCity('ES', 'La Palma')).toBe('Atlantic/Canary');
    expect(zoneForCity('ES', 'Melilla')).toBe('Africa/Ceuta');
    // Names that only look alike stay on the peninsula.
    expect(zoneForCity('ES', 'La Palma del Condado')).toBe('Europe/Madrid');
    expect(zoneForCity('ES', 'Palma')).toBe('Europe/Madrid');
    expect(zoneForCity('ES', 'Valverde de Júcar')).toBe('Europe/Madrid');
  });

  it('is the one asked for when the country has it, else the current one if it fits, else the city’s', () => {
    expect(clinicZoneFor('ES', 'Madrid', { requested: 'Atlantic/Canary' })).toBe('Atlantic/Canary');
    expect(clinicZoneFor('ES', 'Telde', { current: 'Europe/Madrid' })).toBe('Europe/Madrid');
    expect(clinicZoneFor('ES', 'Telde', {})).toBe('Atlantic/Canary');
    // Moving to Colombia: neither Madrid zone fits, so Bogotá.
    expect(clinicZoneFor('CO', 'Cali', { requested: 'Europe/Madrid', current: 'Europe/Madrid' })).toBe(
      'America/Bogota',
    );
    // An unknown country decides nothing.
    expect(clinicZoneFor('Narnia', 'Cair Paravel', { current: 'Europe/Madrid' })).toBeNull();
    expect(clinicZoneFor(null, 'Bogotá')).toBeNull();
  });

  it('has a name for the select', () => {
    expect(zoneName('Atlantic/Canary')).toBe('Canarias');
    expect(zoneName('America/Bogota')).toBe('Colombia');
    expect(zoneName('Asia/Tokyo')).toBe('Asia/Tokyo');
  });
});

describe('the first day of the week', () => {
  it('is Monday in Spain and Sunday in Colombia (the specification’s)', () => {
    expect(weekStartOf({ pais: 'ES', zonaHoraria: 'Atlantic/Canary' })).toBe(1);
    expect(weekStartOf({ pais: 'CO', zonaHoraria: 'America/Bogota' })).toBe(0);
  });

  it('follows the zone when the country is not known, else the specification', () => {
    expect(weekStartOf({ pais: null, zonaHoraria: 'Europe/Madrid' })).toBe(1);
    expect(weekStartOf({ pais: 'España', zonaHoraria: 'Europe/Madrid' })).toBe(1);
    expect(weekStartOf({ pais: 'Perú', zonaHoraria: 'America/Lima' })).toBe(0);
    expect(weekStartOf(null)).toBe(0);
  });
});

describe('the clinic schemas', () => {
  const clinic = { nombre: 'Clínica', telefono: '910000000' };

  it('store the country as its code and leave a left-out zone to the server', () => {
    expect(clinicSchema.parse({ ...clinic, pais: 'España' })).toMatchObject({ pais: 'ES' });
    expect(clinicSchema.parse({ ...clinic, pais: 'CO', zonaHoraria: 'America/Bogota' })).toMatchObject({
      pais: 'CO',
      zonaHoraria: 'America/Bogota',
    });
    const partial = clinicSchema.parse(clinic);
    expect('pais' in partial && partial.pais !== undefined).toBe(false);
    expect(partial.zonaHoraria).toBeUndefined();
    expect(clinicSchema.parse({ ...clinic, pais: '' }).pais).toBeNull();
  });

  it('refuse a country or a zone off the list, and a zone of another country', () => {
    expect(messages(clinicSchema.safeParse({ ...clinic, pais: 'Narnia' }))).toEqual({
      pais: CLINIC_MESSAGES.paisInvalid,
    });
    expect(messages(clinicSchema.safeParse({ ...clinic, zonaHoraria: 'Asia/Tokyo' }))).toEqual({
      zonaHoraria: CLINIC_MESSAGES.zonaHorariaInvalid,
    });
    expect(messages(clinicSchema.safeParse({ ...clinic, pais: 'CO', zonaHoraria: 'Europe/Madrid' }))).toEqual({
      zonaHoraria: CLINIC_MESSAGES.zonaHorariaOtroPais,
    });
  });

  it('require the country at onboarding, with the spec’s message', () => {
    const place = { ciudad: 'Bogotá', direccion: 'Calle 1' };
    expect(messages(clinicOnboardingSchema.safeParse({ ...clinic, ...place, pais: '' }))).toEqual({
      pais: CLINIC_MESSAGES.paisRequired,
    });
    expect(messages(clinicOnboardingSchema.safeParse({ ...clinic, ...place, pais: 'Perú' }))).toEqual({
      pais: CLINIC_MESSAGES.paisInvalid,
    });
    expect(clinicOnboardingSchema.parse({ ...clinic, ...place, pais: 'CO' })).toMatchObject({ pais: 'CO' });
  });

  it('answer a body that is not an object with a message, not an exception', () => {
    for (const body of [null, [], 'texto', 3]) expect(clinicSchema.safeParse(body).success).toBe(false);
  });
});
