import { parseCountry } from '@odontia/shared';
import { useSession } from './session';

export type PlaceExamples = { telefono?: string; ciudad?: string; direccion?: string; email: string };

/**
 * The examples a form's empty fields show, written as they are in the clinic's country: a Colombian
 * clinic is not shown a Madrid phone and street. A country without its own examples gets none for
 * those fields (an example of another country would mislead more than help). Phones without the country
 * prefix: the clinic's and the profile's take digits only (DESIGN §1), so an example with '+' would be refused.
 */
const BY_COUNTRY: Partial<Record<string, PlaceExamples>> = {
  ES: { telefono: '600 123 456', ciudad: 'Madrid', direccion: 'Calle Mayor 1', email: 'paciente@correo.es' },
  CO: { telefono: '300 123 4567', ciudad: 'Bogotá', direccion: 'Calle 100 # 10-20', email: 'paciente@correo.com' },
};
const NONE: PlaceExamples = { email: 'paciente@correo.com' };

export function placeExamples(pais: string | null | undefined): PlaceExamples {
  return BY_COUNTRY[parseCountry(pais) ?? ''] ?? NONE;
}

/** The examples of the signed-in member's clinic (none chosen yet: those of no country). */
export function useClinicPlaceExamples(): PlaceExamples {
  const { account } = useSession();
  return placeExamples(account?.clinica?.pais);
}
