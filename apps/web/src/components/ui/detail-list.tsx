import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

export type Detail = { label: string; value: ReactNode };

/**
 * A record for reading (members who may view it but not change it): a definition list of labels and
 * values, an empty value written 'Sin indicar'. No inputs, no required marks, nothing to cancel.
 */
export function DetailList({ items, className }: { items: readonly Detail[]; className?: string }) {
  return (
    <dl className={cn('grid gap-x-6 gap-y-4 sm:grid-cols-2', className)}>
      {items.map(({ label, value }) => {
        const empty = value === null || value === undefined || value === '';
        return (
          <div key={label} className="flex min-w-0 flex-col gap-1">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className={cn('break-words whitespace-pre-line', empty && 'text-muted-foreground')}>
              {empty ? 'Sin indicar' : value}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
