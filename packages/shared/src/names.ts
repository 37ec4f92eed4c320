/** A person's name fields as profiles and members store them (either may be missing). */
export type PersonName = { nombres?: string | null; apellidos?: string | null };

function emailName(email: string | null | undefined): string {
  return email?.split('@')[0]?.trim() ?? '';
}

/**
 * The name shown for a person everywhere (the shell, a new clinic's owner in the team list): their
 * names and surnames; without any, the part of their email before the @; '' only when there is neither.
 */
export function displayName(person: PersonName | null | undefined, email?: string | null): string {
  const name = [person?.nombres, person?.apellidos]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || emailName(email);
}

/** The name a greeting uses ('¡Bienvenido, Ana!'): the first names, else as displayName; '' when nothing is known. */
export function greetingName(person: PersonName | null | undefined, email?: string | null): string {
  return person?.nombres?.trim() || displayName(person, email);
}
