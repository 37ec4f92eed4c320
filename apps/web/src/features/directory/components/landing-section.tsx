import type { ReactNode } from 'react';
import { cx } from '@/lib/cx';

/** A landing section: heading, optional subtitle and action, then its content. */
export function LandingSection({
  id,
  title,
  subtitle,
  action,
  className,
  children,
}: {
  id: string;
  title: string;
  subtitle?: string;
  action?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={cx('py-14 sm:py-20', className)}>
      <div className="mx-auto max-w-6xl px-4">
        <div className="mb-8 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h2 id={id} className="text-2xl font-bold tracking-tight sm:text-3xl">
              {title}
            </h2>
            {subtitle ? <p className="mt-2 max-w-2xl text-muted-foreground">{subtitle}</p> : null}
          </div>
          {action}
        </div>
        {children}
      </div>
    </section>
  );
}
