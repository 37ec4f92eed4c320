import { DENTIST_MESSAGES } from '@odontia/shared';
import type { Dentist, DentistData, DentistMember, UpdateDentistData } from '@odontia/shared';
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';
import { useInvalidatingMutation } from '@/lib/query-client';

export type { Dentist };

/** Every dentist query (this screen's and the agenda's pickers) lives under this key. */
const dentistsKey = ['dentistas'] as const;

/** All the clinic's dentists, the inactive ones too. */
export const useDentists = () =>
  useQuery({
    queryKey: [...dentistsKey, 'todos'],
    meta: { loadError: DENTIST_MESSAGES.loadError },
    queryFn: (): Promise<Dentist[]> => unwrap(api.dentistas.$get({ query: {} })),
  });

/** One dentist (their name on the hours screen). */
export const useDentist = (id: string) =>
  useQuery({
    queryKey: [...dentistsKey, 'detail', id],
    queryFn: (): Promise<Dentist> => unwrap(api.dentistas[':id'].$get({ param: { id } })),
  });

/** The team members with rol dentista a dentist may be linked to. */
export const useDentistMembers = () =>
  useQuery({
    queryKey: [...dentistsKey, 'miembros'],
    queryFn: (): Promise<DentistMember[]> => unwrap(api.dentistas.miembros.$get()),
  });

export const useCreateDentist = () =>
  useInvalidatingMutation((input: DentistData) => unwrap(api.dentistas.$post({ json: input })), dentistsKey);

export const useUpdateDentist = () =>
  useInvalidatingMutation(
    ({ id, input }: { id: string; input: UpdateDentistData }) =>
      unwrap(api.dentistas[':id'].$put({ param: { id }, json: input })),
    dentistsKey,
  );

export const useDeactivateDentist = () =>
  useInvalidatingMutation((id: string) => unwrap(api.dentistas[':id'].$delete({ param: { id } })), dentistsKey);
