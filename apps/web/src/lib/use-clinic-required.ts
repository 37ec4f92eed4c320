import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '@/lib/api';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';

/**
 * Spec 000 §8: a user without a configured clinic is told so and sent to /configurar-clinica.
 * Known from the session, or from the API (403 clinic_required, e.g. removed from the clinic since).
 * Returns true while the redirect is under way, so the page renders nothing of its own.
 */
export function useClinicRequired(error?: unknown): boolean {
  const { account } = useSession();
  const navigate = useNavigate();
  const missing = !account?.clinica || (error instanceof ApiError && error.code === 'clinic_required');
  useEffect(() => {
    if (!missing) return;
    // One toast even if several queries discover it at once.
    toast.error('Clínica no configurada', 'Necesitas configurar tu clínica para gestionar pacientes', {
      id: 'clinica-no-configurada',
    });
    navigate('/configurar-clinica', { replace: true });
  }, [missing, navigate]);
  return missing;
}
