import { BUDGET_CHANNEL_LABELS, type BudgetAcceptance } from '@odontia/shared';
import { BadgeCheck } from 'lucide-react';
import { DetailList } from '@/components/ui/detail-list';

/**
 * What a signed acceptance recorded (issue 23): when, by whom, how, which option, from which address and
 * browser, and the SHA-256 of the signed PDF (the download is that file: anyone can check it).
 */
export function AcceptanceRecord({
  aceptacion,
  formatDateTime,
  detalles = true,
}: {
  aceptacion: BudgetAcceptance;
  formatDateTime: (iso: string) => string;
  /** The address and browser are for the clinic's record; the patient's page leaves them out. */
  detalles?: boolean;
}) {
  return (
    <section
      aria-label="Aceptación firmada"
      className="grid gap-3 rounded-lg border border-emerald-600/40 bg-emerald-50 p-4 text-sm dark:bg-emerald-950/30"
    >
      <p className="flex items-center gap-2 font-medium text-emerald-800 dark:text-emerald-300">
        <BadgeCheck aria-hidden="true" className="size-5" />
        Firmado por {aceptacion.firmante} el {formatDateTime(aceptacion.fecha)}
        {aceptacion.opcion ? `, con la opción ${aceptacion.opcion}` : ''}
      </p>
      <DetailList
        items={[
          { label: 'Cómo', value: BUDGET_CHANNEL_LABELS[aceptacion.canal] },
          ...(detalles
            ? [
                { label: 'Dirección', value: aceptacion.direccion },
                { label: 'Navegador', value: aceptacion.navegador || '—' },
              ]
            : []),
          {
            label: 'Huella del PDF (SHA-256)',
            value: <code className="break-all text-xs">{aceptacion.pdfSha256}</code>,
          },
        ]}
      />
    </section>
  );
}
