import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { BrandHeader } from '@/components/brand';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { usePageTitle } from '@/lib/use-page-title';
import { useTerms } from '../api/get-terms';
import { TermsContent } from '../components/terms-content';

/** /terminos-y-condiciones: the latest version and its content, with a way back to /auth. */
export default function TermsPage() {
  usePageTitle('Términos y condiciones');
  const terms = useTerms();

  return (
    <div className="bg-muted flex min-h-svh flex-col">
      <BrandHeader />
      <main className="mx-auto w-full max-w-3xl p-4 sm:p-8">
        <Link to="/auth" className={buttonVariants({ variant: 'ghost', size: 'sm', className: 'mb-4' })}>
          <ArrowLeft aria-hidden="true" />
          Volver
        </Link>
        <Card>
          <CardHeader>
            <CardTitle>
              <h1 className="text-2xl font-semibold">Términos y condiciones</h1>
            </CardTitle>
            {terms.data && <CardDescription>Versión {terms.data.version}</CardDescription>}
          </CardHeader>
          <CardContent>
            {terms.isPending ? (
              <div className="flex justify-center py-8">
                <Spinner className="size-6" label="Cargando términos y condiciones" />
              </div>
            ) : terms.isError ? (
              <p role="alert" className="text-destructive">
                {errorMessage(terms.error, 'Error al cargar los términos y condiciones')}
              </p>
            ) : terms.data ? (
              <TermsContent text={terms.data.contenido} />
            ) : (
              <p className="text-muted-foreground">No se encontraron términos y condiciones</p>
            )}
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
