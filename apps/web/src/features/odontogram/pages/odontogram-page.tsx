import { PATIENT_MESSAGES } from '@odontia/shared';
import { UserX } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { PatientPicker } from '@/components/patient-picker';
import { Card, CardContent } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, errorMessage } from '@/lib/api';
import { useClinicRequired } from '@/lib/use-clinic-required';
import { usePageTitle } from '@/lib/use-page-title';
import { useOdontogram } from '../api/odontogram';
import { PatientChart } from '../components/patient-chart';
import '../odontogram-print.css';

/**
 * 'Odontograma' (spec 000 §2, DESIGN §1): the header as the dashboard's, a patient picker, then that
 * patient's 'Carta Dental Interactiva'. The URL keeps the patient (`?paciente={id}`), so a patient's
 * page links here and a reload shows the same chart.
 */
type Props = {
  /** Buttons for the page's header. */
  actions?: ReactNode;
  /** Buttons for the open chart, given its patient and whether it has unsaved edits. */
  chartActions?: (patientId: string, dirty: boolean) => ReactNode;
};

export default function OdontogramPage({ actions, chartActions }: Props) {
  usePageTitle('Odontograma');
  const pickerId = useId();
  const [params, setParams] = useSearchParams();
  const patientId = params.get('paciente')?.trim() ?? '';
  // The chart comes with whose it is: the screen reads nothing else of the patient's record.
  const chart = useOdontogram(patientId);
  const redirecting = useClinicRequired(chart.error);
  const notFound = chart.error instanceof ApiError && (chart.error.status === 404 || chart.error.status === 400);
  if (redirecting) return null;
  const patient = chart.data?.paciente ?? null;
  const name = patient ? `${patient.nombres} ${patient.apellidos}` : '';

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-start justify-between gap-4" data-print-hide>
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Odontograma</h1>
          <p className="text-muted-foreground">La carta dental de cada paciente, con el historial de sus cambios.</p>
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </header>

      <div className="flex max-w-md flex-col gap-1.5" data-print-hide>
        <Label htmlFor={pickerId}>Paciente</Label>
        <PatientPicker
          // Remounted once the patient of the URL is known, to show it as chosen.
          key={`${patientId}-${patient ? 'ok' : 'pendiente'}`}
          id={pickerId}
          aria-invalid={false}
          aria-describedby={undefined}
          aria-required={undefined}
          value={patientId}
          initial={patient}
          onChange={(id) => {
            if (id) setParams({ paciente: id });
          }}
        />
      </div>

      {!patientId ? (
        <p className="text-muted-foreground">Elige un paciente para ver y editar su odontograma.</p>
      ) : notFound ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
            <UserX className="size-10 text-muted-foreground" aria-hidden="true" />
            <h2 className="text-xl font-semibold">Paciente no encontrado</h2>
            <p className="text-muted-foreground">{PATIENT_MESSAGES.notFound}</p>
          </CardContent>
        </Card>
      ) : chart.isPending ? (
        <Card aria-busy="true" aria-label="Cargando el odontograma">
          <CardContent className="grid gap-3">
            <Skeleton className="h-8 w-64" />
            <Skeleton className="h-48 w-full" />
          </CardContent>
        </Card>
      ) : !chart.data ? (
        <Card>
          <CardContent>
            <p role="alert" className="text-destructive">
              {errorMessage(chart.error, 'No se pudo cargar el odontograma. Inténtalo de nuevo.')}
            </p>
          </CardContent>
        </Card>
      ) : (
        <PatientChart
          key={patientId}
          patientId={patientId}
          patientName={name}
          saved={chart.data}
          reload={chart.refetch}
          actions={chartActions ? (dirty) => chartActions(patientId, dirty) : undefined}
        />
      )}
    </div>
  );
}
