import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

export const confirmBooking = (token: string, codigo: string) =>
  unwrap(api.reservas.retenciones[':token'].confirmar.$post({ param: { token }, json: { codigo } }));

/** The emailed code: the booking is made (confirmed, or waiting for the clinic's approval). */
export const useConfirmBooking = () =>
  useMutation({ mutationFn: ({ token, codigo }: { token: string; codigo: string }) => confirmBooking(token, codigo) });
