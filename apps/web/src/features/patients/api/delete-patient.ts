import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api';
import { patientsKey } from './keys';

export async function deletePatient(id: string): Promise<void> {
  const res = await api.pacientes[':id'].$delete({ param: { id } });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: { code: string; message: string } } | null;
    throw new ApiError(res.status, body?.error?.code ?? 'unknown', body?.error?.message ?? 'Ocurrió un error inesperado. Inténtalo de nuevo.');
  }
}

export function useDeletePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePatient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: patientsKey }),
  });
}
