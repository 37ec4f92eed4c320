import { z } from 'zod';
import { parsePageNumber } from '../paging.ts';
import { ZOD_MESSAGES } from './error-map.ts';

/**
 * The building blocks every schema is made of, written once: text (trimmed, limited, free of control
 * characters), emails, phones, calendar dates, ids and page numbers. A schema passes the messages that
 * name its field; the messages below are the blocks' own and are the same everywhere.
 */
export const FIELD_MESSAGES = {
  tooLong: ZOD_MESSAGES.textMax,
  /** A line break, tab or other control character in a one-line field (names end up in mail subjects). */
  singleLine: 'Escribe el texto en una sola línea, sin caracteres especiales',
  /** NUL and the other control characters, which no text needs (PostgreSQL refuses NUL in text). */
  controlCharacters: 'El texto contiene caracteres no permitidos',
  /** A lone UTF-16 surrogate (half an emoji): it has no UTF-8 form, so no database can store it. */
  brokenCharacter: 'El texto contiene un carácter incompleto (como medio emoji): vuelve a escribirlo',
  dateInvalid: ZOD_MESSAGES.dateFormat,
} as const;

// C0 controls and DEL, and the C1 range. Multi-line text may keep tab, line feed and carriage return.
// Matching control characters is the point of these expressions.
/* eslint-disable no-control-regex */
const ANY_CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const CONTROL_EXCEPT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const NUL_OR_SURROGATE = /[\u0000\ud800-\udfff]/;
/* eslint-enable no-control-regex */
/** A UTF-16 surrogate without its other half. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export type TextOptions = {
  /** Allows line breaks and tabs (notes, descriptions, messages); every other field is one line. */
  multiline?: boolean;
};

/**
 * Why no field can store this text, whatever its schema: NUL (PostgreSQL refuses it in text) or a lone
 * surrogate (half an emoji, which a JSON body can carry as `\ud800` but UTF-8 cannot encode); null when
 * it can be stored. The API checks every string of every request with this before any schema.
 */
export function unstorableText(value: string): string | null {
  if (!NUL_OR_SURROGATE.test(value)) return null;
  if (value.includes('\u0000')) return FIELD_MESSAGES.controlCharacters;
  return LONE_SURROGATE.test(value) ? FIELD_MESSAGES.brokenCharacter : null;
}

/** True when the text has no character the field refuses (see TextOptions). */
export function hasOnlyAllowedCharacters(value: string, options: TextOptions = {}): boolean {
  return !(options.multiline ? CONTROL_EXCEPT_LINES : ANY_CONTROL).test(value);
}

const charactersMessage = (options: TextOptions) =>
  options.multiline ? FIELD_MESSAGES.controlCharacters : FIELD_MESSAGES.singleLine;

/** Trimmed text of at most `max` characters, refusing control characters. */
const text = (max: number, options: TextOptions, error?: string) =>
  z
    .string(error ? { error } : undefined)
    .trim()
    .max(max, FIELD_MESSAGES.tooLong(max))
    .refine((v) => hasOnlyAllowedCharacters(v, options), charactersMessage(options));

/** Required, trimmed text: empty or only spaces answers `message`. */
export const requiredText = (message: string, max: number, options: TextOptions = {}) =>
  text(max, options, message).refine((v) => v.length > 0, message);

/**
 * Optional, trimmed text: empty, null or left out all become null, so "no value" is stored as NULL.
 * A schema for partial updates, where a field left out means "unchanged", adds `.optional()`.
 */
export const optionalText = (max: number, options: TextOptions = {}) =>
  text(max, options)
    .nullish()
    .transform((v) => v || null);

/** Query text (a search term): absent is '', longer than `max` is cut, control characters refused. */
export const searchText = (max: number) =>
  z
    .string()
    .refine((v) => hasOnlyAllowedCharacters(v), FIELD_MESSAGES.controlCharacters)
    .optional()
    .transform((v) => (v ?? '').trim().slice(0, max));

/** One of a fixed list, or nothing: '' and null become null. */
export const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .union([z.enum(values, { error: message }), z.literal(''), z.null()], { error: message })
    .optional()
    .transform((v) => (v ? v : null));

/** RFC 5321 caps an address at 254 characters. */
export const EMAIL_MAX = 254;

const lowerCase = (v: string) => v.toLowerCase();

/** A required email, trimmed and stored in lower case (addresses are compared case-insensitively). */
export const requiredEmail = (messages: { required: string; invalid: string }, max = EMAIL_MAX) =>
  z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(max, messages.invalid)
    .pipe(z.email({ error: messages.invalid }))
    .transform(lowerCase);

/** An optional email: empty becomes null; otherwise as requiredEmail. */
export const optionalEmail = (invalid: string, max = EMAIL_MAX) =>
  z
    .string()
    .trim()
    .max(max, invalid)
    .nullish()
    .transform((v) => (v ? lowerCase(v) : null))
    .refine((v) => v === null || z.email().safeParse(v).success, invalid);

/** A patient's (or visitor's) phone: optional leading +, then 6 to 20 digits, spaces, parentheses or hyphens (spec 000 §5). */
export const PATIENT_PHONE_PATTERN = /^\+?[\d\s()-]{6,20}$/;

/** 9 to 15 digits once spaces are removed (spec 001 §9: profile and clinic phones). */
export const PHONE_DIGITS_PATTERN = /^\d{9,15}$/;
export const isValidPhone = (value: string) => PHONE_DIGITS_PATTERN.test(value.replace(/\s+/g, ''));
const PHONE_MAX = 30;

/** An optional phone with the patient pattern: empty becomes null. */
export const optionalPatientPhone = (invalid: string) =>
  z
    .string()
    .trim()
    .nullish()
    .transform((v) => v || null)
    .refine((v) => v === null || PATIENT_PHONE_PATTERN.test(v), invalid);

/** A required phone of 9-15 digits (spaces allowed), stored as typed (trimmed). */
export const requiredPhone = (messages: { required: string; invalid: string }) =>
  z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(PHONE_MAX, messages.invalid)
    .refine(isValidPhone, messages.invalid);

/** No date in the app is older than this (a birth date of 1850 is a typo). */
export const MIN_YEAR = 1900;

/** A real calendar day as YYYY-MM-DD (what <input type="date"> gives), from MIN_YEAR on. */
export function isCalendarDate(value: string): boolean {
  return z.iso.date().safeParse(value).success && Number(value.slice(0, 4)) >= MIN_YEAR;
}

/** An optional calendar date (see isCalendarDate): empty becomes null. YYYY-MM-DD strings compare as dates. */
export const optionalDate = (message: string = FIELD_MESSAGES.dateInvalid) =>
  z
    .string()
    .trim()
    .nullish()
    .transform((v) => v || null)
    .refine((v) => v === null || isCalendarDate(v), message);

/** An entity id: a UUID as the database generates them. */
export const idSchema = z.uuid();
export const isId = (value: string) => idSchema.safeParse(value).success;

/**
 * `pagina` in a query schema: read by `parsePageNumber`, so anything that is not a page is page 1.
 * The default makes `pagina` optional for the typed client.
 */
export const pageNumber = z.unknown().transform(parsePageNumber).default(1);

/** A checkbox that must be ticked (terms and conditions). */
export const mustBeTrue = (message: string) => z.boolean({ error: message }).refine((v) => v, message);
