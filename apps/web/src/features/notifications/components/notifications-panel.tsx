import { NOTIFICATION_MESSAGES, type AppNotification } from '@odontia/shared';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useClinicDateTime } from '@/lib/use-clinic-today';
import { useMarkAllNotificationsRead } from '../api/mark-read';
import type { useNotifications } from '../api/get-notifications';
import { internalLink, useOpenNotification } from '../hooks/use-open-notification';

type Props = {
  list: ReturnType<typeof useNotifications>;
  unread: number;
  /** Called before following a notification's link (the sheet closes). */
  onNavigate: () => void;
};

/** The bell's list: newest first, 'Ver más' for older ones, 'Marcar todas como leídas'. */
export function NotificationsPanel({ list, unread, onNavigate }: Props) {
  const formatDateTime = useClinicDateTime();
  const open = useOpenNotification();
  const markAll = useMarkAllNotificationsRead();
  const items = list.data?.pages.flatMap((page) => page.notificaciones) ?? [];

  function select(n: AppNotification) {
    if (internalLink(n.enlace)) onNavigate();
    open(n);
  }

  function markAllRead() {
    markAll.mutate(undefined, {
      onError: (error) =>
        toast.error('Error', errorMessage(error, 'No se pudieron marcar las notificaciones como leídas')),
    });
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex justify-end border-b px-4 py-2">
        <Button variant="ghost" size="sm" onClick={markAllRead} disabled={unread === 0 || markAll.isPending}>
          {markAll.isPending ? <Spinner decorative /> : null}
          Marcar todas como leídas
        </Button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {list.isPending ? (
          <div className="flex justify-center p-6">
            <Spinner label="Cargando notificaciones" />
          </div>
        ) : list.isError ? (
          <div className="flex flex-col items-center gap-3 p-6 text-center text-sm" role="alert">
            <p>{errorMessage(list.error, 'No se pudieron cargar las notificaciones')}</p>
            <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
              Reintentar
            </Button>
          </div>
        ) : items.length === 0 ? (
          <p className="text-muted-foreground p-6 text-center text-sm">{NOTIFICATION_MESSAGES.empty}</p>
        ) : (
          <ul className="divide-y" aria-label="Lista de notificaciones">
            {items.map((n) => (
              <li key={n.id}>
                <button
                  type="button"
                  onClick={() => select(n)}
                  data-leida={n.leida}
                  className={cn(
                    'hover:bg-accent focus-visible:bg-accent focus-visible:ring-ring flex w-full gap-3 px-4 py-3 text-left outline-none focus-visible:ring-2 focus-visible:ring-inset',
                    !n.leida && 'bg-primary/5',
                  )}
                >
                  <span
                    aria-hidden="true"
                    className={cn('mt-1.5 size-2 shrink-0 rounded-full', n.leida ? 'bg-transparent' : 'bg-primary')}
                  />
                  <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                    <span className={cn('text-sm', !n.leida && 'font-semibold')}>
                      {n.leida ? null : <span className="sr-only">Sin leer: </span>}
                      {n.titulo}
                    </span>
                    <span className="text-muted-foreground text-sm">{n.mensaje}</span>
                    <time className="text-muted-foreground text-xs" dateTime={n.fechaCreacion}>
                      {formatDateTime(n.fechaCreacion)}
                    </time>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {list.hasNextPage ? (
          <div className="flex justify-center p-3">
            <Button
              variant="outline"
              size="sm"
              onClick={() => void list.fetchNextPage()}
              disabled={list.isFetchingNextPage}
            >
              {list.isFetchingNextPage ? <Spinner decorative /> : null}
              Ver más
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
