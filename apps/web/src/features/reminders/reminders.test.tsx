import { REMINDER_MESSAGES, todayInZone, type TomorrowReminder, type TomorrowReminders } from '@odontia/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider, useSession } from '@/lib/session';
import { json, stubApi } from '@/test/api';
import RemindersPage from './pages/reminders-page';

const TOMORROW = '2030-03-05';
const TODAY = todayInZone('Europe/Madrid');

const row = (over: Partial<TomorrowReminder> & { nombres: string; citaId: string }): TomorrowReminder => {
  const { nombres, ...rest } = over;
  return {
    horaInicio: '10:00',
    horaFin: '10:30',
    titulo: 'Revisión',
    estado: 'pendiente',
    paciente: { id: `p-${over.citaId}`, nombres, apellidos: 'Pardo' },
    dentista: 'Laura Gómez',
    telefono: { original: '612 345 678', e164: '+34612345678', motivo: null },
    consentimiento: true,
    envios: [],
    ...rest,
  };
};

const LIST: TomorrowReminders = {
  fecha: TOMORROW,
  citas: [
    row({ citaId: 'c1', nombres: 'Marta', horaInicio: '09:00', horaFin: '09:30' }),
    row({ citaId: 'c2', nombres: 'Luis', consentimiento: false }),
    row({
      citaId: 'c3',
      nombres: 'Sara',
      horaInicio: '11:00',
      telefono: { original: '6001', e164: null, motivo: 'invalido' },
    }),
    row({
      citaId: 'c4',
      nombres: 'Pedro',
      horaInicio: '12:00',
      estado: 'confirmada',
      envios: [{ id: 'm1', fechaEnvio: '2030-03-04T08:12:00.000Z', fecha: TODAY, hora: '09:12', enviadoPor: 'Ana' }],
    }),
  ],
};

const WA_URL = 'https://wa.me/34612345678?text=Hola%2C%20Marta.%20http%3A%2F%2Flocalhost%2Fcita%2Fabc';

type Calls = { lists: number; posts: string[] };

function stub(
  list: TomorrowReminders,
  permisos = ['citas.ver', 'citas.editar'],
  answer: () => Response = () => json({ url: WA_URL }, 201),
): Calls {
  const calls: Calls = { lists: 0, posts: [] };
  stubApi(
    () => ({ rol: 'recepcion', permisos }),
    (url, request) => {
      if (url.pathname === '/api/recordatorios/manana' && request.method === 'GET') {
        calls.lists += 1;
        return json(list);
      }
      const post = /^\/api\/recordatorios\/([^/]+)\/whatsapp$/.exec(url.pathname);
      if (post && request.method === 'POST') {
        calls.posts.push(post[1]!);
        return answer();
      }
      return undefined;
    },
  );
  return calls;
}

function AfterSession() {
  return useSession().loading ? null : <RemindersPage />;
}

function renderPage() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider>
        <MemoryRouter initialEntries={['/recordatorios']}>
          <AfterSession />
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

const rowOf = (name: RegExp) => screen.getByRole('listitem', { name });

afterEach(() => vi.unstubAllGlobals());

describe('/recordatorios', () => {
  it("lists tomorrow's appointments, with why a reminder cannot go and who sent one", async () => {
    stub(LIST);
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: REMINDER_MESSAGES.pageTitle })).toBeTruthy();
    await screen.findByRole('list', { name: 'Citas de mañana' });
    expect(screen.getByText(/Citas del martes, 5 de marzo de 2030/)).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Marta Pardo',
      'Luis Pardo',
      'Sara Pardo',
      'Pedro Pardo',
    ]);

    const marta = within(rowOf(/^09:00 Marta/));
    expect(marta.getByText('Laura Gómez')).toBeTruthy();
    expect(marta.getByText('(+34612345678)')).toBeTruthy();
    expect(marta.getByText(REMINDER_MESSAGES.notSent)).toBeTruthy();
    expect(marta.getByRole('button', { name: 'Enviar por WhatsApp a Marta Pardo' }).hasAttribute('disabled')).toBe(
      false,
    );

    // Without consent, or without a number WhatsApp takes, the button is off and says why.
    const luisButton = screen.getByRole('button', { name: 'Enviar por WhatsApp a Luis Pardo' });
    expect(luisButton.hasAttribute('disabled')).toBe(true);
    const luisReason = document.getElementById(luisButton.getAttribute('aria-describedby')!);
    expect(luisReason?.textContent).toBe('El paciente no ha aceptado recibir recordatorios');
    const saraButton = screen.getByRole('button', { name: 'Enviar por WhatsApp a Sara Pardo' });
    expect(saraButton.hasAttribute('disabled')).toBe(true);
    expect(document.getElementById(saraButton.getAttribute('aria-describedby')!)?.textContent).toBe(
      'El teléfono del paciente no es un número válido',
    );

    const pedro = within(rowOf(/^12:00 Pedro/));
    expect(pedro.getByText('Enviado por Ana a las 09:12')).toBeTruthy();
    expect(pedro.getByText('Confirmada')).toBeTruthy();
  });

  it('records the reminder, opens WhatsApp with the link answered and loads the list again', async () => {
    const calls = stub(LIST);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar por WhatsApp a Marta Pardo' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith(WA_URL, '_blank', 'noopener'));
    expect(calls.posts).toEqual(['c1']);
    await waitFor(() => expect(calls.lists).toBe(2));
    // Should the browser have blocked the new tab, the link is there to open by hand.
    const again = await screen.findByRole('link', { name: /Abrir WhatsApp de nuevo/ });
    expect(again.getAttribute('href')).toBe(WA_URL);
    expect(again.getAttribute('target')).toBe('_blank');
  });

  it('opens nothing when the server refuses, and loads the list again to show why', async () => {
    const calls = stub(LIST, undefined, () =>
      json({ error: { code: 'validation_error', message: REMINDER_MESSAGES.noConsent } }, 422),
    );
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar por WhatsApp a Marta Pardo' }));
    await waitFor(() => expect(calls.lists).toBe(2));
    expect(calls.posts).toEqual(['c1']);
    expect(open).not.toHaveBeenCalled();
    expect(screen.queryByRole('link', { name: /Abrir WhatsApp de nuevo/ })).toBeNull();
  });

  it('shows the list without the button to a member who may not send', async () => {
    stub(LIST, ['citas.ver']);
    renderPage();
    await screen.findByRole('list', { name: 'Citas de mañana' });
    expect(screen.queryByRole('button', { name: /Enviar por WhatsApp/ })).toBeNull();
    expect(within(rowOf(/^10:00 Luis/)).getByText(REMINDER_MESSAGES.noConsent)).toBeTruthy();
  });

  it('says when there are no appointments tomorrow', async () => {
    stub({ fecha: TOMORROW, citas: [] });
    renderPage();
    expect(await screen.findByText('No hay citas para mañana')).toBeTruthy();
  });
});
