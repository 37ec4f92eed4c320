import { Loader2 } from 'lucide-react';
import type * as React from 'react';

import { cn } from '@/lib/utils';

type SpinnerProps = Omit<React.ComponentProps<'span'>, 'children'> & {
  /** What is loading, read by screen readers. */
  label?: string;
  /** Inside a control that already says what is happening (a "Guardando…" button): hidden from assistive tech. */
  decorative?: boolean;
};

function Spinner({ className, label = 'Cargando', decorative = false, ...props }: SpinnerProps) {
  const icon = <Loader2 aria-hidden="true" className={cn('size-4 animate-spin', className)} />;
  if (decorative) return icon;
  return (
    <span data-slot="spinner" role="status" className="inline-flex items-center" {...props}>
      {icon}
      <span className="sr-only">{label}</span>
    </span>
  );
}

export { Spinner, type SpinnerProps };
