import { Bell } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { unreadCount } from '../api/cache';
import { useNotifications } from '../api/get-notifications';
import { NotificationsPanel } from './notifications-panel';

/** Spec 000 §9: the badge shows the count up to 9, then '9+'. */
export function badgeText(count: number): string {
  return count > 9 ? '9+' : String(count);
}

export function bellLabel(count: number): string {
  if (count === 0) return 'Notificaciones';
  return `Notificaciones: ${count} sin leer`;
}

/** The top bar bell (spec 000 §2): the unread badge, and the list in a side panel. */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const list = useNotifications(false);
  const count = unreadCount(list.data);

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={bellLabel(count)}
          data-testid="notification-bell"
        >
          <Bell aria-hidden="true" className="size-5" />
          {count > 0 ? (
            <span
              aria-hidden="true"
              data-testid="notification-badge"
              className="bg-destructive absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full px-1 text-[0.6875rem] leading-none font-semibold text-white"
            >
              {badgeText(count)}
            </span>
          ) : null}
        </Button>
      </SheetTrigger>
      <SheetContent side="right" className="w-full gap-0 sm:max-w-md">
        <SheetHeader className="border-b pr-12">
          <SheetTitle>Notificaciones</SheetTitle>
          <SheetDescription>
            {count === 0 ? 'No tienes notificaciones sin leer' : `Tienes ${count} sin leer`}
          </SheetDescription>
        </SheetHeader>
        <NotificationsPanel list={list} unread={count} onNavigate={() => setOpen(false)} />
      </SheetContent>
    </Sheet>
  );
}
