import { zodResolver } from '@hookform/resolvers/zod';
import {
  ALERT_CONDITION_LABELS,
  ALERT_CONDITIONS,
  ALERT_KIND_LABELS,
  ALERT_KINDS,
  createMedicalAlertSchema,
  MEDICAL_ALERT_MESSAGES,
  type CreateMedicalAlertData,
  type MedicalAlert,
  type MedicalAlertFormValues,
} from '@odontia/shared';
import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { SubmitButton } from '@/components/ui/submit-button';
import { errorMessage } from '@/lib/api';
import { setServerFieldErrors, toastFailure } from '@/lib/form-errors';
import { useCan } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useCreateMedicalAlert, useMedicalAlerts, useWithdrawMedicalAlert } from '../api/medical-alerts';
import { useClinicDateTime } from '@/lib/use-clinic-today';
import { cn } from '@/lib/utils';

const FIELDS = ['tipo', 'descripcion', 'anticoagulante', 'condicion'] as const;
const EMPTY: MedicalAlertFormValues = { tipo: 'alergia', descripcion: '', anticoagulante: false, condicion: '' };

/** What the description is called for each kind (a listed condition has none). */
const DESCRIPTION_LABEL = { alergia: 'Alérgico a', medicacion: 'Medicamento', condicion: 'Descripción' } as const;
const DESCRIPTION_PLACEHOLDER = {
  alergia: 'Penicilina, látex, anestesia local...',
  medicacion: 'Sintrom, metformina...',
  condicion: 'Epilepsia, asma...',
} as const;

/** What an alert says, in the full list. */
function describe(a: MedicalAlert): string {
  if (a.tipo === 'condicion')
    return a.condicion === 'otra' || !a.condicion ? (a.descripcion ?? '') : ALERT_CONDITION_LABELS[a.condicion];
  return a.descripcion ?? '';
}

/**
 * 'Antecedentes' on the patient's page (issue 22): the full list of medical alerts with who recorded and
 * withdrew each (historia.ver; each load is audited), a form to add one and a way to withdraw one
 * (antecedentes.editar). Nothing is deleted: a withdrawn alert stays, struck out, with its withdrawal.
 */
export function MedicalAlertsSection({ patientId }: { patientId: string }) {
  const formatDateTime = useClinicDateTime();
  const canSee = useCan('historia.ver');
  const canEdit = useCan('antecedentes.editar');
  const alerts = useMedicalAlerts(patientId, canSee);
  const [withdrawing, setWithdrawing] = useState<MedicalAlert | null>(null);
  const withdraw = useWithdrawMedicalAlert(patientId);
  if (!canSee) return null;
  const list = alerts.data?.antecedentes ?? [];

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg font-semibold">Antecedentes</h2>
        </CardTitle>
        <CardDescription>Alergias, medicación actual y condiciones médicas del paciente.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {alerts.isPending ? (
          <div className="grid gap-2" aria-busy="true" aria-label="Cargando antecedentes">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : alerts.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(alerts.error, MEDICAL_ALERT_MESSAGES.loadError)}
          </p>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">{MEDICAL_ALERT_MESSAGES.empty}</p>
        ) : (
          <ul aria-label="Antecedentes del paciente" className="flex flex-col divide-y rounded-md border">
            {list.map((a) => (
              <li key={a.id} className="flex flex-wrap items-start justify-between gap-2 p-3">
                <div className="min-w-0 flex-1">
                  <p className={cn('wrap-anywhere', a.retirada ? 'text-muted-foreground line-through' : 'font-medium')}>
                    <span className="text-muted-foreground">{ALERT_KIND_LABELS[a.tipo]}: </span>
                    {describe(a)}
                    {a.anticoagulante ? (
                      <span className="ml-2 inline-flex items-center gap-1 rounded border border-red-700 px-1 text-xs font-semibold text-red-700 no-underline dark:border-red-400 dark:text-red-300">
                        <TriangleAlert className="size-3" aria-hidden="true" />
                        Anticoagulante
                      </span>
                    ) : null}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    Registrado el {formatDateTime(a.fechaRegistro)} por {a.autor.nombre || 'un miembro'}
                    {a.retirada
                      ? ` · Retirado el ${formatDateTime(a.retirada.fecha)} por ${a.retirada.autor.nombre || 'un miembro'}`
                      : ''}
                  </p>
                </div>
                {canEdit && !a.retirada ? (
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    aria-label={`Retirar ${ALERT_KIND_LABELS[a.tipo].toLowerCase()}: ${describe(a)}`}
                    onClick={() => setWithdrawing(a)}
                  >
                    Retirar
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {canEdit ? <NewMedicalAlertForm patientId={patientId} /> : null}
      </CardContent>
      <ConfirmDeleteDialog
        title="¿Retirar antecedente?"
        open={withdrawing !== null}
        onOpenChange={(open) => {
          if (!open) setWithdrawing(null);
        }}
        description={
          withdrawing
            ? `«${describe(withdrawing)}» dejará de mostrarse como alerta. Queda en la historia con la fecha y quién lo retiró.`
            : ''
        }
        pending={withdraw.isPending}
        confirmLabel="Retirar"
        pendingLabel="Retirando..."
        onConfirm={() => {
          if (!withdrawing) return;
          withdraw.mutate(withdrawing.id, {
            onSuccess: () => {
              toast.success(MEDICAL_ALERT_MESSAGES.withdrawn);
              setWithdrawing(null);
            },
            onError: (error) => {
              toastFailure(error, { title: 'Error', fallback: MEDICAL_ALERT_MESSAGES.withdrawError });
              setWithdrawing(null);
            },
          });
        }}
      />
    </Card>
  );
}

/** 'Añadir antecedente': the kind, then what that kind needs; typed from the shared schema. */
function NewMedicalAlertForm({ patientId }: { patientId: string }) {
  const create = useCreateMedicalAlert(patientId);
  const { register, handleSubmit, control, reset, setError, formState } = useForm<
    MedicalAlertFormValues,
    unknown,
    CreateMedicalAlertData
  >({ resolver: zodResolver(createMedicalAlertSchema), defaultValues: EMPTY });
  const tipo = useWatch({ control, name: 'tipo' });
  const condicion = useWatch({ control, name: 'condicion' });
  const errors = formState.errors;
  const needsDescription = tipo !== 'condicion' || condicion === 'otra';

  const submit = handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      toast.success(MEDICAL_ALERT_MESSAGES.created);
      reset({ ...EMPTY, tipo: values.tipo });
    } catch (error) {
      if (setServerFieldErrors(error, setError, FIELDS)) return;
      toastFailure(error, { title: 'Error', fallback: MEDICAL_ALERT_MESSAGES.createError });
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Añadir antecedente" className="flex flex-col gap-4">
      <h3 className="text-base font-semibold">Añadir antecedente</h3>
      <fieldset disabled={formState.isSubmitting} className="flex flex-col gap-4">
        <fieldset>
          <legend className="mb-2 text-sm font-medium">Tipo</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {ALERT_KINDS.map((k) => (
              <label key={k} className="flex min-h-9 items-center gap-2 text-sm">
                <input type="radio" value={k} {...register('tipo')} className="size-4 accent-primary" />
                {ALERT_KIND_LABELS[k]}
              </label>
            ))}
          </div>
        </fieldset>
        {tipo === 'condicion' ? (
          <fieldset aria-describedby={errors.condicion ? 'antecedente-condicion-error' : undefined}>
            <legend className="mb-2 text-sm font-medium">Condición</legend>
            <div className="flex flex-wrap gap-x-4 gap-y-2">
              {ALERT_CONDITIONS.map((k) => (
                <label key={k} className="flex min-h-9 items-center gap-2 text-sm">
                  <input type="radio" value={k} {...register('condicion')} className="size-4 accent-primary" />
                  {ALERT_CONDITION_LABELS[k]}
                </label>
              ))}
            </div>
            {errors.condicion?.message ? (
              <p id="antecedente-condicion-error" role="alert" className="mt-1 text-sm text-destructive">
                {errors.condicion.message}
              </p>
            ) : null}
          </fieldset>
        ) : null}
        {needsDescription ? (
          <FormField label={DESCRIPTION_LABEL[tipo]} required error={errors.descripcion?.message}>
            <Input {...register('descripcion')} placeholder={DESCRIPTION_PLACEHOLDER[tipo]} maxLength={200} />
          </FormField>
        ) : null}
        {tipo === 'medicacion' ? (
          <label className="flex min-h-9 items-center gap-2 text-sm">
            <input type="checkbox" {...register('anticoagulante')} className="size-4 accent-primary" />
            Es anticoagulante
          </label>
        ) : null}
        <div>
          <SubmitButton pending={formState.isSubmitting} pendingLabel="Guardando...">
            Añadir antecedente
          </SubmitButton>
        </div>
      </fieldset>
    </form>
  );
}
