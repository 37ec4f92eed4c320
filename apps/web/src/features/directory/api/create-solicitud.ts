import type { AppointmentRequestBody } from '@odontia/shared';
import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

export const createSolicitud = (clinicaId: string, body: AppointmentRequestBody) =>
  unwrap(api.directorio.clinicas[':id'].solicitudes.$post({ param: { id: clinicaId }, json: body }));

export const useCreateSolicitud = (clinicaId: string) =>
  useMutation({ mutationFn: (body: AppointmentRequestBody) => createSolicitud(clinicaId, body) });
