import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider, useSession } from '@/lib/session';
import { json, stubApi } from '@/test/api';
import AuditPage from './pages/audit-page';

const ANA = '0b8f0e4e-8a54-4b8e-9a36-0a7a3f1f2c11';
let queries: URLSearchParams[] = [];

beforeEach(() => {
  queries = [];
  stubApi(
    () => ({ rol: 'admin', permisos: ['auditoria.ver'] }),
    (url) => {
      if (url.pathname === '/api/auditoria/opciones') return json({ usuarios: [{ id: 'u2', nombre: 'Marta' }] });
      if (url.pathname === '/api/auditoria') {
        queries.push(url.searchParams);
        return json({
          registros: [
            {
              id: 2,
              fecha: '2026-11-20T09:30:00.000Z',
              accion: 'odontograma.guardar',
              usuario: { id: 'u2', nombre: 'Marta' },
              paciente: { id: ANA, nombre: 'Ana Ortega' },
              direccion: '10.0.0.7',
              detalle: { version: 3 },
            },
            {
              id: 1,
              fecha: '2026-11-20T09:00:00.000Z',
              accion: 'paciente.ver',
              usuario: { id: 'u2', nombre: 'Marta' },
              paciente: null,
              direccion: '10.0.0.7',
              detalle: null,
            },
          ],
          total: 45,
          pagina: Number(url.searchParams.get('pagina')),
          porPagina: 20,
        });
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
  return useSession().loading ? null : <AuditPage />;
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

describe('Registro de auditoría', { timeout: 20_000 }, () => {
  it('lists the rows in Spanish words and keeps the filters and the page in the URL', async () => {
    renderAt('/auditoria?usuario=u2&desde=2026-11-01&pagina=2');
    const table = await screen.findByRole('table', { name: 'Registro de auditoría' }, { timeout: 10_000 });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]!.textContent).toContain('Guardó el odontograma (versión 3)');
    expect(rows[1]!.textContent).toContain('Ana Ortega');
    expect(rows[1]!.textContent).toContain('10.0.0.7');
    expect(rows[2]!.textContent).toContain('Vio la ficha del paciente');
    const sent = queries.at(-1)!;
    expect([sent.get('usuario'), sent.get('desde'), sent.get('hasta'), sent.get('pagina')]).toEqual([
      'u2',
      '2026-11-01',
      '',
      '2',
    ]);
    expect((screen.getByLabelText('Desde') as HTMLInputElement).value).toBe('2026-11-01');

    // A changed filter starts again at page 1; the others stay.
    fireEvent.change(screen.getByLabelText('Hasta'), { target: { value: '2026-11-30' } });
    expect(screen.getByTestId('url').textContent).toBe('/auditoria?usuario=u2&desde=2026-11-01&hasta=2026-11-30');

    fireEvent.click(within(table).getByRole('button', { name: 'Filtrar por Ana Ortega' }));
    expect(screen.getByTestId('url').textContent).toBe(
      `/auditoria?paciente=${ANA}&usuario=u2&desde=2026-11-01&hasta=2026-11-30`,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Quitar filtros' }));
    expect(screen.getByTestId('url').textContent).toBe('/auditoria');
  });
});
