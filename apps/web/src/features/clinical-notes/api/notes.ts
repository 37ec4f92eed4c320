import type { AddendumInput, HistoryKind, NoteInput } from '@odontia/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '@/lib/api';

const notesApi = api.notas;
const historyApi = api.pacientes[':id'].historia;

export type Note = InferResponseType<(typeof notesApi)[':id']['$get'], 200>;
export type HistoryPage = InferResponseType<typeof historyApi.$get, 200>;
export type HistoryEntry = HistoryPage['entradas'][number];
export type NoteSummary = Omit<Note, 'paciente'>;

/** Every query of the clinical record: a patient's timeline pages and notes. */
export const historyKey = ['historia'] as const;

/**
 * One page of a patient's 'Historia clínica'. Each read is written to the audit trail, so it is not
 * refetched on focus; a change to a note invalidates it.
 */
export const useHistory = (patientId: string, filter: { tipo: HistoryKind | ''; dentista: string; pagina: number }) =>
  useQuery({
    queryKey: [...historyKey, 'paciente', patientId, filter],
    queryFn: () =>
      unwrap(
        historyApi.$get({
          param: { id: patientId },
          query: { tipo: filter.tipo, dentista: filter.dentista, pagina: String(filter.pagina) },
        }),
      ),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: false,
  });

/** One note with its addenda and its patient (the view is audited: read once per visit). */
export const useNote = (noteId: string) =>
  useQuery({
    queryKey: [...historyKey, 'nota', noteId],
    queryFn: () => unwrap(notesApi[':id'].$get({ param: { id: noteId } })),
    enabled: noteId !== '',
    refetchOnWindowFocus: false,
  });

/** 'Notas sin firmar': the signed-in member's drafts older than 24 hours. */
export const useUnsignedNotes = (enabled: boolean) =>
  useQuery({
    queryKey: [...historyKey, 'sin-firmar'],
    queryFn: () => unwrap(notesApi['sin-firmar'].$get()),
    enabled,
  });

function useInvalidateHistory() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: historyKey });
}

export function useCreateNote(patientId: string) {
  const invalidate = useInvalidateHistory();
  return useMutation({
    mutationFn: (input: NoteInput) =>
      unwrap(api.pacientes[':id'].notas.$post({ param: { id: patientId }, json: input })),
    onSuccess: invalidate,
  });
}

export function useUpdateNote(noteId: string) {
  const invalidate = useInvalidateHistory();
  return useMutation({
    mutationFn: (input: NoteInput) => unwrap(notesApi[':id'].$put({ param: { id: noteId }, json: input })),
    onSuccess: invalidate,
  });
}

export function useSignNote() {
  const invalidate = useInvalidateHistory();
  return useMutation({
    mutationFn: (noteId: string) => unwrap(notesApi[':id'].firmar.$post({ param: { id: noteId } })),
    onSuccess: invalidate,
  });
}

export function useDiscardNote() {
  const invalidate = useInvalidateHistory();
  return useMutation({
    mutationFn: (noteId: string) => unwrap(notesApi[':id'].descartar.$post({ param: { id: noteId } })),
    onSuccess: invalidate,
  });
}

export function useAddAddendum(noteId: string) {
  const invalidate = useInvalidateHistory();
  return useMutation({
    mutationFn: (input: AddendumInput) => unwrap(notesApi[':id'].adendas.$post({ param: { id: noteId }, json: input })),
    onSuccess: invalidate,
  });
}

/** The clinic's services, for 'Procedimientos realizados' (the catalogue's own list, services only). */
export const useServices = (enabled: boolean) =>
  useQuery({
    queryKey: ['productos', 'servicios-para-notas'],
    queryFn: () => unwrap(api.productos.$get({ query: { categoria: 'servicio', q: '', pagina: '1' } })),
    enabled,
    staleTime: 60_000,
  });

/** The patient a new note is for (their name fills {paciente}); the read is the record's own, audited as a view. */
export const usePatientName = (patientId: string) =>
  useQuery({
    queryKey: ['pacientes', patientId, 'para-nota'],
    queryFn: () => unwrap(api.pacientes[':id'].$get({ param: { id: patientId } })),
    enabled: patientId !== '',
    refetchOnWindowFocus: false,
    select: (p) => ({ id: p.id, nombres: p.nombres, apellidos: p.apellidos }),
  });

/** The appointment a note is written from (shown in the editor). */
export const useAppointmentForNote = (citaId: string) =>
  useQuery({
    queryKey: ['citas', citaId, 'para-nota'],
    queryFn: () => unwrap(api.citas[':id'].$get({ param: { id: citaId } })),
    enabled: citaId !== '',
    select: (c) => ({ id: c.id, titulo: c.titulo, fecha: c.fecha, pacienteId: c.paciente.id }),
  });
