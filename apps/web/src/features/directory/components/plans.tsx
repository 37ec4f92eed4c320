import { PLANS } from '@odontia/shared';
import { Check } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button-variants';
import { cx } from '@/lib/cx';

const price = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 0 });

/** The three plans of spec 001 §9, Plan Profesional marked POPULAR. */
export function Plans({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {PLANS.map((plan) => (
        <li
          key={plan.id}
          className={cx(
            'relative flex flex-col rounded-2xl border bg-card p-6 shadow-sm',
            plan.popular && 'border-primary shadow-lg ring-1 ring-primary md:-translate-y-2',
          )}
        >
          {plan.popular ? (
            <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-primary px-3 py-1 text-xs font-bold tracking-wide text-primary-foreground">
              POPULAR
            </span>
          ) : null}
          <Heading className="text-lg font-semibold">{plan.nombre}</Heading>
          <p className="mt-4 flex items-baseline gap-1">
            <span className="text-4xl font-bold tracking-tight">{price.format(plan.precio)}</span>
            <span className="text-sm text-muted-foreground">EUR/mes</span>
          </p>
          <ul className="mt-6 flex-1 space-y-3 text-sm">
            {plan.incluye.map((item) => (
              <li key={item} className="flex items-start gap-2">
                <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                {item}
              </li>
            ))}
          </ul>
          <a
            href="/auth?register=true"
            className={buttonVariants({ variant: plan.popular ? 'default' : 'outline', className: 'mt-6 w-full' })}
            aria-label={`Empezar con el ${plan.nombre}`}
          >
            Empezar ahora
          </a>
        </li>
      ))}
    </ul>
  );
}
