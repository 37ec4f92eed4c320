import type { InferResponseType } from 'hono/client';
import { api, ApiError, unwrap } from './api';

export type Account = InferResponseType<typeof api.me.$get, 200>;

/** The signed-in account (GET /api/me), or null when nobody is signed in. */
export async function fetchAccount(): Promise<Account | null> {
  try {
    return await unwrap(api.me.$get());
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}
