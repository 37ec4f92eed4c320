import type { CreateMedicalAlertData, MedicalAlertList } from '@odontia/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';
import { APPOINTMENTS_QUERY_KEY } from '@/lib/query-keys';
import { patientsKey } from './keys';

/** A patient's full list of medical alerts (historia.ver); its every load is audited by the API. */
const alertsKey = (patientId: string) => [...patientsKey, 'detail', patientId, 'antecedentes'] as const;

export const useMedicalAlerts = (patientId: string, enabled = true) =>
  useQuery({
    queryKey: alertsKey(patientId),
    queryFn: (): Promise<MedicalAlertList> =>
      unwrap(api.pacientes[':id'].antecedentes.$get({ param: { id: patientId } })),
    enabled,
  });

/**
 * After a change: the patient's record (the header's badge) and lists (the picker), the full list, and
 * the agenda (its cells and appointments show the badge) are read again.
 */
function useAfterChange() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: patientsKey }),
      queryClient.invalidateQueries({ queryKey: APPOINTMENTS_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: ['odontograma'] }),
    ]);
}

export const useCreateMedicalAlert = (patientId: string) => {
  const onSuccess = useAfterChange();
  return useMutation({
    mutationFn: (json: CreateMedicalAlertData) =>
      unwrap(api.pacientes[':id'].antecedentes.$post({ param: { id: patientId }, json })),
    onSuccess,
  });
};

export const useWithdrawMedicalAlert = (patientId: string) => {
  const onSuccess = useAfterChange();
  return useMutation({
    mutationFn: (antecedenteId: string) =>
      unwrap(
        api.pacientes[':id'].antecedentes[':antecedenteId'].retirar.$post({ param: { id: patientId, antecedenteId } }),
      ),
    onSuccess,
  });
};
