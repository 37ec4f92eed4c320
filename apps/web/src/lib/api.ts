import { createApiClient } from '@odontia/api/client';

export type ApiErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

/** A failed API call, carrying the server's Spanish message (shown as is in toasts and forms). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const NETWORK_MESSAGE = 'No se pudo conectar con el servidor. Revisa tu conexión e inténtalo de nuevo.';

async function toApiError(res: Response): Promise<ApiError> {
  const body = (await res.json().catch(() => null)) as ApiErrorBody | null;
  if (body?.error?.message) return new ApiError(res.status, body.error.code, body.error.message, body.error.fields);
  return new ApiError(res.status, 'unknown', 'Ocurrió un error inesperado. Inténtalo de nuevo.');
}

/** Typed client: paths, inputs and outputs come from the server's routes (`hc<AppType>`). */
export const api = createApiClient('/api', {
  init: { credentials: 'same-origin' },
  fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
    try {
      return await fetch(input, init);
    } catch {
      throw new ApiError(0, 'network_error', NETWORK_MESSAGE);
    }
  },
});

/** Resolves a typed client response to its JSON body, or throws ApiError with the server's message. */
export async function unwrap<T>(promise: Promise<{ ok: boolean; status: number; json(): Promise<T> } & Pick<Response, 'clone'>>): Promise<T> {
  const res = await promise;
  if (!res.ok) throw await toApiError(res as unknown as Response);
  return res.json();
}

/** For the few endpoints outside the typed client (better-auth's, file uploads). */
export async function request<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  let res: Response;
  try {
    res = await fetch(path, {
      credentials: 'same-origin',
      ...rest,
      headers: json !== undefined ? { 'content-type': 'application/json', ...headers } : headers,
      body: json !== undefined ? JSON.stringify(json) : rest.body,
    });
  } catch {
    throw new ApiError(0, 'network_error', NETWORK_MESSAGE);
  }
  if (!res.ok) throw await toApiError(res);
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}
