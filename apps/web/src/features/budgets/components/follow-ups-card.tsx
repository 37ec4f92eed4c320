import { BUDGET_MESSAGES, formatDate, formatMoney } from '@odontia/shared';
import { PhoneCall } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useCan } from '@/lib/session';
import { useFollowUpsToday } from '../api/budgets';

/**
 * 'Presupuestos por seguir hoy' on the dashboard (issue 23): sent budgets awaiting an answer whose next
 * call is today or overdue, each a link to it. Nothing is shown when there are none.
 */
export function FollowUpsCard() {
  const canSee = useCan('presupuestos.ver');
  const followUps = useFollowUpsToday(canSee);
  const list = followUps.data?.presupuestos ?? [];
  if (!canSee || list.length === 0) return null;
  const more = (followUps.data?.total ?? 0) - list.length;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2 text-lg font-semibold">
            <PhoneCall className="size-5 text-info" aria-hidden="true" />
            {BUDGET_MESSAGES.followUpTodayTitle}
          </h2>
        </CardTitle>
        <CardDescription>Presupuestos entregados que esperan respuesta: toca llamar al paciente.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col divide-y">
          {list.map((b) => (
            <li key={b.id}>
              <Link
                to={`/presupuestos/${b.id}`}
                className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 hover:bg-accent"
              >
                <span className="flex-1 font-medium">
                  {b.paciente.nombres} {b.paciente.apellidos}
                </span>
                <span className="text-sm text-muted-foreground">
                  {b.numero} · {formatMoney(b.total, b.moneda)}
                  {b.seguimiento.fecha ? ` · llamar el ${formatDate(b.seguimiento.fecha)}` : ''}
                </span>
              </Link>
            </li>
          ))}
        </ul>
        {more > 0 ? (
          <Link to="/presupuestos?pendientes=true" className="mt-2 inline-block text-sm font-medium hover:underline">
            Y {more} más en {BUDGET_MESSAGES.followUpTitle.toLowerCase()}
          </Link>
        ) : null}
      </CardContent>
    </Card>
  );
}
