import { api, unwrap } from '@/lib/api';

/** A fresh proof-of-work challenge (ALTCHA), signed by the server; each solution is spent once. */
export const getBookingChallenge = () => unwrap(api.reservas.desafio.$get());
