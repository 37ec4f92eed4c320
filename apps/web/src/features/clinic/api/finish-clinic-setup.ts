import { CLINIC_MESSAGES, type ClinicData } from '@odontia/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { imageProblemMessage, type ImageProblem } from '@/components/image-picker';
import { toastFailure } from '@/lib/form-errors';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { tryImageStep } from '@/lib/use-save-with-image';
import { useSaveClinic } from './save-clinic';
import { useUploadClinicLogo } from './upload-clinic-logo';

/**
 * The end of a first-time clinic setup (/onboarding/clinica and /configurar-clinica): saves the
 * clinic, uploads the optional logo, refreshes the session and opens the dashboard. Holds the
 * logo the page's picker chose, and `finishing` for the page's "already set up" redirect.
 */
export function useFinishClinicSetup({ redirectDelayMs = 0 }: { redirectDelayMs?: number } = {}) {
  const navigate = useNavigate();
  const { refresh } = useSession();
  const save = useSaveClinic();
  const uploadLogo = useUploadClinicLogo();
  const [logo, setLogo] = useState<File | null>(null);
  const [logoError, setLogoError] = useState<string>();
  // Set while saving: the saved clinic is complete, and the page must not bounce to /dashboard early.
  const [finishing, setFinishing] = useState(false);

  /** `onFieldErrors` puts the server's per-field messages under the form's fields; true if it did. */
  async function finish(values: ClinicData, onFieldErrors: (error: unknown) => boolean) {
    setFinishing(true);
    try {
      await save.mutateAsync(values);
    } catch (error) {
      setFinishing(false);
      if (!onFieldErrors(error))
        toastFailure(error, { title: 'Error al configurar la clínica', fallback: 'Ocurrió un error inesperado' });
      return;
    }
    if (logo) {
      // The clinic is saved; without the logo it simply has none yet (spec 000 §8: the flow continues).
      await tryImageStep(() => uploadLogo.mutateAsync(logo), {
        title: CLINIC_MESSAGES.logoUploadFailed,
        fallback: CLINIC_MESSAGES.logoUploadFallback,
      });
    }
    await refresh().catch(() => null);
    toast.success('¡Configuración completada!', 'Tu clínica ha sido configurada con éxito');
    const toDashboard = () => navigate('/dashboard', { replace: true });
    if (redirectDelayMs > 0) setTimeout(toDashboard, redirectDelayMs);
    else toDashboard();
  }

  const logoPicker = {
    file: logo,
    error: logoError,
    onFileChange: (file: File | null) => {
      setLogo(file);
      setLogoError(undefined);
    },
    onInvalid: (problem: ImageProblem) => {
      setLogo(null);
      setLogoError(imageProblemMessage(problem));
    },
  };

  return { finish, finishing, logoPicker };
}
