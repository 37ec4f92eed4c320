import { PAYMENT_MESSAGES, type DebtorOrder } from '@odontia/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '@/lib/api';

/** Every debtors query lives under this key: a reminder sent reloads the list (its last reminder). */
export const debtorsKey = ['saldos'] as const;

export type DebtorPage = InferResponseType<typeof api.saldos.$get, 200>;
export type Debtor = DebtorPage['pacientes'][number];

export const debtorsQueryOptions = (orden: DebtorOrder, pagina: number) =>
  queryOptions({
    queryKey: [...debtorsKey, { orden, pagina }],
    queryFn: () => unwrap(api.saldos.$get({ query: { orden, pagina: String(pagina) } })),
    placeholderData: keepPreviousData,
  });

export const useDebtors = (orden: DebtorOrder, pagina: number) =>
  useQuery({ ...debtorsQueryOptions(orden, pagina), meta: { loadError: PAYMENT_MESSAGES.debtorsLoadError } });

/** Queues the balance reminder email to the patient (the outbox sends it). */
export const sendDebtReminderEmail = (pacienteId: string) =>
  unwrap(api.saldos[':id'].email.$post({ param: { id: pacienteId } }));

/** Records the WhatsApp reminder as sent and answers the `wa.me` link that opens it written. */
export const sendDebtReminderWhatsapp = (pacienteId: string) =>
  unwrap(api.saldos[':id'].whatsapp.$post({ param: { id: pacienteId } }));

/**
 * The list loads again once a reminder is recorded (its last reminder) or refused (the patient may
 * have paid, or their contact changed, since it loaded). Not waited for: WhatsApp opens as soon as the
 * link is back, while the click still counts as the user's (a browser blocks a late window.open).
 */
function useDebtReminder<T>(send: (pacienteId: string) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: debtorsKey });
    },
  });
}

export const useDebtReminderEmail = () => useDebtReminder(sendDebtReminderEmail);
export const useDebtReminderWhatsapp = () => useDebtReminder(sendDebtReminderWhatsapp);
