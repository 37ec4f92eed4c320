import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { toastFailure } from '@/lib/form-errors';
import { useCan } from '@/lib/session';
import { toast } from '@/lib/toast';
import { usePageTitle } from '@/lib/use-page-title';
import { useDiscardNote, useNote, useSignNote, useUpdateNote, type Note } from '../api/notes';
import { AddendumForm, NoteCard } from '../components/note-card';
import { NoteEditor } from '../components/note-editor';
import { useAuthorName } from './new-note-page';

function DraftEditor({ nota }: { nota: Note }) {
  const navigate = useNavigate();
  const update = useUpdateNote(nota.id);
  const sign = useSignNote();
  const discard = useDiscardNote();
  const [discarding, setDiscarding] = useState(false);
  const author = useAuthorName();
  return (
    <>
      <NoteEditor
        defaultValues={{
          fecha: nota.fecha,
          citaId: nota.cita?.id ?? null,
          texto: nota.texto,
          diagnostico: nota.diagnostico?.codigo ?? '',
          procedimientos: nota.procedimientos.map((p) => p.id),
          subjetiva: nota.subjetiva,
        }}
        context={{ paciente: `${nota.paciente.nombres} ${nota.paciente.apellidos}`, dentista: author }}
        cita={nota.cita}
        saving={update.isPending}
        signing={update.isPending || sign.isPending}
        onSave={async (values) => {
          await update.mutateAsync(values);
          toast.success('Borrador guardado', 'Puedes seguir editándolo hasta firmarlo.');
        }}
        onSign={async (values) => {
          await update.mutateAsync(values);
          await sign.mutateAsync(nota.id);
          toast.success('Nota firmada', 'La nota quedó cerrada en la historia clínica.');
        }}
        actions={
          <Button type="button" variant="ghost" onClick={() => setDiscarding(true)}>
            Descartar borrador
          </Button>
        }
      />
      <ConfirmDeleteDialog
        title="¿Descartar el borrador?"
        open={discarding}
        onOpenChange={setDiscarding}
        description="El borrador deja de mostrarse en la historia clínica. Queda guardado como descartado y no se puede recuperar ni firmar."
        pending={discard.isPending}
        confirmLabel="Descartar"
        pendingLabel="Descartando..."
        onConfirm={() =>
          discard.mutate(nota.id, {
            onSuccess: () => {
              toast.success('Borrador descartado');
              navigate(`/pacientes/${nota.pacienteId}/historia`);
            },
            onError: (error) => toastFailure(error, { title: 'No se pudo descartar', fallback: 'Inténtalo de nuevo.' }),
          })
        }
      />
    </>
  );
}

/**
 * A clinical note (/notas/:id): its author edits a draft here; a signed note is shown locked, with its
 * addenda and the form to add one.
 */
export default function NotePage() {
  const { id = '' } = useParams();
  const nota = useNote(id);
  const canWrite = useCan('historia.editar');
  const data = nota.data;
  const draft = data?.estado === 'borrador' && data.esAutor && canWrite;
  usePageTitle(draft ? 'Editar nota clínica' : 'Nota clínica');
  const notFound = nota.error instanceof ApiError && nota.error.status === 404;
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <div>
        {data ? (
          <Button variant="ghost" size="sm" className="-ml-2" asChild>
            <Link to={`/pacientes/${data.pacienteId}/historia`}>
              <ArrowLeft aria-hidden="true" />
              Volver a la historia clínica
            </Link>
          </Button>
        ) : null}
        <h1 className="mt-2 text-2xl font-semibold tracking-tight">{draft ? 'Editar nota clínica' : 'Nota clínica'}</h1>
        <p className="text-muted-foreground">
          {data ? `${data.paciente.nombres} ${data.paciente.apellidos}` : notFound ? '' : 'Cargando la nota...'}
        </p>
      </div>
      {notFound ? (
        <p role="alert">Nota no encontrada</p>
      ) : nota.isError ? (
        <p role="alert" className="text-destructive">
          No se pudo cargar la nota.
        </p>
      ) : !data ? (
        <Skeleton className="h-48 w-full" aria-label="Cargando" />
      ) : draft ? (
        <DraftEditor key={data.fechaActualizacion} nota={data} />
      ) : (
        <NoteCard
          nota={data}
          footer={data.estado === 'firmada' && canWrite ? <AddendumForm noteId={data.id} /> : null}
        />
      )}
    </div>
  );
}
