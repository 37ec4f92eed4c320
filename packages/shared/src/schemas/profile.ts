import { z } from 'zod';
import { requiredPhone, requiredText } from './fields.ts';

/** Spec 001 §5 (profile form), used on /onboarding/perfil and on 'Mi Perfil'. */
export const PROFILE_MESSAGES = {
  nombresRequired: 'Ingresa tu nombre',
  apellidosRequired: 'Ingresa tus apellidos',
  telefonoRequired: 'Ingresa un número de teléfono',
  telefonoInvalid: 'Ingresa un número de teléfono válido',
} as const;

const NAME_MAX = 100;

export const profileSchema = z.object({
  nombres: requiredText(PROFILE_MESSAGES.nombresRequired, NAME_MAX),
  apellidos: requiredText(PROFILE_MESSAGES.apellidosRequired, NAME_MAX),
  telefono: requiredPhone({ required: PROFILE_MESSAGES.telefonoRequired, invalid: PROFILE_MESSAGES.telefonoInvalid }),
});
export type ProfileInput = z.input<typeof profileSchema>;
