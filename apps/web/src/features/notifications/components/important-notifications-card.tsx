import { NOTIFICATION_MESSAGES, type NotificationPriority } from '@odontia/shared';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/utils';
import { useClinicDateTime } from '@/lib/use-clinic-today';
import { useNotifications } from '../api/get-notifications';
import { useOpenNotification } from '../hooks/use-open-notification';

/** Spec 000 §2: coloured by prioridad (alta, media, any other); the word says it too, not only the colour. */
const PRIORITY_STYLE: Record<NotificationPriority, { label: string; className: string }> = {
  alta: { label: 'Prioridad alta', className: 'border-l-destructive bg-destructive/10' },
  media: { label: 'Prioridad media', className: 'border-l-warning bg-warning/15' },
  baja: { label: 'Prioridad baja', className: 'border-l-info bg-info/10' },
};

/** 'Notificaciones importantes' on the dashboard: the member's unread notifications. */
export function ImportantNotificationsCard() {
  const formatDateTime = useClinicDateTime();
  const list = useNotifications(true);
  const open = useOpenNotification();
  const items = list.data?.pages.flatMap((page) => page.notificaciones) ?? [];
  const titleId = useId();

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle className="text-lg">
          <h2 id={titleId}>Notificaciones importantes</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {list.isPending ? (
          <Spinner label="Cargando notificaciones" />
        ) : list.isError ? (
          <p className="text-sm" role="alert">
            {errorMessage(list.error, 'No se pudieron cargar las notificaciones')}
          </p>
        ) : items.length === 0 ? (
          <p className="text-muted-foreground text-sm">{NOTIFICATION_MESSAGES.emptyImportant}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {items.map((n) => {
              const style = PRIORITY_STYLE[n.prioridad] ?? PRIORITY_STYLE.baja;
              return (
                <li key={n.id} data-prioridad={n.prioridad}>
                  <button
                    type="button"
                    onClick={() => open(n)}
                    className={cn(
                      'focus-visible:ring-ring flex w-full flex-col gap-1 rounded-md border-l-4 px-3 py-2 text-left outline-none hover:brightness-95 focus-visible:ring-2',
                      style.className,
                    )}
                  >
                    <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                      <span className="font-medium">{n.titulo}</span>
                      <time className="text-muted-foreground text-xs" dateTime={n.fechaCreacion}>
                        {formatDateTime(n.fechaCreacion)}
                      </time>
                    </span>
                    <span className="text-sm">{n.mensaje}</span>
                    <span className="text-muted-foreground text-xs">{style.label}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        {list.hasNextPage ? (
          <Button
            variant="link"
            className="mt-2 px-0"
            onClick={() => void list.fetchNextPage()}
            disabled={list.isFetchingNextPage}
          >
            {list.isFetchingNextPage ? <Spinner decorative /> : null}
            Ver más
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
