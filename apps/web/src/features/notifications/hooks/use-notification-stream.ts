import { NOTIFICATION_EVENT, type AppNotification } from '@odontia/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { APPOINTMENTS_QUERY_KEY, BUDGETS_QUERY_KEY, ORDERS_QUERY_KEY } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { addNotification, notificationsKey } from '../api/cache';
import { internalLink, useOpenNotification } from './use-open-notification';

export const NOTIFICATION_STREAM_URL = '/api/notificaciones/stream';

/**
 * The queries a notification's `tipo` says have changed: a patient confirmed or cancelled, or another desk
 * booked (the agenda and the dashboard's week); a patient accepted or rejected a budget from their link
 * (the budget open on screen, the lists, the patient's plan); the supplier moved an order (the order open
 * on screen, the list). Only the queries on screen load again.
 */
const RELOADS: Partial<Record<string, readonly string[]>> = {
  cita: APPOINTMENTS_QUERY_KEY,
  presupuesto: BUDGETS_QUERY_KEY,
  pedido: ORDERS_QUERY_KEY,
};

function parse(data: unknown): AppNotification | null {
  if (typeof data !== 'string') return null;
  try {
    const value = JSON.parse(data) as AppNotification;
    return typeof value?.id === 'string' && typeof value.titulo === 'string' ? value : null;
  } catch {
    return null;
  }
}

/**
 * One Server-Sent Events connection per tab, for the signed-in member `userId` (null: none). Each new
 * notification goes into the lists and the badge without a reload, with a toast of its titulo and
 * mensaje; one about an appointment or a budget also reloads the queries it changed (`RELOADS`). The browser
 * reconnects by itself and sends Last-Event-ID, so the server replays what was missed; if it gives up (the server answered with an error), this retries with backoff. Closed on sign-out (userId becomes null) and when the shell unmounts.
 */
export function useNotificationStream(userId: string | null) {
  const queryClient = useQueryClient();
  const open = useOpenNotification();
  const openRef = useRef(open);
  useEffect(() => {
    openRef.current = open;
  }, [open]);

  useEffect(() => {
    if (!userId) return;
    const toasted = new Set<string>();
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let attempts = 0;
    let stopped = false;

    const onNotification = (event: MessageEvent) => {
      const n = parse(event.data);
      if (!n) return;
      addNotification(queryClient, n);
      // A replayed event, or one this tab already showed: one toast per notification.
      if (toasted.has(n.id)) return;
      toasted.add(n.id);
      const reload = RELOADS[n.tipo];
      if (reload) void queryClient.invalidateQueries({ queryKey: reload });
      const link = internalLink(n.enlace);
      toast.info(
        n.titulo,
        n.mensaje,
        link ? { action: { label: 'Ver', onClick: () => openRef.current(n) } } : undefined,
      );
    };

    const connect = () => {
      const current = new EventSource(NOTIFICATION_STREAM_URL);
      source = current;
      current.addEventListener('open', () => {
        attempts = 0;
        // Every (re)connection reads the lists again, so that nothing committed before it and after
        // their last read is missing; the stream itself replays the gap from Last-Event-ID, and
        // duplicates are dropped by id.
        void queryClient.invalidateQueries({ queryKey: notificationsKey });
      });
      current.addEventListener(NOTIFICATION_EVENT, onNotification);
      current.addEventListener('error', () => {
        if (stopped || current.readyState !== EventSource.CLOSED) return;
        retry = setTimeout(
          () => {
            if (!stopped) connect();
          },
          Math.min(30_000, 1000 * 2 ** attempts++),
        );
      });
    };

    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [userId, queryClient]);
}
