import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';
import { recallsKey } from './get-recalls';

/** Emails the patient their recall now, recorded as sent. */
export const sendRecallEmail = (pacienteId: string) =>
  unwrap(api.revisiones[':id'].email.$post({ param: { id: pacienteId } }));

/** The `wa.me` link that opens WhatsApp with the recall written to the patient, recorded as sent. */
export const whatsappRecall = (pacienteId: string) =>
  unwrap(api.revisiones[':id'].whatsapp.$post({ param: { id: pacienteId } }));

/**
 * The list loads again once a recall is recorded (its last recall) or refused (the patient may have
 * booked, or changed their consent or contact, since it loaded). Not waited for: WhatsApp opens as
 * soon as the link is back, while the click still counts as the user's (a browser blocks a late
 * window.open).
 */
function useRecallAction<T>(send: (pacienteId: string) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: recallsKey });
    },
  });
}

export const useSendRecallEmail = () => useRecallAction(sendRecallEmail);
export const useWhatsappRecall = () => useRecallAction(whatsappRecall);
