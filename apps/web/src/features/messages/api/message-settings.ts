import type { MessageSettings, MessageSettingsInput } from '@odontia/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

const messageSettingsKey = ['mensajes', 'ajustes'] as const;

/** The clinic's reminder times and templates (its own texts, the defaults where it wrote none). */
export const useMessageSettings = (enabled: boolean) =>
  useQuery({
    queryKey: messageSettingsKey,
    queryFn: (): Promise<MessageSettings> => unwrap(api.mensajes.ajustes.$get()),
    enabled,
  });

/** Saves every setting at once; the answer (what was stored) becomes the loaded settings. */
export function useSaveMessageSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MessageSettingsInput): Promise<MessageSettings> =>
      unwrap(api.mensajes.ajustes.$put({ json: input })),
    onSuccess: (saved) => queryClient.setQueryData(messageSettingsKey, saved),
  });
}
