import { useNavigate } from 'react-router';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { SubmitButton } from '@/components/ui/submit-button';
import { showSubmitError } from '@/lib/form-errors';
import { homeFor } from '@/lib/onboarding-path';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { usePageTitle } from '@/lib/use-page-title';
import { useUpdateProfile } from '../api/update-profile';
import { PROFILE_FIELDS, ProfileFields, useProfileForm } from '../components/profile-fields';

/** /onboarding/perfil, step 1 of 2: 'Completa tu perfil'. */
export default function ProfileStepPage() {
  usePageTitle('Completa tu perfil');
  const navigate = useNavigate();
  const { account, refresh } = useSession();
  // A member who joined through an invitation already has a clinic: this is their only step.
  const invitedTo = account?.clinica?.nombre;
  const { form } = useProfileForm();
  const update = useUpdateProfile();
  const isSubmitting = form.formState.isSubmitting;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      const updated = await refresh();
      if (updated?.clinica) {
        toast.success('Perfil actualizado', `Bienvenido al equipo de ${updated.clinica.nombre}`);
        navigate(homeFor(updated.user.onboardingStep), { replace: true });
        return;
      }
      toast.success('Perfil actualizado', 'Ahora configuremos tu clínica');
      navigate('/onboarding/clinica');
    } catch (error) {
      showSubmitError(error, form.setError, PROFILE_FIELDS, {
        title: 'Error al guardar',
        fallback: 'Ocurrió un error al guardar tu información',
      });
    }
  });

  return (
    <Card>
      <form onSubmit={onSubmit} noValidate aria-labelledby="profile-step-title" className="grid gap-6">
        <CardHeader>
          <p className="text-muted-foreground text-sm">{invitedTo ? `Te unes a ${invitedTo}` : 'Paso 1 de 2'}</p>
          <CardTitle>
            <h1 id="profile-step-title" className="text-2xl font-semibold">
              Completa tu perfil
            </h1>
          </CardTitle>
          <CardDescription>Cuéntanos quién eres para que tu equipo y tus pacientes te reconozcan.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <ProfileFields form={form} idPrefix="onboarding" />
        </CardContent>
        <CardFooter>
          <SubmitButton pending={isSubmitting} pendingLabel="Guardando..." className="w-full sm:ml-auto sm:w-auto">
            Continuar
          </SubmitButton>
        </CardFooter>
      </form>
    </Card>
  );
}
