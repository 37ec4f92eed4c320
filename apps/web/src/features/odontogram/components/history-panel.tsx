import { diffCharts, emptyChart, surfaceLabel, type ToothChange, type ToothId } from '@odontia/shared';
import { Eye } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api';
import { useClinicDateTime } from '@/lib/use-clinic-today';
import { useVersion, useVersions, type VersionDetail } from '../api/odontogram';
import { DentalChart } from './dental-chart';
import { StatusLegend, StatusPatterns } from './status-patterns';

/** One change in words: "Diente 16, Oclusal: Sano → Caries". */
export function describeChange(change: ToothChange): string {
  if (change.field === 'notas')
    return `Diente ${change.tooth}, notas: «${change.before || '(sin notas)'}» → «${change.after || '(sin notas)'}»`;
  if (change.field === 'diente') return `Diente ${change.tooth}: ${change.before} → ${change.after}`;
  const where = change.field === 'estado' ? 'diente completo' : surfaceLabel(change.tooth, change.field);
  return `Diente ${change.tooth}, ${where}: ${change.before} → ${change.after}`;
}

/**
 * 'Historial' of a patient's chart: every saved version (date, author), newest first; opening one shows
 * that chart read-only with what changed from the version before it highlighted and listed.
 */
export function HistoryPanel({
  patientId,
  patientName,
  latest,
}: {
  patientId: string;
  patientName: string;
  latest: number;
}) {
  const formatDateTime = useClinicDateTime();
  const [pagina, setPagina] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const versions = useVersions(patientId, pagina);
  const headingId = useId();
  const data = versions.data;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3" data-print-hide>
      <h3 id={headingId} className="font-semibold">
        Historial
      </h3>
      {versions.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : !data ? (
        <p role="alert" className="text-destructive">
          {errorMessage(versions.error, 'No se pudo cargar el historial.')}
        </p>
      ) : data.versiones.length === 0 ? (
        <p className="text-sm text-muted-foreground">Aún no hay versiones guardadas.</p>
      ) : (
        <>
          <Table aria-label={`Versiones del odontograma de ${patientName}`}>
            <TableHeader>
              <TableRow>
                <TableHead>Versión</TableHead>
                <TableHead>Fecha</TableHead>
                <TableHead>Autor</TableHead>
                <TableHead className="text-right">
                  <span className="sr-only">Acciones</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.versiones.map((v) => (
                <TableRow key={v.version}>
                  <TableCell>
                    {v.version}
                    {v.version === latest ? <span className="ml-2 text-xs text-muted-foreground">(actual)</span> : null}
                  </TableCell>
                  <TableCell>{formatDateTime(v.fecha)}</TableCell>
                  <TableCell>{v.autor.nombre}</TableCell>
                  <TableCell className="text-right">
                    <Button type="button" variant="ghost" size="sm" onClick={() => setOpen(v.version)}>
                      <Eye aria-hidden="true" />
                      Ver versión {v.version}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Pagination page={data.pagina} pageSize={data.porPagina} total={data.total} onPageChange={setPagina} />
        </>
      )}
      <Dialog open={open !== null} onOpenChange={(o) => !o && setOpen(null)}>
        <DialogContent className="sm:max-w-5xl">
          {open !== null ? <VersionView patientId={patientId} version={open} /> : null}
        </DialogContent>
      </Dialog>
    </section>
  );
}

function VersionView({ patientId, version }: { patientId: string; version: number }) {
  const formatDateTime = useClinicDateTime();
  const detail = useVersion(patientId, version);
  const patterns = `odoh${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  return (
    <>
      <DialogHeader>
        <DialogTitle>Versión {version}</DialogTitle>
        <DialogDescription>
          {detail.data
            ? `Guardada el ${detail.data.fecha ? formatDateTime(detail.data.fecha) : ''} por ${detail.data.autor?.nombre ?? 'un miembro que ya no está en la clínica'}. Solo lectura; lo que cambió respecto a la versión anterior está resaltado.`
            : 'Cargando la versión...'}
        </DialogDescription>
      </DialogHeader>
      {detail.data ? (
        <VersionChart detail={detail.data} patterns={patterns} />
      ) : detail.isError ? (
        <p role="alert" className="text-destructive">
          {errorMessage(detail.error, 'No se pudo cargar la versión.')}
        </p>
      ) : (
        <Skeleton className="h-48 w-full" />
      )}
    </>
  );
}

function VersionChart({ detail, patterns }: { detail: VersionDetail; patterns: string }) {
  // The first version is compared with the chart of a patient never charted (every tooth Sano).
  const changes = useMemo(() => diffCharts(detail.anterior?.chart ?? emptyChart(), detail.chart), [detail]);
  const changed = useMemo(() => {
    const byTooth = new Map<ToothId, string[]>();
    for (const c of changes) byTooth.set(c.tooth, [...(byTooth.get(c.tooth) ?? []), c.field]);
    return new Map([...byTooth].map(([tooth, fields]) => [tooth, fields.join(',')]));
  }, [changes]);
  return (
    <div className="flex flex-col gap-4">
      <StatusPatterns prefix={patterns} />
      <DentalChart
        chart={detail.chart}
        patterns={patterns}
        changed={changed}
        label={`Versión ${detail.version} (solo lectura)`}
      />
      <StatusLegend prefix={patterns} />
      <section aria-label="Cambios respecto a la versión anterior" className="text-sm">
        <h4 className="mb-1 font-medium">
          {detail.anterior
            ? `Cambios respecto a la versión ${detail.anterior.version}`
            : 'Cambios respecto al odontograma inicial (todo Sano)'}
        </h4>
        {changes.length === 0 ? (
          <p className="text-muted-foreground">Sin cambios.</p>
        ) : (
          <ul className="grid list-disc gap-0.5 pl-5">
            {changes.map((c) => (
              <li key={`${c.tooth}-${c.field}`}>{describeChange(c)}</li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
