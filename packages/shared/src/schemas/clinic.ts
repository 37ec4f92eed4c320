import { z } from 'zod';
import { CLINIC_TIME_ZONES, isZoneOfCountry, parseCountry, type CountryCode } from '../countries.ts';
import { optionalText, requiredPhone, requiredText } from './fields.ts';

/** Spec 000 §5 and 001 §5 (clinic setup and onboarding clinic step). */
export const CLINIC_MESSAGES = {
  nombreRequired: 'El nombre de la clínica es obligatorio',
  telefonoRequired: 'El teléfono de contacto es obligatorio',
  telefonoInvalid: 'Introduce un número de teléfono válido',
  paisRequired: 'El país es obligatorio',
  ciudadRequired: 'La ciudad es obligatoria',
  direccionRequired: 'La dirección es obligatoria',
  // Ours, in the same voice: País is a list (DESIGN §1), and so is the zone.
  paisInvalid: 'Elige un país de la lista',
  zonaHorariaInvalid: 'Elige una zona horaria de la lista',
  zonaHorariaOtroPais: 'La zona horaria no es de ese país',
  /** Issue 23: amounts are in the clinic's currency, which its country sets. */
  monedaFija:
    'La clínica ya tiene precios o pedidos en su moneda: no puede pasar a un país con otra moneda. Escríbenos si necesitas mudarla.',
  /** The onboarding note and footer of /onboarding/clinica. */
  visibleToPatients: 'Esta información será visible para tus pacientes',
  editableLater: 'Puedes modificar esta información más adelante en la configuración de tu cuenta',
  /** Spec 000 §8: a logo that fails to upload does not stop the setup. */
  logoUploadFailed: 'Error al subir el logo',
  logoUploadFallback: 'No se pudo subir la imagen, pero continuaremos con el resto de la configuración',
} as const;

const NAME_MAX = 150;
const PLACE_MAX = 100;
const ADDRESS_MAX = 250;

const nombre = requiredText(CLINIC_MESSAGES.nombreRequired, NAME_MAX);
// DESIGN §1: 9-15 digits on every clinic form (the spec's 9-10 on /configurar-clinica is not kept).
const telefono = requiredPhone({
  required: CLINIC_MESSAGES.telefonoRequired,
  invalid: CLINIC_MESSAGES.telefonoInvalid,
});

/** A country of the list, by code or name ('ES', 'España'): stored as its code. */
const toCountryCode = (value: string, ctx: z.RefinementCtx): CountryCode => {
  const code = parseCountry(value);
  if (!code) ctx.addIssue({ code: 'custom', message: CLINIC_MESSAGES.paisInvalid });
  return code ?? (z.NEVER as CountryCode);
};

/** Left out (or empty), the zone follows the country and the city (or stays, when it still fits the country). */
const zonaHoraria = z
  .union([z.enum(CLINIC_TIME_ZONES), z.literal('')], { error: CLINIC_MESSAGES.zonaHorariaInvalid })
  .transform((v) => v || undefined)
  .optional();

/** A zone sent with a country must be one of that country's. */
const zoneOfCountry = (v: { pais?: string | null; zonaHoraria?: string }, ctx: z.RefinementCtx) => {
  if (v.pais && v.zonaHoraria && !isZoneOfCountry(v.pais, v.zonaHoraria)) {
    ctx.addIssue({ code: 'custom', path: ['zonaHoraria'], message: CLINIC_MESSAGES.zonaHorariaOtroPais });
  }
};

/**
 * What the API accepts to create or update a clinic: nombre and telefono are required everywhere
 * (/configurar-clinica asks for nothing else); the place fields and the zone are optional.
 */
export const clinicSchema = z
  .object({
    nombre,
    telefono,
    // Left out, a place field stays undefined: it is not changed (/configurar-clinica sends only name and phone).
    pais: optionalText(PLACE_MAX)
      .transform((v, ctx) => (v === null ? null : toCountryCode(v, ctx)))
      .optional(),
    ciudad: optionalText(PLACE_MAX).optional(),
    direccion: optionalText(ADDRESS_MAX).optional(),
    zonaHoraria,
  })
  .superRefine(zoneOfCountry);
export type ClinicInput = z.input<typeof clinicSchema>;
/** What the API works with once validated (trimmed, empty optionals as null, the country as its code). */
export type ClinicData = z.output<typeof clinicSchema>;

/** The onboarding clinic step also requires the place (its form; the API takes it through clinicSchema). */
export const clinicOnboardingSchema = z
  .object({
    nombre,
    telefono,
    pais: requiredText(CLINIC_MESSAGES.paisRequired, PLACE_MAX).transform(toCountryCode),
    ciudad: requiredText(CLINIC_MESSAGES.ciudadRequired, PLACE_MAX),
    direccion: requiredText(CLINIC_MESSAGES.direccionRequired, ADDRESS_MAX),
    zonaHoraria,
  })
  .superRefine(zoneOfCountry);

/** /configurar-clinica: name and phone only (the logo is a separate upload). */
export const clinicSetupSchema = z.object({ nombre, telefono });

/** Spec 000 §2: a clinic with all five is complete and /onboarding/clinica sends the user on. */
export function isClinicComplete(
  clinica: {
    nombre?: string | null;
    telefono?: string | null;
    pais?: string | null;
    ciudad?: string | null;
    direccion?: string | null;
  } | null,
): boolean {
  return Boolean(clinica?.nombre && clinica.telefono && clinica.pais && clinica.ciudad && clinica.direccion);
}
