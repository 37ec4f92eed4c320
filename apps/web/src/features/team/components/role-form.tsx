import { zodResolver } from '@hookform/resolvers/zod';
import { roleSchema, TEAM_MESSAGES, type RoleData, type RoleInput } from '@odontia/shared';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { Textarea } from '@/components/ui/textarea';
import { showSubmitError } from '@/lib/form-errors';
import { useSession } from '@/lib/session';
import type { PermissionLike } from '../permission-groups';
import { PermissionChecklist } from './permission-checklist';

const FIELDS = ['nombre', 'descripcion', 'permisos'] as const;

type RoleFormProps = {
  defaultValues: RoleInput;
  /** Every permission (`/api/permisos/catalogo`); `permisos` of the values are their ids. */
  catalogue: readonly PermissionLike[];
  /** The form's accessible name: the page's title ('Nuevo Rol', 'Editar Rol'). */
  title: string;
  submitLabel: string;
  onSubmit: (values: RoleData) => Promise<void>;
};

/**
 * 'Nuevo Rol' and 'Editar Rol', for members with roles.gestionar (the others, and the Administrador
 * role, read RoleDetails): nombre, descripción and the permissions, grouped by módulo. A member grants
 * or removes only what they hold themselves (the server refuses the rest), so the others are disabled.
 */
export function RoleForm({ defaultValues, catalogue, title, submitLabel, onSubmit }: RoleFormProps) {
  const navigate = useNavigate();
  const { account } = useSession();
  const grantable = new Set<string>(account?.permisos ?? []);
  const form = useForm({ resolver: zodResolver(roleSchema), defaultValues });
  const {
    register,
    control,
    formState: { errors, isSubmitting },
  } = form;

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      showSubmitError(error, form.setError, FIELDS, {
        title: TEAM_MESSAGES.saveError,
        fallback: 'No se pudieron guardar los cambios. Inténtalo de nuevo.',
      });
    }
  });

  return (
    <Card>
      <form onSubmit={submit} noValidate aria-label={title} className="grid gap-6">
        <CardContent className="grid gap-4">
          <FormField label="Nombre" htmlFor="rol-nombre" error={errors.nombre?.message} required>
            <Input autoComplete="off" {...register('nombre')} />
          </FormField>
          <FormField label="Descripción" htmlFor="rol-descripcion" error={errors.descripcion?.message}>
            <Textarea rows={2} {...register('descripcion')} />
          </FormField>
          <div className="grid gap-2">
            <h2 id="rol-permisos" className="text-sm font-medium">
              Permisos
            </h2>
            {errors.permisos?.message ? (
              <p role="alert" className="text-sm text-destructive">
                {errors.permisos.message}
              </p>
            ) : null}
            <Controller
              control={control}
              name="permisos"
              render={({ field }) => (
                <PermissionChecklist
                  labelledBy="rol-permisos"
                  permissions={catalogue}
                  value={field.value ?? []}
                  onChange={field.onChange}
                  grantable={grantable}
                />
              )}
            />
          </div>
        </CardContent>
        <CardFooter className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={() => navigate('/roles')}>
            Cancelar
          </Button>
          <SubmitButton pending={isSubmitting} pendingLabel="Guardando...">
            {submitLabel}
          </SubmitButton>
        </CardFooter>
      </form>
    </Card>
  );
}
