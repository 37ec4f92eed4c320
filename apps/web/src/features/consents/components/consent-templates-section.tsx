import { zodResolver } from '@hookform/resolvers/zod';
import { consentTemplateInputSchema, type ConsentTemplateInput } from '@odontia/shared';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { Textarea } from '@/components/ui/textarea';
import { showSubmitError, toastFailure } from '@/lib/form-errors';
import { useCan } from '@/lib/session';
import { toast } from '@/lib/toast';
import {
  useCreateConsentTemplate,
  useDeleteConsentTemplate,
  useConsentTemplates,
  useUpdateConsentTemplate,
  type ConsentTemplate,
} from '../api/consents';

const resolver: Resolver<ConsentTemplateInput> = zodResolver(consentTemplateInputSchema);

function TemplateForm({ template, onDone }: { template: ConsentTemplate | null; onDone: () => void }) {
  const create = useCreateConsentTemplate();
  const update = useUpdateConsentTemplate();
  const form = useForm<ConsentTemplateInput>({
    resolver,
    defaultValues: { titulo: template?.titulo ?? '', cuerpo: template?.cuerpo ?? '' },
  });
  const pending = create.isPending || update.isPending;
  const submit = form.handleSubmit(async (values) => {
    try {
      if (template) await update.mutateAsync({ id: template.id, input: values });
      else await create.mutateAsync(values);
      toast.success(template ? 'Plantilla guardada' : 'Plantilla creada');
      form.reset({ titulo: '', cuerpo: '' });
      onDone();
    } catch (error) {
      showSubmitError(error, form.setError, ['titulo', 'cuerpo'], {
        title: 'No se pudo guardar la plantilla',
        fallback: 'Inténtalo de nuevo.',
      });
    }
  });
  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-3 rounded-md border p-3"
      aria-label={template ? 'Editar plantilla de consentimiento' : 'Nueva plantilla de consentimiento'}
    >
      <FormField label="Título" required error={form.formState.errors.titulo?.message}>
        <Input {...form.register('titulo')} />
      </FormField>
      <FormField
        label="Texto"
        required
        error={form.formState.errors.cuerpo?.message}
        description="Puedes usar {paciente}, {fecha}, {dentista}, {clinica}, {direccion} y {diente} (si la usas, se pedirá el diente al firmar). Separa los párrafos con una línea en blanco."
      >
        <Textarea rows={10} {...form.register('cuerpo')} />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <SubmitButton pending={pending} pendingLabel="Guardando...">
          {template ? 'Guardar plantilla' : 'Crear plantilla'}
        </SubmitButton>
        {template ? (
          <Button type="button" variant="ghost" onClick={onDone}>
            Cancelar
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/**
 * 'Plantillas de consentimiento' in the clinic's settings: the clinic's consent texts, managed with
 * historia.editar. A change never reaches a consent already signed (it keeps its own text and PDF).
 */
export default function ConsentTemplatesSection() {
  const canSee = useCan('historia.ver');
  const canEdit = useCan('historia.editar');
  const templates = useConsentTemplates(canSee);
  const remove = useDeleteConsentTemplate();
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ConsentTemplate | null>(null);
  if (!canSee) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg font-semibold">Plantillas de consentimiento</h2>
        </CardTitle>
        <CardDescription>Textos de los consentimientos informados que firman los pacientes.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="grid gap-3">
          {templates.data?.plantillas.map((t) => (
            <li key={t.id} className="grid gap-2">
              {editing === t.id ? (
                <TemplateForm template={t} onDone={() => setEditing(null)} />
              ) : (
                <div className="flex flex-wrap items-start gap-2">
                  <div className="min-w-0 flex-1">
                    <h3 className="font-medium">{t.titulo}</h3>
                    <p className="line-clamp-2 whitespace-pre-wrap text-sm text-muted-foreground">{t.cuerpo}</p>
                  </div>
                  {canEdit ? (
                    <div className="flex gap-1">
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => setEditing(t.id)}
                        aria-label={`Editar ${t.titulo}`}
                      >
                        <Pencil aria-hidden="true" />
                        Editar
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => setDeleting(t)}
                        aria-label={`Eliminar ${t.titulo}`}
                      >
                        Eliminar
                      </Button>
                    </div>
                  ) : null}
                </div>
              )}
            </li>
          ))}
        </ul>
        {canEdit ? <TemplateForm template={null} onDone={() => undefined} /> : null}
      </CardContent>
      <ConfirmDeleteDialog
        title="¿Eliminar la plantilla?"
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        description={
          deleting ? `Se eliminará la plantilla «${deleting.titulo}». Los consentimientos ya firmados no cambian.` : ''
        }
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success('Plantilla eliminada');
              setDeleting(null);
            },
            onError: (error) => toastFailure(error, { title: 'No se pudo eliminar', fallback: 'Inténtalo de nuevo.' }),
          })
        }
      />
    </Card>
  );
}
