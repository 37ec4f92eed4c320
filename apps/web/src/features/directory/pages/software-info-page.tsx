import { CLINIC_BENEFITS } from '@odontia/shared';
import { CheckCircle2 } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button-variants';
import { Plans } from '../components/plans';
import { PublicLayout } from '../components/public-layout';
import { SoftwareFeatures } from '../components/software-features';
import { useDocumentTitle } from '../components/use-document-title';

const PASOS = [
  { titulo: 'Crea tu cuenta', texto: 'Regístrate con tu email y una contraseña. Solo te llevará un minuto.' },
  {
    titulo: 'Configura tu clínica',
    texto: 'Completa tu perfil y los datos de la clínica: nombre, teléfono, ciudad, dirección y logo.',
  },
  {
    titulo: 'Invita a tu equipo',
    texto: 'Añade a tus dentistas, asistentes y recepción, cada uno con los permisos de su rol.',
  },
  {
    titulo: 'Publica tu perfil',
    texto: 'Activa tu perfil público y empieza a recibir solicitudes de cita desde el directorio.',
  },
];

/** /software-info: what Odontia offers clinic owners, the plans and how to start. */
export default function SoftwareInfoPage() {
  useDocumentTitle('Software para clínicas dentales · Odontia');
  return (
    <PublicLayout>
      <section className="border-b bg-gradient-to-b from-primary/10 to-background">
        <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:py-24">
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">Para clínicas dentales</p>
          <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-5xl">
            El software que organiza tu clínica y te trae pacientes
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-muted-foreground">
            Agenda, pacientes, odontograma, equipo e inventario en una sola aplicación, y un perfil en el directorio de
            Odontia para que nuevos pacientes te encuentren.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <a href="/auth?register=true" className={buttonVariants({ size: 'lg' })}>
              Registrar mi clínica
            </a>
            <a href="/clinicas" className={buttonVariants({ variant: 'outline', size: 'lg' })}>
              Ver el directorio
            </a>
          </div>
        </div>
      </section>

      <section aria-labelledby="beneficios" className="mx-auto max-w-6xl px-4 py-14 sm:py-20">
        <h2 id="beneficios" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Lo que gana tu clínica
        </h2>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {CLINIC_BENEFITS.map((b) => (
            <li key={b.titulo} className="rounded-xl border bg-card p-5 shadow-sm">
              <CheckCircle2 className="size-6 text-primary" aria-hidden="true" />
              <h3 className="mt-3 font-semibold">{b.titulo}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{b.descripcion}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="funciones" className="bg-muted/40 py-14 sm:py-20">
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="funciones" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Todo lo que tu equipo usa cada día
          </h2>
          <div className="mt-8">
            <SoftwareFeatures />
          </div>
        </div>
      </section>

      <section aria-labelledby="planes" className="mx-auto max-w-6xl px-4 py-14 sm:py-20">
        <h2 id="planes" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Planes
        </h2>
        <p className="mt-2 text-muted-foreground">Precios en EUR/mes. Cambia de plan cuando lo necesites.</p>
        <div className="mt-10">
          <Plans />
        </div>
      </section>

      <section aria-labelledby="empezar" className="bg-muted/40 py-14 sm:py-20">
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="empezar" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Cómo empezar
          </h2>
          <ol className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {PASOS.map((paso, i) => (
              <li key={paso.titulo} className="rounded-xl border bg-card p-5 shadow-sm">
                <span
                  className="inline-flex size-8 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground"
                  aria-hidden="true"
                >
                  {i + 1}
                </span>
                <h3 className="mt-3 font-semibold">{paso.titulo}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{paso.texto}</p>
              </li>
            ))}
          </ol>
          <div className="mt-10 text-center">
            <a href="/auth?register=true" className={buttonVariants({ size: 'lg' })}>
              Crear mi cuenta
            </a>
          </div>
        </div>
      </section>
    </PublicLayout>
  );
}
