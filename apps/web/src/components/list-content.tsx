import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table } from '@/components/ui/table';

type ListContentProps<T> = {
  /** The list's query (TanStack Query): pending, then its data, or no data when it failed. */
  query: { isPending: boolean; data: T | undefined };
  /** Names the skeleton for screen readers ("Cargando pacientes"). */
  loadingLabel: string;
  /** Shown instead of the skeleton while loading, where a spec says what a screen shows (the store's spinner). */
  loading?: ReactNode;
  /** Shown in place of the list when it could not load; the toast says why (the query's `meta.loadError`). */
  errorText: string;
  isEmpty: (data: T) => boolean;
  empty: ReactNode;
  children: (data: T) => ReactNode;
};

/** The body of a list's card: a skeleton while it loads, the error, the empty state or the rows. */
export function ListContent<T>({
  query,
  loadingLabel,
  loading,
  errorText,
  isEmpty,
  empty,
  children,
}: ListContentProps<T>) {
  if (query.isPending) {
    if (loading) return loading;
    return (
      <div className="grid gap-3 p-4" aria-busy="true" aria-label={loadingLabel}>
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-10 w-full" />
        ))}
      </div>
    );
  }
  if (query.data === undefined) {
    return (
      <p role="alert" className="p-6 text-destructive">
        {errorText}
      </p>
    );
  }
  return isEmpty(query.data) ? empty : children(query.data);
}

/** What an empty list says: an icon, a line, and optionally a hint or an action under it. */
export function EmptyState({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center px-6 py-16 text-center">
      <Icon className="size-10 text-muted-foreground" aria-hidden="true" />
      <p className="mt-3 font-medium">{title}</p>
      {children}
    </div>
  );
}

/**
 * A list screen's table in its card: ListContent's skeleton, error and empty state, then the table;
 * while the rows shown are the previous page's or search's (`stale`), the table says it is busy and dims.
 */
export function ListTable<T>({
  stale = false,
  label,
  children,
  ...content
}: ListContentProps<T> & { stale?: boolean; label?: string }) {
  return (
    <Card className="py-0">
      <CardContent className="p-0">
        <ListContent {...content}>
          {(data) => (
            <Table aria-label={label} aria-busy={stale} className={stale ? 'opacity-60 transition-opacity' : undefined}>
              {children(data)}
            </Table>
          )}
        </ListContent>
      </CardContent>
    </Card>
  );
}
