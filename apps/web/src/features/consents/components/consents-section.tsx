import { CONSENT_MESSAGES, formatDateTime } from '@odontia/shared';
import { Download, FileSignature } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { useCan, useSession } from '@/lib/session';
import { consentPdfUrl, usePatientConsents } from '../api/consents';

/**
 * 'Consentimientos' on the patient's page: the signed consents, newest first, each with its PDF
 * (downloaded through the API, audited), and 'Nuevo consentimiento' for whoever may sign one. Shown with
 * historia.ver; each load is audited by the API.
 */
export default function ConsentsSection({ patientId }: { patientId: string }) {
  const canSee = useCan('historia.ver');
  const canSign = useCan('consentimientos.firmar');
  const zone = useSession().account?.clinica?.zonaHoraria ?? undefined;
  const consents = usePatientConsents(patientId, canSee);
  if (!canSee) return null;
  const list = consents.data?.consentimientos ?? [];
  return (
    <Card>
      <CardHeader className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>
            <h2 className="text-lg font-semibold">Consentimientos</h2>
          </CardTitle>
          <CardDescription>Consentimientos informados firmados por el paciente o su tutor.</CardDescription>
        </div>
        {canSign ? (
          <Button asChild>
            <Link to={`/pacientes/${patientId}/consentimientos/nuevo`}>
              <FileSignature aria-hidden="true" />
              Nuevo consentimiento
            </Link>
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        {consents.isPending ? (
          <div className="grid gap-2" aria-busy="true" aria-label="Cargando consentimientos">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : consents.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(consents.error, CONSENT_MESSAGES.loadError)}
          </p>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">{CONSENT_MESSAGES.empty}</p>
        ) : (
          <ul aria-label="Consentimientos firmados" className="flex flex-col divide-y rounded-md border">
            {list.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <div className="min-w-0 flex-1">
                  <p className="font-medium">{c.titulo}</p>
                  <p className="text-xs text-muted-foreground">
                    Firmado el {formatDateTime(c.fecha, zone)} por{' '}
                    {c.tutor ? `${c.tutor.nombre} (${c.tutor.relacion.toLowerCase()})` : 'el paciente'} y{' '}
                    {c.profesional.nombre || 'el profesional'}
                  </p>
                </div>
                <Button variant="outline" size="sm" asChild>
                  <a href={consentPdfUrl(c.id)} download>
                    <Download aria-hidden="true" />
                    Descargar PDF<span className="sr-only"> de {c.titulo}</span>
                  </a>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
