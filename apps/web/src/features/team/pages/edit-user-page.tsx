import { zodResolver } from '@hookform/resolvers/zod';
import { TEAM_MESSAGES, updateMemberSchema } from '@odontia/shared';
import { Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter } from '@/components/ui/card';
import { DetailList } from '@/components/ui/detail-list';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { SubmitButton } from '@/components/ui/submit-button';
import { Switch } from '@/components/ui/switch';
import { ApiError, errorMessage } from '@/lib/api';
import { showSubmitError } from '@/lib/form-errors';
import { useCan } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useClinicRequired } from '@/lib/use-clinic-required';
import { usePageTitle } from '@/lib/use-page-title';
import { useDeleteUser } from '../api/delete-user';
import { useRoleOptions } from '../api/get-role-options';
import { useUpdateUser, useUser, type TeamMember } from '../api/user';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { PageFrame } from '../components/page-frame';
import { RoleSelect } from '../components/role-select';

const FIELDS = ['nombres', 'rolId', 'activo'] as const;

function UserForm({ user }: { user: TeamMember }) {
  const navigate = useNavigate();
  const canEdit = useCan('usuarios.editar');
  const canDelete = useCan('usuarios.eliminar');
  // Read-only, the member's role is already named: the role list is not needed.
  const roles = useRoleOptions(canEdit);
  const update = useUpdateUser();
  const remove = useDeleteUser();
  const [confirming, setConfirming] = useState(false);
  const form = useForm({
    resolver: zodResolver(updateMemberSchema),
    // A member without a role has none to keep: the select starts empty and may stay so.
    defaultValues: { nombres: user.nombres, rolId: user.rol?.id, activo: user.activo },
  });
  const {
    register,
    control,
    formState: { errors, isSubmitting },
  } = form;
  // No one changes their own role or activo, and the owner stays an active Administrador (the server says why).
  const isSelf = user.esUstedMismo;
  const lockRole = !canEdit || isSelf || user.esPropietario;
  const lockNote = isSelf ? TEAM_MESSAGES.selfChange : user.esPropietario ? TEAM_MESSAGES.ownerProtected : undefined;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      // Only what this member may change is sent: the locked fields stay as they are.
      await update.mutateAsync({ id: user.id, json: lockRole ? { nombres: values.nombres } : values });
      toast.success(TEAM_MESSAGES.userUpdated, `Los datos de ${values.nombres ?? user.nombres} se han guardado.`);
      navigate('/usuarios');
    } catch (error) {
      showSubmitError(error, form.setError, FIELDS, {
        title: TEAM_MESSAGES.saveError,
        fallback: 'No se pudieron guardar los cambios. Inténtalo de nuevo.',
      });
    }
  });

  const confirmDelete = async () => {
    try {
      await remove.mutateAsync(user.id);
      toast.success(TEAM_MESSAGES.userDeleted, `${user.nombres} ya no forma parte de la clínica.`);
      setConfirming(false);
      navigate('/usuarios', { replace: true });
    } catch (error) {
      toast.error(TEAM_MESSAGES.deleteError, errorMessage(error, 'Ocurrió un error inesperado. Inténtalo de nuevo.'));
    }
  };

  return (
    <Card>
      <form onSubmit={onSubmit} noValidate aria-label={canEdit ? 'Editar Usuario' : 'Usuario'} className="grid gap-6">
        {canEdit ? (
          <CardContent className="grid gap-4">
            <FormField label="Nombres" htmlFor="usuario-nombres" error={errors.nombres?.message} required>
              <Input autoComplete="off" {...register('nombres')} />
            </FormField>
            <FormField label="Email" htmlFor="usuario-email" description="El email no se puede modificar.">
              <Input type="email" value={user.email} readOnly />
            </FormField>
            <Controller
              control={control}
              name="rolId"
              render={({ field }) => (
                <RoleSelect
                  id="usuario-rol"
                  roles={roles.data?.roles}
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errors.rolId?.message}
                  disabled={lockRole}
                  description={lockNote}
                />
              )}
            />
            <Controller
              control={control}
              name="activo"
              render={({ field }) => (
                <div className="flex items-center gap-3">
                  <Switch
                    id="usuario-activo"
                    checked={field.value}
                    onCheckedChange={field.onChange}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    disabled={lockRole}
                  />
                  <label htmlFor="usuario-activo" className="text-sm font-medium">
                    Activo
                  </label>
                  <span className="text-sm text-muted-foreground">
                    {field.value ? 'Puede iniciar sesión' : 'No puede iniciar sesión'}
                  </span>
                </div>
              )}
            />
          </CardContent>
        ) : (
          // Members who may see the team but not change it read the member, not a greyed form.
          <CardContent>
            <DetailList
              items={[
                { label: 'Nombres', value: user.nombres },
                { label: 'Email', value: user.email },
                { label: 'Rol', value: user.rol?.nombre },
                {
                  label: 'Estado',
                  value: user.activo ? 'Activo: puede iniciar sesión' : 'Inactivo: no puede iniciar sesión',
                },
              ]}
            />
          </CardContent>
        )}
        <CardFooter className="flex flex-wrap justify-between gap-2">
          {canDelete && !isSelf && !user.esPropietario ? (
            <Button
              type="button"
              variant="outline"
              className="text-destructive hover:text-destructive"
              onClick={() => setConfirming(true)}
            >
              <Trash2 aria-hidden="true" />
              Eliminar usuario
            </Button>
          ) : (
            <span />
          )}
          <div className="flex gap-2">
            {canEdit ? (
              <>
                <Button type="button" variant="outline" onClick={() => navigate('/usuarios')}>
                  Cancelar
                </Button>
                <SubmitButton pending={isSubmitting} pendingLabel="Guardando...">
                  Guardar cambios
                </SubmitButton>
              </>
            ) : null}
          </div>
        </CardFooter>
      </form>
      <ConfirmDeleteDialog
        open={confirming}
        onOpenChange={setConfirming}
        pending={remove.isPending}
        onConfirm={confirmDelete}
        description={
          <>
            Se eliminará el usuario de la clínica y se cerrarán sus sesiones. Esta acción no se puede deshacer.
            <span className="mt-2 block font-medium text-foreground">
              {user.nombres} ({user.email})
            </span>
          </>
        }
      />
    </Card>
  );
}

/** 'Editar Usuario' (/usuarios/{id}): nombres, rol and activo; the email cannot change (spec 001 §5). */
export default function EditUserPage() {
  const canEdit = useCan('usuarios.editar');
  const title = canEdit ? 'Editar Usuario' : 'Usuario';
  usePageTitle(title);
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const user = useUser(id);
  const redirecting = useClinicRequired(user.error);
  const notFound = user.error instanceof ApiError && user.error.status === 404;

  // Spec 001 §8: an unknown (or another clinic's) user → 'Usuario no encontrado' and back to the list.
  useEffect(() => {
    if (!user.isError || redirecting) return;
    if (notFound)
      toast.error(
        TEAM_MESSAGES.userNotFound,
        errorMessage(user.error, 'El usuario no existe o no pertenece a tu clínica.'),
        { id: 'usuario-no-encontrado' },
      );
    else
      toast.error(
        TEAM_MESSAGES.loadDataError,
        errorMessage(user.error, 'No se pudieron cargar los datos del usuario.'),
      );
    navigate('/usuarios', { replace: true });
  }, [user.isError, user.error, notFound, redirecting, navigate]);

  if (redirecting || user.isError) return null;

  return (
    <PageFrame
      back="/usuarios"
      backLabel="Volver a la lista"
      title={title}
      subtitle={user.data ? user.data.email : 'Cargando los datos del usuario...'}
    >
      {user.data ? (
        <UserForm key={user.data.id} user={user.data} />
      ) : (
        <div className="grid gap-4" aria-busy="true" aria-label="Cargando usuario">
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-9 w-full" />
        </div>
      )}
    </PageFrame>
  );
}
