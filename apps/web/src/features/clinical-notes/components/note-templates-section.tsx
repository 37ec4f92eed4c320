import { zodResolver } from '@hookform/resolvers/zod';
import { noteTemplateInputSchema, type NoteTemplateInput } from '@odontia/shared';
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
  useCreateTemplate,
  useDeleteTemplate,
  useNoteTemplates,
  useUpdateTemplate,
  type NoteTemplate,
} from '../api/templates';

const resolver: Resolver<NoteTemplateInput> = zodResolver(noteTemplateInputSchema);

function TemplateForm({ template, onDone }: { template: NoteTemplate | null; onDone: () => void }) {
  const create = useCreateTemplate();
  const update = useUpdateTemplate();
  const form = useForm<NoteTemplateInput>({
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
      aria-label={template ? 'Editar plantilla' : 'Nueva plantilla'}
    >
      <FormField label="Título" required error={form.formState.errors.titulo?.message}>
        <Input {...form.register('titulo')} />
      </FormField>
      <FormField
        label="Texto"
        required
        error={form.formState.errors.cuerpo?.message}
        description="Puedes usar {paciente}, {fecha}, {dentista} y {diente}."
      >
        <Textarea rows={6} {...form.register('cuerpo')} />
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

/** 'Plantillas de notas clínicas' in the clinic's settings: the clinic's templates, managed with historia.editar. */
export default function NoteTemplatesSection() {
  const canSee = useCan('historia.ver');
  const canEdit = useCan('historia.editar');
  const templates = useNoteTemplates(canSee);
  const remove = useDeleteTemplate();
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<NoteTemplate | null>(null);
  if (!canSee) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg font-semibold">Plantillas de notas clínicas</h2>
        </CardTitle>
        <CardDescription>Textos de partida para las notas clínicas de la clínica.</CardDescription>
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
          deleting ? `Se eliminará la plantilla «${deleting.titulo}». Las notas ya escritas no cambian.` : ''
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
