import type { Notificacion, NotificacionesPage } from '@odontia/shared';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';

/** Every notifications query lives under this key. */
export const notificationsKey = ['notificaciones'] as const;
/** The bell's list (all of the member's notifications) and the dashboard's (only the unread ones). */
export const notificationListKey = (soloNoLeidas: boolean) => [...notificationsKey, soloNoLeidas ? 'no-leidas' : 'todas'] as const;

type Pages = InfiniteData<NotificacionesPage, string | undefined>;

function withUnread<T extends Pages | undefined>(data: T, noLeidas: number | ((current: number) => number)): T {
  if (!data) return data;
  const next = (current: number) => Math.max(0, typeof noLeidas === 'number' ? noLeidas : noLeidas(current));
  return { ...data, pages: data.pages.map((page) => ({ ...page, noLeidas: next(page.noLeidas) })) };
}

/** A new notification goes first, once (the stream may replay one the list already has). */
function prepend(data: Pages | undefined, n: Notificacion, soloNoLeidas: boolean): Pages | undefined {
  if (!data || data.pages.length === 0) return data;
  if (data.pages.some((page) => page.notificaciones.some((item) => item.id === n.id))) return data;
  const [first, ...rest] = data.pages;
  const pages = soloNoLeidas && n.leida ? data.pages : [{ ...first, notificaciones: [n, ...first.notificaciones] }, ...rest];
  return withUnread({ ...data, pages }, (count) => count + (n.leida ? 0 : 1));
}

function markRead(data: Pages | undefined, id: string, soloNoLeidas: boolean): Pages | undefined {
  if (!data) return data;
  const pages = data.pages.map((page) => ({
    ...page,
    notificaciones: soloNoLeidas
      ? page.notificaciones.filter((item) => item.id !== id)
      : page.notificaciones.map((item) => (item.id === id ? { ...item, leida: true } : item)),
  }));
  return { ...data, pages };
}

function markAllRead(data: Pages | undefined, soloNoLeidas: boolean): Pages | undefined {
  if (!data) return data;
  const pages = data.pages.map((page) => ({
    ...page,
    notificaciones: soloNoLeidas ? [] : page.notificaciones.map((item) => ({ ...item, leida: true })),
    hayMas: soloNoLeidas ? false : page.hayMas,
  }));
  return { ...data, pages };
}

const LISTS = [false, true] as const;

/** A notification that just arrived (stream event or the test button's answer): both lists and the count. */
export function addNotification(queryClient: QueryClient, n: Notificacion) {
  for (const solo of LISTS) queryClient.setQueryData<Pages>(notificationListKey(solo), (data) => prepend(data, n, solo));
}

/** After `POST .../leida`: the server's answer says how many are still unread. */
export function setNotificationRead(queryClient: QueryClient, id: string, noLeidas: number) {
  for (const solo of LISTS) {
    queryClient.setQueryData<Pages>(notificationListKey(solo), (data) => withUnread(markRead(data, id, solo), noLeidas));
  }
}

/** After `POST /leidas`: `noLeidas` is what arrived meanwhile (usually 0). */
export function setAllNotificationsRead(queryClient: QueryClient, noLeidas: number) {
  for (const solo of LISTS) {
    queryClient.setQueryData<Pages>(notificationListKey(solo), (data) => withUnread(markAllRead(data, solo), noLeidas));
  }
}

/** The unread count the bell shows: the newest page's, which every change above keeps current. */
export function unreadCount(data: { pages: NotificacionesPage[] } | undefined): number {
  return data?.pages[0]?.noLeidas ?? 0;
}
