import { formatLongDate } from '@odontia/shared';
import { CalendarDays } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';
import { usePageTitle } from '@/lib/use-page-title';
import { useSession } from '@/lib/session';

export default function DashboardPage() {
  usePageTitle('Dashboard');
  const { account } = useSession();
  const nombre = account?.perfil.nombres?.trim();
  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">{nombre ? `¡Bienvenido, ${nombre}!` : '¡Bienvenido!'}</h1>
        <p className="text-muted-foreground">
          {account?.clinica ? `Este es el resumen de ${account.clinica.nombre}.` : 'Este es el resumen de tu clínica.'}
        </p>
      </header>
      <Card className="max-w-sm">
        <CardContent className="flex items-center gap-3">
          <CalendarDays className="text-primary size-6" aria-hidden="true" />
          <div>
            <p className="text-muted-foreground text-sm">Hoy es</p>
            <p className="font-medium first-letter:uppercase">{formatLongDate(new Date())}</p>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
