import {
  ESTADO_PACIENTE_LABELS,
  formatDate,
  GENERO_LABELS,
  PATIENT_MESSAGES,
  type PatientConsent,
} from '@odontia/shared';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Card, CardContent } from '@/components/ui/card';
import { DetailList } from '@/components/ui/detail-list';
import { useClinicDate } from '@/lib/use-clinic-today';
import type { Patient } from '../api/get-patient';

/** The patient's record for members who may see patients but not edit them: read, not a greyed form. */
export function PatientDetails({ patient: p }: { patient: Patient }) {
  const name = `${p.nombres} ${p.apellidos}`;
  const clinicDate = useClinicDate();
  const consent = (c: PatientConsent) =>
    c ? `Sí. ${PATIENT_MESSAGES.consentimientoRegistrado(clinicDate(c.fecha), c.por)}` : 'No';
  return (
    <Card>
      <CardContent className="flex flex-col gap-6">
        <Avatar className="size-20">
          {p.fotoUrl ? <AvatarImage src={p.fotoUrl} alt={`Foto de ${name}`} /> : null}
          <AvatarFallback name={name} />
        </Avatar>
        <DetailList
          items={[
            { label: 'Nombres', value: p.nombres },
            { label: 'Apellidos', value: p.apellidos },
            { label: 'Fecha de nacimiento', value: formatDate(p.fechaNacimiento) },
            { label: 'Género', value: p.genero ? GENERO_LABELS[p.genero] : null },
            { label: 'Teléfono', value: p.telefono },
            { label: 'Email', value: p.email },
            { label: 'Dirección', value: p.direccion },
            { label: 'Estado', value: ESTADO_PACIENTE_LABELS[p.estado] },
            { label: 'Última visita', value: formatDate(p.ultimaVisita) },
            { label: 'Próxima visita', value: formatDate(p.proximaVisita) },
          ]}
        />
        <DetailList
          className="sm:grid-cols-1"
          items={[
            { label: 'Notas', value: p.notas },
            { label: PATIENT_MESSAGES.consentimientoRecordatorios, value: consent(p.consentimientos.recordatorios) },
            { label: PATIENT_MESSAGES.consentimientoComunicaciones, value: consent(p.consentimientos.comunicaciones) },
          ]}
        />
      </CardContent>
    </Card>
  );
}
