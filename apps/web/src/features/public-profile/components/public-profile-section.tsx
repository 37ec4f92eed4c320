import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { usePublicProfile } from '../api/public-profile';
import { PublicProfileForm } from './public-profile-form';

/**
 * 'Perfil público' of 'Configuración de la Clínica' (/settings): what the directory shows of the
 * clinic. A section of its own, rendered by the settings page.
 */
export default function PublicProfileSection() {
  const { data, isPending, isError, error } = usePublicProfile();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Perfil público</h2>
        </CardTitle>
        <CardDescription>Lo que ven los pacientes de tu clínica en el directorio de Odontia.</CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <div className="space-y-3" aria-busy="true">
            <Skeleton className="h-16" />
            <Skeleton className="h-32" />
          </div>
        ) : isError ? (
          <p role="alert" className="text-destructive">
            {errorMessage(error, 'Error al cargar información')}
          </p>
        ) : (
          <PublicProfileForm perfil={data} />
        )}
      </CardContent>
    </Card>
  );
}
