import { Link, useSearchParams } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { usePageTitle } from '@/lib/use-page-title';
import { LoginForm } from '../components/login-form';
import { RegisterForm } from '../components/register-form';

type Tab = 'login' | 'register';

/** /auth: login and register tabs; ?register=true opens register first (spec 000 §2). */
export default function AuthPage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('register') === 'true' ? 'register' : 'login';
  usePageTitle(tab === 'register' ? 'Registrarse' : 'Iniciar sesión');

  // The tab lives in the URL, so links to /auth?register=true and the back button agree with it.
  const onTabChange = (value: string) => setParams(value === 'register' ? { register: 'true' } : {}, { replace: true });

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
            <RegisterForm />
          </TabsContent>
        </Tabs>
        <Link to="/" className="text-muted-foreground hover:text-foreground text-center text-sm underline-offset-4 hover:underline">
          Volver al inicio
        </Link>
      </CardContent>
    </Card>
  );
}
