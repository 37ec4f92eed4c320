import { RECORD_EXPORT_MESSAGES as M } from '@odontia/shared';
import { FileDown } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useExportRecord } from '../api/export-record';

/** 'Exportar historia' on the patient's page: downloads the record's zip (shown only with historia.exportar). */
export function ExportRecordButton({ patientId }: { patientId: string }) {
  const exportRecord = useExportRecord(patientId);
  const onClick = () =>
    exportRecord.mutate(undefined, {
      onSuccess: (fileName) => toast.success(M.done, `Se ha descargado ${fileName}.`),
      onError: (error) => toast.error(M.failed, errorMessage(error, M.failedFallback)),
    });
  const pending = exportRecord.isPending;
  return (
    <Button variant="outline" onClick={onClick} disabled={pending} aria-busy={pending || undefined}>
      {pending ? <Spinner decorative /> : <FileDown aria-hidden="true" />}
      {pending ? M.exporting : M.button}
    </Button>
  );
}
