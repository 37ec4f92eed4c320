import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

export function BackToAgenda() {
  return (
    <Button variant="ghost" size="sm" asChild>
      <Link to="/citas">
        <ArrowLeft aria-hidden="true" />
        Volver a la agenda
      </Link>
    </Button>
  );
}

/** The header of the new and edit appointment pages. */
export function AppointmentPageFrame({
  title,
  subtitle,
  badge,
  actions,
  children,
}: {
  title: string;
  subtitle: string;
  /** Under the subtitle: the patient's medical-alert badge. */
  badge?: React.ReactNode;
  /** Buttons beside the heading ('Escribir nota clínica'). */
  actions?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <div>
        <BackToAgenda />
        <header className="mt-2 flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
            <p className="text-muted-foreground">{subtitle}</p>
          </div>
          {actions}
        </header>
        {badge ? <div className="mt-2">{badge}</div> : null}
      </div>
      {children}
    </div>
  );
}
