import { TEAM_MESSAGES } from '@odontia/shared';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError, errorMessage } from '@/lib/api';
import { useCan, useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useClinicRequired } from '@/lib/use-clinic-required';
import { usePageTitle } from '@/lib/use-page-title';
import { usePermissionCatalogue } from '../api/get-permission-catalogue';
import { useRole, useUpdateRole } from '../api/roles';
import { PageFrame } from '../components/page-frame';
import { RoleDetails } from '../components/role-details';
import { RoleForm } from '../components/role-form';
import { RoleFormLoading } from '../components/role-form-loading';

/**
 * 'Editar Rol' (/roles/{id}). Members without roles.gestionar read the role ('Rol'), and so does
 * everyone the Administrador role (it always holds every permission): no greyed form.
 */
export default function EditRolePage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const canManage = useCan('roles.gestionar');
  const { refresh } = useSession();
  const role = useRole(id);
  const catalogue = usePermissionCatalogue();
  const update = useUpdateRole();
  const error = role.error ?? catalogue.error;
  const redirecting = useClinicRequired(error ?? update.error);
  const notFound = role.error instanceof ApiError && role.error.status === 404;

  useEffect(() => {
    if (!error || redirecting) return;
    if (notFound)
      toast.error(TEAM_MESSAGES.roleNotFound, errorMessage(error, 'El rol no existe o no pertenece a tu clínica.'), {
        id: 'rol-no-encontrado',
      });
    else toast.error(TEAM_MESSAGES.loadDataError, errorMessage(error, 'No se pudieron cargar los datos del rol.'));
    navigate('/roles', { replace: true });
  }, [error, notFound, redirecting, navigate]);

  const data = role.data;
  // Until the role is known, a manager's screen is the editor's; the Administrador role only reads.
  const readOnly = !canManage || data?.esAdministrador === true;
  const title = readOnly ? 'Rol' : 'Editar Rol';
  usePageTitle(title);

  if (redirecting || error) return null;

  return (
    <PageFrame
      back="/roles"
      backLabel="Volver a la lista"
      title={title}
      subtitle={data ? data.nombre : 'Cargando el rol...'}
    >
      {data && catalogue.data ? (
        readOnly ? (
          <RoleDetails
            role={data}
            catalogue={catalogue.data}
            note={data.esAdministrador ? TEAM_MESSAGES.adminRoleLocked : undefined}
          />
        ) : (
          <RoleForm
            key={data.id}
            defaultValues={{ nombre: data.nombre, descripcion: data.descripcion ?? '', permisos: data.permisos }}
            catalogue={catalogue.data}
            title="Editar Rol"
            submitLabel="Guardar cambios"
            onSubmit={async (values) => {
              await update.mutateAsync({ id: data.id, json: values });
              // If it is this member's own role, the sidebar and the guards follow at once.
              await refresh();
              toast.success(TEAM_MESSAGES.roleUpdated, `Los cambios del rol ${values.nombre} se han guardado.`);
              navigate('/roles');
            }}
          />
        )
      ) : (
        <RoleFormLoading />
      )}
    </PageFrame>
  );
}
