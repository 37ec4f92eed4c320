import type { CountryCode, ReminderPhone } from '@odontia/shared';
import { parsePhoneNumber } from 'awesome-phonenumber';

/**
 * A patient's phone as WhatsApp takes it: E.164, read with the clinic's country, since patients'
 * phones are written as people say them ('612 345 678' in Madrid, '300 123 4567' in Bogotá). A
 * number written with its country code ('+57 300…', '0034 612…') keeps its own country.
 */
export function whatsappPhone(telefono: string | null, country: CountryCode): ReminderPhone {
  const original = telefono?.trim() || null;
  if (!original) return { original: null, e164: null, motivo: 'sin_telefono' };
  const parsed = parsePhoneNumber(original, { regionCode: country });
  if (!parsed.valid) return { original, e164: null, motivo: 'invalido' };
  return { original, e164: parsed.number.e164, motivo: null };
}
