import { zodResolver } from '@hookform/resolvers/zod';
import { fillTemplate, formatDate, noteInputSchemaAt, type NoteData, type NoteInput } from '@odontia/shared';
import { useId, useMemo, useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { Link } from 'react-router';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { LeaveDialog } from '@/components/leave-dialog';
import { Label } from '@/components/ui/label';
import { SubmitButton } from '@/components/ui/submit-button';
import { Textarea } from '@/components/ui/textarea';
import { showSubmitError } from '@/lib/form-errors';
import { useCan } from '@/lib/session';
import { useClinicToday } from '@/lib/use-clinic-today';
import { useLeaveGuard } from '@/lib/use-leave-guard';
import { useSingleFlight } from '@/lib/use-single-flight';
import { useServices } from '../api/notes';
import { useNoteTemplates } from '../api/templates';
import { DiagnosisPicker } from './diagnosis-picker';

const FIELDS = ['fecha', 'texto', 'diagnostico', 'procedimientos', 'subjetiva', 'citaId'] as const;

/** What the placeholders of a template are filled with. */
export type TemplateContext = { paciente: string; dentista: string };

type Props = {
  defaultValues: NoteInput;
  context: TemplateContext;
  /** The linked appointment, shown (it is chosen by opening the editor from the appointment). */
  cita: { id: string; titulo: string } | null;
  onSave: (values: NoteData) => Promise<unknown>;
  onSign: (values: NoteData) => Promise<unknown>;
  saving: boolean;
  signing: boolean;
  /** Extra buttons ('Descartar borrador'). */
  actions?: React.ReactNode;
};

/**
 * The editor of a draft: date, text (optionally from a template), diagnosis, procedures and the
 * 'anotación subjetiva' flag. 'Guardar borrador' keeps it editable; 'Firmar' saves and signs it after a
 * confirmation, since a signed note can no longer change.
 */
export function NoteEditor({ defaultValues, context, cita, onSave, onSign, saving, signing, actions }: Props) {
  const ids = useId();
  // Never dated after the clinic's today, as the server checks.
  const today = useClinicToday();
  const resolver: Resolver<NoteInput, unknown, NoteData> = useMemo(
    () => zodResolver<NoteInput, unknown, NoteData>(noteInputSchemaAt(today)),
    [today],
  );
  const form = useForm<NoteInput, unknown, NoteData>({ resolver, defaultValues });
  const { register, control, formState, setValue, getValues } = form;
  const canSeeServices = useCan('productos.ver');
  const services = useServices(canSeeServices);
  const templates = useNoteTemplates();
  const [templateId, setTemplateId] = useState('');
  const [tooth, setTooth] = useState('');
  const [confirming, setConfirming] = useState<NoteData | null>(null);

  const failure = { title: 'No se pudo guardar la nota', fallback: 'Inténtalo de nuevo.' };
  // Typed and not saved: leaving the page (a link, the back button, a reload) asks first. Saving lets the
  // page's own navigation through (a new note opens its own page), and a saved draft is clean again.
  const leave = useLeaveGuard(formState.isDirty);
  const stored = async (action: () => Promise<unknown>) => {
    leave.release(true);
    try {
      await action();
      form.reset(form.getValues());
    } finally {
      leave.release(false);
    }
  };
  // Saving and signing each run once at a time: a double click would sign twice (the second refused).
  const once = useSingleFlight();
  const save = form.handleSubmit((values) =>
    once(async () => {
      try {
        await stored(() => onSave(values));
      } catch (error) {
        showSubmitError(error, form.setError, FIELDS, failure);
      }
    }),
  );
  const askToSign = form.handleSubmit((values) => setConfirming(values));
  const sign = () => once(signConfirmed);
  const signConfirmed = async () => {
    if (!confirming) return;
    const values = confirming;
    try {
      await stored(() => onSign(values));
      setConfirming(null);
    } catch (error) {
      setConfirming(null);
      showSubmitError(error, form.setError, FIELDS, { ...failure, title: 'No se pudo firmar la nota' });
    }
  };

  const applyTemplate = () => {
    const template = templates.data?.plantillas.find((t) => t.id === templateId);
    if (!template) return;
    const fecha = getValues('fecha');
    const text = fillTemplate(template.cuerpo, {
      paciente: context.paciente,
      dentista: context.dentista,
      fecha: fecha ? formatDate(fecha) : '',
      diente: tooth,
    });
    const current = getValues('texto')?.trim();
    setValue('texto', current ? `${current}\n\n${text}` : text, { shouldDirty: true });
  };

  const serviceList = services.data?.items.filter((s) => s.activo) ?? [];
  return (
    <form onSubmit={save} noValidate aria-label="Nota clínica">
      <Card>
        <CardContent className="grid gap-4">
          {cita ? (
            <p className="text-sm">
              Cita vinculada:{' '}
              <Link className="underline" to={`/citas/${cita.id}`}>
                {cita.titulo || 'Ver cita'}
              </Link>
            </p>
          ) : null}
          <FormField label="Fecha" required error={formState.errors.fecha?.message} className="max-w-48">
            <Input type="date" max={today} {...register('fecha')} />
          </FormField>

          <fieldset className="grid gap-2 rounded-md border p-3">
            <legend className="px-1 text-sm font-medium">Plantilla</legend>
            <div className="flex flex-wrap items-end gap-2">
              <div className="grid min-w-48 flex-1 gap-2">
                <Label htmlFor={`${ids}-plantilla`}>Plantilla</Label>
                <select
                  id={`${ids}-plantilla`}
                  className="h-9 rounded-md border border-input bg-transparent px-3 text-sm"
                  value={templateId}
                  onChange={(e) => setTemplateId(e.target.value)}
                >
                  <option value="">Elige una plantilla</option>
                  {templates.data?.plantillas.map((t) => (
                    <option key={t.id} value={t.id}>
                      {t.titulo}
                    </option>
                  ))}
                </select>
              </div>
              <div className="grid w-28 gap-2">
                <Label htmlFor={`${ids}-diente`}>Diente</Label>
                <Input
                  id={`${ids}-diente`}
                  inputMode="numeric"
                  maxLength={10}
                  value={tooth}
                  onChange={(e) => setTooth(e.target.value)}
                />
              </div>
              <Button type="button" variant="outline" onClick={applyTemplate} disabled={!templateId}>
                Usar plantilla
              </Button>
            </div>
            <p className="text-sm text-muted-foreground">
              Rellena {'{paciente}'}, {'{fecha}'}, {'{dentista}'} y {'{diente}'}; lo que falte queda para que lo
              completes.{' '}
              <Link className="underline" to="/settings">
                Gestionar plantillas
              </Link>
            </p>
          </fieldset>

          <FormField label="Texto de la nota" required error={formState.errors.texto?.message}>
            <Textarea rows={10} {...register('texto')} />
          </FormField>

          <Controller
            control={control}
            name="diagnostico"
            render={({ field, fieldState }) => (
              <DiagnosisPicker value={field.value ?? ''} onChange={field.onChange} error={fieldState.error?.message} />
            )}
          />

          <Controller
            control={control}
            name="procedimientos"
            render={({ field, fieldState }) => {
              const chosen = field.value ?? [];
              return (
                <fieldset className="grid gap-2" aria-invalid={Boolean(fieldState.error)}>
                  <legend className="text-sm font-medium">Procedimientos realizados</legend>
                  {!canSeeServices ? (
                    <p className="text-sm text-muted-foreground">Tu rol no puede ver el catálogo de servicios.</p>
                  ) : serviceList.length ? (
                    <ul className="grid gap-2 sm:grid-cols-2">
                      {serviceList.map((s) => (
                        <li key={s.id} className="flex items-center gap-2">
                          <Checkbox
                            id={`${ids}-srv-${s.id}`}
                            checked={chosen.includes(s.id)}
                            onCheckedChange={(checked) =>
                              field.onChange(checked ? [...chosen, s.id] : chosen.filter((x) => x !== s.id))
                            }
                          />
                          <Label htmlFor={`${ids}-srv-${s.id}`} className="font-normal">
                            {s.nombre}
                          </Label>
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <p className="text-sm text-muted-foreground">
                      {services.isLoading ? 'Cargando servicios...' : 'El catálogo no tiene servicios activos.'}
                    </p>
                  )}
                  {fieldState.error ? <p className="text-sm text-destructive">{fieldState.error.message}</p> : null}
                </fieldset>
              );
            }}
          />

          <Controller
            control={control}
            name="subjetiva"
            render={({ field }) => (
              <div className="flex items-start gap-2">
                <Checkbox
                  id={`${ids}-subjetiva`}
                  checked={field.value ?? false}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                  aria-describedby={`${ids}-subjetiva-ayuda`}
                />
                <div className="grid gap-1">
                  <Label htmlFor={`${ids}-subjetiva`}>Anotación subjetiva</Label>
                  <p id={`${ids}-subjetiva-ayuda`} className="text-sm text-muted-foreground">
                    Impresiones del profesional que no se entregan al paciente con su historia (Ley 41/2002, art. 18.3).
                  </p>
                </div>
              </div>
            )}
          />
        </CardContent>
        <CardFooter className="flex flex-wrap gap-2">
          <SubmitButton variant="outline" pending={saving} pendingLabel="Guardando..." disabled={signing}>
            Guardar borrador
          </SubmitButton>
          <Button type="button" onClick={askToSign} disabled={saving || signing}>
            Firmar
          </Button>
          {actions}
        </CardFooter>
      </Card>

      <AlertDialog open={confirming !== null} onOpenChange={(open) => !open && !signing && setConfirming(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>¿Firmar la nota?</AlertDialogTitle>
            <AlertDialogDescription>
              Una nota firmada queda cerrada: su texto, su autor y su hora no se pueden cambiar. Las correcciones se
              hacen con adendas.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={signing}>Cancelar</AlertDialogCancel>
            <AlertDialogAction
              onClick={(event) => {
                event.preventDefault();
                void sign();
              }}
              disabled={signing}
              aria-busy={signing}
            >
              {signing ? 'Firmando...' : 'Firmar'}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
      <LeaveDialog blocker={leave.blocker} what="La nota" />
    </form>
  );
}
