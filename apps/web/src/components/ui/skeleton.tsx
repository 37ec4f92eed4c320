import type * as React from 'react';

import { cn } from '@/lib/utils';

/** Decorative placeholder: announce the loading state once elsewhere (e.g. a Spinner or aria-busy on the region). */
function Skeleton({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-accent', className)}
      {...props}
    />
  );
}

export { Skeleton };
