import { zodResolver } from '@hookform/resolvers/zod';
import {
  addendumInputSchema,
  formatDate,
  formatDateTime,
  NOTE_STATE_LABELS,
  type AddendumInput,
} from '@odontia/shared';
import { FileSignature, Lock } from 'lucide-react';
import { useForm, type Resolver } from 'react-hook-form';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { Textarea } from '@/components/ui/textarea';
import { showSubmitError } from '@/lib/form-errors';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useAddAddendum, type NoteSummary } from '../api/notes';

const addendumResolver: Resolver<AddendumInput> = zodResolver(addendumInputSchema);

/** 'Añadir adenda': the only way to correct a signed note; signed by its author when saved. */
export function AddendumForm({ noteId }: { noteId: string }) {
  const add = useAddAddendum(noteId);
  const form = useForm<AddendumInput>({ resolver: addendumResolver, defaultValues: { texto: '' } });
  const submit = form.handleSubmit(async (values) => {
    try {
      await add.mutateAsync(values);
      form.reset({ texto: '' });
      toast.success('Adenda añadida', 'La adenda quedó firmada bajo la nota.');
    } catch (error) {
      showSubmitError(error, form.setError, ['texto'], {
        title: 'No se pudo añadir la adenda',
        fallback: 'Inténtalo de nuevo.',
      });
    }
  });
  return (
    <form onSubmit={submit} noValidate className="grid w-full gap-2">
      <FormField label="Añadir adenda" error={form.formState.errors.texto?.message}>
        <Textarea rows={3} {...form.register('texto')} />
      </FormField>
      <p className="text-sm text-muted-foreground">
        Una adenda corrige o completa la nota firmada. Queda firmada a tu nombre al guardarla y no se puede cambiar.
      </p>
      <div>
        <SubmitButton pending={add.isPending} pendingLabel="Firmando adenda...">
          Firmar adenda
        </SubmitButton>
      </div>
    </form>
  );
}

/** A note as the record shows it: its fields, its signature and its addenda (oldest first, under it). */
export function NoteCard({
  nota,
  headingLevel = 'h2',
  actions,
  footer,
}: {
  nota: NoteSummary;
  headingLevel?: 'h2' | 'h3';
  actions?: ReactNode;
  footer?: ReactNode;
}) {
  const Heading = headingLevel;
  const SubHeading = headingLevel === 'h2' ? 'h3' : 'h4';
  const zone = useSession().account?.clinica?.zonaHoraria ?? undefined;
  return (
    <Card data-testid="nota-clinica">
      <CardHeader>
        <CardTitle>
          <Heading className="flex flex-wrap items-center gap-2 text-base font-semibold">
            Nota clínica del {formatDate(nota.fecha)}
            <Badge variant={nota.estado === 'firmada' ? 'default' : 'outline'}>
              {nota.estado === 'firmada' ? <Lock aria-hidden="true" /> : null}
              {NOTE_STATE_LABELS[nota.estado]}
            </Badge>
            {nota.subjetiva ? <Badge variant="secondary">Anotación subjetiva</Badge> : null}
          </Heading>
        </CardTitle>
        <p className="text-sm text-muted-foreground">
          {nota.autor.nombre || 'Autor desconocido'}
          {nota.cita ? ` · Cita: ${nota.cita.titulo}` : ''}
        </p>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="whitespace-pre-wrap">{nota.texto}</p>
        <dl className="grid gap-2 text-sm sm:grid-cols-2">
          <div>
            <dt className="font-medium">Diagnóstico (CIE-10)</dt>
            <dd className="text-muted-foreground">
              {nota.diagnostico ? `${nota.diagnostico.codigo} · ${nota.diagnostico.descripcion}` : 'Sin diagnóstico'}
            </dd>
          </div>
          <div>
            <dt className="font-medium">Procedimientos realizados</dt>
            <dd className="text-muted-foreground">
              {nota.procedimientos.length
                ? nota.procedimientos.map((p) => p.nombre || 'Servicio').join(', ')
                : 'Ninguno'}
            </dd>
          </div>
        </dl>
        {nota.estado === 'firmada' && nota.fechaFirma ? (
          <p className="flex flex-wrap items-center gap-1 text-sm text-muted-foreground">
            <FileSignature className="size-4" aria-hidden="true" />
            Firmada por {nota.autor.nombre} el {formatDateTime(nota.fechaFirma, zone)}
            <span className="break-all font-mono text-xs" title="SHA-256 del contenido firmado">
              · SHA-256 {nota.hash}
            </span>
          </p>
        ) : null}
        {nota.adendas.length ? (
          <section aria-label="Adendas" className="grid gap-2 border-l-2 pl-3">
            <SubHeading className="text-sm font-semibold">Adendas</SubHeading>
            <ol className="grid gap-2">
              {nota.adendas.map((a) => (
                <li key={a.id} className="text-sm">
                  <p className="whitespace-pre-wrap">{a.texto}</p>
                  <p className="text-muted-foreground">
                    Firmada por {a.autor.nombre} el {formatDateTime(a.fecha, zone)}
                  </p>
                </li>
              ))}
            </ol>
          </section>
        ) : null}
      </CardContent>
      {footer ? <CardFooter>{footer}</CardFooter> : null}
    </Card>
  );
}
