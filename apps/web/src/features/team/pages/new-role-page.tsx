import { TEAM_MESSAGES } from '@odontia/shared';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { useClinicRequired } from '@/lib/use-clinic-required';
import { usePageTitle } from '@/lib/use-page-title';
import { usePermissionCatalogue } from '../api/get-permission-catalogue';
import { useCreateRole } from '../api/roles';
import { PageFrame } from '../components/page-frame';
import { RoleForm } from '../components/role-form';
import { RoleFormLoading } from '../components/role-form-loading';

/** 'Nuevo Rol' (/roles/nuevo): a custom role of the clinic. */
export default function NewRolePage() {
  usePageTitle('Nuevo Rol');
  const navigate = useNavigate();
  const catalogue = usePermissionCatalogue();
  const create = useCreateRole();
  const redirecting = useClinicRequired(catalogue.error ?? create.error);

  if (redirecting) return null;
  return (
    <PageFrame
      back="/roles"
      backLabel="Volver a la lista"
      title="Nuevo Rol"
      subtitle="Elige qué podrán hacer los miembros con este rol."
    >
      {catalogue.data ? (
        <RoleForm
          defaultValues={{ nombre: '', descripcion: '', permisos: [] }}
          catalogue={catalogue.data}
          title="Nuevo Rol"
          submitLabel="Crear rol"
          onSubmit={async (values) => {
            await create.mutateAsync(values);
            toast.success(TEAM_MESSAGES.roleCreated, `El rol ${values.nombre} se ha creado.`);
            navigate('/roles');
          }}
        />
      ) : (
        <RoleFormLoading />
      )}
    </PageFrame>
  );
}
