import type { AppointmentMessage } from '@odontia/shared';
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';
import { appointmentsKey } from './appointments';

export type { AppointmentMessage };

/**
 * What was sent (or tried) to the patient about an appointment, newest first. Under the appointment's
 * own key: saving or moving it (which queues a message) reloads the history, and deleting it drops it.
 */
export const useAppointmentMessages = (id: string) =>
  useQuery({
    queryKey: [...appointmentsKey, 'detail', id, 'mensajes'],
    queryFn: (): Promise<AppointmentMessage[]> => unwrap(api.citas[':id'].mensajes.$get({ param: { id } })),
  });
