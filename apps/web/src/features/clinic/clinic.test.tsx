import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider, useSession } from '@/lib/session';
import { json, stubApi } from '@/test/api';
import { sameInstantIn, zoneChangeNotice } from './lib/zone-change';
import ClinicStepPage from './pages/clinic-step-page';
import SettingsPage from './pages/settings-page';

vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const SAVED = {
  id: 'c1',
  nombre: 'Clínica Sol',
  telefono: '910000000',
  logoUrl: null,
  direccion: 'Calle Mayor 1',
  pais: 'ES',
  ciudad: 'Madrid',
  zonaHoraria: 'Europe/Madrid',
  fechaActualizacion: null,
};

let clinic: typeof SAVED | null;
let sent: { method: string; body: Record<string, unknown> }[];

beforeEach(() => {
  clinic = null;
  sent = [];
  stubApi(
    // Without a clinic, Ana is at onboarding's clinic step.
    () => ({
      user: { onboardingStep: clinic ? 'completado' : 'perfil_completado' },
      clinica: clinic,
      rol: clinic ? 'admin' : null,
      permisos: clinic ? ['clinica.ver', 'clinica.editar'] : [],
    }),
    async (url, request) => {
      if (url.pathname === '/api/clinica' && request.method === 'GET') return json({ clinica: clinic });
      if (url.pathname === '/api/clinica') {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push({ method: request.method, body });
        return json({ clinica: { ...SAVED, ...body }, created: request.method === 'POST' }, 200);
      }
      return undefined;
    },
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function Location() {
  const location = useLocation();
  return <p data-testid="path">{location.pathname}</p>;
}

function SessionReady({ children }: { children: React.ReactNode }) {
  return useSession().loading ? null : children;
}

function renderAt(path: string) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route
              path="/onboarding/clinica"
              element={
                <SessionReady>
                  <ClinicStepPage />
                </SessionReady>
              }
            />
            <Route
              path="/settings"
              element={
                <SessionReady>
                  <SettingsPage />
                </SessionReady>
              }
            />
            <Route path="*" element={null} />
          </Routes>
          <Location />
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

const LOADED = { timeout: 5000 };
const FORM_TEST = { timeout: 20_000 };

/** Opens a Radix select by keyboard and picks an option, as a person with a keyboard would. */
async function choose(label: RegExp, option: string) {
  const trigger = screen.getByRole('combobox', { name: label });
  fireEvent.keyDown(trigger, { key: 'Enter' });
  const listbox = await screen.findByRole('listbox');
  fireEvent.keyDown(within(listbox).getByRole('option', { name: option }), { key: 'Enter' });
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

const options = async (label: RegExp) => {
  fireEvent.keyDown(screen.getByRole('combobox', { name: label }), { key: 'Enter' });
  const names = within(await screen.findByRole('listbox'))
    .getAllByRole('option')
    .map((o) => o.textContent);
  fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  return names;
};

describe('Configura tu clínica dental (onboarding)', () => {
  it('offers País as a list, requires it, and gives a Colombian clinic Bogotá’s zone', FORM_TEST, async () => {
    renderAt('/onboarding/clinica');
    await screen.findByRole('heading', { name: 'Configura tu clínica dental' }, LOADED);
    fireEvent.click(screen.getByRole('button', { name: 'Finalizar configuración' }));
    expect(await screen.findByText('El país es obligatorio')).toBeTruthy();
    // No country, no zone to show yet.
    expect(screen.queryByText(/Zona horaria/)).toBeNull();

    expect(await options(/^País/)).toEqual(['España', 'Colombia']);
    await choose(/^País/, 'Colombia');
    expect((await screen.findByText(/Zona horaria:/)).parentElement!.textContent).toMatch(
      /^Zona horaria: Colombia\. Hora actual en esta zona: \d{2}:\d{2}\.$/,
    );
    // The empty fields' examples are Colombian ones now, not a Madrid phone and street.
    expect(screen.getByLabelText(/^Teléfono de contacto/).getAttribute('placeholder')).toBe('300 123 4567');
    expect(screen.getByLabelText(/^Ciudad/).getAttribute('placeholder')).toBe('Bogotá');
    expect(screen.getByLabelText(/^Dirección/).getAttribute('placeholder')).toBe('Calle 100 # 10-20');
    fireEvent.change(screen.getByLabelText(/^Nombre de la clínica/), { target: { value: 'Clínica Andina' } });
    fireEvent.change(screen.getByLabelText(/^Teléfono de contacto/), { target: { value: '601 555 0100' } });
    fireEvent.change(screen.getByLabelText(/^Ciudad/), { target: { value: 'Medellín' } });
    fireEvent.change(screen.getByLabelText(/^Dirección/), { target: { value: 'Carrera 43A # 1-50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Finalizar configuración' }));
    await waitFor(() => expect(sent).toHaveLength(1), LOADED);
    expect(sent[0]).toEqual({
      method: 'POST',
      body: expect.objectContaining({ pais: 'CO', ciudad: 'Medellín', zonaHoraria: 'America/Bogota' }),
    });
  });

  it('in Spain, lets the city choose the zone until the user picks one', FORM_TEST, async () => {
    renderAt('/onboarding/clinica');
    await screen.findByRole('heading', { name: 'Configura tu clínica dental' }, LOADED);
    await choose(/^País/, 'España');
    const zone = () => screen.getByRole('combobox', { name: /^Zona horaria/ }).textContent;
    expect(zone()).toBe('Península y Baleares');
    fireEvent.change(screen.getByLabelText(/^Ciudad/), { target: { value: 'Las Palmas de Gran Canaria' } });
    await waitFor(() => expect(zone()).toBe('Canarias'));
    expect(await options(/^Zona horaria/)).toEqual(['Península y Baleares', 'Canarias', 'Ceuta y Melilla']);
    await choose(/^Zona horaria/, 'Península y Baleares');
    fireEvent.change(screen.getByLabelText(/^Ciudad/), { target: { value: 'Santa Cruz de Tenerife' } });
    expect(zone()).toBe('Península y Baleares');
  });
});

describe('Configuración de la Clínica', () => {
  it('changes the zone, saying first what happens to the appointments already booked', FORM_TEST, async () => {
    clinic = SAVED;
    renderAt('/settings');
    const zone = await screen.findByRole('combobox', { name: /^Zona horaria/ }, LOADED);
    expect(zone.textContent).toBe('Península y Baleares');
    expect(screen.getByRole('combobox', { name: /^País/ }).textContent).toBe('España');
    expect(screen.queryByRole('status')).toBeNull();

    await choose(/^Zona horaria/, 'Canarias');
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toBe(zoneChangeNotice('Europe/Madrid', 'Atlantic/Canary'));
    expect(notice.textContent).toContain('conservan su momento');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(sent).toHaveLength(1), LOADED);
    expect(sent[0]).toEqual({
      method: 'PUT',
      body: expect.objectContaining({ pais: 'ES', zonaHoraria: 'Atlantic/Canary' }),
    });
  });

  it('moves the zone with the country: to Colombia, Bogotá', FORM_TEST, async () => {
    clinic = SAVED;
    renderAt('/settings');
    await screen.findByRole('combobox', { name: /^Zona horaria/ }, LOADED);
    await choose(/^País/, 'Colombia');
    expect(await screen.findByText(/Zona horaria:/)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(zoneChangeNotice('Europe/Madrid', 'America/Bogota'));
  });
});

describe('the example of a zone change', () => {
  it('reads the same instant on the other clock, whatever the season', () => {
    const winter = Date.parse('2026-01-15T12:00:00Z');
    const summer = Date.parse('2026-07-15T12:00:00Z');
    expect(sameInstantIn('10:00', 'Europe/Madrid', 'Atlantic/Canary', winter)).toBe('09:00');
    expect(sameInstantIn('10:00', 'Europe/Madrid', 'America/Bogota', winter)).toBe('04:00');
    expect(sameInstantIn('10:00', 'Europe/Madrid', 'America/Bogota', summer)).toBe('03:00');
    expect(sameInstantIn('02:00', 'America/Bogota', 'Europe/Madrid', winter)).toBe('08:00');
    expect(sameInstantIn('22:00', 'America/Bogota', 'Europe/Madrid', summer)).toBe('05:00');
    expect(zoneChangeNotice('Europe/Madrid', 'America/Bogota', summer)).toContain(
      'una cita guardada a las 10:00 (Península y Baleares) se mostrará a las 03:00 (Colombia)',
    );
  });
});
