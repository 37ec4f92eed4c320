import { z } from 'zod';
import { optionalText, requiredPhone, requiredText } from './fields.ts';

/** Spec 000 §5 and 001 §5 (clinic setup and onboarding clinic step). */
export const CLINIC_MESSAGES = {
  nombreRequired: 'El nombre de la clínica es obligatorio',
  telefonoRequired: 'El teléfono de contacto es obligatorio',
  telefonoInvalid: 'Introduce un número de teléfono válido',
  paisRequired: 'El país es obligatorio',
  ciudadRequired: 'La ciudad es obligatoria',
  direccionRequired: 'La dirección es obligatoria',
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

/**
 * What the API accepts to create or update a clinic: nombre and telefono are required everywhere
 * (/configurar-clinica asks for nothing else); the place fields are optional.
 */
export const clinicSchema = z.object({
  nombre,
  telefono,
  // Left out, a place field stays undefined: it is not changed (/configurar-clinica sends only name and phone).
  pais: optionalText(PLACE_MAX).optional(),
  ciudad: optionalText(PLACE_MAX).optional(),
  direccion: optionalText(ADDRESS_MAX).optional(),
});
export type ClinicInput = z.input<typeof clinicSchema>;
/** What the API works with once validated (trimmed, empty optionals as null). */
export type ClinicData = z.output<typeof clinicSchema>;

/** The onboarding clinic step also requires the place (its form; the API takes it through clinicSchema). */
export const clinicOnboardingSchema = z.object({
  nombre,
  telefono,
  pais: requiredText(CLINIC_MESSAGES.paisRequired, PLACE_MAX),
  ciudad: requiredText(CLINIC_MESSAGES.ciudadRequired, PLACE_MAX),
  direccion: requiredText(CLINIC_MESSAGES.direccionRequired, ADDRESS_MAX),
});
export type ClinicOnboardingInput = z.input<typeof clinicOnboardingSchema>;

/** /configurar-clinica: name and phone only (the logo is a separate upload). */
export const clinicSetupSchema = z.object({ nombre, telefono });
export type ClinicSetupInput = z.input<typeof clinicSetupSchema>;

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
