import { z } from 'zod';
import { mustBeTrue, requiredEmail } from './fields.ts';

/** Spec 000 §5 texts, written once and used by the forms and by the API. */
export const AUTH_MESSAGES = {
  accountLocked:
    'Demasiados intentos fallidos con esta cuenta. Por seguridad, espera unos minutos e inténtalo de nuevo.',
  emailRequired: 'El correo electrónico es requerido',
  emailInvalid: 'Por favor, introduce un correo electrónico válido',
  passwordRequired: 'La contraseña es requerida',
  passwordTooShort: 'La contraseña debe tener al menos 6 caracteres',
  passwordTooLong: 'La contraseña no puede superar los 128 caracteres',
  passwordsDoNotMatch: 'Las contraseñas no coinciden',
  termsRequired: 'Debes aceptar los términos y condiciones',
  recoveryEmailRequired: 'Por favor, introduce tu correo electrónico',
} as const;

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

const email = requiredEmail({ required: AUTH_MESSAGES.emailRequired, invalid: AUTH_MESSAGES.emailInvalid });
const acceptTerms = mustBeTrue(AUTH_MESSAGES.termsRequired);

const password = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(1, AUTH_MESSAGES.passwordRequired)
  .min(PASSWORD_MIN, AUTH_MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX, AUTH_MESSAGES.passwordTooLong);

export const loginSchema = z.object({
  email,
  password: z
    .string({ error: AUTH_MESSAGES.passwordRequired })
    .min(1, AUTH_MESSAGES.passwordRequired)
    .max(PASSWORD_MAX, AUTH_MESSAGES.passwordTooLong),
  rememberMe: z.boolean().default(false),
});

/** What the API needs to create an account. */
export const registerSchema = z.object({
  email,
  password,
  acceptTerms,
  /** The token of an invitation link (`/auth?register=true&invitacion=`): the account joins that clinic. */
  invitacion: z.string().trim().max(200).optional(),
});

/** The register form adds the confirmation, checked on the client only (the server never sees it). */
export const registerFormSchema = z
  .object({
    email,
    password,
    confirmPassword: z.string(),
    acceptTerms,
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: AUTH_MESSAGES.passwordsDoNotMatch,
  });

export const recoverySchema = z.object({
  email: requiredEmail({ required: AUTH_MESSAGES.recoveryEmailRequired, invalid: AUTH_MESSAGES.emailInvalid }),
});

export const resetPasswordSchema = z.object({
  // better-auth's tokens are URL-safe ids: anything else (a NUL, a quote...) is not one of ours.
  token: z.string().regex(/^[\w-]{1,200}$/, 'El enlace no es válido o ha caducado'),
  newPassword: password,
});

export const resetPasswordFormSchema = z
  .object({ password, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: AUTH_MESSAGES.passwordsDoNotMatch,
  });

export const ONBOARDING_STEPS = ['pendiente', 'perfil_completado', 'completado'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];
