import type { AppointmentRequestStatus } from '@odontia/shared';
import { api, unwrap } from '@/lib/api';
import { useInvalidatingMutation } from '@/lib/query-client';

export const updateAppointmentRequest = ({ id, estado }: { id: string; estado: AppointmentRequestStatus }) =>
  unwrap(api.solicitudes[':id'].$patch({ param: { id }, json: { estado } }));

export const useUpdateAppointmentRequest = () => useInvalidatingMutation(updateAppointmentRequest, ['solicitudes']);
