import {
  BUDGET_MESSAGES,
  type Budget,
  type BudgetAcceptanceData,
  type BudgetFactorInput,
  type BudgetFollowUpData,
  type BudgetLinkInfo,
  type BudgetFollowUps,
  type BudgetPage,
  type BudgetState,
  type BudgetSummary,
  type PatientPlan,
  type PublicBudget,
  type UpdateBudgetData,
} from '@odontia/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';
import { useInvalidatingMutation } from '@/lib/query-client';
import { BUDGETS_QUERY_KEY } from '@/lib/query-keys';

/** Every budget query lives under this key: a change reloads the lists, the patient's and the budget. */
export const budgetsKey = BUDGETS_QUERY_KEY;

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

/** Emails the budget to its patient with the link to accept it (a draft becomes sent). */
export const useSendBudgetByEmail = () =>
  useInvalidatingMutation(
    (id: string) => unwrap(api.presupuestos[':id']['enviar-email'].$post({ param: { id } })),
    budgetsKey,
  );

/** The signed acceptance of a patient present at the desk. */
export const useAcceptBudgetAtDesk = () =>
  useInvalidatingMutation(
    ({ id, input }: { id: string; input: BudgetAcceptanceData }) =>
      unwrap(api.presupuestos[':id'].aceptar.$post({ param: { id }, json: input })),
    budgetsKey,
  );

// ---------------------------------------------------------------------------------------------------------
// The patient's link (public: no session; the second factor sets a cookie scoped to the link)

const linkApi = api['enlaces-presupuesto'][':token'];
const linkKey = (token: string) => ['enlace-presupuesto', token] as const;

/** Where the link's PDF is downloaded (the signed one once accepted). */
export const budgetLinkPdfUrl = (token: string) => `/api/enlaces-presupuesto/${token}/pdf`;

export const useBudgetLink = (token: string) =>
  useQuery({
    queryKey: [...linkKey(token), 'info'],
    queryFn: (): Promise<BudgetLinkInfo> => unwrap(linkApi.$get({ param: { token } })),
  });

/** The budget once the second factor is answered; a 401 means it has to be answered (again). */
export const usePublicBudget = (token: string, enabled: boolean) =>
  useQuery({
    queryKey: [...linkKey(token), 'presupuesto'],
    queryFn: (): Promise<PublicBudget> => unwrap(linkApi.presupuesto.$get({ param: { token } })),
    enabled,
  });

export const useVerifyBudgetFactor = (token: string) =>
  useInvalidatingMutation(
    (input: BudgetFactorInput) => unwrap(linkApi.verificar.$post({ param: { token }, json: input })),
    linkKey(token),
  );

export const useAcceptBudgetLink = (token: string) =>
  useInvalidatingMutation(
    (input: BudgetAcceptanceData) => unwrap(linkApi.aceptar.$post({ param: { token }, json: input })),
    linkKey(token),
  );

export const useRejectBudgetLink = (token: string) =>
  useInvalidatingMutation(
    (motivo: string | null) => unwrap(linkApi.rechazar.$post({ param: { token }, json: { motivo } })),
    linkKey(token),
  );

// ---------------------------------------------------------------------------------------------------------
// Work done

/** The patient's plan in money (planned, accepted, done, pending); reloads with every budget change. */
export const usePatientPlan = (patientId: string, enabled: boolean) =>
  useQuery({
    queryKey: [...budgetsKey, 'plan', patientId],
    queryFn: (): Promise<PatientPlan> => unwrap(api.pacientes[':id'].plan.$get({ param: { id: patientId } })),
    enabled,
  });

/** Marks an accepted line done (the chart and the stock follow on the server). */
export const useMarkLineDone = () =>
  useInvalidatingMutation(
    ({ lineaId, dentistaId }: { lineaId: string; dentistaId: string | null }) =>
      unwrap(api.presupuestos.lineas[':id'].realizar.$post({ param: { id: lineaId }, json: { dentistaId } })),
    budgetsKey,
  );

/** The clinic's active dentists, for who did a treatment (members who may see them). */
export const useActiveDentists = (enabled: boolean) =>
  useQuery({
    queryKey: ['dentistas', 'activos'],
    queryFn: () => unwrap(api.dentistas.$get({ query: { activos: 'true' } })),
    enabled,
  });
