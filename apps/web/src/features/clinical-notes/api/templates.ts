import type { NoteTemplateInput } from '@odontia/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '@/lib/api';

const templatesApi = api['plantillas-notas'];

export type NoteTemplate = InferResponseType<typeof templatesApi.$get, 200>['plantillas'][number];

const templatesKey = ['plantillas-notas'] as const;

export const useNoteTemplates = (enabled = true) =>
  useQuery({ queryKey: templatesKey, queryFn: () => unwrap(templatesApi.$get()), enabled });

function useInvalidateTemplates() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: templatesKey });
}

export function useCreateTemplate() {
  const invalidate = useInvalidateTemplates();
  return useMutation({
    mutationFn: (input: NoteTemplateInput) => unwrap(templatesApi.$post({ json: input })),
    onSuccess: invalidate,
  });
}

export function useUpdateTemplate() {
  const invalidate = useInvalidateTemplates();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: NoteTemplateInput }) =>
      unwrap(templatesApi[':id'].$put({ param: { id }, json: input })),
    onSuccess: invalidate,
  });
}

export function useDeleteTemplate() {
  const invalidate = useInvalidateTemplates();
  return useMutation({
    mutationFn: (id: string) => unwrap(templatesApi[':id'].$delete({ param: { id } })),
    onSuccess: invalidate,
  });
}
