import type { Notificacion } from '@odontia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';
import { notificationsKey, setAllNotificationsRead, setNotificationRead } from './cache';

/** `POST /api/notificaciones/:id/leida`: the lists and the badge change at once, then match the server. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (n: Pick<Notificacion, 'id' | 'leida'>) => unwrap(api.notificaciones[':id'].leida.$post({ param: { id: n.id } })),
    onSuccess: (_data, n) => {
      setNotificationRead(queryClient, n);
      return queryClient.invalidateQueries({ queryKey: notificationsKey });
    },
  });
}

/** `POST /api/notificaciones/leidas`: 'Marcar todas como leídas'. */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.notificaciones.leidas.$post()),
    onSuccess: () => {
      setAllNotificationsRead(queryClient);
      return queryClient.invalidateQueries({ queryKey: notificationsKey });
    },
  });
}
