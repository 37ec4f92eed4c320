import { BellPlus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { useCan } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useCreateTestNotification } from '../api/create-test-notification';

/** 'Crear notificación de prueba' (dashboard and odontogram headers), for roles with notificaciones.crear. */
export function TestNotificationButton() {
  const canCreate = useCan('notificaciones.crear');
  const create = useCreateTestNotification();
  if (!canCreate) return null;
  return (
    <Button
      variant="outline"
      disabled={create.isPending}
      onClick={() =>
        create.mutate(undefined, {
          onError: (error) => toast.error('Error', errorMessage(error, 'No se pudo crear la notificación de prueba')),
        })
      }
    >
      {create.isPending ? <Spinner decorative /> : <BellPlus aria-hidden="true" />}
      Crear notificación de prueba
    </Button>
  );
}
