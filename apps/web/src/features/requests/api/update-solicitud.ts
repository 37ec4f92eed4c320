import type { AppointmentRequestStatus } from '@odontia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

export function useUpdateSolicitud() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, estado }: { id: string; estado: AppointmentRequestStatus }) =>
      unwrap(api.solicitudes[':id'].$patch({ param: { id }, json: { estado } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['solicitudes'] }),
  });
}
