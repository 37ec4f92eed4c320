import type { Dentist, DentistData, UpdateDentistData } from '@odontia/shared';
import { useQuery } from '@tanstack/react-query';
import { apiFetch, unwrap } from '@/lib/api';
import { useInvalidatingMutation } from '@/lib/query-client';

export type { Dentist };

/** Every dentist query (this screen's and the agenda's pickers) lives under this key. */
const dentistsKey = ['dentistas'] as const;

async function call<T>(path: string, init?: { method: string; body?: unknown }): Promise<T> {
  const res = await apiFetch(`/api/dentistas${path}`, {
    method: init?.method ?? 'GET',
    credentials: 'same-origin',
    headers: init?.body === undefined ? undefined : { 'content-type': 'application/json' },
    body: init?.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return (await unwrap(Promise.resolve(res))) as T;
}

/** All the clinic's dentists, the inactive ones too. */
export const useDentists = () => useQuery({ queryKey: [...dentistsKey, 'todos'], queryFn: () => call<Dentist[]>('') });

export const useCreateDentist = () => useInvalidatingMutation((input: DentistData) => call<Dentist>('', { method: 'POST', body: input }), dentistsKey);

export const useUpdateDentist = () =>
  useInvalidatingMutation(({ id, input }: { id: string; input: UpdateDentistData }) => call<Dentist>(`/${encodeURIComponent(id)}`, { method: 'PUT', body: input }), dentistsKey);

export const useDeactivateDentist = () => useInvalidatingMutation((id: string) => call<Dentist>(`/${encodeURIComponent(id)}`, { method: 'DELETE' }), dentistsKey);
