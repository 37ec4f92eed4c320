import { ESTADO_CITA_LABELS } from '@odontia/shared';
import type { ReactNode } from 'react';
import { Card, CardContent, CardFooter } from '@/components/ui/card';
import { DetailList } from '@/components/ui/detail-list';
import type { Appointment } from '../api/appointments';
import { formatDay, formatTime } from '../lib/calendar-math';

/** The appointment for members who may see the agenda but not change it: read, not a greyed form. */
export function AppointmentDetails({ cita, actions }: { cita: Appointment; actions?: ReactNode }) {
  return (
    <Card>
      <CardContent>
        <DetailList
          items={[
            { label: 'Paciente', value: `${cita.paciente.nombres} ${cita.paciente.apellidos}` },
            { label: 'Dentista', value: `${cita.dentista.nombres} ${cita.dentista.apellidos}` },
            { label: 'Fecha', value: formatDay(cita.fecha) },
            { label: 'Hora', value: `${formatTime(cita.horaInicio)} – ${formatTime(cita.horaFin)}` },
            { label: 'Tratamiento', value: cita.titulo },
            { label: 'Estado', value: ESTADO_CITA_LABELS[cita.estado] },
          ]}
        />
        <DetailList className="mt-4 sm:grid-cols-1" items={[{ label: 'Notas', value: cita.notas }]} />
      </CardContent>
      {actions ? <CardFooter>{actions}</CardFooter> : null}
    </Card>
  );
}
