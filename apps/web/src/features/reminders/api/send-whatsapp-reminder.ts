import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';
import { remindersKey } from './get-tomorrow-reminders';

/** Records the appointment's WhatsApp reminder as sent by the member; answers the `wa.me` link to open. */
export const sendWhatsappReminder = (citaId: string) =>
  unwrap(api.recordatorios[':id'].whatsapp.$post({ param: { id: citaId } }));

/**
 * The list loads again after a send, and after a refusal too (the patient's consent or phone may have
 * changed since it loaded). The reload is not waited for: the caller opens WhatsApp as soon as the
 * link is back, while the click still counts as the user's (a browser blocks a late window.open).
 */
export function useSendWhatsappReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendWhatsappReminder,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: remindersKey });
    },
  });
}
