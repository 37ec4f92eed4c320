import { BUDGET_MESSAGES, type Budget } from '@odontia/shared';
import { useForm } from 'react-hook-form';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { Textarea } from '@/components/ui/textarea';
import { setServerFieldErrors, toastFailure } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useSetFollowUp } from '../api/budgets';

type Values = { fecha: string; nota: string };

/**
 * 'Seguimiento' of a sent budget awaiting an answer (issue 23): when the desk calls the patient next and
 * what was said. It is not part of the quote (no new version); the dashboard lists the calls due.
 */
export function FollowUpCard({ budget }: { budget: Budget }) {
  const save = useSetFollowUp();
  const form = useForm<Values>({
    defaultValues: { fecha: budget.seguimiento.fecha ?? '', nota: budget.seguimiento.nota ?? '' },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (values) => {
    try {
      const { mensaje } = await save.mutateAsync({
        id: budget.id,
        input: { fecha: values.fecha || null, nota: values.nota || null },
      });
      toast.success(mensaje);
    } catch (error) {
      if (!setServerFieldErrors(error, form.setError, ['fecha', 'nota'] as const)) {
        toastFailure(error, { title: BUDGET_MESSAGES.saveError, fallback: 'Inténtalo de nuevo más tarde' });
      }
    }
  });
  return (
    <Card>
      <form onSubmit={submit} noValidate aria-label="Seguimiento del presupuesto">
        <CardHeader>
          <CardTitle>
            <h2 className="text-lg font-semibold">Seguimiento</h2>
          </CardTitle>
          <CardDescription>Cuándo volver a llamar al paciente y qué se habló.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 pt-4 sm:grid-cols-[12rem_1fr]">
          <FormField label="Próxima llamada" htmlFor="seguimiento-fecha" error={errors.fecha?.message}>
            <Input type="date" {...form.register('fecha')} />
          </FormField>
          <FormField label="Nota" htmlFor="seguimiento-nota" error={errors.nota?.message}>
            <Textarea rows={2} {...form.register('nota')} />
          </FormField>
        </CardContent>
        <CardFooter className="justify-end">
          <SubmitButton pending={form.formState.isSubmitting} pendingLabel="Guardando...">
            Guardar seguimiento
          </SubmitButton>
        </CardFooter>
      </form>
    </Card>
  );
}
