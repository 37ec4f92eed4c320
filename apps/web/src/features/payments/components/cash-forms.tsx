import { zodResolver } from '@hookform/resolvers/zod';
import {
  PAYMENT_MESSAGES,
  closeCashSchema,
  formatMoney,
  openCashSchema,
  parseMoney,
  type CashDay,
  type CloseCashInput,
  type CurrencyCode,
  type OpenCashInput,
} from '@odontia/shared';
import { useId, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { Textarea } from '@/components/ui/textarea';
import { showSubmitError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useCloseCash, useOpenCash } from '../api/payments';
import { signedMoney } from './signed-money';

/** An amount typed in the clinic's currency, in its smallest unit; an empty text is `empty`. */
const typedAmount = (moneda: CurrencyCode, message: string, empty: number | undefined) =>
  z.string().transform((text, ctx) => {
    const parsed = parseMoney(text, moneda);
    if (parsed.ok && parsed.value !== null) return parsed.value;
    if (parsed.ok && empty !== undefined) return empty;
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  });

/** The API's own schema on the parsed values, its messages on their fields. */
const checkedBy =
  <S extends z.ZodType>(schema: S) =>
  (value: unknown, ctx: z.RefinementCtx): z.output<S> => {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  };

/** 'Abrir caja' with the float the drawer starts with (optional: none is 0). */
export function OpenCashForm({ moneda }: { moneda: CurrencyCode }) {
  const id = useId();
  const open = useOpenCash();
  const resolver = useMemo(
    () =>
      zodResolver(
        z
          .object({ fondoInicial: typedAmount(moneda, PAYMENT_MESSAGES.cashFloatInvalid, 0) })
          .transform(checkedBy(openCashSchema)),
      ),
    [moneda],
  );
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<{ fondoInicial: string }, unknown, OpenCashInput>({ resolver, defaultValues: { fondoInicial: '' } });

  const onSubmit = handleSubmit(async (input) => {
    try {
      const { mensaje } = await open.mutateAsync(input);
      toast.success(mensaje);
    } catch (error) {
      showSubmitError(error, setError, ['fondoInicial'], {
        title: 'No se pudo abrir la caja',
        fallback: 'Inténtalo de nuevo más tarde',
      });
    }
  });

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-label="Abrir caja"
      className="flex flex-wrap items-end gap-3 rounded-md border bg-muted/30 p-3"
    >
      <FormField
        label="Fondo inicial"
        htmlFor={`${id}-fondo`}
        error={errors.fondoInicial?.message}
        description="Opcional: el efectivo con que empieza el cajón."
        className="min-w-40 flex-1"
      >
        <Input {...register('fondoInicial')} inputMode="decimal" autoComplete="off" placeholder="0" />
      </FormField>
      <SubmitButton pending={open.isPending} pendingLabel="Abriendo...">
        Abrir caja
      </SubmitButton>
    </form>
  );
}

type CloseValues = { efectivoContado: string; nota: string };

/**
 * The close: the cash counted (its difference with what is expected shown as it is typed) and a note,
 * which the server requires when they differ; 'Cerrar caja' asks for confirmation, since a closed day is locked.
 */
/** The close of `day`: today's, or an earlier day's the member left open (`past`). */
export function CloseCashForm({ day, past = false }: { day: CashDay; past?: boolean }) {
  const id = useId();
  const close = useCloseCash();
  const [confirming, setConfirming] = useState<CloseCashInput | null>(null);
  const resolver = useMemo(
    () =>
      zodResolver(
        z
          .object({
            efectivoContado: typedAmount(day.moneda, PAYMENT_MESSAGES.cashCountInvalid, undefined),
            nota: z.string(),
          })
          .transform(checkedBy(closeCashSchema)),
      ),
    [day.moneda],
  );
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CloseValues, unknown, CloseCashInput>({ resolver, defaultValues: { efectivoContado: '', nota: '' } });
  const counted = useWatch({ control, name: 'efectivoContado' });
  const parsed = parseMoney(counted, day.moneda);
  const difference = parsed.ok && parsed.value !== null ? parsed.value - day.efectivoEsperado : null;

  const onSubmit = handleSubmit((input) => setConfirming(input));
  const onConfirm = async () => {
    if (!confirming) return;
    try {
      const { mensaje } = await close.mutateAsync({ ...confirming, dia: past ? day.dia : undefined });
      toast.success(mensaje);
    } catch (error) {
      showSubmitError(error, setError, ['efectivoContado', 'nota'], {
        title: 'No se pudo cerrar la caja',
        fallback: 'Inténtalo de nuevo más tarde',
      });
    } finally {
      setConfirming(null);
    }
  };

  const money = (v: number) => formatMoney(v, day.moneda);
  const signed = (v: number) => signedMoney(v, day.moneda);
  return (
    <>
      <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Cerrar caja" className="grid gap-4 border-t pt-4">
        <FormField label="Efectivo contado" htmlFor={`${id}-contado`} error={errors.efectivoContado?.message} required>
          <Input {...register('efectivoContado')} inputMode="decimal" autoComplete="off" />
        </FormField>
        <p
          aria-live="polite"
          data-testid="diferencia"
          className={cn(
            'flex justify-between gap-3 rounded-md border p-3 text-sm',
            difference !== null && difference !== 0 && 'border-destructive bg-destructive/5',
          )}
        >
          <span>Diferencia</span>
          <span
            className={cn('font-semibold tabular-nums', difference !== null && difference !== 0 && 'text-destructive')}
          >
            {difference === null ? '—' : difference === 0 ? `${money(0)} (cuadra)` : signed(difference)}
          </span>
        </p>
        <FormField
          label="Nota"
          htmlFor={`${id}-nota`}
          error={errors.nota?.message}
          description={
            // The server's message says it once it is an error.
            errors.nota ? undefined : difference ? PAYMENT_MESSAGES.cashNoteRequired : 'Opcional si el efectivo cuadra.'
          }
        >
          <Textarea {...register('nota')} rows={3} maxLength={500} />
        </FormField>
        <div className="flex justify-end">
          <SubmitButton pending={close.isPending} pendingLabel="Cerrando...">
            Cerrar caja
          </SubmitButton>
        </div>
      </form>
      <AlertDialog open={confirming !== null} onOpenChange={(o) => (o ? undefined : setConfirming(null))}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>¿Cerrar la caja de hoy?</AlertDialogTitle>
            <AlertDialogDescription>
              {confirming
                ? `Efectivo contado: ${money(confirming.efectivoContado)}; diferencia: ${signed(
                    confirming.efectivoContado - day.efectivoEsperado,
                  )}. `
                : ''}
              Una caja cerrada no se puede reabrir: los cobros que registres después pasan a la caja de mañana.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancelar</AlertDialogCancel>
            <Button onClick={() => void onConfirm()} disabled={close.isPending} aria-busy={close.isPending}>
              {close.isPending ? 'Cerrando...' : 'Cerrar caja'}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
