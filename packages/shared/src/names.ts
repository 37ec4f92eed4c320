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

/**
 * Text as a file-name part: lower-case ASCII words joined by dashes (accents folded, ñ as n), at most
 * `max` characters; `fallback` when nothing is left (storage keys, download and zip entry names).
 */
export function fileSlug(text: string, fallback: string, max = 60): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '');
  return slug || fallback;
}
