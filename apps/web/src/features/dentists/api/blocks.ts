import type { AgendaBlock, BlockInput } from '@odontia/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';
import { AGENDA_SCHEDULE_QUERY_KEY } from '@/lib/query-keys';

export type { AgendaBlock };

const blocksKey = ['bloqueos'] as const;

export const BLOCKS_LOAD_ERROR = 'No se pudieron cargar los bloqueos';

/** The clinic's blocks that touch the days `desde`..`hasta` (both included), by start. */
export const useBlocks = (range: { desde: string; hasta: string }, enabled = true) =>
  useQuery({
    enabled,
    queryKey: [...blocksKey, range],
    meta: { loadError: BLOCKS_LOAD_ERROR },
    queryFn: (): Promise<AgendaBlock[]> => unwrap(api.bloqueos.$get({ query: range })),
  });

/** After a block is made or removed, the list and the agenda's closed time load again. */
const useBlockMutation = <TVariables, TData>(mutationFn: (variables: TVariables) => Promise<TData>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: blocksKey }),
        queryClient.invalidateQueries({ queryKey: AGENDA_SCHEDULE_QUERY_KEY }),
      ]),
  });
};

export const useCreateBlock = () =>
  useBlockMutation((input: BlockInput) => unwrap(api.bloqueos.$post({ json: input })));

export const useDeleteBlock = () =>
  useBlockMutation((id: string) => unwrap(api.bloqueos[':id'].$delete({ param: { id } })));
