import { GETTING_STARTED_LABELS, GETTING_STARTED_STEPS } from '@odontia/shared';
import { CheckCircle2, ChevronRight, Circle } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useCan } from '@/lib/session';
import { useGettingStarted } from '../api/get-getting-started';

/**
 * 'Primeros pasos' for those who set the clinic up (`clinica.editar`): each step links to its screen and
 * is ticked from the clinic's data; the card is gone once every step is done (and while it loads).
 */
export function GettingStartedCard() {
  const canSetUp = useCan('clinica.editar');
  const steps = useGettingStarted(canSetUp);
  const titleId = useId();
  const done = steps.data;
  if (!canSetUp || !done) return null;
  const pending = GETTING_STARTED_STEPS.filter((step) => !done[step]).length;
  if (pending === 0) return null;
  const total = GETTING_STARTED_STEPS.length;
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle className="text-lg">
          <h2 id={titleId}>Primeros pasos</h2>
        </CardTitle>
        <CardDescription>
          {total - pending} de {total} completados. Deja lista la clínica para empezar a trabajar.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-1">
          {GETTING_STARTED_STEPS.map((step) => {
            const { titulo, enlace } = GETTING_STARTED_LABELS[step];
            const checked = done[step];
            return (
              <li key={step}>
                <Link
                  to={enlace}
                  className="flex items-center gap-3 rounded-md px-2 py-2 text-sm hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  {checked ? (
                    <CheckCircle2 className="size-5 shrink-0 text-success" aria-hidden="true" />
                  ) : (
                    <Circle className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
                  )}
                  <span className={checked ? 'flex-1 text-muted-foreground line-through' : 'flex-1 font-medium'}>
                    {titulo}
                  </span>
                  <span className="sr-only">{checked ? '(hecho)' : '(pendiente)'}</span>
                  <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                </Link>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
