import type { ConsentInput, ConsentTemplateInput } from '@odontia/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '@/lib/api';

const templatesApi = api['plantillas-consentimientos'];
const patientApi = api.pacientes[':id'].consentimientos;

export type ConsentTemplate = InferResponseType<typeof templatesApi.$get, 200>['plantillas'][number];
export type SignedConsent = InferResponseType<typeof patientApi.$get, 200>['consentimientos'][number];

const templatesKey = ['plantillas-consentimientos'] as const;
/** A patient's consents; the timeline ('historia') shows them too. */
const consentsKey = (patientId: string) => ['consentimientos', patientId] as const;

/** Where a signed consent's PDF is downloaded (the API route, audited; never a /files/ URL). */
export const consentPdfUrl = (id: string) => `/api/consentimientos/${id}/pdf`;

export const useConsentTemplates = (enabled = true) =>
  useQuery({ queryKey: templatesKey, queryFn: () => unwrap(templatesApi.$get()), enabled });

/** The patient's signed consents, newest first (each load is audited: not refetched on focus). */
export const usePatientConsents = (patientId: string, enabled = true) =>
  useQuery({
    queryKey: consentsKey(patientId),
    queryFn: () => unwrap(patientApi.$get({ param: { id: patientId } })),
    enabled,
    refetchOnWindowFocus: false,
  });

/** The text the patient will sign, filled by the server, and whether a guardian must sign. */
export const useConsentPreview = (patientId: string, plantillaId: string, diente: string) =>
  useQuery({
    queryKey: ['consentimientos', patientId, 'texto', plantillaId, diente],
    queryFn: () => unwrap(patientApi.texto.$get({ param: { id: patientId }, query: { plantillaId, diente } })),
    enabled: plantillaId !== '',
    placeholderData: keepPreviousData,
    retry: false,
  });

export function useSignConsent(patientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConsentInput) => unwrap(patientApi.$post({ param: { id: patientId }, json: input })),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: consentsKey(patientId) }),
        queryClient.invalidateQueries({ queryKey: ['historia'] }),
      ]),
  });
}

function useInvalidateTemplates() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: templatesKey });
}

export function useCreateConsentTemplate() {
  const invalidate = useInvalidateTemplates();
  return useMutation({
    mutationFn: (input: ConsentTemplateInput) => unwrap(templatesApi.$post({ json: input })),
    onSuccess: invalidate,
  });
}

export function useUpdateConsentTemplate() {
  const invalidate = useInvalidateTemplates();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ConsentTemplateInput }) =>
      unwrap(templatesApi[':id'].$put({ param: { id }, json: input })),
    onSuccess: invalidate,
  });
}

export function useDeleteConsentTemplate() {
  const invalidate = useInvalidateTemplates();
  return useMutation({
    mutationFn: (id: string) => unwrap(templatesApi[':id'].$delete({ param: { id } })),
    onSuccess: invalidate,
  });
}
