import { formatDate } from '@odontia/shared';
import { useClinicDateTime, useClinicToday } from '@/lib/use-clinic-today';
import type { Odontogram } from '../api/odontogram';

/**
 * Shown only on paper (see odontogram-print.css): whose chart, which version, printed when and where.
 * The date is the clinic's today (its time zone), not the browser's.
 */
export function PrintHeader({
  patientName,
  clinicName,
  version,
}: {
  patientName: string;
  clinicName: string;
  version: Pick<Odontogram, 'version' | 'fecha' | 'autor'>;
}) {
  const formatDateTime = useClinicDateTime();
  const today = useClinicToday();
  return (
    <div className="hidden px-6 print:block">
      <p className="text-sm">{clinicName}</p>
      <h2 className="text-xl font-semibold">Odontograma de {patientName}</h2>
      <p className="text-sm">
        Fecha: {formatDate(today)}
        {version.version > 0 && version.fecha
          ? ` · Versión ${version.version}, guardada el ${formatDateTime(version.fecha)}${version.autor ? ` por ${version.autor.nombre}` : ''}`
          : ''}
      </p>
    </div>
  );
}
