import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';
import { addNotification } from './cache';

/**
 * `POST /api/notificaciones/prueba`: a notification for the current user. The stream brings it (and
 * its toast) to every open tab; this tab also adds the answer at once, counted only once.
 */
export function useCreateTestNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.notificaciones.prueba.$post()),
    onSuccess: ({ notificacion }) => addNotification(queryClient, notificacion),
  });
}
