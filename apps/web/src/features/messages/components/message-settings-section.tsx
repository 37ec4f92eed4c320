import { zodResolver } from '@hookform/resolvers/zod';
import {
  DATOS_PLANTILLA,
  MESSAGE_MESSAGES as M,
  messageSettingsSchema,
  PLANTILLA_MENSAJE_LABELS,
  PLANTILLAS_MENSAJE,
  PLANTILLAS_PREDETERMINADAS,
  type MessageSettings,
  type MessageSettingsInput,
  type MessageTemplateId,
} from '@odontia/shared';
import { ChevronDown, RotateCcw } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { get, useForm, useWatch, type FieldErrors, type Path, type UseFormReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { SubmitButton } from '@/components/ui/submit-button';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api';
import { showSubmitError } from '@/lib/form-errors';
import { useCan } from '@/lib/session';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useMessageSettings, useSaveMessageSettings } from '../api/message-settings';

type Form = UseFormReturn<MessageSettingsInput, unknown, MessageSettings>;

const resolver = zodResolver<MessageSettingsInput, unknown, MessageSettings>(messageSettingsSchema);

/** Every field in the form's order: the first with an error takes the focus. */
const FIELDS: Path<MessageSettingsInput>[] = [
  'recordatorioHoras',
  'cancelacionHoras',
  ...PLANTILLAS_MENSAJE.flatMap((id) =>
    id === 'whatsapp'
      ? [`plantillas.${id}.cuerpo` as const]
      : [`plantillas.${id}.asunto` as const, `plantillas.${id}.cuerpo` as const],
  ),
];

const templateOf = (path: string) => PLANTILLAS_MENSAJE.find((id) => path.startsWith(`plantillas.${id}.`));

/** A number of hours inside a sentence ("Enviar el recordatorio [48] horas antes"), read as that sentence. */
function HoursField({
  form,
  name,
  before,
  after,
  min,
  disabled,
}: {
  form: Form;
  name: 'recordatorioHoras' | 'cancelacionHoras';
  before: string;
  after: string;
  min: number;
  disabled: boolean;
}) {
  const id = useId();
  const error = form.formState.errors[name]?.message;
  return (
    <div className="grid gap-1">
      <div className="flex flex-wrap items-center gap-2">
        <label id={`${id}-before`} htmlFor={id} className={cn('text-sm font-medium', error && 'text-destructive')}>
          {before}
        </label>
        <Input
          id={id}
          type="number"
          inputMode="numeric"
          min={min}
          max={168}
          step={1}
          className="w-20"
          disabled={disabled}
          aria-labelledby={`${id}-before ${id} ${id}-after`}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          {...form.register(name, { valueAsNumber: true })}
        />
        <span id={`${id}-after`} className="text-sm font-medium">
          {after}
        </span>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** One template: its subject (not WhatsApp's) and text, and the way back to Odontia's wording. */
function TemplateFields({
  form,
  id,
  open,
  onOpenChange,
  readOnly,
}: {
  form: Form;
  id: MessageTemplateId;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  readOnly: boolean;
}) {
  const label = PLANTILLA_MENSAJE_LABELS[id];
  const withSubject = id !== 'whatsapp';
  const current = useWatch({ control: form.control, name: `plantillas.${id}` });
  const defaults = PLANTILLAS_PREDETERMINADAS[id];
  const isDefault = current?.cuerpo === defaults.cuerpo && (!withSubject || current?.asunto === defaults.asunto);
  const errors = form.formState.errors.plantillas?.[id];

  const restore = () => {
    // Once the form was sent, the fields say at once that the restored text is valid.
    const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
    if (withSubject) form.setValue(`plantillas.${id}.asunto`, defaults.asunto, options);
    form.setValue(`plantillas.${id}.cuerpo`, defaults.cuerpo, options);
    // The button turns disabled (nothing left to restore): the focus goes to the restored text.
    form.setFocus(`plantillas.${id}.cuerpo`);
  };

  return (
    <Collapsible open={open} onOpenChange={onOpenChange} asChild>
      <li className="rounded-md border">
        <h4>
          <CollapsibleTrigger className="flex w-full items-center gap-2 rounded-md p-3 text-left text-sm font-medium outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring">
            <span className="flex-1">{label}</span>
            {errors ? <span className="text-xs font-normal text-destructive">Revisa este mensaje</span> : null}
            <ChevronDown
              className={cn('size-4 shrink-0 transition-transform', open && 'rotate-180')}
              aria-hidden="true"
            />
          </CollapsibleTrigger>
        </h4>
        <CollapsibleContent className="grid gap-3 border-t p-3">
          {withSubject ? (
            <FormField label="Asunto" required={!readOnly} error={errors?.asunto?.message}>
              <Input disabled={readOnly} {...form.register(`plantillas.${id}.asunto`)} />
            </FormField>
          ) : null}
          <FormField
            label="Texto"
            required={!readOnly}
            error={errors?.cuerpo?.message}
            description="Escribe los datos entre llaves, como {paciente}."
          >
            <Textarea rows={withSubject ? 8 : 5} disabled={readOnly} {...form.register(`plantillas.${id}.cuerpo`)} />
          </FormField>
          {readOnly ? null : (
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="justify-self-start"
              onClick={restore}
              disabled={isDefault}
              aria-label={`Restablecer el texto predeterminado de «${label}»`}
            >
              <RotateCcw aria-hidden="true" />
              Restablecer
            </Button>
          )}
        </CollapsibleContent>
      </li>
    </Collapsible>
  );
}

function MessageSettingsForm({ settings, readOnly }: { settings: MessageSettings; readOnly: boolean }) {
  const save = useSaveMessageSettings();
  const form = useForm<MessageSettingsInput, unknown, MessageSettings>({
    resolver,
    defaultValues: settings,
    // A template's fields exist only while it is open: the form opens it first, then focuses (below).
    shouldFocusError: false,
  });
  const [open, setOpen] = useState<ReadonlySet<MessageTemplateId>>(() => new Set());
  // A new object each time, so that the same field is focused again after another failed save.
  const [focusTarget, setFocusTarget] = useState<{ path: Path<MessageSettingsInput> } | null>(null);
  const placeholdersId = useId();

  useEffect(() => {
    if (focusTarget) form.setFocus(focusTarget.path);
  }, [focusTarget, form]);

  /** Opens the templates whose fields have an error and focuses the first of those fields. */
  const reveal = (invalid: Path<MessageSettingsInput>[]) => {
    if (invalid.length === 0) return;
    const templates = invalid.map(templateOf).filter((id) => id !== undefined);
    setOpen((current) => new Set([...current, ...templates]));
    setFocusTarget({ path: invalid[0]! });
  };

  const submit = form.handleSubmit(
    async (values) => {
      try {
        const saved = await save.mutateAsync(values);
        form.reset(saved);
        toast.success(M.settingsSaved);
      } catch (error) {
        showSubmitError(error, form.setError, FIELDS, { title: M.settingsError, fallback: 'Inténtalo de nuevo.' });
        const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
        reveal(FIELDS.filter((path) => path in fields));
      }
    },
    (errors: FieldErrors<MessageSettingsInput>) => reveal(FIELDS.filter((path) => get(errors, path))),
  );

  const toggle = (id: MessageTemplateId, next: boolean) =>
    setOpen((current) => {
      const copy = new Set(current);
      if (next) copy.add(id);
      else copy.delete(id);
      return copy;
    });

  return (
    <form onSubmit={submit} noValidate className="grid gap-6" aria-label={M.settingsTitle}>
      <fieldset className="grid gap-3">
        <legend className="mb-2 font-medium">Cuándo</legend>
        <HoursField
          form={form}
          name="recordatorioHoras"
          before="Enviar el recordatorio"
          after="horas antes"
          min={1}
          disabled={readOnly}
        />
        <HoursField
          form={form}
          name="cancelacionHoras"
          before="Los pacientes pueden cancelar en línea hasta"
          after="horas antes"
          min={0}
          disabled={readOnly}
        />
      </fieldset>

      <section className="grid gap-3" aria-labelledby={`${placeholdersId}-templates`}>
        <h3 id={`${placeholdersId}-templates`} className="font-medium">
          Textos de los mensajes
        </h3>
        <div className="rounded-md bg-muted/50 p-3 text-sm">
          <p id={placeholdersId} className="mb-2 text-muted-foreground">
            Datos que puedes usar en los textos (se sustituyen al enviar cada mensaje):
          </p>
          <ul className="grid gap-1 sm:grid-cols-2" aria-labelledby={placeholdersId}>
            {Object.entries(DATOS_PLANTILLA).map(([key, name]) => (
              <li key={key}>
                <code className="rounded bg-background px-1 font-mono text-xs">{`{${key}}`}</code> — {name}
              </li>
            ))}
          </ul>
        </div>
        <ul className="grid gap-2">
          {PLANTILLAS_MENSAJE.map((id) => (
            <TemplateFields
              key={id}
              form={form}
              id={id}
              open={open.has(id)}
              onOpenChange={(next) => toggle(id, next)}
              readOnly={readOnly}
            />
          ))}
        </ul>
      </section>

      {readOnly ? (
        <p className="text-sm text-muted-foreground">
          Solo pueden cambiar estos mensajes quienes pueden editar los datos de la clínica.
        </p>
      ) : (
        <SubmitButton pending={save.isPending} pendingLabel="Guardando..." className="justify-self-start">
          Guardar mensajes
        </SubmitButton>
      )}
    </form>
  );
}

/**
 * 'Mensajes a pacientes' in the clinic's settings (issue 24): when the email reminder goes, until when a
 * patient may cancel online, and the texts of each message. Read with clinica.ver, changed with
 * clinica.editar.
 */
export default function MessageSettingsSection() {
  const canSee = useCan('clinica.ver');
  const canEdit = useCan('clinica.editar');
  const settings = useMessageSettings(canSee);
  if (!canSee) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg font-semibold">{M.settingsTitle}</h2>
        </CardTitle>
        <CardDescription>
          Los correos que reciben tus pacientes al reservar, cambiar o cancelar una cita, sus recordatorios y el enlace
          para confirmar o cancelar.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <div className="grid gap-3" aria-busy="true" aria-label="Cargando los mensajes">
            <Skeleton className="h-16" />
            <Skeleton className="h-32" />
          </div>
        ) : settings.isError ? (
          <p role="alert" className="text-destructive">
            {M.settingsLoadError}
          </p>
        ) : (
          <MessageSettingsForm settings={settings.data} readOnly={!canEdit} />
        )}
      </CardContent>
    </Card>
  );
}
