import { INVITATION_PARAM } from '@odontia/shared';
import { MailCheck, MailX } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { usePageTitle } from '@/lib/use-page-title';
import { LoginForm } from '../components/login-form';
import { useInvitation } from '../api/get-invitation';
import { RegisterForm } from '../components/register-form';

type Tab = 'login' | 'register';

/**
 * The register tab of an invitation link: who invites and as what, then the form with the invited
 * email fixed; an invalid, used or expired link says so instead of offering a form.
 */
function InvitedRegister({ token }: { token: string }) {
  const invitation = useInvitation(token);
  if (invitation.isPending) {
    return (
      <div className="grid gap-3" aria-busy="true" aria-label="Comprobando la invitación">
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-9 w-full" />
        <Skeleton className="h-9 w-full" />
      </div>
    );
  }
  if (!invitation.data) {
    return (
      <div
        role="alert"
        className="flex flex-col items-center gap-2 rounded-lg border border-destructive/40 p-4 text-center"
      >
        <MailX className="size-8 text-destructive" aria-hidden="true" />
        <p className="font-medium">Invitación no válida</p>
        <p className="text-muted-foreground text-sm">
          {errorMessage(invitation.error, 'No se pudo comprobar la invitación. Inténtalo de nuevo más tarde.')}
        </p>
        <p className="text-muted-foreground text-sm">Pide a tu clínica que te envíe una nueva invitación.</p>
      </div>
    );
  }
  const { email, clinica, rol } = invitation.data;
  return (
    <div className="grid gap-4">
      <div
        role="note"
        aria-label="Invitación"
        className="flex items-start gap-3 rounded-lg border bg-muted/50 p-3 text-sm"
      >
        <MailCheck className="text-primary mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <p>
          <span className="font-medium">{clinica}</span> te ha invitado a unirte a su equipo como{' '}
          <span className="font-medium">{rol}</span>. Crea tu cuenta con el correo de la invitación.
        </p>
      </div>
      <RegisterForm invitation={{ token, email }} />
    </div>
  );
}

/** /auth: login and register tabs; ?register=true opens register first (spec 000 §2). */
export default function AuthPage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('register') === 'true' ? 'register' : 'login';
  // An invitation link (spec 001, DESIGN §1): kept while the person moves between the tabs.
  const invitacion = params.get(INVITATION_PARAM);
  usePageTitle(tab === 'register' ? 'Registrarse' : 'Iniciar sesión');

  // The tab lives in the URL, so links to /auth?register=true and the back button agree with it.
  const onTabChange = (value: string) => {
    const next: Record<string, string> = value === 'register' ? { register: 'true' } : {};
    if (invitacion) next[INVITATION_PARAM] = invitacion;
    setParams(next, { replace: true });
  };

  return (
    <Card>
      <CardHeader className="text-center">
        <CardTitle>
          <h1 className="text-2xl font-semibold">Bienvenido a Odontia</h1>
        </CardTitle>
        <CardDescription>Inicia sesión o crea una cuenta para gestionar tu clínica dental</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <Tabs value={tab} onValueChange={onTabChange}>
          <TabsList className="grid w-full grid-cols-2">
            <TabsTrigger value="login">Iniciar sesión</TabsTrigger>
            <TabsTrigger value="register">Registrarse</TabsTrigger>
          </TabsList>
          <TabsContent value="login" className="pt-4">
            <LoginForm />
          </TabsContent>
          <TabsContent value="register" className="pt-4">
            {invitacion ? <InvitedRegister token={invitacion} /> : <RegisterForm />}
          </TabsContent>
        </Tabs>
        <Link
          to="/"
          className="text-muted-foreground hover:text-foreground text-center text-sm underline-offset-4 hover:underline"
        >
          Volver al inicio
        </Link>
      </CardContent>
    </Card>
  );
}
