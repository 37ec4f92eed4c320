import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** Machine-readable error codes; the message shown to people is always Spanish. */
export type ErrorCode =
  | 'bad_request'
  | 'validation_error'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'clinic_required'
  // The store's (the checkout and order pages act on each): the cart no longer matches what is for
  // sale, or the order cannot be received into the inventory.
  | 'cart_empty'
  | 'out_of_stock'
  | 'other_supplier'
  | 'not_for_sale'
  | 'prices_changed'
  | 'not_delivered'
  | 'already_received'
  | 'service_unavailable'
  | 'internal_error';

export type FieldErrors = Record<string, string>;

export type ErrorBody = {
  error: { code: ErrorCode; message: string; fields?: FieldErrors };
};

/** An expected failure: it carries the HTTP status and the Spanish message the client may show as is. */
export class AppError extends Error {
  /** Extra response headers (e.g. Retry-After on a 429). */
  headers?: Record<string, string>;

  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldErrors,
  ) {
    super(message);
    this.name = 'AppError';
  }

  toBody(): ErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) } };
  }
}

export const notFound = (message = 'No encontrado') => new AppError(404, 'not_found', message);
export const forbidden = (message = 'No tienes permiso para realizar esta acción') =>
  new AppError(403, 'forbidden', message);
export const unauthorized = (message = 'Debes iniciar sesión') => new AppError(401, 'unauthorized', message);
export const badRequest = (message: string, fields?: FieldErrors) =>
  new AppError(400, 'validation_error', message, fields);
export const conflict = (message: string) => new AppError(409, 'conflict', message);
/** A well-formed request that breaks a rule of the domain; `field` names the field the form marks. */
export const unprocessable = (message: string, field?: string) =>
  new AppError(422, 'validation_error', message, field ? { [field]: message } : undefined);
