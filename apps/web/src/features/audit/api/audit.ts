import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '@/lib/api';

export type AuditFilter = { paciente: string; usuario: string; desde: string; hasta: string; pagina: number };
export type AuditPage = InferResponseType<typeof api.auditoria.$get, 200>;
export type AuditRecord = AuditPage['registros'][number];

const auditKey = ['auditoria'] as const;

/** One page of the clinic's audit trail with the filters of the URL (empty: no filter). */
export const useAudit = (filter: AuditFilter) =>
  useQuery({
    queryKey: [...auditKey, 'list', filter],
    queryFn: () =>
      unwrap(
        api.auditoria.$get({
          query: {
            paciente: filter.paciente,
            usuario: filter.usuario,
            desde: filter.desde,
            hasta: filter.hasta,
            pagina: String(filter.pagina),
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });

/** The members to filter by (everyone of the clinic, also those no longer active). */
export const useAuditMembers = () =>
  useQuery({
    queryKey: [...auditKey, 'opciones'],
    queryFn: () => unwrap(api.auditoria.opciones.$get()),
    staleTime: 60_000,
  });
