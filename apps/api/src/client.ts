import { hc } from 'hono/client';
import type { AppType } from './app.ts';

/** Typed API client for the web app: request and response types come from the routes. */
export function createApiClient(baseUrl: string, options?: Parameters<typeof hc>[1]) {
  return hc<AppType>(baseUrl, options);
}

export type ApiClient = ReturnType<typeof createApiClient>;
export type { AppType };
/** The body of every failed response (see platform/http.ts): the web reads its Spanish message and fields. */
export type { ErrorBody, ErrorCode, FieldErrors } from './platform/errors.ts';
