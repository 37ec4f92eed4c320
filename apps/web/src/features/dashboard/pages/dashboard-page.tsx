import { formatLongDate, greetingName } from '@odontia/shared';
import { CalendarDays } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { usePageTitle } from '@/lib/use-page-title';
import { useSession } from '@/lib/session';
import { useClinicToday } from '@/lib/use-clinic-today';
import { GettingStartedCard } from '../components/getting-started-card';
import { NewsCard } from '../components/news-card';

type Props = {
  /** Buttons of the header, from other features ('Crear notificación de prueba'). */
  actions?: ReactNode;
  /** Cards of other features, in order, before the community news ('Notificaciones importantes'). */
  sections?: readonly ComponentType[];
  /**
   * A supplier clinic's cards instead (its sales to fulfil, its low stock): it treats no patients and
   * books nothing, so neither the clinic's cards nor its 'Primeros pasos' are for it.
   */
  supplierSections?: readonly ComponentType[];
};

/**
 * Spec 000 §2 Dashboard with the real data of DESIGN §1. Features do not import each other, so the
 * router puts the other features' parts in (see src/app/router.tsx).
 */
export default function DashboardPage({ actions, sections = [], supplierSections = [] }: Props) {
  usePageTitle('Dashboard');
  const { account } = useSession();
  const supplier = account?.clinica?.esProveedor === true;
  const cards = supplier ? supplierSections : sections;
  const nombre = greetingName(account?.perfil, account?.user.email);
  // The clinic's day, not the browser's: at 23:30 UTC it is already tomorrow in Madrid.
  const today = useClinicToday();
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">
            {nombre ? `¡Bienvenido, ${nombre}!` : '¡Bienvenido!'}
          </h1>
          <p className="text-muted-foreground">
            {account?.clinica
              ? `Este es el resumen de ${account.clinica.nombre}.`
              : 'Este es el resumen de tu clínica.'}
          </p>
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </header>
      <Card className="max-w-sm">
        <CardContent className="flex items-center gap-3">
          <CalendarDays className="text-primary size-6" aria-hidden="true" />
          <div>
            <p className="text-muted-foreground text-sm">Hoy es</p>
            <p className="font-medium first-letter:uppercase">{formatLongDate(today)}</p>
          </div>
        </CardContent>
      </Card>
      {supplier ? null : <GettingStartedCard />}
      <div className="grid items-start gap-6 lg:grid-cols-2">
        {cards.map((Section, index) => (
          <Section key={index} />
        ))}
        <NewsCard />
      </div>
    </div>
  );
}
