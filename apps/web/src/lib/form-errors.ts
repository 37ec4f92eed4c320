import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, errorMessage } from './api';
import { toast } from './toast';

/**
 * Puts the server's per-field messages (the same shared schemas as the form) under their fields.
 * `rename` maps API field names to form field names (e.g. newPassword → password).
 */
export function setServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  rename: Record<string, Path<T>> = {},
): boolean {
  if (!(error instanceof ApiError) || !error.fields) return false;
  let applied = false;
  for (const [key, message] of Object.entries(error.fields)) {
    const field = rename[key] ?? (key as Path<T>);
    if (!fields.includes(field)) continue;
    setError(field, { type: 'server', message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}

/** A toast for a failed step: its title, and the message shown when the server gives none. */
export type FailureToast = { title: string; fallback: string };

/** The toast of a failed step, with the server's Spanish message when there is one. */
export function toastFailure(error: unknown, { title, fallback }: FailureToast): void {
  toast.error(title, errorMessage(error, fallback));
}

/** A failed submit: the server's per-field messages under their fields, otherwise a toast. */
export function showSubmitError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  failure: FailureToast,
  rename: Record<string, Path<T>> = {},
): void {
  if (!setServerFieldErrors(error, setError, fields, rename)) toastFailure(error, failure);
}
