import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider, useSession } from '@/lib/session';
import { json, stubApi } from '@/test/api';
import SettingsPage from './pages/settings-page';

const CLINIC = {
  id: 'c1',
  nombre: 'Clínica Sol',
  telefono: '910000000',
  logoUrl: null,
  direccion: null,
  pais: 'ES',
  ciudad: 'Las Palmas',
  zonaHoraria: 'Atlantic/Canary',
  fechaActualizacion: null,
};

beforeEach(() => {
  stubApi(
    () => ({ rol: 'dentista', permisos: ['clinica.ver'], clinica: CLINIC }),
    (url) => {
      if (url.pathname === '/api/clinica') return json({ clinica: CLINIC });
      return undefined;
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

function AfterSession() {
  return useSession().loading ? null : <SettingsPage />;
}

describe("the clinic's settings for a member who may see them but not change them", () => {
  it('read as a list of its data: no inputs, no required marks, no Cancelar', async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <SessionProvider>
          <MemoryRouter>
            <AfterSession />
          </MemoryRouter>
        </SessionProvider>
      </QueryClientProvider>,
    );
    const card = await screen.findByRole('region', { name: 'Información de la clínica' }, { timeout: 5000 });
    const valueOf = (label: string) =>
      within(card).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(valueOf('Nombre de la clínica')).toBe('Clínica Sol');
    expect(valueOf('Dirección')).toBe('Sin indicar');
    expect(valueOf('País')).toBe('España');
    expect(valueOf('Zona horaria')).toBe('Canarias');
    expect(within(card).queryAllByRole('textbox')).toEqual([]);
    expect(within(card).queryByText('*')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Cancelar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Guardar cambios' })).toBeNull();
  });
});
