import { z } from 'zod';

/** Spec 001 §5 (profile form), used on /onboarding/perfil and on 'Mi Perfil'. */
export const PROFILE_MESSAGES = {
  nombresRequired: 'Ingresa tu nombre',
  apellidosRequired: 'Ingresa tus apellidos',
  telefonoRequired: 'Ingresa un número de teléfono',
  telefonoInvalid: 'Ingresa un número de teléfono válido',
  tooLong: (max: number) => `No puede superar los ${max} caracteres`,
} as const;

const NAME_MAX = 100;
const PHONE_MAX = 30;

/** 9 to 15 digits once spaces are removed (spec 001 §9: profile and clinic phones). */
export const PHONE_DIGITS_PATTERN = /^\d{9,15}$/;
export const isValidPhone = (value: string) => PHONE_DIGITS_PATTERN.test(value.replace(/\s+/g, ''));

/** Trimmed, required text with its Spanish message for empty values. */
export const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, PROFILE_MESSAGES.tooLong(max));

/** A required phone: stored as typed (trimmed), checked as 9-15 digits without spaces. */
export const phoneField = (messages: { required: string; invalid: string }) =>
  z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(PHONE_MAX, messages.invalid)
    .refine(isValidPhone, messages.invalid);

export const profileSchema = z.object({
  nombres: requiredText(PROFILE_MESSAGES.nombresRequired, NAME_MAX),
  apellidos: requiredText(PROFILE_MESSAGES.apellidosRequired, NAME_MAX),
  telefono: phoneField({ required: PROFILE_MESSAGES.telefonoRequired, invalid: PROFILE_MESSAGES.telefonoInvalid }),
});
export type ProfileInput = z.input<typeof profileSchema>;
