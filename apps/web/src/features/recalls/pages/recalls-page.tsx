import { RECALL_MESSAGES as R } from '@odontia/shared';
import { CalendarCheck } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { EmptyState, ListContent } from '@/components/list-content';
import { Card, CardContent } from '@/components/ui/card';
import { Pagination } from '@/components/ui/pagination';
import { errorMessage } from '@/lib/api';
import { pageParam } from '@/lib/page-param';
import { useCan } from '@/lib/session';
import { usePageTitle } from '@/lib/use-page-title';
import { useRecalls } from '../api/get-recalls';
import { RecallRow } from '../components/recall-row';

/**
 * 'Revisiones pendientes' (issue 24): the patients whose last visit is the clinic's recall interval
 * ago or more and who have nothing booked, the longest unseen first, 20 a page, each with the buttons
 * that invite them back by email or WhatsApp. One card per patient on a phone; columns where the list
 * is wide enough. The page lives in the URL (`?pagina=`).
 */
export default function RecallsPage() {
  usePageTitle(R.pageTitle);
  const [params, setParams] = useSearchParams();
  const pagina = pageParam(params);
  const { data, isPending, isError, error } = useRecalls(pagina);
  const canSend = useCan('pacientes.editar');
  const show = (next: number) => setParams(next > 1 ? { pagina: String(next) } : {});

  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">{R.pageTitle}</h1>
        {data ? <p className="text-muted-foreground">{R.pageDescription(data.revisionMeses)}</p> : null}
      </header>

      <Card className="py-0">
        <CardContent className="@container p-0">
          <ListContent
            query={{ isPending, data: isError ? undefined : data }}
            loadingLabel="Cargando las revisiones pendientes"
            errorText={errorMessage(error, R.loadError)}
            isEmpty={(d) => d.pacientes.length === 0}
            empty={
              <EmptyState icon={CalendarCheck} title={R.empty}>
                <p className="mt-1 text-sm text-muted-foreground">{R.emptyDetail}</p>
              </EmptyState>
            }
          >
            {(d) => (
              <ul aria-label="Pacientes con la revisión pendiente" className="divide-y">
                {d.pacientes.map((p) => (
                  <RecallRow key={p.id} paciente={p} canSend={canSend} />
                ))}
              </ul>
            )}
          </ListContent>
        </CardContent>
      </Card>
      {data ? <Pagination page={data.pagina} pageSize={data.porPagina} total={data.total} onPageChange={show} /> : null}
    </div>
  );
}
