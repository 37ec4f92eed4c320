import {
  BOOKING_MESSAGES,
  CLINIC_BENEFITS,
  EARLY_TAP_BAR_CLASS,
  EARLY_TAPS_SCRIPT,
  ESPECIALIDADES,
  PLANS,
} from '@odontia/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPublicPage, publicApp } from './app/public-app';
import { render } from './entry-server';
import { replayEarlyTaps } from './lib/early-taps';
import { json, stubApi } from './test/api';
import {
  BRACKETS,
  BRACKETS_ID,
  CITIES,
  DIRECTORY_FILTERED_PAGE_2,
  DIRECTORY_PAGE_1,
  EMPTY_DIRECTORY,
  EMPTY_LANDING,
  LANDING,
  MAR,
  MAR_ID,
  MAR_PROFILE,
  SONRISA,
  SONRISA_BOOKING,
  SONRISA_ID,
  SONRISA_PROFILE,
  UNKNOWN_ID,
  directoryData,
  landingData,
  profileData,
  type BootData,
} from './test/public-pages';

/*
 * The public pages rendered on the server (entry-server.tsx) and hydrated in the browser as public-main.tsx
 * does: their content is in the HTML, and React takes the HTML over as it is, without a mismatch and
 * without fetching again the data the page came with.
 */

const BOOKING_NEEDS_SCRIPTS = 'Para reservar cita online necesitas activar JavaScript en tu navegador.';
const REQUEST_NEEDS_SCRIPTS =
  'Para enviar una solicitud necesitas activar JavaScript en tu navegador. También puedes llamar a la clínica o escribirle un email.';

/** The markup of #root for `path`, as the API's seo-transform.ts gets it. */
async function serverHtml(path: string, data: BootData): Promise<string> {
  return (await render(`http://localhost${path}`, data)).html;
}

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

/** What the API writes in <head> (apps/api/src/features/directory/seo/boot-data.ts). */
const bootDataScript = (data: BootData) =>
  `<script id="odontia-datos" type="application/json">${JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )}</script>`;

type Page = {
  name: string;
  path: string;
  data: BootData;
  h1: string;
  /** Texts and markup (anything with <, >, = or ") the server's HTML must have. */
  contains: string[];
  /** What it must not have. */
  lacks?: string[];
  /** More checks on the parsed HTML. */
  check?: (doc: Document) => void;
};

const relHref = (doc: Document, rel: string) => doc.querySelector(`a[rel="${rel}"]`)?.getAttribute('href') ?? null;
const selected = (doc: Document, name: string) =>
  doc.querySelector<HTMLOptionElement>(`select[name="${name}"] option[selected]`)?.value ?? null;

const PAGES: Page[] = [
  {
    name: 'the landing',
    path: '/',
    data: landingData(LANDING),
    h1: 'Encuentra la mejor clínica dental para tu sonrisa',
    contains: [
      SONRISA.nombre,
      BRACKETS.nombre,
      MAR.nombre,
      'Madrid',
      'Barcelona',
      'Valencia',
      ...ESPECIALIDADES.map((e) => e.nombre),
      ESPECIALIDADES[0]!.descripcion,
      'Clínicas destacadas',
      'Reserva online',
      // Sonrisa has four specialties: three chips and '+1 más'.
      '+1 más',
      SONRISA.descripcion!,
      `href="/clinicas/${SONRISA_ID}"`,
      `href="/clinicas/${BRACKETS_ID}"`,
      `href="/clinicas/${MAR_ID}"`,
      'href="/clinicas?especialidad=ortodoncia"',
      'href="/clinicas?ciudad=Madrid"',
    ],
    lacks: ['Todavía no hay clínicas publicadas.'],
    check: (doc) => {
      // The featured carousel and the directory grid: Sonrisa's card twice.
      expect(doc.querySelectorAll(`a[href="/clinicas/${SONRISA_ID}"]`).length).toBe(4);
      expect(doc.querySelector('[aria-roledescription="carrusel"]')).not.toBeNull();
    },
  },
  {
    name: 'the landing without clinics',
    path: '/',
    data: landingData(EMPTY_LANDING),
    h1: 'Encuentra la mejor clínica dental para tu sonrisa',
    contains: ['Todavía no hay clínicas publicadas.', 'Especialidades', ...ESPECIALIDADES.map((e) => e.nombre)],
    lacks: ['Clínicas destacadas', 'href="/clinicas/', 'aria-roledescription="carrusel"'],
  },
  {
    name: 'the directory',
    path: '/clinicas',
    data: directoryData({}, DIRECTORY_PAGE_1),
    h1: 'Clínicas dentales',
    contains: [
      SONRISA.nombre,
      BRACKETS.nombre,
      MAR.nombre,
      'Ortodoncia',
      'Periodoncia',
      'Cirugía oral',
      '27 clínicas encontradas',
      'Mostrando 1 - 12 de 27',
      'Página 1 de 3',
      `href="/clinicas/${SONRISA_ID}"`,
      `href="/clinicas/${BRACKETS_ID}"`,
      `href="/clinicas/${MAR_ID}"`,
      'action="/clinicas"',
    ],
    lacks: ['Limpiar filtros', 'rel="prev"', 'No se encontraron clínicas'],
    check: (doc) => {
      expect(relHref(doc, 'next')).toBe('/clinicas?pagina=2');
      // The filters, for a visitor without scripts to send the form.
      const specialties = [...doc.querySelectorAll('select[name="especialidad"] option')].map((o) => o.textContent);
      expect(specialties).toEqual(['Todas las especialidades', ...ESPECIALIDADES.map((e) => e.nombre)]);
      const cities = [...doc.querySelectorAll('select[name="ciudad"] option')].map((o) => o.textContent);
      expect(cities).toEqual(['Todas las ciudades', ...CITIES.ciudades.map((c) => c.ciudad)]);
      expect(doc.querySelectorAll('main h2').length).toBe(3);
    },
  },
  {
    name: 'a filtered directory page',
    path: '/clinicas?especialidad=ortodoncia&ciudad=Madrid&pagina=2',
    data: directoryData({ especialidad: 'ortodoncia', ciudad: 'Madrid', pagina: 2 }, DIRECTORY_FILTERED_PAGE_2),
    h1: 'Clínicas de ortodoncia en Madrid',
    contains: [
      DIRECTORY_FILTERED_PAGE_2.clinicas[0]!.nombre,
      `href="/clinicas/${DIRECTORY_FILTERED_PAGE_2.clinicas[0]!.id}"`,
      '30 clínicas encontradas',
      'Mostrando 13 - 24 de 30',
      'Página 2 de 3',
      'Limpiar filtros',
    ],
    lacks: [SONRISA.nombre, 'No se encontraron clínicas'],
    check: (doc) => {
      expect(relHref(doc, 'prev')).toBe('/clinicas?especialidad=ortodoncia&ciudad=Madrid');
      expect(relHref(doc, 'next')).toBe('/clinicas?especialidad=ortodoncia&ciudad=Madrid&pagina=3');
      expect(selected(doc, 'especialidad')).toBe('ortodoncia');
      expect(selected(doc, 'ciudad')).toBe('Madrid');
    },
  },
  {
    name: 'the directory without clinics',
    path: '/clinicas',
    data: directoryData({}, EMPTY_DIRECTORY, { especialidades: [] }, { ciudades: [] }),
    h1: 'Clínicas dentales',
    contains: ['No se encontraron clínicas', '0 clínicas encontradas', 'Ver todas las clínicas'],
    lacks: ['rel="next"', 'rel="prev"', 'Mostrando', 'href="/clinicas/', 'Buscando clínicas'],
  },
  {
    name: 'a profile with online booking',
    path: `/clinicas/${SONRISA_ID}`,
    data: profileData(SONRISA_ID, SONRISA_PROFILE),
    h1: SONRISA.nombre,
    contains: [
      SONRISA.descripcion!,
      'Madrid',
      // Services, professionals and contact: every tab's panel is in the HTML.
      ...SONRISA_PROFILE.clinica.servicios,
      'Lucía Fernández Ruiz',
      'Javier Moreno',
      'Implantología',
      'Calle de Alcalá 120, Madrid',
      'Lunes a viernes',
      '09:00 - 20:00',
      'Sábados',
      '10:00 - 14:00',
      'citas@sonrisareal.test',
      'sonrisareal.test',
      'href="tel:+34910123456"',
      'Solicitar cita',
      `<noscript><p class="rounded-lg bg-muted px-4 py-3 text-sm">${BOOKING_NEEDS_SCRIPTS}</p></noscript>`,
      `<noscript><p class="mt-4 rounded-lg bg-muted px-4 py-3 text-sm">${REQUEST_NEEDS_SCRIPTS}</p></noscript>`,
      'href="/clinicas?especialidad=ortodoncia"',
    ],
    lacks: ['Clínica no encontrada', 'Cargando clínica', 'La clínica aún no ha publicado sus servicios.'],
    check: (doc) => {
      const tabs = [...doc.querySelectorAll('[role="tab"]')].map((t) => t.textContent);
      expect(tabs).toEqual(['Servicios', 'Profesionales', 'Contacto']);
      expect(doc.querySelectorAll('[role="tabpanel"]').length).toBe(3);
      expect(doc.querySelector('img')?.getAttribute('src')).toBe(SONRISA.imagen);
      // The booking panel is drawn whole, its button waiting for the options: nothing moves when they come.
      const panel = doc.getElementById('reservar')!;
      expect(panel.textContent).toContain(BOOKING_MESSAGES.onlineBadge);
      const book = [...panel.querySelectorAll('button')].find((b) => b.textContent === BOOKING_MESSAGES.bookOnline);
      expect(book?.disabled).toBe(true);
    },
  },
  {
    name: 'a profile without online booking',
    path: `/clinicas/${MAR_ID}`,
    data: profileData(MAR_ID, MAR_PROFILE),
    h1: MAR.nombre,
    contains: [
      'Valencia',
      'Periodoncia',
      'Cirugía oral',
      'La clínica aún no ha publicado sus servicios.',
      '+34 963 555 777',
      `<noscript><p class="mt-4 rounded-lg bg-muted px-4 py-3 text-sm">${REQUEST_NEEDS_SCRIPTS}</p></noscript>`,
    ],
    lacks: [BOOKING_NEEDS_SCRIPTS, 'Horario', 'Profesionales', 'Dirección', 'Clínica no encontrada'],
  },
  {
    name: 'an unknown profile',
    path: `/clinicas/${UNKNOWN_ID}`,
    data: profileData(UNKNOWN_ID, null),
    h1: 'Clínica no encontrada',
    contains: ['La clínica que buscas no existe o ya no está publicada en el directorio.', 'Volver al directorio'],
    lacks: ['Cargando clínica', 'No se pudo cargar la clínica'],
  },
  {
    name: 'the software page',
    path: '/software-info',
    data: {},
    h1: 'El software que organiza tu clínica y te trae pacientes',
    contains: [
      ...CLINIC_BENEFITS.map((b) => b.titulo),
      ...PLANS.map((p) => p.nombre),
      'Cómo empezar',
      'href="/auth?register=true"',
    ],
  },
];

describe('render (server)', () => {
  it.each(PAGES)('puts the content of $name in the HTML', async ({ path, data, h1, contains, lacks = [], check }) => {
    const html = await serverHtml(path, data);
    const doc = parse(html);
    expect(doc.querySelectorAll('h1')).toHaveLength(1);
    expect(doc.querySelector('h1')?.textContent).toBe(h1);
    // Markup is looked for in the HTML, words in its text (React separates adjacent texts with <!-- -->).
    const text = doc.body.textContent ?? '';
    const within = (snippet: string) => (/[<>="]/.test(snippet) ? html : text);
    for (const snippet of contains) expect(within(snippet)).toContain(snippet);
    for (const snippet of lacks) expect(within(snippet)).not.toContain(snippet);
    // The shell of every public page, with its way in for a signed-out visitor.
    expect(doc.querySelector('header a[href="/auth"]')).not.toBeNull();
    expect(doc.querySelector('footer')).not.toBeNull();
    check?.(doc);
  });

  it('forgets the boot data after each render', async () => {
    await serverHtml(`/clinicas/${SONRISA_ID}`, profileData(SONRISA_ID, SONRISA_PROFILE));
    const html = await serverHtml(`/clinicas/${SONRISA_ID}`, {});
    // Without data the page waits for its request, as in a browser.
    expect(html).toContain('Cargando clínica');
    expect(html).not.toContain(SONRISA.nombre);
  });
});

// ---------------------------------------------------------------------------------------------------

let root: Root | null = null;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Paths and queries of the requests the page made. */
const requested = () =>
  vi.mocked(fetch).mock.calls.map(([input]) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    return url.pathname + url.search;
  });

/** Every console.error and console.warn call, as text. */
const consoleCalls = () =>
  [...vi.mocked(console.error).mock.calls, ...vi.mocked(console.warn).mock.calls].map((args) =>
    args.map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(' '),
  );

/** Until the page has nothing left to do after hydrating: the session checked, the lazy parts loaded. */
function settled() {
  const header = document.querySelector('header');
  if (!header || header.querySelector('.invisible')) return false;
  if (!header.querySelector('button[aria-label="Cambiar tema"]')) return false;
  if (window.location.pathname === '/' && !document.getElementById('propietarios')) return false;
  if (document.querySelector('h1')?.textContent === SONRISA.nombre) {
    return [...document.querySelectorAll('button')].some((b) => b.textContent === BOOKING_MESSAGES.bookOnline);
  }
  return true;
}

/**
 * The page as the browser gets it (the boot data in <head>, the server's HTML in #root marked
 * data-ssr), then what public-main.tsx does with it: its page's module loads, and React hydrates it.
 * `serverData`: the data the server rendered with, when it is not the page's boot data.
 */
async function hydratePage(
  path: string,
  data: BootData,
  {
    serverData = data,
    inBrowser,
    beforeScripts,
  }: { serverData?: BootData; inBrowser?: () => void; beforeScripts?: () => void } = {},
) {
  const html = await serverHtml(path, serverData);
  // What only the browser has (a stored preference), which the server cannot see.
  inBrowser?.();
  // As the API: a page without data (the software page) has no script.
  if (Object.keys(data).length) document.head.insertAdjacentHTML('beforeend', bootDataScript(data));
  document.body.innerHTML = `<div id="root" data-ssr="">${html}</div>`;
  window.history.replaceState(null, '', path);
  const server = {
    h1: document.querySelector('h1'),
    main: document.querySelector('main'),
    booking: document.getElementById('reservar'),
  };
  expect(server.h1).not.toBeNull();

  const container = document.getElementById('root')!;
  expect(container.hasAttribute('data-ssr')).toBe(true);
  // What the visitor does between the first paint and the scripts (decision 0025).
  beforeScripts?.();
  const Page = await loadPublicPage(window.location.pathname);
  if (!Page) throw new Error(`${path} is not a public page`);
  const recoverableErrors: unknown[] = [];
  const { pathname, search } = window.location;
  await act(async () => {
    root = hydrateRoot(container, publicApp(Page, { pathname, search }), {
      onRecoverableError: (error) => recoverableErrors.push(error),
    });
  });
  for (let waited = 0; !settled() && waited < 5000; waited += 20) {
    await act(() => sleep(20));
  }
  // Anything still on its way (a last render, a late effect).
  await act(() => sleep(20));
  return { server, recoverableErrors };
}

beforeEach(() => {
  vi.spyOn(console, 'warn');
  stubApi(
    () => null,
    (url) => {
      if (url.pathname === `/api/reservas/${SONRISA_ID}/opciones`) return json(SONRISA_BOOKING);
      if (url.pathname === `/api/reservas/${SONRISA_ID}/huecos`) return json({ dias: [] });
      return undefined;
    },
  );
});

afterEach(async () => {
  const mounted = root;
  root = null;
  if (mounted) await act(async () => mounted.unmount());
  document.getElementById('odontia-datos')?.remove();
  document.body.innerHTML = '';
  document.title = '';
  window.history.replaceState(null, '', '/');
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

describe('hydration', () => {
  it.each(PAGES)('takes over the HTML of $name as it is', async ({ path, data, h1 }) => {
    const { server, recoverableErrors } = await hydratePage(path, data);

    expect(consoleCalls()).toEqual([]);
    expect(recoverableErrors).toEqual([]);
    expect(settled()).toBe(true);
    // The server's nodes were kept, not replaced by a render of the browser's own.
    expect(document.querySelector('h1')).toBe(server.h1);
    expect(document.querySelector('main')).toBe(server.main);
    expect(server.h1?.textContent).toBe(h1);
    expect(server.h1?.isConnected).toBe(true);
    // The boot data was read (and its element dropped), not fetched again.
    expect(document.getElementById('odontia-datos')).toBeNull();
    const requests = requested();
    expect(requests).toContain('/api/me');
    for (const key of Object.keys(data)) expect(requests).not.toContain(key);
    expect(requests.filter((r) => r.startsWith('/api/directorio/'))).toEqual([]);
  });

  it('asks a clinic with online booking for its options after hydrating, and shows the booking panel', async () => {
    const { server } = await hydratePage(`/clinicas/${SONRISA_ID}`, profileData(SONRISA_ID, SONRISA_PROFILE));
    // Asked once the booking's part has loaded, after hydration.
    await waitFor(() => expect(requested()).toContain(`/api/reservas/${SONRISA_ID}/opciones`), { timeout: 10_000 });
    expect(consoleCalls()).toEqual([]);
    expect(document.body.textContent).toContain(BOOKING_MESSAGES.orRequest);
    // The server's panel is kept, and its button enabled once the options have come.
    expect(document.getElementById('reservar')).toBe(server.booking);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: BOOKING_MESSAGES.bookOnline })).toHaveProperty('disabled', false),
    );
  });

  it('hydrates with the default theme, then shows the stored one', async () => {
    const { server, recoverableErrors } = await hydratePage('/clinicas', directoryData({}, DIRECTORY_PAGE_1), {
      inBrowser: () => window.localStorage.setItem('ui-theme', 'dark'),
    });

    expect(consoleCalls()).toEqual([]);
    expect(recoverableErrors).toEqual([]);
    expect(document.querySelector('h1')).toBe(server.h1);
    const menu = document.getElementById('menu-publico')!;
    const pressed = (label: string) =>
      [...menu.querySelectorAll('button')].find((b) => b.textContent === label)?.getAttribute('aria-pressed');
    expect(pressed('Oscuro')).toBe('true');
    expect(pressed('Sistema')).toBe('false');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
  });
});

describe('taps before hydration', () => {
  /** A click as a finger or a mouse sends it; false when something prevented its default action. */
  const tap = (element: Element) => element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
  const byText = (selector: string, text: string) =>
    [...document.querySelectorAll<HTMLElement>(selector)].find((e) => e.textContent === text)!;
  // The page's inline script, as the API serves it in <head> (apps/api/src/platform/spa.ts).
  const earlyTapsScript = () => new Function(EARLY_TAPS_SCRIPT)() as void;

  // A test that failed halfway leaves no listener holding the next one's clicks.
  afterEach(() => replayEarlyTaps());

  it("are held, then replayed once on the nodes React has taken over: the phone menu opens, Contacto's panel shows", async () => {
    const before: { menu?: HTMLElement; contacto?: HTMLElement; held?: boolean[] } = {};
    await hydratePage(`/clinicas/${SONRISA_ID}`, profileData(SONRISA_ID, SONRISA_PROFILE), {
      beforeScripts: () => {
        earlyTapsScript();
        before.menu = document.querySelector<HTMLElement>('button[aria-label="Menú"]')!;
        before.contacto = byText('[role="tab"]', 'Contacto');
        // Tapped twice because nothing happened: the menu must end open, not toggled twice.
        before.held = [tap(before.menu), tap(before.menu.querySelector('svg')!), tap(before.contacto)];
        expect(before.menu.getAttribute('aria-expanded')).toBe('false');
        // The visitor sees that something is coming, outside the nodes React will hydrate.
        expect(document.querySelectorAll(`.${EARLY_TAP_BAR_CLASS}`)).toHaveLength(1);
        expect(document.querySelector(`.${EARLY_TAP_BAR_CLASS}`)!.parentElement).toBe(document.body);
      },
    });

    expect(consoleCalls()).toEqual([]);
    expect(before.held).toEqual([false, false, false]);
    expect(document.querySelector(`.${EARLY_TAP_BAR_CLASS}`)).toBeNull();
    const menu = document.querySelector<HTMLElement>('button[aria-label="Menú"]')!;
    expect(menu).toBe(before.menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById('menu-publico')!.hidden).toBe(false);
    const contacto = byText('[role="tab"]', 'Contacto');
    expect(contacto).toBe(before.contacto);
    expect(contacto.getAttribute('aria-selected')).toBe('true');
    expect(document.getElementById(contacto.getAttribute('aria-controls')!)!.dataset.state).toBe('active');
    expect(byText('[role="tab"]', 'Servicios').getAttribute('aria-selected')).toBe('false');

    // Once (StrictMode ran the effect twice already): nothing is replayed again, and a tap now is React's own.
    await act(async () => replayEarlyTaps());
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    await act(async () => void tap(menu));
    expect(menu.getAttribute('aria-expanded')).toBe('false');
  });

  it('hold only JS-only buttons: links and submit buttons work without scripts, and a replaced node is skipped', () => {
    document.body.innerHTML =
      '<a href="#arriba">Arriba</a><form><button>Buscar</button></form><button type="button">Viejo</button>';
    const clicked: string[] = [];
    const listening = new AbortController();
    document.addEventListener('click', (e) => clicked.push((e.target as HTMLElement).textContent!), {
      signal: listening.signal,
    });
    earlyTapsScript();
    const [link, submit, old] = [...document.querySelectorAll('a, button')];
    const submitted = vi.fn((e: Event) => e.preventDefault());
    document.querySelector('form')!.addEventListener('submit', submitted);
    expect(tap(link)).toBe(true);
    tap(submit);
    expect(submitted).toHaveBeenCalledTimes(1);
    expect(tap(old)).toBe(false);
    expect(clicked).toEqual(['Arriba', 'Buscar']);
    // The browser had to render the page itself: the tapped node is gone.
    document.body.innerHTML = '<button type="button">Viejo</button>';
    replayEarlyTaps();
    expect(clicked).toEqual(['Arriba', 'Buscar']);
    tap(document.querySelector('button')!);
    expect(clicked).toEqual(['Arriba', 'Buscar', 'Viejo']);
    listening.abort();
  });

  it('send the search form as it is when one of its filters changes, and leave other selects alone', () => {
    document.body.innerHTML =
      '<form role="search" action="/clinicas" method="get"><select name="ciudad"><option value="">Todas</option><option>Sevilla</option></select></form>' +
      '<form><select name="otro"><option>a</option><option>b</option></select></form>';
    earlyTapsScript();
    const [search, other] = [...document.querySelectorAll('form')];
    const sent = [
      vi.spyOn(search!, 'submit').mockImplementation(() => {}),
      vi.spyOn(other!, 'submit').mockImplementation(() => {}),
    ];
    const choose = (select: HTMLSelectElement, value: string) => {
      select.value = value;
      select.dispatchEvent(new Event('change', { bubbles: true }));
    };
    choose(other!.querySelector('select')!, 'b');
    choose(search!.querySelector('select')!, 'Sevilla');
    expect(sent.map((s) => s.mock.calls.length)).toEqual([1, 0]);
    // Once hydrated the page's own handlers answer: nothing is sent natively.
    replayEarlyTaps();
    choose(search!.querySelector('select')!, '');
    expect(sent[0]).toHaveBeenCalledTimes(1);
  });
});

describe('the hydration checks', () => {
  it('catch HTML whose text differs from what the browser renders', async () => {
    // The detector must report it: these calls are expected here.
    vi.mocked(console.error).mockImplementation(() => undefined);
    vi.mocked(console.warn).mockImplementation(() => undefined);
    const other = { ...SONRISA_PROFILE, clinica: { ...SONRISA_PROFILE.clinica, nombre: 'Clínica Dental Otra' } };
    const { server, recoverableErrors } = await hydratePage(
      `/clinicas/${SONRISA_ID}`,
      profileData(SONRISA_ID, SONRISA_PROFILE),
      { serverData: profileData(SONRISA_ID, other) },
    );

    expect(recoverableErrors.length + consoleCalls().length).toBeGreaterThan(0);
    expect(
      [...recoverableErrors.map((e) => (e instanceof Error ? e.message : String(e))), ...consoleCalls()].join('\n'),
    ).toMatch(/hydrat/i);
    // React rendered the page again in the browser: the server's heading is gone.
    expect(document.querySelector('h1')).not.toBe(server.h1);
    expect(document.body.textContent).not.toContain('Clínica Dental Otra');
  });

  it('catch HTML whose attributes differ from what the browser renders', async () => {
    vi.mocked(console.error).mockImplementation(() => undefined);
    vi.mocked(console.warn).mockImplementation(() => undefined);
    const other = {
      ...SONRISA_PROFILE,
      clinica: { ...SONRISA_PROFILE.clinica, imagen: 'https://cdn.odontia.test/clinicas/otra.webp' },
    };
    const { recoverableErrors } = await hydratePage(
      `/clinicas/${SONRISA_ID}`,
      profileData(SONRISA_ID, SONRISA_PROFILE),
      {
        serverData: profileData(SONRISA_ID, other),
      },
    );

    expect(recoverableErrors.length + consoleCalls().length).toBeGreaterThan(0);
    expect(consoleCalls().join('\n')).toMatch(/attributes of the server rendered HTML didn't match/);
  });
});
