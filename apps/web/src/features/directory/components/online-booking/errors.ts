import { BOOKING_MESSAGES } from '@odontia/shared';
import { ApiError } from '@/lib/api';

/**
 * The hold is gone and only a new slot helps: it ended (409 holdExpired), it is unknown (404
 * holdNotFound), or too many wrong codes freed it (422 codeLocked on `codigo`).
 */
export const holdLost = (error: unknown): error is ApiError =>
  error instanceof ApiError &&
  (error.status === 409 || error.status === 404 || error.fields?.codigo === BOOKING_MESSAGES.codeLocked);
