import type { NewsItem } from '@odontia/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider } from '@/lib/session';
import { json, stubApi } from '@/test/api';
import DashboardPage from './pages/dashboard-page';

let noticias: NewsItem[] = [];
let permisos: string[] = [];
let pasos: Record<string, boolean>;
let pasosAsked = 0;

beforeEach(() => {
  noticias = [];
  permisos = [];
  pasosAsked = 0;
  pasos = { perfil: true, dentistas: false, horario: true, equipo: false, catalogo: false, perfilPublico: false };
  stubApi(
    () => ({ rol: 'admin', permisos }),
    (url) => {
      if (url.pathname === '/api/noticias') return json({ noticias });
      if (url.pathname === '/api/panel/primeros-pasos') {
        pasosAsked += 1;
        return json(pasos);
      }
      return undefined;
    },
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function renderDashboard(props: React.ComponentProps<typeof DashboardPage> = {}) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider>
        <MemoryRouter>
          <DashboardPage {...props} />
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

describe('Dashboard', () => {
  it('greets the member, shows today in long Spanish form and the other features’ parts, and no agenda placeholder', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-11-21T10:00:00Z') });
    const Section = () => <section aria-label="Parte de otro feature" />;
    renderDashboard({ actions: <button type="button">Crear notificación de prueba</button>, sections: [Section] });
    expect(await screen.findByRole('heading', { level: 1, name: '¡Bienvenido, Ana!' })).toBeTruthy();
    expect(screen.getByText('sábado, 21 de noviembre de 2026')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Crear notificación de prueba' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Parte de otro feature' })).toBeTruthy();
    expect(screen.queryByText(/Agenda del día/)).toBeNull();
  });

  it("'Hoy es' is the clinic's day, not the browser's", async () => {
    // 23:30 UTC (the browser's zone in the tests) is already Sunday in Madrid, the clinic's zone.
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-11-21T23:30:00Z') });
    renderDashboard();
    expect(await screen.findByText('domingo, 22 de noviembre de 2026')).toBeTruthy();
    expect(screen.queryByText('sábado, 21 de noviembre de 2026')).toBeNull();
  });

  it("shows 'Primeros pasos' to who sets the clinic up: each step links to its screen, ticked from the data", async () => {
    permisos = ['clinica.editar'];
    renderDashboard();
    const card = await screen.findByRole('region', { name: 'Primeros pasos' });
    expect(within(card).getByText('2 de 6 completados. Deja lista la clínica para empezar a trabajar.')).toBeTruthy();
    const links = within(card).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Sube el logo de la clínica y revisa sus datos(hecho)', '/settings'],
      ['Añade los dentistas de la agenda(pendiente)', '/dentistas'],
      ['Indica el horario de la clínica(hecho)', '/settings'],
      ['Invita a tu equipo(pendiente)', '/usuarios/nuevo'],
      ['Crea el catálogo de productos y servicios(pendiente)', '/productos/nuevo'],
      ['Describe la clínica y sus especialidades en el perfil público(pendiente)', '/settings'],
    ]);
  });

  it("has no 'Primeros pasos' once every step is done, nor for members who do not set the clinic up", async () => {
    permisos = ['clinica.editar'];
    pasos = { perfil: true, dentistas: true, horario: true, equipo: true, catalogo: true, perfilPublico: true };
    const { unmount } = renderDashboard();
    await waitFor(() => expect(pasosAsked).toBe(1));
    await screen.findByText('No hay noticias disponibles');
    expect(screen.queryByRole('region', { name: 'Primeros pasos' })).toBeNull();
    unmount();

    permisos = ['clinica.ver'];
    renderDashboard();
    await screen.findByText('No hay noticias disponibles');
    expect(screen.queryByRole('region', { name: 'Primeros pasos' })).toBeNull();
    expect(pasosAsked).toBe(1);
  });

  it('says when there is no news', async () => {
    renderDashboard();
    const card = screen.getByRole('region', { name: 'Noticias de la comunidad' });
    expect(await within(card).findByText('No hay noticias disponibles')).toBeTruthy();
  });

  it("lists the news, and 'Leer más' opens the whole item in a dialog that gives focus back", async () => {
    noticias = [
      {
        id: 'n1',
        titulo: 'Nueva guía de radioprotección',
        resumen: 'Lo que cambia para las clínicas.',
        contenido: 'Primer párrafo.\n\nSegundo párrafo.',
        fecha: '2026-11-10',
      },
      {
        id: 'n2',
        titulo: 'Congreso de periodoncia',
        resumen: 'Fechas y sede.',
        contenido: 'Detalle.',
        fecha: '2026-10-02',
      },
    ];
    renderDashboard();
    const card = screen.getByRole('region', { name: 'Noticias de la comunidad' });
    await waitFor(() => expect(within(card).getAllByRole('listitem')).toHaveLength(2));
    expect(within(card).getByRole('heading', { name: 'Nueva guía de radioprotección' })).toBeTruthy();
    expect(within(card).getByText('10/11/2026')).toBeTruthy();
    expect(within(card).getByText('Lo que cambia para las clínicas.')).toBeTruthy();

    const readMore = within(card).getAllByRole('button', { name: 'Leer más' })[0];
    expect(readMore.getAttribute('aria-describedby')).toBe(
      within(card).getByRole('heading', { name: 'Nueva guía de radioprotección' }).id,
    );
    readMore.focus();
    fireEvent.click(readMore);
    const dialog = await screen.findByRole('dialog', { name: 'Nueva guía de radioprotección' });
    expect(
      within(dialog)
        .getAllByText(/párrafo/)
        .map((p) => p.textContent),
    ).toEqual(['Primer párrafo.', 'Segundo párrafo.']);
    expect(dialog.contains(document.activeElement)).toBe(true);

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(readMore));
  });
});
