import type { ComponentType } from 'react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { usePageTitle } from '@/lib/use-page-title';
import { useClinic } from '../api/get-clinic';
import { ClinicSettingsForm } from '../components/clinic-settings-form';

/**
 * 'Configuración de la Clínica' (/settings): a list of sections, each its own card. The clinic's
 * data comes first; other features add theirs through `sections` (composed by the router, since
 * features do not import each other), e.g. the directory's 'Perfil público'.
 */
export default function SettingsPage({ sections = [] }: { sections?: ComponentType[] }) {
  usePageTitle('Configuración de la Clínica');
  const navigate = useNavigate();
  const clinic = useClinic();
  const missing = clinic.isSuccess && clinic.data === null;

  useEffect(() => {
    // Spec 000 §2: a user with no clinic sets one up first.
    if (missing) navigate('/configurar-clinica', { replace: true });
  }, [missing, navigate]);

  useEffect(() => {
    if (clinic.isError)
      toast.error('Error al cargar información', errorMessage(clinic.error, 'Inténtalo de nuevo más tarde'));
  }, [clinic.isError, clinic.error]);

  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">Configuración de la Clínica</h1>
        <p className="text-muted-foreground">Los datos de tu clínica y lo que ven tus pacientes.</p>
      </header>
      {clinic.data ? (
        <>
          <ClinicSettingsForm clinica={clinic.data} />
          {sections.map((Section, i) => (
            <Section key={Section.displayName ?? Section.name ?? i} />
          ))}
        </>
      ) : clinic.isError ? (
        <p role="alert" className="text-destructive">
          {errorMessage(clinic.error, 'No se pudo cargar la información de la clínica')}
        </p>
      ) : (
        <div className="grid gap-4" aria-busy="true" aria-label="Cargando la configuración">
          <Skeleton className="h-64 w-full rounded-xl" />
        </div>
      )}
    </div>
  );
}
