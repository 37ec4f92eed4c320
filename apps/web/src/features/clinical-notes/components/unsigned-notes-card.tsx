import { formatDate, formatDateTime } from '@odontia/shared';
import { FileWarning } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useCan, useSession } from '@/lib/session';
import { useUnsignedNotes } from '../api/notes';

/**
 * 'Notas sin firmar' on the dashboard: the signed-in member's drafts written more than 24 hours ago,
 * each a link to finish and sign it. Nothing is shown when there are none.
 */
export function UnsignedNotesCard() {
  const canWrite = useCan('historia.editar');
  const zone = useSession().account?.clinica?.zonaHoraria ?? undefined;
  const notes = useUnsignedNotes(canWrite);
  const list = notes.data?.notas ?? [];
  if (!canWrite || list.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2 text-lg font-semibold">
            <FileWarning className="size-5 text-warning" aria-hidden="true" />
            Notas sin firmar
          </h2>
        </CardTitle>
        <CardDescription>Borradores tuyos de hace más de 24 horas: fírmalos o descártalos.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col divide-y">
          {list.map((n) => (
            <li key={n.id}>
              <Link to={`/notas/${n.id}`} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 hover:bg-accent">
                <span className="flex-1 font-medium">
                  {n.paciente.nombres} {n.paciente.apellidos}
                </span>
                <span className="text-sm text-muted-foreground">
                  Nota del {formatDate(n.fecha)} · escrita el {formatDateTime(n.fechaCreacion, zone)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
