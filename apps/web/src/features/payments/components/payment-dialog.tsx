import { zodResolver } from '@hookform/resolvers/zod';
import {
  COLLECTION_METHOD_LABELS,
  COLLECTION_METHODS,
  PAYMENT_ALLOCATIONS,
  PAYMENT_MESSAGES,
  createPaymentSchema,
  formatDate,
  formatMoney,
  moneyInputText,
  parseMoney,
  CURRENCIES,
  type AccountItem,
  type CreatePaymentInput,
  type CurrencyCode,
  type PatientAccount,
  type Payment,
  type PaymentAllocation,
} from '@odontia/shared';
import { CheckCircle2, Download, Plus } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { showSubmitError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useClinicToday } from '@/lib/use-clinic-today';
import { receiptPdfUrl, useCreatePayment } from '../api/payments';
import { SendReceiptButton } from './send-receipt-button';

export const ALLOCATION_LABELS: Record<PaymentAllocation, string> = {
  automatica: 'Automática (lo más antiguo primero)',
  elegida: 'Elegir tratamientos',
  anticipo: 'A cuenta (anticipo)',
};

/** An item's key in the form: its kind and id (a treatment and a budget line may share no id, but be safe). */
const itemKey = (item: Pick<AccountItem, 'tipo' | 'id'>) => `${item.tipo}:${item.id}`;

type FormValues = {
  importe: string;
  metodo: string;
  referencia: string;
  fecha: string;
  aplicacion: PaymentAllocation;
  partidas: string[];
};
const FIELDS = ['importe', 'metodo', 'referencia', 'fecha', 'aplicacion', 'partidas'] as const;

/**
 * The form's text as the API's body: the amount typed in the clinic's currency in its smallest unit
 * ('12,50' € is 1250, '15.000' pesos 15000), the chosen items as `{ tipo, id }`, then the API's own schema.
 */
const paymentFormSchema = (moneda: CurrencyCode, today: string, items: AccountItem[]) =>
  z
    .object({
      importe: z.string().transform((text, ctx) => {
        const parsed = parseMoney(text, moneda);
        if (!parsed.ok || parsed.value === null) {
          const message = parsed.ok
            ? PAYMENT_MESSAGES.amountRequired
            : parsed.reason === 'decimals'
              ? PAYMENT_MESSAGES.amountTooManyDecimals(CURRENCIES[moneda].decimales)
              : // Digits only, yet no number: too many of them.
                /^[\d.,\s]+$/.test(text)
                ? PAYMENT_MESSAGES.amountTooLarge
                : PAYMENT_MESSAGES.amountNotANumber;
          ctx.addIssue({ code: 'custom', message });
          return z.NEVER;
        }
        return parsed.value;
      }),
      metodo: z.string(),
      referencia: z.string(),
      fecha: z.string().refine((v) => !v || v <= today, PAYMENT_MESSAGES.dateFuture),
      aplicacion: z.enum(PAYMENT_ALLOCATIONS),
      partidas: z.array(z.string()),
    })
    .transform((v): CreatePaymentInput => ({
      importe: v.importe,
      metodo: v.metodo as CreatePaymentInput['metodo'],
      referencia: v.referencia,
      fecha: v.fecha || null,
      aplicacion: v.aplicacion,
      partidas:
        v.aplicacion === 'elegida'
          ? items.filter((i) => v.partidas.includes(itemKey(i))).map(({ tipo, id }) => ({ tipo, id }))
          : [],
    }))
    .pipe(createPaymentSchema);

type Props = { patientId: string; account: PatientAccount };

/** 'Registrar cobro' and its dialog (issue 25): the form, then the receipt to download or email. */
export function RegisterPaymentButton({ patientId, account }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" />
        {PAYMENT_MESSAGES.newPayment}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        {/* Mounted only while open: every opening starts from the account as it is then. */}
        <DialogContent className="sm:max-w-xl">
          <PaymentDialogBody patientId={patientId} account={account} onClose={() => setOpen(false)} />
        </DialogContent>
      </Dialog>
    </>
  );
}

function PaymentDialogBody({ patientId, account, onClose }: Props & { onClose: () => void }) {
  const [done, setDone] = useState<{ cobro: Payment; saldo: number } | null>(null);
  if (done) {
    return (
      <>
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <CheckCircle2 className="size-5 text-success" aria-hidden="true" />
            {PAYMENT_MESSAGES.registered(done.cobro.numero ?? '')}
          </DialogTitle>
          <DialogDescription>
            {formatMoney(done.cobro.importe, done.cobro.moneda)} en{' '}
            {COLLECTION_METHOD_LABELS[done.cobro.metodo].toLowerCase()}.{' '}
            {done.saldo > 0
              ? `Saldo pendiente: ${formatMoney(done.saldo, account.moneda)}.`
              : done.saldo < 0
                ? `A favor del paciente: ${formatMoney(-done.saldo, account.moneda)}.`
                : 'El paciente no tiene saldo pendiente.'}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter className="sm:justify-between">
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button variant="outline" asChild>
              <a href={receiptPdfUrl(done.cobro.id)} download>
                <Download aria-hidden="true" />
                Descargar recibo
              </a>
            </Button>
            <SendReceiptButton cobroId={done.cobro.id} label="Enviar por email" />
          </div>
          <Button onClick={onClose}>Listo</Button>
        </DialogFooter>
      </>
    );
  }
  return (
    <PaymentForm
      patientId={patientId}
      account={account}
      onCancel={onClose}
      onDone={(cobro, saldo) => setDone({ cobro, saldo })}
    />
  );
}

function PaymentForm({
  patientId,
  account,
  onCancel,
  onDone,
}: Props & { onCancel: () => void; onDone: (cobro: Payment, saldo: number) => void }) {
  const ids = useId();
  const today = useClinicToday();
  const create = useCreatePayment(patientId);
  const moneda = account.moneda;
  const pendingItems = useMemo(() => account.partidas.filter((i) => i.pendiente > 0), [account.partidas]);
  const resolver = useMemo(
    () => zodResolver(paymentFormSchema(moneda, today, pendingItems)),
    [moneda, today, pendingItems],
  );
  const metodos = account.metodos.length ? account.metodos : COLLECTION_METHODS.slice(0, 3);
  const form = useForm<FormValues, unknown, CreatePaymentInput>({
    resolver,
    defaultValues: {
      importe: account.totales.saldo > 0 ? moneyInputText(account.totales.saldo, moneda) : '',
      metodo: metodos.includes('efectivo') ? 'efectivo' : metodos[0],
      referencia: '',
      fecha: today,
      aplicacion: 'automatica',
      partidas: [],
    },
  });
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = form;
  const aplicacion = useWatch({ control, name: 'aplicacion' });
  const chosen = useWatch({ control, name: 'partidas' });
  const chosenPending = pendingItems.filter((i) => chosen.includes(itemKey(i))).reduce((s, i) => s + i.pendiente, 0);

  const onSubmit = handleSubmit(async (input) => {
    try {
      const answer = await create.mutateAsync(input);
      toast.success(answer.mensaje);
      onDone(answer.cobro, answer.cuenta.totales.saldo);
    } catch (error) {
      showSubmitError(error, setError, FIELDS, {
        title: PAYMENT_MESSAGES.saveError,
        fallback: 'Inténtalo de nuevo más tarde',
      });
    }
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label={PAYMENT_MESSAGES.newPayment} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{PAYMENT_MESSAGES.newPayment}</DialogTitle>
        <DialogDescription>
          {account.paciente.nombres} {account.paciente.apellidos} ·{' '}
          {account.totales.saldo > 0
            ? `Saldo pendiente: ${formatMoney(account.totales.saldo, moneda)}`
            : account.totales.saldo < 0
              ? `A favor: ${formatMoney(-account.totales.saldo, moneda)}`
              : 'Sin saldo pendiente'}
        </DialogDescription>
      </DialogHeader>

      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Importe" htmlFor={`${ids}-importe`} error={errors.importe?.message} required>
          <Input {...register('importe')} inputMode="decimal" autoComplete="off" />
        </FormField>
        <FormField label="Forma de pago" htmlFor={`${ids}-metodo`} error={errors.metodo?.message} required>
          <select
            {...register('metodo')}
            className="h-9 w-full rounded-md border border-input bg-background px-3 text-sm"
          >
            {metodos.map((m) => (
              <option key={m} value={m}>
                {COLLECTION_METHOD_LABELS[m]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField
          label="Referencia"
          htmlFor={`${ids}-referencia`}
          error={errors.referencia?.message}
          description="Opcional: el número de la operación o de la transferencia."
        >
          <Input {...register('referencia')} autoComplete="off" maxLength={100} />
        </FormField>
        <FormField label="Fecha" htmlFor={`${ids}-fecha`} error={errors.fecha?.message}>
          <Input {...register('fecha')} type="date" max={today} />
        </FormField>
      </div>

      <fieldset className="grid gap-2" aria-describedby={errors.aplicacion ? `${ids}-aplicacion-error` : undefined}>
        <legend className="mb-1 text-sm font-medium">Aplicación</legend>
        {PAYMENT_ALLOCATIONS.map((a) => (
          <label key={a} className="flex items-center gap-2 text-sm">
            <input type="radio" value={a} {...register('aplicacion')} className="size-4 accent-primary" />
            {ALLOCATION_LABELS[a]}
          </label>
        ))}
        {errors.aplicacion?.message ? (
          <p id={`${ids}-aplicacion-error`} role="alert" className="text-sm text-destructive">
            {errors.aplicacion.message}
          </p>
        ) : null}
      </fieldset>

      {aplicacion === 'elegida' ? (
        <fieldset className="grid gap-2" aria-describedby={`${ids}-partidas-suma`}>
          <legend className="mb-1 text-sm font-medium">Tratamientos a los que se aplica</legend>
          {pendingItems.length === 0 ? (
            <p className="text-sm text-muted-foreground">No hay tratamientos con importe pendiente.</p>
          ) : (
            <Controller
              control={control}
              name="partidas"
              render={({ field }) => (
                <ul className="grid max-h-56 gap-1 overflow-y-auto rounded-md border p-2">
                  {pendingItems.map((item) => {
                    const key = itemKey(item);
                    const id = `${ids}-partida-${key}`;
                    return (
                      <li key={key} className="flex items-start gap-2 rounded-sm p-1">
                        <Checkbox
                          id={id}
                          className="mt-0.5"
                          checked={field.value.includes(key)}
                          aria-invalid={Boolean(errors.partidas)}
                          onCheckedChange={(checked) =>
                            field.onChange(
                              checked === true ? [...field.value, key] : field.value.filter((k) => k !== key),
                            )
                          }
                        />
                        <label htmlFor={id} className="flex min-w-0 flex-1 flex-wrap justify-between gap-x-3 text-sm">
                          <span className="min-w-0 break-words">
                            {item.descripcion}
                            {item.diente ? ` · diente ${item.diente}` : ''}
                            <span className="block text-xs text-muted-foreground">{formatDate(item.fecha)}</span>
                          </span>
                          <span className="tabular-nums">Pendiente {formatMoney(item.pendiente, moneda)}</span>
                        </label>
                      </li>
                    );
                  })}
                </ul>
              )}
            />
          )}
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p id={`${ids}-partidas-suma`} className="text-sm" aria-live="polite">
              Pendiente de lo elegido:{' '}
              <span className="font-semibold tabular-nums">{formatMoney(chosenPending, moneda)}</span>
            </p>
            {chosenPending > 0 ? (
              <Button
                type="button"
                variant="link"
                size="sm"
                className="h-auto px-0"
                onClick={() =>
                  form.setValue('importe', moneyInputText(chosenPending, moneda), { shouldValidate: true })
                }
              >
                Cobrar este importe
              </Button>
            ) : null}
          </div>
          {errors.partidas?.message ? (
            <p role="alert" className="text-sm text-destructive">
              {errors.partidas.message}
            </p>
          ) : null}
        </fieldset>
      ) : aplicacion === 'anticipo' ? (
        <p className="text-sm text-muted-foreground">
          El importe queda a cuenta del paciente y se aplicará a sus próximos tratamientos.
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">
          Se paga primero lo más antiguo; lo que sobre queda a cuenta del paciente.
        </p>
      )}

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancelar
        </Button>
        <SubmitButton pending={create.isPending} pendingLabel="Registrando...">
          {PAYMENT_MESSAGES.newPayment}
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}
