import { specialtyName, type BookingOptions } from '@odontia/shared';
import { ArrowLeft, Clock, Globe, Mail, MapPin, Map as MapIcon, Phone, Stethoscope, UserRound } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { ApiError } from '@/lib/api';
import { buttonVariants } from '@/components/ui/button-variants';
import { cx } from '@/lib/cx';
import { usePublicPage } from '@/lib/public-page';
import { AfterHydration } from '@/lib/use-hydrated';
import { useClinic, type ClinicProfile } from '../api/get-clinic';
import { ClinicBadges } from '../components/clinic-badges';
import { ClinicImage } from '@/components/clinic-image';
import { LightTab, LightTabPanel, LightTabs, LightTabsList } from '../components/light-tabs';
import { OnlineBookingPanel } from '../components/online-booking-panel';
import { PublicLayout } from '../components/public-layout';
import { skeletonClass } from '../components/styles';
import { useDocumentTitle } from '../components/use-document-title';

// The form and its validation library load only when someone opens the Contacto tab.
const ContactForm = lazy(() => import('../components/contact-form'));
// The booking's options, its next free slot and the library that asks for them load after the page,
// in the booking panel's line for the next slot.
const BookingIsland = lazy(() => import('../components/booking-island'));

const NEEDS_SCRIPTS =
  'Para enviar una solicitud necesitas activar JavaScript en tu navegador. También puedes llamar a la clínica o escribirle un email.';

const BOOKING_NEEDS_SCRIPTS = 'Para reservar cita online necesitas activar JavaScript en tu navegador.';

const isWebUrl = (url: string) => /^https?:\/\//i.test(url);
const mapsUrl = (direccion: string, ciudad: string | null) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent([direccion, ciudad].filter(Boolean).join(', '))}`;
const telHref = (telefono: string) => `tel:${telefono.replace(/[^\d+]/g, '')}`;

function NotFound() {
  useDocumentTitle('Clínica no encontrada · Odontia');
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <Stethoscope className="size-12 text-muted-foreground" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold">Clínica no encontrada</h1>
      <p className="mt-2 text-muted-foreground">
        La clínica que buscas no existe o ya no está publicada en el directorio.
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <a href="/clinicas" className={buttonVariants()}>
          Volver al directorio
        </a>
        <a href="/" className={buttonVariants({ variant: 'outline' })}>
          Ir al inicio
        </a>
      </div>
    </div>
  );
}

function Loading() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8" aria-busy="true">
      <p role="status" className="sr-only">
        Cargando clínica
      </p>
      <div className={cx(skeletonClass, 'h-6 w-48')} />
      <div className="mt-6 grid gap-8 lg:grid-cols-[3fr_2fr]">
        <div className={cx(skeletonClass, 'aspect-[16/10]')} />
        <div className="space-y-3">
          <div className={cx(skeletonClass, 'h-9 w-3/4')} />
          <div className={cx(skeletonClass, 'h-5 w-1/3')} />
          <div className={cx(skeletonClass, 'h-24 w-full')} />
        </div>
      </div>
    </div>
  );
}

function InfoRow({ icon: Icon, label, children }: { icon: typeof Phone; label: string; children: React.ReactNode }) {
  return (
    <div className="relative min-w-0 pl-8">
      <dt className="text-sm text-muted-foreground">
        <Icon className="absolute top-0.5 left-0 size-5 text-primary" aria-hidden="true" />
        {label}
      </dt>
      <dd className="font-medium break-words">{children}</dd>
    </div>
  );
}

function Profile({ perfil }: { perfil: ClinicProfile }) {
  const { clinica, formulario } = perfil;
  useDocumentTitle(`${clinica.nombre}${clinica.ciudad ? ` · Clínica dental en ${clinica.ciudad}` : ''} · Odontia`);
  const hasDoctors = clinica.profesionales.length > 0;
  // Undefined while they load (after the page), null when there is nothing to book online.
  const [bookingOptions, setBookingOptions] = useState<BookingOptions | null>();
  const [tab, setTab] = useState('servicios');
  const contactHeading = useRef<HTMLHeadingElement>(null);
  const openRequestForm = () => {
    flushSync(() => setTab('contacto'));
    contactHeading.current?.scrollIntoView({ block: 'start' });
    contactHeading.current?.focus();
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <nav aria-label="Ruta de navegación" className="flex flex-wrap items-center gap-1 text-sm text-muted-foreground">
        <a href="/" className="hover:text-foreground hover:underline">
          Inicio
        </a>
        <span aria-hidden="true">/</span>
        <a href="/clinicas" className="hover:text-foreground hover:underline">
          Clínicas
        </a>
        <span aria-hidden="true">/</span>
        <span aria-current="page" className="truncate text-foreground">
          {clinica.nombre}
        </span>
      </nav>

      <div className="mt-6 grid gap-8 lg:grid-cols-[3fr_2fr]">
        <div className="overflow-hidden rounded-2xl border shadow-sm">
          <ClinicImage src={clinica.imagen} priority sizes="(min-width: 1024px) 60vw, 100vw" />
        </div>

        <div className="flex flex-col gap-4">
          <ClinicBadges clinica={clinica} />
          <div>
            <h1 className="text-3xl font-bold tracking-tight text-balance">{clinica.nombre}</h1>
            {clinica.ciudad ? (
              <p className="mt-1 flex items-center gap-1.5 text-muted-foreground">
                <MapPin className="size-4" aria-hidden="true" />
                {clinica.ciudad}
              </p>
            ) : null}
          </div>
          {clinica.especialidades.length ? (
            <ul className="flex flex-wrap gap-2" aria-label="Especialidades">
              {clinica.especialidades.map((slug) => (
                <li key={slug}>
                  <a
                    href={`/clinicas?especialidad=${encodeURIComponent(slug)}`}
                    className="inline-flex rounded-md bg-secondary px-2.5 py-1 text-sm font-medium text-secondary-foreground hover:bg-secondary/70"
                  >
                    {specialtyName(slug)}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
          {clinica.descripcion ? (
            <p className="whitespace-pre-line text-muted-foreground">{clinica.descripcion}</p>
          ) : null}
          {/* Asked only of clinics that take online bookings; none to book keeps the request form alone. */}
          {clinica.reservaOnline && bookingOptions !== null ? (
            <OnlineBookingPanel
              clinicaId={clinica.id}
              clinicName={clinica.nombre}
              options={bookingOptions ?? null}
              nextSlot={
                // After hydration: the server's HTML has the panel without options, drawn the same.
                <AfterHydration>
                  <Suspense fallback={null}>
                    <BookingIsland clinicaId={clinica.id} onOptions={setBookingOptions} />
                  </Suspense>
                </AfterHydration>
              }
              onRequest={openRequestForm}
            />
          ) : null}
          {clinica.reservaOnline ? (
            <noscript>
              <p className="rounded-lg bg-muted px-4 py-3 text-sm">{BOOKING_NEEDS_SCRIPTS}</p>
            </noscript>
          ) : null}
          <div className="mt-auto flex flex-wrap gap-2">
            {clinica.telefono ? (
              <a
                href={telHref(clinica.telefono)}
                className={buttonVariants({ variant: clinica.reservaOnline ? 'outline' : 'default' })}
              >
                <Phone aria-hidden="true" />
                Llamar
              </a>
            ) : null}
            {clinica.email ? (
              <a href={`mailto:${clinica.email}`} className={buttonVariants({ variant: 'outline' })}>
                <Mail aria-hidden="true" />
                Enviar email
              </a>
            ) : null}
            {clinica.direccion ? (
              <a
                href={mapsUrl(clinica.direccion, clinica.ciudad)}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonVariants({ variant: 'outline' })}
              >
                <MapIcon aria-hidden="true" />
                Ver en el mapa
                <span className="sr-only"> (se abre en una pestaña nueva)</span>
              </a>
            ) : null}
          </div>
        </div>
      </div>

      <div className="mt-10 grid items-start gap-8 lg:grid-cols-[3fr_2fr]">
        <LightTabs defaultValue="servicios" value={tab} onValueChange={setTab} className="min-w-0">
          <LightTabsList label="Información de la clínica">
            <LightTab value="servicios">Servicios</LightTab>
            {hasDoctors ? <LightTab value="profesionales">Profesionales</LightTab> : null}
            <LightTab value="contacto">Contacto</LightTab>
          </LightTabsList>
          <LightTabPanel value="servicios" className="rounded-2xl border p-6">
            <h2 className="text-lg font-semibold">Servicios</h2>
            {clinica.servicios.length ? (
              <ul className="mt-4 grid gap-2 sm:grid-cols-2">
                {clinica.servicios.map((s) => (
                  <li key={s} className="flex items-start gap-2 rounded-lg bg-muted/50 px-3 py-2 text-sm">
                    <Stethoscope className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                    {s}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-2 text-muted-foreground">La clínica aún no ha publicado sus servicios.</p>
            )}
          </LightTabPanel>
          {hasDoctors ? (
            <LightTabPanel value="profesionales" className="rounded-2xl border p-6">
              <h2 className="text-lg font-semibold">Profesionales</h2>
              <ul className="mt-4 grid gap-4 sm:grid-cols-2">
                {clinica.profesionales.map((d, i) => {
                  const nombre = `${d.nombres} ${d.apellidos}`.trim();
                  return (
                    <li key={`${nombre}-${i}`} className="flex items-center gap-3">
                      <span className="flex size-16 items-center justify-center rounded-full bg-primary/10 text-primary">
                        <UserRound className="size-7" aria-hidden="true" />
                      </span>
                      <div>
                        <p className="font-semibold">{nombre}</p>
                        <p className="text-sm text-muted-foreground">{specialtyName(d.especialidad)}</p>
                      </div>
                    </li>
                  );
                })}
              </ul>
            </LightTabPanel>
          ) : null}
          <LightTabPanel value="contacto" className="rounded-2xl border p-6">
            <h2 ref={contactHeading} tabIndex={-1} className="scroll-mt-20 text-lg font-semibold outline-none">
              Solicitar cita
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">
              Envía tu solicitud y la clínica se pondrá en contacto contigo.
            </p>
            <noscript>
              <p className="mt-4 rounded-lg bg-muted px-4 py-3 text-sm">{NEEDS_SCRIPTS}</p>
            </noscript>
            {/* The form and its validation library load when the tab opens. */}
            {tab === 'contacto' ? (
              <Suspense
                fallback={
                  <p role="status" className="py-10 text-center text-sm text-muted-foreground">
                    Cargando formulario…
                  </p>
                }
              >
                <ContactForm clinicaId={clinica.id} token={formulario.token} hoy={formulario.hoy} />
              </Suspense>
            ) : null}
          </LightTabPanel>
        </LightTabs>

        <aside aria-labelledby="informacion" className="h-fit rounded-2xl border bg-card p-6 shadow-sm">
          <h2 id="informacion" className="text-lg font-semibold">
            Información
          </h2>
          <dl className="mt-4 space-y-4">
            {clinica.direccion ? (
              <InfoRow icon={MapPin} label="Dirección">
                {clinica.direccion}
                {clinica.ciudad && !clinica.direccion.includes(clinica.ciudad) ? `, ${clinica.ciudad}` : ''}
              </InfoRow>
            ) : null}
            {clinica.telefono ? (
              <InfoRow icon={Phone} label="Teléfono">
                <a href={telHref(clinica.telefono)} className="hover:underline">
                  {clinica.telefono}
                </a>
              </InfoRow>
            ) : null}
            {clinica.email ? (
              <InfoRow icon={Mail} label="Email">
                <a href={`mailto:${clinica.email}`} className="hover:underline">
                  {clinica.email}
                </a>
              </InfoRow>
            ) : null}
            {clinica.sitioWeb && isWebUrl(clinica.sitioWeb) ? (
              <InfoRow icon={Globe} label="Sitio web">
                <a
                  href={clinica.sitioWeb}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  className="hover:underline"
                >
                  {clinica.sitioWeb.replace(/^https?:\/\//i, '').replace(/\/$/, '')}
                </a>
              </InfoRow>
            ) : null}
          </dl>
          {clinica.horario.length ? (
            <div className="mt-6">
              <h3 className="flex items-center gap-2 font-semibold">
                <Clock className="size-4 text-primary" aria-hidden="true" />
                Horario
              </h3>
              <table className="mt-3 w-full text-sm">
                <caption className="sr-only">Horario de apertura</caption>
                <tbody>
                  {clinica.horario.map((h, i) => (
                    <tr key={`${h.dias}-${i}`} className="border-b last:border-0">
                      <th scope="row" className="py-2 pr-3 text-left font-medium">
                        {h.dias}
                      </th>
                      <td className="py-2 text-right text-muted-foreground">{h.horas}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          <a href="/clinicas" className={buttonVariants({ variant: 'ghost', size: 'sm', className: 'mt-6 -ml-3' })}>
            <ArrowLeft aria-hidden="true" />
            Volver al directorio
          </a>
        </aside>
      </div>
    </div>
  );
}

export default function ClinicProfilePage() {
  // /clinicas/{id}
  const id = decodeURIComponent(usePublicPage().pathname.split('/')[2] ?? '');
  const { data, error, isPending } = useClinic(id);
  const notFound = data === null || (error instanceof ApiError && error.status === 404);
  return (
    <PublicLayout>
      {data ? (
        <Profile perfil={data} />
      ) : notFound ? (
        <NotFound />
      ) : isPending ? (
        <Loading />
      ) : (
        <p role="alert" className="mx-auto max-w-6xl px-4 py-16 text-destructive">
          No se pudo cargar la clínica. Recarga la página para intentarlo de nuevo.
        </p>
      )}
    </PublicLayout>
  );
}
