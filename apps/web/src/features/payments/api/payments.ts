import {
  PAYMENT_MESSAGES,
  type CashClose,
  type CashClosePage,
  type CashDay,
  type CloseCashInput,
  type CreatePaymentInput,
  type OpenCashInput,
  type PatientAccount,
  type Payment,
} from '@odontia/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

/** Payments, the patient's account and the cash desk (issue 25): the shared contract's answers. */

/** Every query of this feature lives under this key. */
export const paymentsKey = ['cobros'] as const;
/** A patient's account (each load is audited: set from a write's answer rather than loaded again). */
export const accountKey = (patientId: string) => [...paymentsKey, 'cuenta', patientId] as const;
/** The member's cash of today and the closes' history: a payment or an annulment changes them. */
export const cashKey = [...paymentsKey, 'caja'] as const;

/** Where a payment's receipt PDF is downloaded (each download is audited). */
export const receiptPdfUrl = (cobroId: string) => `/api/cobros/${cobroId}/recibo`;
/** Where a patient's statement PDF is downloaded (each download is audited). */
export const statementPdfUrl = (patientId: string) => `/api/pacientes/${patientId}/cuenta/pdf`;

export type PaymentAnswer = { cobro: Payment; cuenta: PatientAccount; mensaje: string };

export const usePatientAccount = (patientId: string, enabled: boolean) =>
  useQuery({
    queryKey: accountKey(patientId),
    queryFn: (): Promise<PatientAccount> => unwrap(api.pacientes[':id'].cuenta.$get({ param: { id: patientId } })),
    enabled,
    refetchOnWindowFocus: false,
  });

/**
 * After a payment, an annulment or an advance applied: the account from the answer, the cash day and
 * closes (which list the payments and what they pay) loaded again.
 */
function useAccountWrite<TVariables, TAnswer extends { cuenta: PatientAccount }>(
  patientId: string,
  mutationFn: (v: TVariables) => Promise<TAnswer>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (answer) => {
      queryClient.setQueryData(accountKey(patientId), answer.cuenta);
      return queryClient.invalidateQueries({ queryKey: cashKey });
    },
  });
}

export const useCreatePayment = (patientId: string) =>
  useAccountWrite(patientId, (input: CreatePaymentInput): Promise<PaymentAnswer> =>
    unwrap(api.pacientes[':id'].cobros.$post({ param: { id: patientId }, json: input })),
  );

export const useAnnulPayment = (patientId: string) =>
  useAccountWrite(patientId, ({ id, motivo }: { id: string; motivo: string }): Promise<PaymentAnswer> =>
    unwrap(api.cobros[':id'].anular.$post({ param: { id }, json: { motivo } })),
  );

/** Applies what the patient has on account to what they owe, oldest first. */
export const useApplyAdvance = (patientId: string) =>
  useAccountWrite(patientId, (_: void) =>
    unwrap(api.pacientes[':id'].anticipo.aplicar.$post({ param: { id: patientId } })),
  );

export const useSendReceipt = () =>
  useMutation({
    mutationFn: (cobroId: string) => unwrap(api.cobros[':id'].recibo.email.$post({ param: { id: cobroId } })),
  });

// ---------------------------------------------------------------------------------------------------------
// Cash desk

/** The member's cash of today, or of an earlier day of theirs (`dia`, one they left open). */
export const useCashDay = (dia?: string) =>
  useQuery({
    queryKey: [...cashKey, dia ?? 'hoy'],
    meta: { loadError: PAYMENT_MESSAGES.cashLoadError },
    queryFn: (): Promise<CashDay> => unwrap(api.caja.$get({ query: dia ? { dia } : {} })),
  });

type CashAnswer = { caja: CashDay; mensaje: string };
type CloseAnswer = { cierre: CashClose; mensaje: string };

/** Opening: today's cash from the answer, the closes' history loaded again. */
export const useOpenCash = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OpenCashInput): Promise<CashAnswer> => unwrap(api.caja.abrir.$post({ json: input })),
    onSuccess: (answer) => {
      queryClient.setQueryData([...cashKey, 'hoy'], answer.caja);
      return queryClient.invalidateQueries({ queryKey: [...cashKey, 'cierres'] });
    },
  });
};

/**
 * The day shown once its close is known: closed with the close's totals and count, when it is the day
 * closed and the close counted exactly its payments; else null (a payment the screen had not loaded, or
 * another day), and the day is loaded again.
 */
export function closedDay(day: CashDay | undefined, cierre: CashClose): CashDay | null {
  if (!day || day.id !== cierre.id) return null;
  if (cierre.esperado.reduce((n, m) => n + m.cobros, 0) !== day.cobros.length) return null;
  return {
    ...day,
    estado: 'cerrada',
    esperado: cierre.esperado,
    efectivoEsperado: cierre.efectivoEsperado,
    cierre: {
      fecha: cierre.fechaCierre,
      efectivoContado: cierre.efectivoContado,
      diferencia: cierre.diferencia,
      nota: cierre.nota,
    },
  };
}

/**
 * Closing answers only the close: today's cash closed from it (or loaded again), the closes' history loaded
 * again; an earlier day's close loads every cash query again.
 */
export const useCloseCash = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CloseCashInput): Promise<CloseAnswer> => unwrap(api.caja.cerrar.$post({ json: input })),
    onSuccess: (answer, input) => {
      const key = [...cashKey, input.dia ?? 'hoy'];
      const day = closedDay(queryClient.getQueryData<CashDay>(key), answer.cierre);
      // An earlier day's close also takes it off today's list of days left open.
      if (day && !input.dia) {
        queryClient.setQueryData(key, day);
        return queryClient.invalidateQueries({ queryKey: [...cashKey, 'cierres'] });
      }
      return queryClient.invalidateQueries({ queryKey: cashKey });
    },
  });
};

export type CashClosesFilter = { desde: string | null; hasta: string | null; pagina: number };

export const useCashCloses = (filter: CashClosesFilter) =>
  useQuery({
    queryKey: [...cashKey, 'cierres', filter],
    meta: { loadError: 'Error al cargar los cierres de caja' },
    queryFn: (): Promise<CashClosePage> =>
      unwrap(
        api.caja.cierres.$get({
          query: {
            ...(filter.desde ? { desde: filter.desde } : {}),
            ...(filter.hasta ? { hasta: filter.hasta } : {}),
            pagina: String(filter.pagina),
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
