import { specialtyName } from '@odontia/shared';
import { DetailList } from '@/components/ui/detail-list';
import type { StaffPublicProfile } from '../api/public-profile';

/** The public profile for members who may see the settings but not change them: read, not a greyed form. */
export function PublicProfileDetails({ perfil }: { perfil: StaffPublicProfile }) {
  return (
    <div className="grid gap-6">
      {perfil.imagen ? (
        <img
          src={perfil.imagen}
          alt="Imagen del perfil público"
          className="h-32 w-full max-w-sm rounded-lg object-cover"
        />
      ) : null}
      <DetailList
        items={[
          { label: 'Publicado en el directorio', value: perfil.publicada ? 'Sí' : 'No' },
          { label: 'Email de contacto', value: perfil.email },
          { label: 'Sitio web', value: perfil.sitioWeb },
          { label: 'Especialidades', value: perfil.especialidades.map(specialtyName).join(', ') },
          { label: 'Servicios', value: perfil.servicios.join(', ') },
          { label: 'Horario', value: perfil.horario.map((h) => `${h.dias}: ${h.horas}`).join('\n') },
        ]}
      />
      <DetailList className="sm:grid-cols-1" items={[{ label: 'Descripción', value: perfil.descripcion }]} />
    </div>
  );
}
