import { displayName } from '@odontia/shared';
import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useClinicToday } from '@/lib/use-clinic-today';
import { usePageTitle } from '@/lib/use-page-title';
import { useAppointmentForNote, useCreateNote, usePatientName, useSignNote } from '../api/notes';
import { NoteEditor } from '../components/note-editor';

/** The signed-in member's name for {dentista}. */
export function useAuthorName(): string {
  const { account } = useSession();
  return displayName(account?.perfil, account?.user.email);
}

/**
 * 'Nueva nota clínica' (/pacientes/:id/notas/nueva, optionally ?cita= from an appointment): the draft
 * is created on the first save (or on signing).
 */
export default function NewNotePage() {
  usePageTitle('Nueva nota clínica');
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const citaId = params.get('cita') ?? '';
  const navigate = useNavigate();
  const today = useClinicToday();
  const patient = usePatientName(id);
  const cita = useAppointmentForNote(citaId);
  const create = useCreateNote(id);
  const sign = useSignNote();
  const author = useAuthorName();
  const linked = cita.data && cita.data.pacienteId === id ? cita.data : null;
  const ready = patient.data && (!citaId || !cita.isLoading);

  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <div>
        <Button variant="ghost" size="sm" className="-ml-2" asChild>
          <Link to={`/pacientes/${id}/historia`}>
            <ArrowLeft aria-hidden="true" />
            Volver a la historia clínica
          </Link>
        </Button>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight">Nueva nota clínica</h1>
        <p className="text-muted-foreground">
          {patient.data ? `${patient.data.nombres} ${patient.data.apellidos}` : 'Cargando el paciente...'}
        </p>
      </div>
      {patient.isError ? (
        <p role="alert" className="text-destructive">
          No se encontró el paciente.
        </p>
      ) : ready ? (
        <NoteEditor
          defaultValues={{
            // The appointment's day, unless it is still to come: a note tells what was done, by today.
            fecha: linked && linked.fecha <= today ? linked.fecha : today,
            citaId: linked?.id ?? null,
            texto: '',
            diagnostico: '',
            procedimientos: [],
            subjetiva: false,
          }}
          context={{ paciente: `${patient.data.nombres} ${patient.data.apellidos}`, dentista: author }}
          cita={linked}
          saving={create.isPending}
          signing={create.isPending || sign.isPending}
          onSave={async (values) => {
            const note = await create.mutateAsync(values);
            toast.success('Borrador guardado', 'Puedes seguir editándolo hasta firmarlo.');
            navigate(`/notas/${note.id}`, { replace: true });
          }}
          onSign={async (values) => {
            const note = await create.mutateAsync(values);
            try {
              await sign.mutateAsync(note.id);
              toast.success('Nota firmada', 'La nota quedó cerrada en la historia clínica.');
            } finally {
              // Saved as a draft even if signing failed: it is opened, not written twice.
              navigate(`/notas/${note.id}`, { replace: true });
            }
          }}
        />
      ) : (
        <div className="grid gap-4" aria-busy="true" aria-label="Cargando">
          <Skeleton className="h-9 w-48" />
          <Skeleton className="h-48 w-full" />
        </div>
      )}
    </div>
  );
}
