import { BUDGET_MESSAGES, formatDate, formatMoney } from '@odontia/shared';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { useCan } from '@/lib/session';
import { useClinicDate } from '@/lib/use-clinic-today';
import { usePatientBudgets, usePatientPlan } from '../api/budgets';
import { BudgetStateBadge } from './budget-state-badge';
import { CreateBudgetButton } from './create-budget-button';

/**
 * 'Presupuestos' on the patient's page (issue 23): their plan in money (planned on the chart, accepted,
 * done, pending), their budgets, newest first, each with its state and total, and 'Crear presupuesto'.
 * Shown with presupuestos.ver.
 */
export default function BudgetsSection({ patientId }: { patientId: string }) {
  const canSee = useCan('presupuestos.ver');
  const budgets = usePatientBudgets(patientId, canSee);
  const plan = usePatientPlan(patientId, canSee);
  const clinicDate = useClinicDate();
  if (!canSee) return null;

  const list = budgets.data ?? [];
  return (
    <Card>
      <CardHeader className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>
            <h2 className="text-lg font-semibold">{BUDGET_MESSAGES.title}</h2>
          </CardTitle>
          <CardDescription>Planes de tratamiento con sus precios, a partir del odontograma.</CardDescription>
        </div>
        <CreateBudgetButton patientId={patientId} />
      </CardHeader>
      <CardContent className="grid gap-4">
        {plan.data ? (
          <dl aria-label="Plan de tratamiento" className="grid grid-cols-2 gap-3 xl:grid-cols-4">
            {(
              [
                ['Planificado', plan.data.planificado],
                ['Aceptado', plan.data.aceptado],
                ['Realizado', plan.data.realizado],
                ['Pendiente', plan.data.pendiente],
              ] as const
            ).map(([label, figure]) => (
              <div key={label} className="rounded-md border p-3">
                <dt className="text-xs text-muted-foreground">{label}</dt>
                <dd className="text-base font-semibold break-words tabular-nums">
                  {formatMoney(figure.importe, plan.data.moneda)}
                </dd>
                <dd className="text-xs text-muted-foreground">
                  {figure.tratamientos === 1 ? '1 tratamiento' : `${figure.tratamientos} tratamientos`}
                </dd>
              </div>
            ))}
          </dl>
        ) : null}
        {budgets.isPending ? (
          <div className="grid gap-2" aria-busy="true" aria-label="Cargando presupuestos">
            <Skeleton className="h-10 w-full" />
          </div>
        ) : budgets.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(budgets.error, BUDGET_MESSAGES.listError)}
          </p>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">{BUDGET_MESSAGES.emptyList}</p>
        ) : (
          <ul aria-label="Presupuestos del paciente" className="flex flex-col divide-y rounded-md border">
            {list.map((b) => (
              <li key={b.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <div className="min-w-0 flex-1">
                  <Link to={`/presupuestos/${b.id}`} className="font-medium hover:underline">
                    {b.numero}
                    {b.version > 1 ? ` (versión ${b.version})` : ''}
                  </Link>
                  <p className="text-xs text-muted-foreground">
                    Creado el {clinicDate(b.fechaCreacion)} · válido hasta {formatDate(b.validoHasta)}
                  </p>
                </div>
                <span className="tabular-nums">{formatMoney(b.total, b.moneda)}</span>
                <BudgetStateBadge estado={b.estado} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
