import type { AppNotification } from '@odontia/shared';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useMarkNotificationRead } from '../api/mark-read';

/** Only paths of this app are followed: a notification never sends anyone to another site. */
export function internalLink(enlace: string | null): string | null {
  // '//host' and '/\host' are other sites to a browser.
  return enlace && /^\/(?![/\\])/.test(enlace) ? enlace : null;
}

/** Spec 000 §4: clicking a notification marks it read (false → true only) and follows its link, if any. */
export function useOpenNotification() {
  const navigate = useNavigate();
  const { mutate } = useMarkNotificationRead();
  return useCallback(
    (n: Pick<AppNotification, 'id' | 'leida' | 'enlace'>) => {
      if (!n.leida) {
        mutate(n, {
          onError: (error) => toast.error('Error', errorMessage(error, 'No se pudo marcar la notificación como leída')),
        });
      }
      const to = internalLink(n.enlace);
      if (to) navigate(to);
    },
    [mutate, navigate],
  );
}
