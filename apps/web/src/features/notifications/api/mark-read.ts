import type { AppNotification } from '@odontia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';
import { setAllNotificationsRead, setNotificationRead } from './cache';

/** `POST /api/notificaciones/:id/leida`: the lists change at once, the badge takes the server's count. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (n: Pick<AppNotification, 'id'>) =>
      unwrap(api.notificaciones[':id'].leida.$post({ param: { id: n.id } })),
    onSuccess: ({ notificacion, noLeidas }) => setNotificationRead(queryClient, notificacion.id, noLeidas),
  });
}

/** `POST /api/notificaciones/leidas`: 'Marcar todas como leídas'. */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.notificaciones.leidas.$post()),
    onSuccess: ({ noLeidas }) => setAllNotificationsRead(queryClient, noLeidas),
  });
}
