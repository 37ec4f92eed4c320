import type { OnboardingStep } from '@odontia/shared';

/**
 * Where nobody is sent automatically: the sign-in and recovery pages of spec 000 §4, and the reset
 * page, which the original reached through a PASSWORD_RECOVERY event (never one that redirects).
 */
const NO_REDIRECT_PATHS = new Set(['/auth', '/auth/recuperar-clave', '/auth/reset-password']);

/** A path without its trailing slashes ('/clinicas/' is '/clinicas'); '/' stays '/'. */
export const normalisePath = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

/**
 * Spec 000 §4, one rule per step: pendiente → /onboarding/perfil and perfil_completado →
 * /onboarding/clinica unless already there; completado → /dashboard only from /onboarding/*.
 * An unknown step counts as pendiente. Null: stay.
 */
export function onboardingRedirect(step: OnboardingStep | string | null | undefined, pathname: string): string | null {
  const path = normalisePath(pathname);
  if (NO_REDIRECT_PATHS.has(path)) return null;
  if (step === 'completado') return path.startsWith('/onboarding/') ? '/dashboard' : null;
  const target = step === 'perfil_completado' ? '/onboarding/clinica' : '/onboarding/perfil';
  return path === target ? null : target;
}

/** Where a person goes once signed in: the step they have to finish, or the dashboard. */
export function homeFor(step: OnboardingStep | string | null | undefined): string {
  if (step === 'completado') return '/dashboard';
  return step === 'perfil_completado' ? '/onboarding/clinica' : '/onboarding/perfil';
}

const REDIRECT_MARK = 'odontia:redireccion-onboarding';

/**
 * Spec 000 §4 allows one automatic redirect per session. The staff app keeps that flag in memory; the
 * public pages are each a page load of their own (public-main.tsx), so the flag is also kept for the
 * tab in sessionStorage: set by any redirect, cleared on sign-up, sign-in and sign-out.
 */
export const onboardingRedirectMark = {
  isSet(): boolean {
    try {
      return sessionStorage.getItem(REDIRECT_MARK) === '1';
    } catch {
      return false;
    }
  },
  set() {
    try {
      sessionStorage.setItem(REDIRECT_MARK, '1');
    } catch {
      // Without storage a public page may redirect once more: the rule itself still holds.
    }
  },
  clear() {
    try {
      sessionStorage.removeItem(REDIRECT_MARK);
    } catch {
      // Nothing kept, nothing to clear.
    }
  },
};
