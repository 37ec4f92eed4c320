import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api';
import { createQueryClient } from './query-client';
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
