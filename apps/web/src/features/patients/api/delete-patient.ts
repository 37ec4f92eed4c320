import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';
import { useDeleteMutation, useInvalidatingMutation } from '@/lib/query-client';
import { patientsKey } from './keys';

/**
 * What deleting the patient would do, for the confirmation dialog: erase them, or deactivate them
 * (they have clinical records), and how many future appointments would go.
 */
export const deletionPreviewQueryOptions = (id: string) =>
  queryOptions({
    // Under the patient's 'detail': a delete drops it with the rest of what is theirs (useDeleteMutation).
    queryKey: [...patientsKey, 'detail', id, 'eliminacion'],
    queryFn: () => unwrap(api.pacientes[':id'].eliminacion.$get({ param: { id } })),
    // Asked fresh each time the dialog opens: an appointment may have been booked since.
    staleTime: 0,
  });

export const useDeletionPreview = (id: string | null) =>
  useQuery({ ...deletionPreviewQueryOptions(id ?? ''), enabled: id !== null });

/**
 * Erases the patient, or, when they have clinical records (chart versions), the server deactivates and
 * hides them instead and cancels their future appointments: `resultado` says which and `mensaje` is the toast.
 */
export const deletePatient = (id: string) => unwrap(api.pacientes[':id'].$delete({ param: { id } }));

export const useDeletePatient = () => useDeleteMutation(deletePatient, patientsKey);

/** A deactivated patient back in the lists and searches. */
export const reactivatePatient = (id: string) => unwrap(api.pacientes[':id'].reactivar.$post({ param: { id } }));

export const useReactivatePatient = () => useInvalidatingMutation(reactivatePatient, patientsKey);
