import { APPOINTMENT_TOKEN, type PatientAppointment } from '@odontia/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

/*
 * The patient's appointment link (/cita/{token}, issue 24): public, no session. A file of its own so
 * that the page's chunk carries none of the agenda's hooks.
 */

const linkApi = api['cita-paciente'][':token'];
const patientAppointmentKey = (token: string) => ['cita-paciente', token] as const;

/** A token that cannot be one (not 43 base64url characters) is not asked for: the page says the link is not valid. */
export const isAppointmentToken = (token: string) => APPOINTMENT_TOKEN.test(token);

export const usePatientAppointment = (token: string) =>
  useQuery({
    queryKey: patientAppointmentKey(token),
    queryFn: (): Promise<PatientAppointment> => unwrap(linkApi.$get({ param: { token } })),
    enabled: isAppointmentToken(token),
  });

export type PatientAction = 'confirmar' | 'cancelar';
export type PatientActionResult = { cita: PatientAppointment; mensaje: string };

/**
 * Confirms or cancels; the page shows the appointment the server answers. When the action is refused
 * (its time passed, the clinic changed the appointment meanwhile) the appointment is read again, so the
 * page offers only what is still possible.
 */
export function usePatientAppointmentAction(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: PatientAction): Promise<PatientActionResult> =>
      unwrap(
        action === 'confirmar'
          ? linkApi.confirmar.$post({ param: { token } })
          : linkApi.cancelar.$post({ param: { token } }),
      ),
    onSuccess: ({ cita }) => queryClient.setQueryData(patientAppointmentKey(token), cita),
    onError: () => queryClient.invalidateQueries({ queryKey: patientAppointmentKey(token) }),
  });
}
