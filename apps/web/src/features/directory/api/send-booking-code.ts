import type { BookingDetailsInput } from '@odontia/shared';
import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

export const sendBookingCode = (token: string, body: BookingDetailsInput) =>
  unwrap(api.reservas.retenciones[':token'].datos.$post({ param: { token }, json: body }));

/** The patient's details for a held slot; the server emails a 6-digit code and answers its Spanish `mensaje`. */
export const useSendBookingCode = () =>
  useMutation({
    mutationFn: ({ token, body }: { token: string; body: BookingDetailsInput }) => sendBookingCode(token, body),
  });
