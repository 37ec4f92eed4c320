import { createApiClient, type ErrorBody, type ErrorCode, type FieldErrors } from '@odontia/api/client';

/** A failed API call, carrying the server's Spanish message (shown as is in toasts and forms). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The server's code, or the client's own when no answer came ('network_error') or it was not one of ours. */
    readonly code: ErrorCode | 'network_error' | 'unknown',
    message: string,
    readonly fields?: FieldErrors,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const NETWORK_MESSAGE = 'No se pudo conectar con el servidor. Revisa tu conexión e inténtalo de nuevo.';

/** What `unwrap` needs of a typed client response (or a fetch Response). */
type ResponseLike = { ok: boolean; status: number; json(): Promise<unknown> };

/** What a successful response gives, status by status: nothing for a 204, its JSON otherwise. */
type SuccessBody<R> = R extends { ok: false }
  ? never
  : R extends { status: 204 }
    ? undefined
    : R extends { json(): Promise<infer T> }
      ? T
      : never;

async function toApiError(res: ResponseLike): Promise<ApiError> {
  // A proxy's HTML page or an empty body is not an ErrorBody: the generic message then.
  const body = (await res.json().catch(() => null)) as Partial<ErrorBody> | null;
  if (body?.error?.message) return new ApiError(res.status, body.error.code, body.error.message, body.error.fields);
  return new ApiError(res.status, 'unknown', 'Ocurrió un error inesperado. Inténtalo de nuevo.');
}

/** fetch, with a failure to reach the server as an ApiError (status 0) in Spanish. */
export async function apiFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(input, init);
  } catch {
    throw new ApiError(0, 'network_error', NETWORK_MESSAGE);
  }
}

/** Typed client: paths, inputs and outputs come from the server's routes (`hc<AppType>`). */
export const api = createApiClient('/api', { init: { credentials: 'same-origin' }, fetch: apiFetch });

/**
 * Resolves a typed client response to its JSON body, or throws ApiError with the server's message.
 * A 204 (No Content) has no body to parse: it resolves to undefined.
 */
export async function unwrap<R extends ResponseLike>(promise: Promise<R>): Promise<SuccessBody<R>> {
  const res = await promise;
  if (!res.ok) throw await toApiError(res);
  if (res.status === 204) return undefined as SuccessBody<R>;
  return (await res.json()) as SuccessBody<R>;
}

/** A file answer (`Content-Disposition: attachment`): its bytes and the name the server gave it. */
export type DownloadedFile = { blob: Blob; fileName: string | null };

/**
 * Resolves a typed client response that is a file download to its bytes and file name, or throws
 * ApiError with the server's message (errors are JSON like every other answer).
 */
export async function unwrapFile(
  promise: Promise<ResponseLike & { blob(): Promise<Blob>; headers: Headers }>,
): Promise<DownloadedFile> {
  const res = await promise;
  if (!res.ok) throw await toApiError(res);
  const disposition = res.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? null;
  return { blob: await res.blob(), fileName };
}

export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}
