import type { AppNotification, NotificationPage } from '@odontia/shared';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';

/** Every notifications query lives under this key. */
export const notificationsKey = ['notificaciones'] as const;
/** The bell's list (all of the member's notifications) and the dashboard's (only the unread ones). */
export const notificationListKey = (soloNoLeidas: boolean) =>
  [...notificationsKey, soloNoLeidas ? 'no-leidas' : 'todas'] as const;

type Pages = InfiniteData<NotificationPage, string | undefined>;

function withUnread<T extends Pages | undefined>(data: T, noLeidas: number | ((current: number) => number)): T {
  if (!data) return data;
  const next = (current: number) => Math.max(0, typeof noLeidas === 'number' ? noLeidas : noLeidas(current));
  return { ...data, pages: data.pages.map((page) => ({ ...page, noLeidas: next(page.noLeidas) })) };
}

/** A new notification goes first in the newest page, once (the stream may replay one it already has). */
function prependToPage(
  page: NotificationPage,
  n: AppNotification,
  soloNoLeidas: boolean,
  known: boolean,
): NotificationPage {
  if (known) return page;
  return {
    ...page,
    notificaciones: soloNoLeidas && n.leida ? page.notificaciones : [n, ...page.notificaciones],
    noLeidas: page.noLeidas + (n.leida ? 0 : 1),
  };
}

function prepend(data: Pages | undefined, n: AppNotification, soloNoLeidas: boolean): Pages | undefined {
  if (!data || data.pages.length === 0) return data;
  const known = data.pages.some((page) => page.notificaciones.some((item) => item.id === n.id));
  if (known) return data;
  const [first, ...rest] = data.pages;
  const newest = prependToPage(first, n, soloNoLeidas, false);
  return { ...data, pages: [newest, ...rest.map((page) => ({ ...page, noLeidas: newest.noLeidas }))] };
}

/*
 * What the stream delivered, numbered in arrival order, per QueryClient. A list read from the server
 * while events arrive may or may not hold them, and its answer replaces the cache: the newest page
 * is read together with what arrived meanwhile (`withArrivals`), so no live notification is lost.
 */
const ARRIVALS_KEPT = 200;
const arrivals = new WeakMap<QueryClient, { last: number; items: { at: number; n: AppNotification }[] }>();

function arrivalsOf(queryClient: QueryClient) {
  let state = arrivals.get(queryClient);
  if (!state) arrivals.set(queryClient, (state = { last: 0, items: [] }));
  return state;
}

/** A mark to take before reading a list: `withArrivals` adds what the stream brings after it. */
export function arrivalMark(queryClient: QueryClient): number {
  return arrivalsOf(queryClient).last;
}

export function withArrivals(
  queryClient: QueryClient,
  mark: number,
  page: NotificationPage,
  soloNoLeidas: boolean,
): NotificationPage {
  const since = arrivalsOf(queryClient).items.filter((item) => item.at > mark);
  return since.reduce(
    (result, { n }) =>
      prependToPage(
        result,
        n,
        soloNoLeidas,
        result.notificaciones.some((item) => item.id === n.id),
      ),
    page,
  );
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
export function addNotification(queryClient: QueryClient, n: AppNotification) {
  const state = arrivalsOf(queryClient);
  state.items.push({ at: ++state.last, n });
  if (state.items.length > ARRIVALS_KEPT) state.items.shift();
  for (const solo of LISTS)
    queryClient.setQueryData<Pages>(notificationListKey(solo), (data) => prepend(data, n, solo));
}

/** After `POST .../leida`: the server's answer says how many are still unread. */
export function setNotificationRead(queryClient: QueryClient, id: string, noLeidas: number) {
  for (const solo of LISTS) {
    queryClient.setQueryData<Pages>(notificationListKey(solo), (data) =>
      withUnread(markRead(data, id, solo), noLeidas),
    );
  }
}

/** After `POST /leidas`: `noLeidas` is what arrived meanwhile (usually 0). */
export function setAllNotificationsRead(queryClient: QueryClient, noLeidas: number) {
  for (const solo of LISTS) {
    queryClient.setQueryData<Pages>(notificationListKey(solo), (data) => withUnread(markAllRead(data, solo), noLeidas));
  }
}

/** The unread count the bell shows: the newest page's, which every change above keeps current. */
export function unreadCount(data: { pages: NotificationPage[] } | undefined): number {
  return data?.pages[0]?.noLeidas ?? 0;
}
