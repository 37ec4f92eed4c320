import { CLINIC_BENEFITS } from '@odontia/shared';
import { CheckCircle2 } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button-variants';
import { Plans } from './plans';
import { LandingSection as Section } from './landing-section';
import { SoftwareFeatures } from './software-features';

/**
 * The landing below the fold: what the software offers, the plans, the banner for clinic owners and
 * the call to action. Static content: in the server's HTML, and never hydrated there (see LandingPage),
 * so the first view needs less JavaScript.
 */
export default function LandingMore() {
  return (
    <>
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
              <a href="/auth?register=true" className={buttonVariants({ variant: 'secondary', size: 'lg' })}>
                Registrar mi clínica
              </a>
              <a href="/software-info" className={buttonVariants({ variant: 'inverse', size: 'lg' })}>
                Conocer el software
              </a>
            </div>
          </div>
          <ul className="grid gap-4 sm:grid-cols-2">
            {CLINIC_BENEFITS.map((b) => (
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
            <a href="/clinicas" className={buttonVariants({ size: 'lg' })}>
              Buscar clínicas
            </a>
            <a href="/auth?register=true" className={buttonVariants({ variant: 'outline', size: 'lg' })}>
              Empezar con Odontia
            </a>
          </div>
        </div>
      </section>
    </>
  );
}
