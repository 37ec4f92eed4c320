import type { AppointmentRequestBody } from '@odontia/shared';
import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

export const createAppointmentRequest = (clinicaId: string, body: AppointmentRequestBody) =>
  unwrap(api.directorio.clinicas[':id'].solicitudes.$post({ param: { id: clinicaId }, json: body }));

export const useCreateAppointmentRequest = (clinicaId: string) =>
  useMutation({ mutationFn: (body: AppointmentRequestBody) => createAppointmentRequest(clinicaId, body) });
