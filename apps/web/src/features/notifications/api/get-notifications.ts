import type { NotificationPage } from '@odontia/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';
import { arrivalMark, notificationListKey, withArrivals } from './cache';

/** `GET /api/notificaciones`, newest first, one page at a time ('Ver más' asks for the next one). */
export const notificationsQueryOptions = (soloNoLeidas: boolean) =>
  infiniteQueryOptions({
    queryKey: notificationListKey(soloNoLeidas),
    queryFn: async ({ pageParam, client }): Promise<NotificationPage> => {
      const mark = arrivalMark(client);
      const page = await unwrap(
        api.notificaciones.$get({ query: { antes: pageParam, soloNoLeidas: soloNoLeidas ? 'true' : undefined } }),
      );
      // The newest page also shows what the stream delivered while it was being read.
      return pageParam === undefined ? withArrivals(client, mark, page, soloNoLeidas) : page;
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hayMas ? last.notificaciones.at(-1)?.id : undefined),
  });

export const useNotifications = (soloNoLeidas: boolean) => useInfiniteQuery(notificationsQueryOptions(soloNoLeidas));
