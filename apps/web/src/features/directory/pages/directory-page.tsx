import { directoryQueryString, specialtyName } from '@odontia/shared';
import { ChevronLeft, ChevronRight, SearchX, X } from 'lucide-react';
import { useId, type FormEvent } from 'react';
import { buttonVariants } from '@/components/ui/button-variants';
import { cx } from '@/lib/cx';
import { usePublicPage, usePublicSearchParams } from '@/lib/public-page';
import { pageParam } from '@/lib/page-param';
import { useClinics } from '../api/get-clinics';
import { useCities, useSpecialties } from '../api/get-filters';
import { useNextSlots } from '../api/next-slots';
import { ClinicCard } from '../components/clinic-card';
import { PublicLayout } from '../components/public-layout';
import { skeletonClass } from '../components/styles';
import { useDocumentTitle } from '../components/use-document-title';

const count = new Intl.NumberFormat('es-ES');

const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50';

/**
 * /clinicas: search by name (or city, or specialty words), filter by especialidad and ciudad. Every
 * filter lives in the URL, so a search can be shared, bookmarked and navigated back to.
 */
/**
 * 'Mostrando a - b de N' and links to the previous and next pages: real links (with the filters),
 * so they work without scripts, open in a new tab and can be followed by search engines.
 */
function Pages({
  total,
  pagina,
  porPagina,
  params,
}: {
  total: number;
  pagina: number;
  porPagina: number;
  params: { q: string; especialidad: string; ciudad: string };
}) {
  const pages = Math.max(1, Math.ceil(total / porPagina));
  const from = (pagina - 1) * porPagina + 1;
  const to = Math.min(pagina * porPagina, total);
  const href = (p: number) => `/clinicas${directoryQueryString({ ...params, pagina: p })}`;
  return (
    <div className="mt-8 flex flex-col items-center justify-between gap-3 sm:flex-row">
      <p className="text-sm text-muted-foreground">
        Mostrando {count.format(from)} - {count.format(to)} de {count.format(total)}
      </p>
      {pages > 1 ? (
        <nav aria-label="Paginación" className="flex items-center gap-2">
          {pagina > 1 ? (
            <a href={href(pagina - 1)} className={buttonVariants({ variant: 'outline', size: 'sm' })} rel="prev">
              <ChevronLeft aria-hidden="true" />
              Anterior
            </a>
          ) : null}
          <span className="px-2 text-sm" aria-current="page">
            Página {pagina} de {pages}
          </span>
          {pagina < pages ? (
            <a href={href(pagina + 1)} className={buttonVariants({ variant: 'outline', size: 'sm' })} rel="next">
              Siguiente
              <ChevronRight aria-hidden="true" />
            </a>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}

export default function DirectoryPage() {
  const searchParams = usePublicSearchParams();
  const q = searchParams.get('q') ?? '';
  const especialidad = searchParams.get('especialidad') ?? '';
  const ciudad = searchParams.get('ciudad') ?? '';
  const pagina = pageParam(searchParams);

  const { navigate } = usePublicPage();
  const { data, isPending, error, isPlaceholderData } = useClinics({ q, especialidad, ciudad, pagina });
  const nextSlots = useNextSlots(isPlaceholderData ? undefined : data?.clinicas);
  const especialidades = useSpecialties().data?.especialidades ?? [];
  const ciudades = useCities().data?.ciudades ?? [];

  const especialidadNombre = especialidades.find((e) => e.id === especialidad)?.nombre;
  const titulo = `Clínicas ${especialidadNombre ? `de ${especialidadNombre.toLowerCase()}` : 'dentales'}${ciudad ? ` en ${ciudad}` : ''}`;
  useDocumentTitle(`${titulo} · Odontia`);

  // A new search changes the address in place (the focus stays on the filter) and starts on its first page.
  const update = (changes: { q?: string; especialidad?: string; ciudad?: string }) =>
    navigate(`/clinicas${directoryQueryString({ q, especialidad, ciudad, ...changes })}`);

  // Read from the form: what a visitor typed or chose before the page was hydrated is what is searched.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const field = (name: string) => String(form.get(name) ?? '').trim();
    update({ q: field('q'), especialidad: field('especialidad'), ciudad: field('ciudad') });
  };

  const hasFilters = Boolean(q || especialidad || ciudad);
  const ids = { q: useId(), esp: useId(), ciudad: useId() };
  // A city typed in the URL that no clinic has yet still shows as chosen.
  const ciudadOptions =
    ciudad && !ciudades.some((c) => c.ciudad.localeCompare(ciudad, 'es', { sensitivity: 'base' }) === 0)
      ? [{ ciudad, total: 0 }, ...ciudades]
      : ciudades;

  return (
    <PublicLayout>
      <div className="border-b bg-gradient-to-b from-primary/10 to-background">
        <div className="mx-auto max-w-6xl px-4 py-10">
          <nav aria-label="Ruta de navegación" className="text-sm text-muted-foreground">
            <a href="/" className="hover:text-foreground hover:underline">
              Inicio
            </a>
            <span aria-hidden="true"> / </span>
            <span aria-current="page">Clínicas</span>
          </nav>
          <h1 className="mt-2 text-3xl font-bold tracking-tight">{titulo}</h1>
          <p className="mt-2 text-muted-foreground">Busca por nombre y filtra por especialidad o ciudad.</p>

          {/* Without scripts the form is sent as it is: /clinicas?q=…&especialidad=…&ciudad=…, rendered by the server.
              Its columns ignore their content's width: a select's width follows its longest option in the
              font of the moment, and a late font moved the columns (a layout shift). The selects get a fixed
              minimum instead (14.5rem), wide enough for 'Todas las especialidades' at 768 px. */}
          <form
            role="search"
            action="/clinicas"
            method="get"
            onSubmit={submit}
            className="mt-6 grid gap-3 md:grid-cols-[minmax(0,2fr)_minmax(14.5rem,1fr)_minmax(14.5rem,1fr)_auto] md:items-end"
          >
            <div className="grid gap-1.5">
              <label htmlFor={ids.q} className="text-sm font-medium">
                Buscar
              </label>
              <input
                id={ids.q}
                name="q"
                type="search"
                // Back and forward change the address: a new key gives the box the address's search.
                key={q}
                defaultValue={q}
                placeholder="Nombre de la clínica, especialidad o ciudad"
                maxLength={100}
                enterKeyHint="search"
                className={selectClass}
              />
            </div>
            <div className="grid gap-1.5">
              <label htmlFor={ids.esp} className="text-sm font-medium">
                Especialidad
              </label>
              <select
                id={ids.esp}
                name="especialidad"
                value={especialidad}
                onChange={(e) => update({ especialidad: e.target.value })}
                className={selectClass}
              >
                <option value="">Todas las especialidades</option>
                {especialidades.map((e) => (
                  <option key={e.id} value={e.id}>
                    {e.nombre}
                  </option>
                ))}
                {especialidad && !especialidades.some((e) => e.id === especialidad) ? (
                  <option value={especialidad}>{specialtyName(especialidad)}</option>
                ) : null}
              </select>
            </div>
            <div className="grid gap-1.5">
              <label htmlFor={ids.ciudad} className="text-sm font-medium">
                Ciudad
              </label>
              <select
                id={ids.ciudad}
                name="ciudad"
                value={
                  ciudadOptions.find((c) => c.ciudad.localeCompare(ciudad, 'es', { sensitivity: 'base' }) === 0)
                    ?.ciudad ?? ''
                }
                onChange={(e) => update({ ciudad: e.target.value })}
                className={selectClass}
              >
                <option value="">Todas las ciudades</option>
                {ciudadOptions.map((c) => (
                  <option key={c.ciudad} value={c.ciudad}>
                    {c.ciudad}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className={buttonVariants({ size: 'lg' })}>
              Buscar
            </button>
          </form>
        </div>
      </div>

      <div className="mx-auto max-w-6xl px-4 py-8" aria-busy={isPending || isPlaceholderData}>
        <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
          <p className="font-medium" aria-live="polite">
            {data
              ? `${count.format(data.total)} ${data.total === 1 ? 'clínica encontrada' : 'clínicas encontradas'}`
              : 'Buscando clínicas…'}
          </p>
          {hasFilters ? (
            <a href="/clinicas" className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
              <X aria-hidden="true" />
              Limpiar filtros
            </a>
          ) : null}
        </div>

        {error ? (
          <p role="alert" className="text-destructive">
            No se pudieron cargar las clínicas. Recarga la página para intentarlo de nuevo.
          </p>
        ) : !data ? (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
            {Array.from({ length: 6 }, (_, i) => (
              <li key={i}>
                <div className={cx(skeletonClass, 'h-80')} />
              </li>
            ))}
          </ul>
        ) : data.clinicas.length === 0 ? (
          <div className="flex flex-col items-center rounded-2xl border border-dashed px-6 py-16 text-center">
            <SearchX className="size-10 text-muted-foreground" aria-hidden="true" />
            <h2 className="mt-4 text-lg font-semibold">No se encontraron clínicas</h2>
            <p className="mt-1 max-w-md text-muted-foreground">
              Prueba con otro nombre u otra ciudad, o quita alguno de los filtros.
            </p>
            <div className="mt-6 flex flex-wrap justify-center gap-3">
              <a href="/clinicas" className={buttonVariants()}>
                Ver todas las clínicas
              </a>
              <a href="/" className={buttonVariants({ variant: 'outline' })}>
                Volver al inicio
              </a>
            </div>
          </div>
        ) : (
          <>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {data.clinicas.map((clinica) => (
                <li key={clinica.id}>
                  <ClinicCard clinica={clinica} headingLevel={2} proximoHueco={nextSlots.get(clinica.id)} />
                </li>
              ))}
            </ul>
            <Pages
              total={data.total}
              pagina={data.pagina}
              porPagina={data.porPagina}
              params={{ q, especialidad, ciudad }}
            />
          </>
        )}
      </div>
    </PublicLayout>
  );
}
