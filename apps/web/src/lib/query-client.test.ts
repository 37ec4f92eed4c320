import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api';
import { createQueryClient } from './query-client';
import { SESSION_QUERY_KEY } from './query-keys';
import { toast } from './toast';

vi.mock('./toast', () => ({ toast: { error: vi.fn() } }));

const fail = (error: Error) => () => Promise.reject(error);

afterEach(() => vi.mocked(toast.error).mockClear());

describe("a screen's failed load", () => {
  it('is told once, by the title its query names, with the server’s message', async () => {
    const client = createQueryClient();
    const error = new ApiError(404, 'not_found', 'No encontrado');
    await client
      .fetchQuery({ queryKey: ['a'], queryFn: fail(error), meta: { loadError: 'Error al cargar pacientes' } })
      .catch(() => undefined);
    await client.fetchQuery({ queryKey: ['b'], queryFn: fail(error) }).catch(() => undefined);
    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(toast.error).toHaveBeenCalledWith('Error al cargar pacientes', 'No encontrado', {
      id: 'Error al cargar pacientes',
    });
  });

  it('makes one line when the title is a function of the message, and says nothing of a missing clinic', async () => {
    const client = createQueryClient();
    const loadError = (message: string) => `Error al cargar las citas: ${message}`;
    await client
      .fetchQuery({
        queryKey: ['a'],
        queryFn: fail(new ApiError(400, 'validation_error', 'Fecha no válida')),
        meta: { loadError },
      })
      .catch(() => undefined);
    expect(toast.error).toHaveBeenCalledWith('Error al cargar las citas: Fecha no válida', undefined, {
      id: 'Error al cargar las citas: Fecha no válida',
    });
    const missing = new ApiError(403, 'clinic_required', 'Necesitas configurar tu clínica para continuar');
    await client.fetchQuery({ queryKey: ['b'], queryFn: fail(missing), meta: { loadError } }).catch(() => undefined);
    expect(toast.error).toHaveBeenCalledTimes(1);
  });
});

describe('a 401 while signed in', () => {
  it('asks the account again, from a load or a change, so a session ended elsewhere leaves the screens', async () => {
    const client = createQueryClient();
    const signedOut = new ApiError(401, 'unauthorized', 'Debes iniciar sesión');
    const isAsked = () => client.getQueryState(SESSION_QUERY_KEY)?.isInvalidated;

    // Nobody signed in (a public page's 401): nothing to ask.
    await client.fetchQuery({ queryKey: ['a'], queryFn: fail(signedOut) }).catch(() => undefined);
    expect(client.getQueryState(SESSION_QUERY_KEY)).toBeUndefined();

    client.setQueryData(SESSION_QUERY_KEY, { user: { id: 'u1' } });
    // A refusal of the member's rights is no sign of a lost session.
    await client
      .fetchQuery({ queryKey: ['b'], queryFn: fail(new ApiError(403, 'forbidden', 'Sin permiso')) })
      .catch(() => undefined);
    expect(isAsked()).toBe(false);
    await client.fetchQuery({ queryKey: ['c'], queryFn: fail(signedOut) }).catch(() => undefined);
    expect(isAsked()).toBe(true);

    client.setQueryData(SESSION_QUERY_KEY, { user: { id: 'u1' } });
    expect(isAsked()).toBe(false);
    await client
      .getMutationCache()
      .build(client, { mutationFn: fail(signedOut) })
      .execute(undefined)
      .catch(() => undefined);
    expect(isAsked()).toBe(true);
  });
});
