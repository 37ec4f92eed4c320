import { BOOKING_MESSAGES } from '@odontia/shared';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { useClinicRequired } from '@/lib/use-clinic-required';
import { usePageTitle } from '@/lib/use-page-title';
import { useDentist } from '../api/dentists';
import { HOURS_LOAD_ERROR, useWorkingHours } from '../api/working-hours';
import { WorkingHoursForm } from '../components/working-hours-form';

/** 'Horario de trabajo' (/dentistas/:id/horario, issue 24): the dentist's working ranges, day by day. */
export default function WorkingHoursPage() {
  usePageTitle(BOOKING_MESSAGES.hoursTitle);
  const { id = '' } = useParams();
  const dentist = useDentist(id);
  const hours = useWorkingHours(id);
  const redirecting = useClinicRequired(hours.error ?? dentist.error);
  if (redirecting) return null;
  const name = dentist.data ? `${dentist.data.nombres} ${dentist.data.apellidos}` : '';
  const missing =
    (hours.error instanceof ApiError && hours.error.status === 404) ||
    (dentist.error instanceof ApiError && dentist.error.status === 404);

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <Button variant="ghost" size="sm" className="self-start" asChild>
          <Link to="/dentistas">
            <ArrowLeft aria-hidden="true" />
            Dentistas
          </Link>
        </Button>
        <h1 className="text-2xl font-semibold tracking-tight">
          {BOOKING_MESSAGES.hoursTitle}
          {name ? <span className="text-muted-foreground"> · {name}</span> : null}
        </h1>
      </header>
      <Card>
        <CardContent>
          {missing ? (
            <p role="alert" className="text-destructive">
              {BOOKING_MESSAGES.dentistaNotFound}
            </p>
          ) : hours.isError ? (
            <p role="alert" className="text-destructive">
              {HOURS_LOAD_ERROR}
            </p>
          ) : hours.isPending || dentist.isPending ? (
            <div className="grid gap-3" aria-busy="true" aria-label="Cargando el horario">
              {Array.from({ length: 7 }, (_, i) => (
                <Skeleton key={i} className="h-16 w-full" />
              ))}
            </div>
          ) : (
            <WorkingHoursForm dentistaId={id} dentistName={name || 'el dentista'} initial={hours.data} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
