import { POPULAR_SEARCHES, directoryQueryString } from '@odontia/shared';
import { ArrowRight } from 'lucide-react';
import { lazy, Suspense, type ComponentType } from 'react';
import { StaticFromServer } from '@/components/static-from-server';
import { buttonVariants } from '@/components/ui/button-variants';
import { cx } from '@/lib/cx';
import { useLanding } from '../api/get-landing';
import { useNextSlots } from '../api/next-slots';
import { ClinicCard } from '../components/clinic-card';
import { FeaturedCarousel } from '../components/featured-carousel';
import { LandingSection } from '../components/landing-section';
import { PublicLayout } from '../components/public-layout';
import { SearchBox } from '../components/search-box';
import { SpecialtyIcon } from '../components/specialty-icon';
import { skeletonClass } from '../components/styles';
import { useDocumentTitle } from '../components/use-document-title';

function CardsSkeleton({ count }: { count: number }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="overflow-hidden rounded-xl border">
          <div className={cx(skeletonClass, 'aspect-[16/10] rounded-none')} />
          <div className="space-y-2 p-4">
            <div className={cx(skeletonClass, 'h-5 w-2/3')} />
            <div className={cx(skeletonClass, 'h-4 w-1/3')} />
            <div className={cx(skeletonClass, 'h-9 w-full')} />
          </div>
        </li>
      ))}
    </ul>
  );
}

const seeAll = (
  <a href="/clinicas" className={buttonVariants({ variant: 'outline', className: 'self-start sm:self-auto' })}>
    Ver todas las clínicas
    <ArrowRight aria-hidden="true" />
  </a>
);

let LoadedMore: ComponentType | null = null;
const loadMore = () => import('../components/landing-more');
const LazyMore = lazy(loadMore);

/**
 * For the server's render: the landing's lower half is then in its HTML (read by search engines and
 * seen at once), and the browser keeps it as it is (StaticFromServer).
 */
export async function preloadForServer() {
  LoadedMore = (await loadMore()).default;
}

/** The landing's lower half: on the server from its module, loaded beforehand (preloadForServer). */
const LowerHalf = () => (LoadedMore ? <LoadedMore /> : <LazyMore />);

export default function LandingPage() {
  useDocumentTitle('Odontia · Encuentra la mejor clínica dental para tu sonrisa');
  const { data, isPending, error } = useLanding();
  // The carousel's and the grid's clinics in one request.
  const nextSlots = useNextSlots(data && [...data.destacadas, ...data.clinicas]);

  return (
    <PublicLayout>
      {/* Hero */}
      <section className="relative overflow-hidden border-b bg-gradient-to-b from-primary/10 via-primary/5 to-background">
        <div className="mx-auto max-w-6xl px-4 py-16 text-center sm:py-24">
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">Directorio de clínicas dentales</p>
          <h1 className="mx-auto mt-3 max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">
            Encuentra la mejor clínica dental para tu sonrisa
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-muted-foreground text-pretty">
            Compara clínicas por especialidad y ciudad, consulta sus horarios y profesionales, y pide cita sin llamar.
          </p>
          <SearchBox className="mx-auto mt-8 max-w-2xl" />
          <div className="mx-auto mt-5 flex max-w-2xl flex-wrap items-center justify-center gap-2">
            <span className="text-sm text-muted-foreground">Búsquedas populares:</span>
            <ul className="contents">
              {POPULAR_SEARCHES.map((b) => (
                <li key={b.label}>
                  <a
                    href={`/clinicas${directoryQueryString(b.params)}`}
                    className="inline-flex items-center rounded-full border bg-background px-3 py-1 text-sm font-medium transition-colors hover:border-primary hover:text-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  >
                    {b.label}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <LandingSection
        id="especialidades"
        title="Especialidades"
        subtitle="Encuentra la clínica que necesitas según el tratamiento."
      >
        {data ? (
          <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            {data.especialidades.map((e) => (
              <li key={e.id}>
                <a
                  href={`/clinicas?especialidad=${encodeURIComponent(e.id)}`}
                  className="group flex h-full flex-col gap-2 rounded-xl border bg-card p-4 shadow-sm transition hover:-translate-y-0.5 hover:border-primary hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  <span className="inline-flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary transition-colors group-hover:bg-primary group-hover:text-primary-foreground">
                    <SpecialtyIcon name={e.icono} className="size-5" />
                  </span>
                  <span className="font-semibold">{e.nombre}</span>
                  <span className="hidden text-sm text-muted-foreground sm:block">{e.descripcion}</span>
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <div className="grid grid-cols-2 gap-4 lg:grid-cols-4" aria-hidden="true">
            {Array.from({ length: 8 }, (_, i) => (
              <div key={i} className={cx(skeletonClass, 'h-28')} />
            ))}
          </div>
        )}
      </LandingSection>

      {error ? (
        <p role="alert" className="mx-auto max-w-6xl px-4 text-destructive">
          No se pudieron cargar las clínicas. Recarga la página para intentarlo de nuevo.
        </p>
      ) : null}

      {isPending || (data && data.destacadas.length > 0) ? (
        <LandingSection
          id="destacadas"
          title="Clínicas destacadas"
          subtitle="Clínicas recomendadas por la comunidad de Odontia."
          action={seeAll}
          className="bg-muted/40"
        >
          {data ? <FeaturedCarousel clinicas={data.destacadas} nextSlots={nextSlots} /> : <CardsSkeleton count={3} />}
        </LandingSection>
      ) : null}

      <LandingSection
        id="directorio"
        title="Directorio de clínicas"
        subtitle="Las clínicas dentales que ya están en Odontia."
        action={seeAll}
      >
        {data ? (
          data.clinicas.length ? (
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {data.clinicas.map((clinica) => (
                <li key={clinica.id}>
                  <ClinicCard clinica={clinica} proximoHueco={nextSlots.get(clinica.id)} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-muted-foreground">Todavía no hay clínicas publicadas.</p>
          )
        ) : (
          <CardsSkeleton count={6} />
        )}
      </LandingSection>

      {/* Below the fold: static, in the server's HTML and never hydrated there. */}
      <StaticFromServer id="mas-informacion">
        <Suspense fallback={<div className="min-h-[100vh]" aria-hidden="true" />}>
          <LowerHalf />
        </Suspense>
      </StaticFromServer>
    </PublicLayout>
  );
}
