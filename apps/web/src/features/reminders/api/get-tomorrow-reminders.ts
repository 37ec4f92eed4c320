import { REMINDER_MESSAGES } from '@odontia/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '@/lib/api';

/** Every reminders query lives under this key: a send reloads the list. */
export const remindersKey = ['recordatorios'] as const;

export type TomorrowReminders = InferResponseType<typeof api.recordatorios.manana.$get, 200>;
export type TomorrowReminder = TomorrowReminders['citas'][number];

export const tomorrowRemindersQueryOptions = () =>
  queryOptions({
    queryKey: [...remindersKey, 'manana'],
    queryFn: () => unwrap(api.recordatorios.manana.$get()),
  });

export const useTomorrowReminders = () =>
  useQuery({ ...tomorrowRemindersQueryOptions(), meta: { loadError: REMINDER_MESSAGES.loadError } });
