import {
  BUDGET_MESSAGES,
  type Budget,
  type BudgetFollowUpData,
  type BudgetFollowUps,
  type BudgetPage,
  type BudgetState,
  type BudgetSummary,
  type UpdateBudgetData,
} from '@odontia/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';
import { useInvalidatingMutation } from '@/lib/query-client';

/** Every budget query lives under this key: a change reloads the lists, the patient's and the budget. */
export const budgetsKey = ['presupuestos'] as const;

/** Where a budget's PDF is downloaded (the API draws it; each download is audited). */
export const budgetPdfUrl = (id: string) => `/api/presupuestos/${id}/pdf`;

export type BudgetsFilter = { estado: BudgetState | null; pendientes: boolean; pagina: number };

export const useBudgets = (filter: BudgetsFilter) =>
  useQuery({
    queryKey: [...budgetsKey, 'list', filter],
    meta: { loadError: BUDGET_MESSAGES.listError },
    queryFn: (): Promise<BudgetPage> =>
      unwrap(
        api.presupuestos.$get({
          query: {
            ...(filter.estado ? { estado: filter.estado } : {}),
            ...(filter.pendientes ? { pendientes: 'true' as const } : {}),
            pagina: String(filter.pagina),
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });

export const usePatientBudgets = (patientId: string, enabled: boolean) =>
  useQuery({
    queryKey: [...budgetsKey, 'paciente', patientId],
    queryFn: (): Promise<BudgetSummary[]> =>
      unwrap(api.pacientes[':id'].presupuestos.$get({ param: { id: patientId } })),
    enabled,
  });

/** One budget (each load is audited: not loaded again on focus). */
export const useBudget = (id: string) =>
  useQuery({
    queryKey: [...budgetsKey, 'detail', id],
    queryFn: (): Promise<Budget> => unwrap(api.presupuestos[':id'].$get({ param: { id } })),
    refetchOnWindowFocus: false,
  });

export const useCreateBudget = () =>
  useInvalidatingMutation(
    (patientId: string) => unwrap(api.pacientes[':id'].presupuestos.$post({ param: { id: patientId } })),
    budgetsKey,
  );

export const useSaveBudget = () =>
  useInvalidatingMutation(
    ({ id, input }: { id: string; input: UpdateBudgetData }) =>
      unwrap(api.presupuestos[':id'].$put({ param: { id }, json: input })),
    budgetsKey,
  );

export const useSendBudget = () =>
  useInvalidatingMutation((id: string) => unwrap(api.presupuestos[':id'].enviar.$post({ param: { id } })), budgetsKey);

export const useRejectBudget = () =>
  useInvalidatingMutation(
    (id: string) => unwrap(api.presupuestos[':id'].rechazar.$post({ param: { id } })),
    budgetsKey,
  );

/** The dashboard's follow-ups of today (sent budgets whose next call is due). */
export const useFollowUpsToday = (enabled: boolean) =>
  useQuery({
    queryKey: [...budgetsKey, 'seguimiento-hoy'],
    queryFn: (): Promise<BudgetFollowUps> => unwrap(api.presupuestos['seguimiento-hoy'].$get()),
    enabled,
  });

export const useSetFollowUp = () =>
  useInvalidatingMutation(
    ({ id, input }: { id: string; input: BudgetFollowUpData }) =>
      unwrap(api.presupuestos[':id'].seguimiento.$put({ param: { id }, json: input })),
    budgetsKey,
  );
