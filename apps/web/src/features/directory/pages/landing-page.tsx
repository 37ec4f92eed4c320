import { BENEFICIOS_CLINICAS, BUSQUEDAS_POPULARES, directorioQueryString } from '@odontia/shared';
import { ArrowRight, CheckCircle2 } from 'lucide-react';
import { Link } from 'react-router';
import { useInicio } from '../api/get-inicio';
import { ClinicCard } from '../components/clinic-card';
import { FeaturedCarousel } from '../components/featured-carousel';
import { Plans } from '../components/plans';
import { PublicLayout } from '../components/public-layout';
import { SearchBox } from '../components/search-box';
import { SoftwareFeatures } from '../components/software-features';
import { SpecialtyIcon } from '../components/specialty-icon';
import { buttonClass, cx, skeletonClass } from '../components/styles';
import { useDocumentTitle } from '../components/use-document-title';

function Section({
  id,
  title,
  subtitle,
  action,
  className,
  children,
}: {
  id: string;
  title: string;
  subtitle?: string;
  action?: React.ReactNode;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={cx('py-14 sm:py-20', className)}>
      <div className="mx-auto max-w-6xl px-4">
        <div className="mb-8 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h2 id={id} className="text-2xl font-bold tracking-tight sm:text-3xl">
              {title}
            </h2>
            {subtitle ? <p className="mt-2 max-w-2xl text-muted-foreground">{subtitle}</p> : null}
          </div>
          {action}
        </div>
        {children}
      </div>
    </section>
  );
}

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
  <Link to="/clinicas" className={buttonClass('outline', 'default', 'self-start sm:self-auto')}>
    Ver todas las clínicas
    <ArrowRight aria-hidden="true" />
  </Link>
);

export default function LandingPage() {
  useDocumentTitle('Odontia · Encuentra la mejor clínica dental para tu sonrisa');
  const { data, isPending, isError } = useInicio();

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
              {BUSQUEDAS_POPULARES.map((b) => (
                <li key={b.label}>
                  <Link
                    to={`/clinicas${directorioQueryString(b.params)}`}
                    className="inline-flex items-center rounded-full border bg-background px-3 py-1 text-sm font-medium transition-colors hover:border-primary hover:text-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  >
                    {b.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <Section id="especialidades" title="Especialidades" subtitle="Encuentra la clínica que necesitas según el tratamiento.">
        {data ? (
          <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            {data.especialidades.map((e) => (
              <li key={e.id}>
                <Link
                  to={`/clinicas?especialidad=${encodeURIComponent(e.id)}`}
                  className="group flex h-full flex-col gap-2 rounded-xl border bg-card p-4 shadow-sm transition hover:-translate-y-0.5 hover:border-primary hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  <span className="inline-flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary transition-colors group-hover:bg-primary group-hover:text-primary-foreground">
                    <SpecialtyIcon name={e.icono} className="size-5" />
                  </span>
                  <span className="font-semibold">{e.nombre}</span>
                  <span className="hidden text-sm text-muted-foreground sm:block">{e.descripcion}</span>
                </Link>
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
      </Section>

      {isError ? (
        <p role="alert" className="mx-auto max-w-6xl px-4 text-destructive">
          No se pudieron cargar las clínicas. Recarga la página para intentarlo de nuevo.
        </p>
      ) : null}

      {isPending || (data && data.destacadas.length > 0) ? (
        <Section
          id="destacadas"
          title="Clínicas destacadas"
          subtitle="Clínicas recomendadas por la comunidad de Odontia."
          action={seeAll}
          className="bg-muted/40"
        >
          {data ? <FeaturedCarousel clinicas={data.destacadas} /> : <CardsSkeleton count={3} />}
        </Section>
      ) : null}

      <Section id="directorio" title="Directorio de clínicas" subtitle="Las clínicas dentales que ya están en Odontia." action={seeAll}>
        {data ? (
          data.clinicas.length ? (
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {data.clinicas.map((clinica) => (
                <li key={clinica.id}>
                  <ClinicCard clinica={clinica} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-muted-foreground">Todavía no hay clínicas publicadas.</p>
          )
        ) : (
          <CardsSkeleton count={6} />
        )}
      </Section>

      <Section
        id="software"
        title="El software para tu clínica dental"
        subtitle="Odontia reúne en una sola aplicación todo lo que tu equipo usa cada día."
        className="bg-muted/40"
      >
        <SoftwareFeatures />
      </Section>

      <Section id="planes" title="Planes" subtitle="Elige el plan que se adapta a tu clínica. Sin permanencia.">
        <Plans />
      </Section>

      {/* Banner for clinic owners (spec 000 §1 and §2) */}
      <section aria-labelledby="propietarios" className="px-4 pb-14 sm:pb-20">
        {/* A fixed deep teal in both themes: white text on it stays well above 4.5:1. */}
        <div className="mx-auto grid max-w-6xl gap-8 rounded-3xl bg-[oklch(0.36_0.07_205)] px-6 py-10 text-white sm:px-10 lg:grid-cols-2 lg:items-center">
          <div>
            <h2 id="propietarios" className="text-2xl font-bold tracking-tight sm:text-3xl">
              ¿Tienes una clínica dental?
            </h2>
            <p className="mt-3 text-white">
              Registra tu clínica en Odontia y empieza a recibir pacientes nuevos desde el directorio.
            </p>
            <div className="mt-6 flex flex-wrap gap-3">
              <Link to="/auth?register=true" className={buttonClass('secondary', 'lg')}>
                Registrar mi clínica
              </Link>
              <Link
                to="/software-info"
                className={buttonClass('inverse', 'lg')}
              >
                Conocer el software
              </Link>
            </div>
          </div>
          <ul className="grid gap-4 sm:grid-cols-2">
            {BENEFICIOS_CLINICAS.map((b) => (
              <li key={b.titulo} className="rounded-xl bg-white/10 p-4">
                <p className="flex items-center gap-2 font-semibold">
                  <CheckCircle2 className="size-5 shrink-0" aria-hidden="true" />
                  {b.titulo}
                </p>
                <p className="mt-1 text-sm text-white">{b.descripcion}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      {/* Call to action */}
      <section aria-labelledby="cta" className="border-t bg-muted/40">
        <div className="mx-auto max-w-3xl px-4 py-14 text-center sm:py-20">
          <h2 id="cta" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Tu próxima cita, a un clic
          </h2>
          <p className="mt-3 text-muted-foreground">
            Busca una clínica cerca de ti o lleva tu clínica al siguiente nivel con Odontia.
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Link to="/clinicas" className={buttonClass('default', 'lg')}>
              Buscar clínicas
            </Link>
            <Link to="/auth?register=true" className={buttonClass('outline', 'lg')}>
              Empezar con Odontia
            </Link>
          </div>
        </div>
      </section>
    </PublicLayout>
  );
}
