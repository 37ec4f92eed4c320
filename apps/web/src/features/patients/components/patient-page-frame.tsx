import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, type ButtonProps } from '@/components/ui/button';

/** 'Volver a la lista': back to /pacientes. */
export function BackToList({
  variant = 'ghost',
  size = 'sm',
  className = '-ml-2',
}: Pick<ButtonProps, 'variant' | 'size' | 'className'>) {
  return (
    <Button variant={variant} size={size} className={className} asChild>
      <Link to="/pacientes">
        <ArrowLeft aria-hidden="true" />
        Volver a la lista
      </Link>
    </Button>
  );
}

/** The frame of 'Nuevo Paciente' and 'Editar Paciente': the way back to the list, the heading (and its buttons), then the form. */
export function PatientPageFrame({
  title,
  subtitle,
  actions,
  badge,
  children,
}: {
  title: string;
  subtitle: string;
  actions?: ReactNode;
  /** Under the subtitle: the patient's medical-alert badge. */
  badge?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <div>
        <BackToList />
      </div>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="max-w-full min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          <p className="text-muted-foreground">{subtitle}</p>
          {badge ? <div className="mt-2">{badge}</div> : null}
        </div>
        {actions}
      </header>
      {children}
    </div>
  );
}
