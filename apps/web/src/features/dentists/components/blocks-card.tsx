import {
  BLOCK_LIST_MAX_DAYS,
  BOOKING_MESSAGES,
  DEFAULT_TIME_ZONE,
  TIPO_BLOQUEO_LABELS,
  type AgendaBlock,
} from '@odontia/shared';
import { CalendarOff, Plus } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { EmptyState, ListContent } from '@/components/list-content';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { RowDeleteButton } from '@/components/ui/row-delete-button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api';
import { useCan, useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useClinicToday } from '@/lib/use-clinic-today';
import { BLOCKS_LOAD_ERROR, useBlocks, useDeleteBlock } from '../api/blocks';
import { blockWhen } from '../lib/block-when';
import { BlockDialog } from './block-dialog';

const WHOLE_CLINIC = 'Toda la clínica';
const addDays = (fecha: string, days: number) =>
  new Date(Date.parse(`${fecha}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

type Named = { id: string; nombres: string; apellidos: string; activo: boolean };

/**
 * 'Bloqueos de agenda' (issue 24): the clinic's blocks from today on (a year ahead), who and when on
 * the clinic's clock; made and removed with citas.editar. The Día grid shows them as closed time.
 */
export function BlocksCard({ dentists }: { dentists: Named[] }) {
  const canSee = useCan('citas.ver');
  const canEdit = useCan('citas.editar');
  const { account } = useSession();
  const zone = account?.clinica?.zonaHoraria ?? DEFAULT_TIME_ZONE;
  const today = useClinicToday();
  const blocks = useBlocks({ desde: today, hasta: addDays(today, BLOCK_LIST_MAX_DAYS - 1) }, canSee);
  const remove = useDeleteBlock();
  const [creating, setCreating] = useState(false);
  const [toDelete, setToDelete] = useState<AgendaBlock | null>(null);
  if (!canSee) return null;

  const names = new Map(dentists.map((d) => [d.id, `${d.nombres} ${d.apellidos}`]));
  const who = (b: AgendaBlock) => (b.dentistaId ? (names.get(b.dentistaId) ?? 'Dentista') : WHOLE_CLINIC);

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      toast.success(BOOKING_MESSAGES.blockDeleted);
      setToDelete(null);
    } catch (error) {
      toast.error(BOOKING_MESSAGES.blockError, errorMessage(error, 'Inténtalo de nuevo.'));
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg font-semibold">{BOOKING_MESSAGES.blocksTitle}</h2>
        </CardTitle>
        <CardDescription>
          Vacaciones, festivos, formación y descansos: la agenda los muestra como tiempo cerrado.
        </CardDescription>
        {canEdit ? (
          <CardAction>
            <Button size="sm" onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" />
              Nuevo bloqueo
            </Button>
          </CardAction>
        ) : null}
      </CardHeader>
      <CardContent className="px-0 sm:px-6">
        <ListContent
          query={blocks}
          loadingLabel="Cargando bloqueos"
          errorText={BLOCKS_LOAD_ERROR}
          isEmpty={(list) => list.length === 0}
          empty={<EmptyState icon={CalendarOff} title="No hay bloqueos próximos" />}
        >
          {(list) => (
            <Table aria-label={BOOKING_MESSAGES.blocksTitle}>
              <TableHeader>
                <TableRow>
                  <TableHead>Quién</TableHead>
                  <TableHead>Cuándo</TableHead>
                  <TableHead>Tipo</TableHead>
                  <TableHead className="hidden @2xl:table-cell">Motivo</TableHead>
                  {canEdit ? (
                    <TableHead className="text-right">
                      <span className="sr-only">Acciones</span>
                    </TableHead>
                  ) : null}
                </TableRow>
              </TableHeader>
              <TableBody>
                {list.map((b) => (
                  <TableRow key={b.id}>
                    <TableCell className="font-medium whitespace-normal">{who(b)}</TableCell>
                    <TableCell className="whitespace-normal tabular-nums">{blockWhen(b, zone)}</TableCell>
                    <TableCell className="whitespace-normal">
                      {TIPO_BLOQUEO_LABELS[b.tipo]}
                      {/* On a phone the reason goes under the type: its column is hidden. */}
                      {b.motivo ? <span className="block text-muted-foreground @2xl:hidden">{b.motivo}</span> : null}
                    </TableCell>
                    <TableCell className="hidden whitespace-normal @2xl:table-cell">{b.motivo ?? '—'}</TableCell>
                    {canEdit ? (
                      <TableCell className="text-right">
                        <RowDeleteButton
                          label={`Eliminar el bloqueo de ${who(b)}, ${blockWhen(b, zone)}`}
                          onClick={() => setToDelete(b)}
                        />
                      </TableCell>
                    ) : null}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </ListContent>
      </CardContent>
      {creating ? (
        <BlockDialog
          dentists={dentists.filter((d) => d.activo).map((d) => ({ id: d.id, nombre: `${d.nombres} ${d.apellidos}` }))}
          today={today}
          onClose={() => setCreating(false)}
        />
      ) : null}
      <ConfirmDeleteDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        description={
          toDelete
            ? `Se eliminará el bloqueo de ${who(toDelete)} (${blockWhen(toDelete, zone)}). La agenda volverá a ofrecer ese tiempo.`
            : null
        }
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </Card>
  );
}
