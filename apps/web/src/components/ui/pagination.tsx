import { ChevronLeft, ChevronRight } from 'lucide-react';
import type * as React from 'react';

import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

type PaginationProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  /** 1-based. */
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  /** Replaces "Mostrando a - b de N" for a list whose spec words it otherwise (the catalogue's "Mostrando X de Y items"). */
  summary?: (range: { from: number; to: number; total: number }) => React.ReactNode;
};

const numberFormat = new Intl.NumberFormat('es-ES');

/** Pages to show as buttons: always the first and last, the current one and its neighbours; gaps become an ellipsis. */
function pageItems(current: number, pageCount: number): Array<number | 'ellipsis'> {
  if (pageCount <= 7) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const items: Array<number | 'ellipsis'> = [1];
  const start = Math.max(2, Math.min(current - 1, pageCount - 4));
  const end = Math.min(pageCount - 1, Math.max(current + 1, 5));
  if (start > 2) items.push('ellipsis');
  for (let p = start; p <= end; p++) items.push(p);
  if (end < pageCount - 1) items.push('ellipsis');
  items.push(pageCount);
  return items;
}

/**
 * "Mostrando a - b de N" whenever there is something to show; the buttons only when there is more
 * than one page (the specs' lists hide them at 10 items or fewer).
 */
function Pagination({ page, pageSize, total, onPageChange, summary, className, ...props }: PaginationProps) {
  if (total <= 0) return null;

  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  // A page past the end happens for a moment after a deletion; show the last real page meanwhile.
  const current = Math.min(Math.max(1, page), pageCount);
  const from = (current - 1) * pageSize + 1;
  const to = Math.min(current * pageSize, total);

  return (
    <div
      data-slot="pagination"
      className={cn('flex flex-col items-center justify-between gap-3 sm:flex-row', className)}
      {...props}
    >
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {summary
          ? summary({ from, to, total })
          : `Mostrando ${numberFormat.format(from)} - ${numberFormat.format(to)} de ${numberFormat.format(total)}`}
      </p>
      {total > pageSize ? (
        <nav aria-label="Paginación">
          <ul className="flex flex-wrap items-center gap-1">
            <li>
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={current <= 1}
                onClick={() => onPageChange(current - 1)}
              >
                <ChevronLeft aria-hidden="true" />
                Anterior
              </Button>
            </li>
            {pageItems(current, pageCount).map((item, index) =>
              item === 'ellipsis' ? (
                <li key={`ellipsis-${index}`} aria-hidden="true" className="px-1 text-sm text-muted-foreground">
                  …
                </li>
              ) : (
                <li key={item}>
                  <Button
                    type="button"
                    variant={item === current ? 'default' : 'ghost'}
                    size="sm"
                    className="min-w-8"
                    aria-label={`Página ${item}`}
                    aria-current={item === current ? 'page' : undefined}
                    onClick={() => {
                      if (item !== current) onPageChange(item);
                    }}
                  >
                    {item}
                  </Button>
                </li>
              ),
            )}
            <li>
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={current >= pageCount}
                onClick={() => onPageChange(current + 1)}
              >
                Siguiente
                <ChevronRight aria-hidden="true" />
              </Button>
            </li>
          </ul>
        </nav>
      ) : null}
    </div>
  );
}

export { Pagination, type PaginationProps };
