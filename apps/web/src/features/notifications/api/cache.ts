import type { Notificacion, NotificacionesPage } from '@odontia/shared';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';

/** Every notifications query lives under this key. */
export const notificationsKey = ['notificaciones'] as const;
/** The bell's list (all of the member's notifications) and the dashboard's (only the unread ones). */
export const notificationListKey = (soloNoLeidas: boolean) => [...notificationsKey, soloNoLeidas ? 'no-leidas' : 'todas'] as const;

type Pages = InfiniteData<NotificacionesPage, string | undefined>;

function withUnread(data: Pages, change: (noLeidas: number) => number): Pages {
  return { ...data, pages: data.pages.map((page) => ({ ...page, noLeidas: Math.max(0, change(page.noLeidas)) })) };
}

/** A new notification goes first, once (the stream may replay one the list already has). */
function prepend(data: Pages | undefined, n: Notificacion, soloNoLeidas: boolean): Pages | undefined {
  if (!data || data.pages.length === 0) return data;
  if (data.pages.some((page) => page.notificaciones.some((item) => item.id === n.id))) return data;
  const [first, ...rest] = data.pages;
  const pages = soloNoLeidas && n.leida ? data.pages : [{ ...first, notificaciones: [n, ...first.notificaciones] }, ...rest];
  return withUnread({ ...data, pages }, (count) => count + (n.leida ? 0 : 1));
}

/**
 * Marks one read where it is listed. `wasUnread` says what the caller saw when the list does not
 * hold it; a notification the list already shows as read changes nothing (no double count).
 */
function markRead(data: Pages | undefined, id: string, wasUnread: boolean, soloNoLeidas: boolean): Pages | undefined {
  if (!data) return data;
  const cached = data.pages.flatMap((page) => page.notificaciones).find((item) => item.id === id);
  if (cached ? cached.leida : !wasUnread) return data;
  const pages = data.pages.map((page) => ({
    ...page,
    notificaciones: soloNoLeidas
      ? page.notificaciones.filter((item) => item.id !== id)
      : page.notificaciones.map((item) => (item.id === id ? { ...item, leida: true } : item)),
  }));
  return withUnread({ ...data, pages }, (count) => count - 1);
}

function markAllRead(data: Pages | undefined, soloNoLeidas: boolean): Pages | undefined {
  if (!data) return data;
  const pages = data.pages.map((page) => ({
    ...page,
    notificaciones: soloNoLeidas ? [] : page.notificaciones.map((item) => ({ ...item, leida: true })),
    hayMas: soloNoLeidas ? false : page.hayMas,
    noLeidas: 0,
  }));
  return { ...data, pages };
}

const LISTS = [false, true] as const;

/** A notification that just arrived (stream event or the test button's answer): both lists and the count. */
export function addNotification(queryClient: QueryClient, n: Notificacion) {
  for (const solo of LISTS) queryClient.setQueryData<Pages>(notificationListKey(solo), (data) => prepend(data, n, solo));
}

export function setNotificationRead(queryClient: QueryClient, n: Pick<Notificacion, 'id' | 'leida'>) {
  for (const solo of LISTS) queryClient.setQueryData<Pages>(notificationListKey(solo), (data) => markRead(data, n.id, !n.leida, solo));
}

export function setAllNotificationsRead(queryClient: QueryClient) {
  for (const solo of LISTS) queryClient.setQueryData<Pages>(notificationListKey(solo), (data) => markAllRead(data, solo));
}

/** The unread count the bell shows: the newest page's, which every change above keeps current. */
export function unreadCount(data: { pages: NotificacionesPage[] } | undefined): number {
  return data?.pages[0]?.noLeidas ?? 0;
}
