import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from './api';

/** The active patients matching a term, for the patient pickers (appointment form, odontogram, audit filter). */
export const usePatientOptions = (q: string) =>
  useQuery({
    queryKey: ['pacientes', 'picker', q],
    queryFn: async () => {
      const page = await unwrap(api.pacientes.$get({ query: { q, pagina: '1' } }));
      return page.pacientes.filter((p) => p.estado === 'activo');
    },
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
