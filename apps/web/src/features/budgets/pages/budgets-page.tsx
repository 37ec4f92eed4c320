import {
  BUDGET_MESSAGES,
  BUDGET_STATE_LABELS,
  budgetListQuerySchema,
  formatDate,
  formatMoney,
  type BudgetState,
} from '@odontia/shared';
import { FileText } from 'lucide-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EmptyState, ListTable } from '@/components/list-content';
import { Pagination } from '@/components/ui/pagination';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api';
import { useClinicDate } from '@/lib/use-clinic-today';
import { usePageTitle } from '@/lib/use-page-title';
import { useBudgets } from '../api/budgets';
import { BudgetStateBadge } from '../components/budget-state-badge';

const ALL = 'todos';
/** Sent and awaiting an answer, by their next follow-up. */
const PENDING = 'pendientes';
const FILTERS = ['borrador', 'enviado', 'aceptado', 'aceptado_parcialmente', 'rechazado', 'caducado'] as const;

/**
 * 'Presupuestos' (/presupuestos, issue 23): the clinic's budgets, newest first, each at its latest version,
 * filtered by state (a sent one past its validity shows as caducado), with the state and page in the URL.
 */
export default function BudgetsPage() {
  usePageTitle(BUDGET_MESSAGES.title);
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const clinicDate = useClinicDate();
  // What the URL says, read with the server's own rule: an unknown estado is every one, a bad page the first.
  const { estado, pendientes, pagina } = budgetListQuerySchema.parse({
    estado: params.get('estado') ?? undefined,
    pendientes: params.get('pendientes') ?? undefined,
    pagina: params.get('pagina') ?? undefined,
  });
  const show = (next: { estado?: BudgetState; pendientes?: boolean; pagina: number }) => {
    const search = new URLSearchParams();
    if (next.pendientes) search.set('pendientes', 'true');
    else if (next.estado) search.set('estado', next.estado);
    if (next.pagina > 1) search.set('pagina', String(next.pagina));
    setParams(search);
  };
  const budgets = useBudgets({ estado: pendientes ? null : (estado ?? null), pendientes, pagina });
  const data = budgets.data;

  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">{BUDGET_MESSAGES.title}</h1>
        <p className="text-muted-foreground">
          Los planes de tratamiento con sus precios. Se crean desde la ficha del paciente, a partir de su odontograma.
        </p>
      </header>

      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor="presupuestos-estado" className="text-sm font-medium">
          Estado
        </label>
        <Select
          value={pendientes ? PENDING : (estado ?? ALL)}
          onValueChange={(value) =>
            show({ estado: FILTERS.find((f) => f === value), pendientes: value === PENDING, pagina: 1 })
          }
        >
          <SelectTrigger id="presupuestos-estado" className="w-56">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>Todos</SelectItem>
            <SelectItem value={PENDING}>{BUDGET_MESSAGES.followUpTitle}</SelectItem>
            {FILTERS.map((f) => (
              <SelectItem key={f} value={f}>
                {BUDGET_STATE_LABELS[f]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>

      <ListTable
        query={budgets}
        stale={budgets.isPlaceholderData}
        label={BUDGET_MESSAGES.title}
        loadingLabel="Cargando presupuestos"
        errorText={errorMessage(budgets.error, BUDGET_MESSAGES.listError)}
        isEmpty={(d) => d.presupuestos.length === 0}
        empty={
          <EmptyState icon={FileText} title={BUDGET_MESSAGES.emptyList}>
            <p className="mt-1 text-sm text-muted-foreground">
              {estado || pendientes
                ? 'Ninguno en ese estado.'
                : 'Abre la ficha de un paciente y pulsa «Crear presupuesto» para empezar.'}
            </p>
          </EmptyState>
        }
      >
        {(d) => (
          <>
            <TableHeader>
              <TableRow>
                <TableHead>Número</TableHead>
                <TableHead>Paciente</TableHead>
                <TableHead className="hidden @2xl:table-cell">
                  {pendientes ? 'Próxima llamada' : 'Válido hasta'}
                </TableHead>
                <TableHead className="hidden @lg:table-cell">Estado</TableHead>
                <TableHead className="hidden text-right @md:table-cell">Total</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {d.presupuestos.map((b) => (
                // The whole row opens the budget; its number is the link the keyboard reaches.
                <TableRow key={b.id} className="cursor-pointer" onClick={() => navigate(`/presupuestos/${b.id}`)}>
                  <TableCell>
                    <Link
                      to={`/presupuestos/${b.id}`}
                      className="font-medium hover:underline"
                      onClick={(e) => e.stopPropagation()}
                    >
                      {b.numero}
                    </Link>
                    {b.version > 1 ? <span className="ml-1 text-xs text-muted-foreground">v{b.version}</span> : null}
                    <span className="block tabular-nums @md:hidden">{formatMoney(b.total, b.moneda)}</span>
                    <div className="mt-1 @lg:hidden">
                      <BudgetStateBadge estado={b.estado} />
                    </div>
                  </TableCell>
                  <TableCell className="whitespace-normal">
                    {b.paciente.nombres} {b.paciente.apellidos}
                    <p className="text-xs text-muted-foreground">Creado el {clinicDate(b.fechaCreacion)}</p>
                    {/* Awaiting an answer: the desk's next call (in its column when it fits) and its note. */}
                    {pendientes && b.seguimiento.fecha ? (
                      <p className="text-xs text-muted-foreground @2xl:hidden">
                        Próxima llamada: {formatDate(b.seguimiento.fecha)}
                      </p>
                    ) : null}
                    {pendientes && b.seguimiento.nota ? (
                      <p className="line-clamp-2 text-xs text-muted-foreground wrap-anywhere">
                        Nota: {b.seguimiento.nota}
                      </p>
                    ) : null}
                  </TableCell>
                  <TableCell className="hidden @2xl:table-cell">
                    {pendientes
                      ? b.seguimiento.fecha
                        ? formatDate(b.seguimiento.fecha)
                        : '—'
                      : formatDate(b.validoHasta)}
                  </TableCell>
                  <TableCell className="hidden @lg:table-cell">
                    <BudgetStateBadge estado={b.estado} />
                  </TableCell>
                  <TableCell className="hidden text-right tabular-nums @md:table-cell">
                    {formatMoney(b.total, b.moneda)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </>
        )}
      </ListTable>
      {data ? (
        <Pagination
          page={data.pagina}
          pageSize={data.porPagina}
          total={data.total}
          onPageChange={(p) => show({ estado, pendientes, pagina: p })}
        />
      ) : null}
    </div>
  );
}
