import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider, useSession } from '@/lib/session';
import { json, stubApi } from '@/test/api';
import { RequestMessage } from './components/request-message';
import RequestsPage from './pages/requests-page';

let queries: URLSearchParams[] = [];

beforeEach(() => {
  queries = [];
  stubApi(
    () => ({ rol: 'admin', permisos: ['solicitudes.ver'] }),
    (url) => {
      if (url.pathname === '/api/solicitudes') {
        queries.push(url.searchParams);
        return json({ solicitudes: [], total: 0, nuevas: 0, pagina: 1, porPagina: 10 });
      }
      return undefined;
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

function Location() {
  const location = useLocation();
  return <output data-testid="url">{location.pathname + location.search}</output>;
}
function AfterSession() {
  return useSession().loading ? null : <RequestsPage />;
}

function renderAt(path: string) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="*" element={<AfterSession />} />
          </Routes>
          <Location />
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

const url = () => screen.getByTestId('url').textContent;
const pressed = (name: string) => screen.getByRole('button', { name }).getAttribute('aria-pressed');

describe('/solicitudes', () => {
  it('keeps its filter and page in the URL, read with the server rule', async () => {
    renderAt('/solicitudes?estado=atendida&pagina=3');
    await screen.findByText('No hay solicitudes', {}, { timeout: 5000 });
    expect(pressed('Atendidas')).toBe('true');
    expect(queries.at(-1)?.get('estado')).toBe('atendida');
    expect(queries.at(-1)?.get('pagina')).toBe('3');

    // A new filter starts at page 1, and the URL says so (a reload or a shared link keeps it).
    fireEvent.click(screen.getByRole('button', { name: 'Nuevas' }));
    expect(url()).toBe('/solicitudes?estado=nueva');
    expect(pressed('Nuevas')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Todas' }));
    expect(url()).toBe('/solicitudes');
  });

  it('shows every request for an estado it does not know', async () => {
    renderAt('/solicitudes?estado=borrada&pagina=abc');
    await screen.findByText('No hay solicitudes', {}, { timeout: 5000 });
    expect(pressed('Todas')).toBe('true');
    expect(queries.at(-1)?.get('estado')).toBeNull();
    expect(queries.at(-1)?.get('pagina')).toBe('1');
  });
});

describe('a request’s message in the list', () => {
  it('shows a long one in four lines with «Ver mensaje completo», and a short one whole', () => {
    const long = 'Me duele una muela desde hace días. '.repeat(50);
    const { unmount } = render(<RequestMessage text={long} />);
    const text = screen.getByText(long.trim(), { normalizer: (s) => s.trim() });
    expect(text.className).toContain('line-clamp-4');
    const more = screen.getByRole('button', { name: 'Ver mensaje completo' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(text.className).not.toContain('line-clamp-4');
    expect(screen.getByRole('button', { name: 'Ver menos' }).getAttribute('aria-expanded')).toBe('true');
    unmount();

    render(<RequestMessage text="Quiero una limpieza." />);
    expect(screen.getByText('Quiero una limpieza.').className).not.toContain('line-clamp-4');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
