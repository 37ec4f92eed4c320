import { z } from 'zod';

/**
 * zod's own messages in Spanish, for every schema of the app: what a form shows, and what the API
 * answers for a request no form would send (a number where a name goes, a body that is not an
 * object). A schema's own message (`{ error }`, `.refine(…, message)`) always wins: this map only
 * speaks when the schema says nothing. Installed once, by importing this module (the package's
 * index does, so both apps and their tests get it wherever they import a schema).
 */
export const ZOD_MESSAGES = {
  /** The request body (or a list's item) is not the object the route takes. */
  notAnObject: 'Los datos enviados no son válidos: se esperaba un objeto con sus campos',
  required: 'Este campo es obligatorio',
  text: 'Debe ser un texto',
  number: 'Debe ser un número',
  integer: 'Debe ser un número entero',
  boolean: 'Debe ser sí o no (true o false)',
  list: 'Debe ser una lista',
  object: 'Debe ser un objeto con sus campos',
  date: 'Debe ser una fecha',
  option: 'Elige una de las opciones disponibles',
  id: 'El identificador no es válido',
  email: 'Introduce un email válido',
  url: 'Introduce una dirección web válida',
  dateFormat: 'Introduce una fecha válida',
  dateTime: 'Introduce una fecha y hora válidas',
  time: 'Introduce una hora válida',
  format: 'El formato no es válido',
  invalid: 'El valor no es válido',
  textMin: (n: number) => `Debe tener al menos ${n} caracteres`,
  textMax: (n: number) => `No puede superar los ${n} caracteres`,
  listMin: (n: number) => (n === 1 ? 'Elige al menos uno' : `Elige al menos ${n}`),
  listMax: (n: number) => `No puede tener más de ${n} elementos`,
  numberMin: (n: number | bigint, inclusive: boolean) =>
    inclusive ? `Debe ser ${n} o más` : `Debe ser mayor que ${n}`,
  numberMax: (n: number | bigint, inclusive: boolean) =>
    inclusive ? `Debe ser ${n} o menos` : `Debe ser menor que ${n}`,
  multipleOf: (n: number | bigint) => `Debe ser múltiplo de ${n}`,
  unknownFields: (keys: readonly string[]) =>
    keys.length === 1 ? `Campo no permitido: ${keys[0]}` : `Campos no permitidos: ${keys.join(', ')}`,
} as const;

const TYPE_MESSAGES: Record<string, string> = {
  string: ZOD_MESSAGES.text,
  number: ZOD_MESSAGES.number,
  int: ZOD_MESSAGES.integer,
  bigint: ZOD_MESSAGES.integer,
  boolean: ZOD_MESSAGES.boolean,
  array: ZOD_MESSAGES.list,
  tuple: ZOD_MESSAGES.list,
  object: ZOD_MESSAGES.object,
  record: ZOD_MESSAGES.object,
  map: ZOD_MESSAGES.object,
  date: ZOD_MESSAGES.date,
};

const FORMAT_MESSAGES: Record<string, string> = {
  uuid: ZOD_MESSAGES.id,
  uuidv4: ZOD_MESSAGES.id,
  uuidv6: ZOD_MESSAGES.id,
  uuidv7: ZOD_MESSAGES.id,
  guid: ZOD_MESSAGES.id,
  email: ZOD_MESSAGES.email,
  url: ZOD_MESSAGES.url,
  date: ZOD_MESSAGES.dateFormat,
  datetime: ZOD_MESSAGES.dateTime,
  time: ZOD_MESSAGES.time,
};

/** The Spanish message of an issue that its schema left without one. */
export function spanishIssueMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return ZOD_MESSAGES.required;
      if (issue.expected === 'object' && !issue.path?.length) return ZOD_MESSAGES.notAnObject;
      return TYPE_MESSAGES[issue.expected] ?? ZOD_MESSAGES.invalid;
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1 ? ZOD_MESSAGES.required : ZOD_MESSAGES.textMin(Number(issue.minimum));
      }
      if (issue.origin === 'array' || issue.origin === 'set') return ZOD_MESSAGES.listMin(Number(issue.minimum));
      return ZOD_MESSAGES.numberMin(issue.minimum, issue.inclusive !== false);
    case 'too_big':
      if (issue.origin === 'string') return ZOD_MESSAGES.textMax(Number(issue.maximum));
      if (issue.origin === 'array' || issue.origin === 'set') return ZOD_MESSAGES.listMax(Number(issue.maximum));
      return ZOD_MESSAGES.numberMax(issue.maximum, issue.inclusive !== false);
    case 'invalid_format':
      return FORMAT_MESSAGES[issue.format] ?? ZOD_MESSAGES.format;
    case 'invalid_value':
      return ZOD_MESSAGES.option;
    case 'not_multiple_of':
      return ZOD_MESSAGES.multipleOf(issue.divisor);
    case 'unrecognized_keys':
      return ZOD_MESSAGES.unknownFields(issue.keys);
    default:
      return ZOD_MESSAGES.invalid;
  }
}

z.config({ customError: spanishIssueMessage });
