import { RECALL_MESSAGES as R, type RecallPage, type RecallPatient } from '@odontia/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider, useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { json, stubApi } from '@/test/api';
import RecallsPage from './pages/recalls-page';

vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const patient = (over: Partial<RecallPatient> & { id: string; nombres: string }): RecallPatient => ({
  apellidos: 'Pardo',
  email: `${over.nombres.toLowerCase()}@correo.test`,
  telefono: { original: '612 345 678', e164: '+34612345678', motivo: null },
  ultimaVisita: '2024-03-05',
  consentimiento: true,
  ultimoRecordatorio: null,
  ...over,
});

const PAGE: RecallPage = {
  pacientes: [
    patient({
      id: 'p1',
      nombres: 'Marta',
      ultimaVisita: '2023-11-20',
      ultimoRecordatorio: { canal: 'whatsapp', fecha: '2026-11-20T09:30:00.000Z' },
    }),
    patient({ id: 'p2', nombres: 'Luis', consentimiento: false }),
    patient({ id: 'p3', nombres: 'Sara', email: null, telefono: { original: '6001', e164: null, motivo: 'invalido' } }),
  ],
  total: 23,
  pagina: 1,
  porPagina: 20,
  revisionMeses: 6,
};

const WA_URL = 'https://wa.me/34612345678?text=Hola%2C%20Marta';

type Calls = { pages: string[]; posts: string[] };

function stub(
  page: RecallPage,
  permisos = ['pacientes.ver', 'pacientes.editar'],
  answer: (canal: string) => Response = (canal) =>
    canal === 'whatsapp' ? json({ url: WA_URL }) : json({ enviado: true }),
): Calls {
  const calls: Calls = { pages: [], posts: [] };
  stubApi(
    () => ({ rol: 'recepcion', permisos }),
    (url, request) => {
      if (url.pathname === '/api/revisiones' && request.method === 'GET') {
        const pagina = url.searchParams.get('pagina') ?? '1';
        calls.pages.push(pagina);
        return json({ ...page, pagina: Number(pagina) });
      }
      const post = /^\/api\/revisiones\/([^/]+)\/(email|whatsapp)$/.exec(url.pathname);
      if (post && request.method === 'POST') {
        calls.posts.push(`${post[1]} ${post[2]}`);
        return answer(post[2]!);
      }
      return undefined;
    },
  );
  return calls;
}

function Search() {
  return <p data-testid="search">{useLocation().search}</p>;
}

function AfterSession() {
  return useSession().loading ? null : (
    <>
      <RecallsPage />
      <Search />
    </>
  );
}

function renderPage(entry = '/revisiones') {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider>
        <MemoryRouter initialEntries={[entry]}>
          <Routes>
            <Route path="/revisiones" element={<AfterSession />} />
          </Routes>
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

const rowOf = (name: string) => within(screen.getByRole('listitem', { name }));
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const reasonOf = (b: HTMLElement) => document.getElementById(b.getAttribute('aria-describedby')!)?.textContent;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

describe('/revisiones', () => {
  it('lists the patients due a check-up, with their last visit and why an invitation cannot go', async () => {
    stub(PAGE);
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: R.pageTitle })).toBeTruthy();
    await screen.findByRole('list', { name: 'Pacientes con la revisión pendiente' });
    expect(screen.getByText(R.pageDescription(6))).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Marta Pardo',
      'Luis Pardo',
      'Sara Pardo',
    ]);
    const marta = rowOf('Marta Pardo');
    expect(marta.getByText('20/11/2023')).toBeTruthy();
    expect(marta.getByRole('link', { name: 'Marta Pardo' }).getAttribute('href')).toBe('/pacientes/p1');
    expect(marta.getByText(R.consentYes)).toBeTruthy();
    // The last recall sent, so the desk does not invite a patient twice.
    expect(marta.getByText('WhatsApp, 20/11/2026')).toBeTruthy();
    expect(rowOf('Luis Pardo').getByText(R.noReminder)).toBeTruthy();
    expect(button('Enviar correo a Marta Pardo').disabled).toBe(false);
    expect(button('Enviar por WhatsApp a Marta Pardo').disabled).toBe(false);

    // Without consent both are off, for one reason said once.
    const luisEmail = button('Enviar correo a Luis Pardo');
    const luisWhatsapp = button('Enviar por WhatsApp a Luis Pardo');
    expect([luisEmail.disabled, luisWhatsapp.disabled]).toEqual([true, true]);
    expect(reasonOf(luisEmail)).toBe(R.noConsent);
    expect(reasonOf(luisWhatsapp)).toBe(R.noConsent);
    expect(rowOf('Luis Pardo').getAllByText(R.noConsent)).toHaveLength(1);
    // Without an email or a valid phone, each button says its own.
    expect(reasonOf(button('Enviar correo a Sara Pardo'))).toBe(R.noEmail);
    expect(reasonOf(button('Enviar por WhatsApp a Sara Pardo'))).toBe(R.invalidPhone);
    expect(rowOf('Sara Pardo').getByText('No válido')).toBeTruthy();
  });

  it('emails the recall, says so, and loads the list again for its last recall', async () => {
    const calls = stub(PAGE);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar correo a Marta Pardo' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(R.emailSent, R.emailSentDetail('Marta Pardo')));
    expect(calls.posts).toEqual(['p1 email']);
    await waitFor(() => expect(calls.pages).toHaveLength(2));
  });

  it('opens WhatsApp with the link answered, and keeps it to open again', async () => {
    const calls = stub(PAGE);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar por WhatsApp a Marta Pardo' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith(WA_URL, '_blank', 'noopener'));
    expect(calls.posts).toEqual(['p1 whatsapp']);
    expect(toast.success).toHaveBeenCalledWith(R.whatsappOpened, R.whatsappOpenedDetail('Marta Pardo'));
    const again = await screen.findByRole('link', { name: /Abrir WhatsApp de nuevo/ });
    expect(again.getAttribute('href')).toBe(WA_URL);
  });

  it('toasts a refusal with the server’s reason and loads the list again', async () => {
    const calls = stub(PAGE, undefined, () => json({ error: { code: 'unprocessable', message: R.notDue } }, 422));
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar por WhatsApp a Marta Pardo' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(R.sendError, R.notDue));
    await waitFor(() => expect(calls.pages).toHaveLength(2));
    expect(open).not.toHaveBeenCalled();
  });

  it('pages through the URL', async () => {
    const calls = stub(PAGE);
    renderPage('/revisiones?pagina=2');
    await screen.findByRole('list', { name: 'Pacientes con la revisión pendiente' });
    expect(calls.pages).toEqual(['2']);
    expect(screen.getByText('Mostrando 21 - 23 de 23')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Página 1' }));
    await waitFor(() => expect(screen.getByTestId('search').textContent).toBe(''));
    await waitFor(() => expect(calls.pages).toEqual(['2', '1']));
  });

  it('shows the list without the buttons to a member who may not send', async () => {
    stub(PAGE, ['pacientes.ver']);
    renderPage();
    await screen.findByRole('list', { name: 'Pacientes con la revisión pendiente' });
    expect(screen.queryByRole('button', { name: /Enviar/ })).toBeNull();
  });

  it('says when no check-up is due', async () => {
    stub({ ...PAGE, pacientes: [], total: 0 });
    renderPage();
    expect(await screen.findByText(R.empty)).toBeTruthy();
  });
});
