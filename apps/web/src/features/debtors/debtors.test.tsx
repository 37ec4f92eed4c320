import { formatMoney, PAYMENT_MESSAGES as P, REMINDER_MESSAGES, type Debtor, type DebtorPage } from '@odontia/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider, useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { json, stubApi } from '@/test/api';
import DebtorsPage from './pages/debtors-page';

vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const debtor = (id: string, nombres: string, over: Partial<Debtor> = {}): Debtor => ({
  paciente: {
    id,
    nombres,
    apellidos: 'Pardo',
    email: `${nombres.toLowerCase()}@correo.test`,
    telefono: '612 345 678',
  },
  whatsapp: '+34612345678',
  saldo: 45_000,
  desde: '2026-10-09',
  dias: 50,
  ultimoRecordatorio: null,
  ...over,
});

const PAGE: DebtorPage = {
  pacientes: [
    debtor('p1', 'Marta', {
      saldo: 125_050,
      ultimoRecordatorio: { canal: 'whatsapp', fecha: '2026-11-20T09:30:00.000Z' },
    }),
    debtor('p2', 'Luis', { saldo: 3_000, dias: 1, paciente: { ...debtor('p2', 'Luis').paciente, email: null } }),
    debtor('p3', 'Sara', {
      saldo: 2_000,
      dias: 0,
      whatsapp: null,
      paciente: { ...debtor('p3', 'Sara').paciente, telefono: '6001' },
    }),
    debtor('p4', 'Iván', {
      saldo: 1_000,
      whatsapp: null,
      paciente: { ...debtor('p4', 'Iván').paciente, telefono: null },
    }),
  ],
  total: 27,
  importeTotal: 250_000,
  moneda: 'EUR',
  pagina: 1,
  porPagina: 25,
};

/** An amount as the page writes it, its spaces as the queries read them (Testing Library turns a no-break space into a space). */
const money = (amount: number) => formatMoney(amount, 'EUR').replace(/\s/g, ' ');

const WA_URL = 'https://wa.me/34612345678?text=Hola%2C%20Marta%3A';

type Calls = { lists: string[]; posts: string[] };

function stub(
  page: DebtorPage | Response = PAGE,
  permisos = ['cobros.ver', 'cobros.registrar'],
  answer: (canal: string) => Response = (canal) =>
    canal === 'whatsapp'
      ? json({ url: WA_URL, mensaje: P.debtReminderWhatsappRecorded('Marta') }, 201)
      : json({ mensaje: P.debtReminderQueued('marta@correo.test') }, 201),
): Calls {
  const calls: Calls = { lists: [], posts: [] };
  stubApi(
    () => ({ rol: 'recepcion', permisos }),
    (url, request) => {
      if (url.pathname === '/api/saldos' && request.method === 'GET') {
        calls.lists.push(url.search);
        if (page instanceof Response) return page.clone();
        return json({ ...page, pagina: Number(url.searchParams.get('pagina') ?? '1') });
      }
      const post = /^\/api\/saldos\/([^/]+)\/(email|whatsapp)$/.exec(url.pathname);
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
      <DebtorsPage />
      <Search />
    </>
  );
}

function renderPage(entry = '/saldos') {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider>
        <MemoryRouter initialEntries={[entry]}>
          <Routes>
            <Route path="/saldos" element={<AfterSession />} />
          </Routes>
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

const list = () => screen.findByRole('list', { name: P.debtorsTitle });
const rowOf = (name: string) => within(screen.getByRole('listitem', { name }));
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const reasonOf = (b: HTMLElement) => document.getElementById(b.getAttribute('aria-describedby')!)?.textContent;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

describe('/saldos', () => {
  it('shows the total owed and each debtor with the balance, since when and the last reminder', async () => {
    const calls = stub();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: P.debtorsTitle })).toBeTruthy();
    await list();
    expect(calls.lists).toEqual(['?orden=importe&pagina=1']);
    expect(screen.getByText(money(250_000))).toBeTruthy();
    expect(screen.getByText(P.debtorsCount(27))).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Marta Pardo',
      'Luis Pardo',
      'Sara Pardo',
      'Iván Pardo',
    ]);
    const marta = rowOf('Marta Pardo');
    expect(marta.getByRole('link', { name: 'Marta Pardo' }).getAttribute('href')).toBe('/pacientes/p1');
    expect(marta.getByText(money(125_050))).toBeTruthy();
    expect(marta.getByText('09/10/2026')).toBeTruthy();
    expect(marta.getByText(`(${P.debtorsDays(50)})`)).toBeTruthy();
    expect(marta.getByText(P.debtorsReminderVia('whatsapp', '20/11/2026'))).toBeTruthy();
    expect(rowOf('Luis Pardo').getByText(P.debtorsNoReminder)).toBeTruthy();
    expect(rowOf('Luis Pardo').getByText('(hace 1 día)')).toBeTruthy();
    expect(rowOf('Sara Pardo').getByText('(hoy)')).toBeTruthy();
  });

  it('turns a reminder off, saying why, when there is no email or no valid phone', async () => {
    stub();
    renderPage();
    await list();
    expect(button('Recordar por email a Marta Pardo').disabled).toBe(false);
    expect(button('Recordar por WhatsApp a Marta Pardo').disabled).toBe(false);
    const luisEmail = button('Recordar por email a Luis Pardo');
    expect(luisEmail.disabled).toBe(true);
    expect(reasonOf(luisEmail)).toBe(P.debtReminderNoEmail);
    expect(button('Recordar por WhatsApp a Luis Pardo').disabled).toBe(false);
    const saraWhatsapp = button('Recordar por WhatsApp a Sara Pardo');
    expect(saraWhatsapp.disabled).toBe(true);
    expect(reasonOf(saraWhatsapp)).toBe(REMINDER_MESSAGES.invalidPhone);
    expect(reasonOf(button('Recordar por WhatsApp a Iván Pardo'))).toBe(REMINDER_MESSAGES.noPhone);
  });

  it('queues the email, says so with the server’s message and reloads the list', async () => {
    const calls = stub();
    renderPage();
    await list();
    fireEvent.click(button('Recordar por email a Marta Pardo'));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(P.debtReminderQueued('marta@correo.test')));
    expect(calls.posts).toEqual(['p1 email']);
    await waitFor(() => expect(calls.lists).toHaveLength(2));
  });

  it('opens WhatsApp with the link answered in a new tab, and keeps it to open again', async () => {
    const calls = stub();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderPage();
    await list();
    fireEvent.click(button('Recordar por WhatsApp a Marta Pardo'));
    await waitFor(() => expect(open).toHaveBeenCalledWith(WA_URL, '_blank', 'noopener'));
    expect(calls.posts).toEqual(['p1 whatsapp']);
    expect(toast.success).toHaveBeenCalledWith(P.debtReminderWhatsappRecorded('Marta'), P.debtReminderWhatsappOpened);
    const again = await screen.findByRole('link', { name: /Abrir WhatsApp de nuevo/ });
    expect(again.getAttribute('href')).toBe(WA_URL);
    expect(again.getAttribute('target')).toBe('_blank');
  });

  it('toasts a refusal with the server’s reason, opens nothing and reloads the list', async () => {
    const calls = stub(PAGE, undefined, () =>
      json({ error: { code: 'conflict', message: P.debtReminderNoDebt } }, 409),
    );
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderPage();
    await list();
    fireEvent.click(button('Recordar por WhatsApp a Marta Pardo'));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(P.debtReminderError, P.debtReminderNoDebt));
    await waitFor(() => expect(calls.lists).toHaveLength(2));
    expect(open).not.toHaveBeenCalled();
  });

  it('sorts by age of the debt through the URL, from the first page', async () => {
    const calls = stub();
    renderPage('/saldos?pagina=2');
    await list();
    expect(button(P.debtorsOrderAmount).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(button(P.debtorsOrderAge));
    await waitFor(() => expect(screen.getByTestId('search').textContent).toBe('?orden=antiguedad'));
    await waitFor(() => expect(calls.lists).toEqual(['?orden=importe&pagina=2', '?orden=antiguedad&pagina=1']));
    expect(button(P.debtorsOrderAge).getAttribute('aria-pressed')).toBe('true');
    expect(button(P.debtorsOrderAmount).getAttribute('aria-pressed')).toBe('false');
  });

  it('pages through the URL, keeping the order', async () => {
    const calls = stub();
    renderPage('/saldos?orden=antiguedad');
    await list();
    expect(screen.getByText('Mostrando 1 - 25 de 27')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Página 2' }));
    await waitFor(() => expect(screen.getByTestId('search').textContent).toBe('?orden=antiguedad&pagina=2'));
    await waitFor(() => expect(calls.lists).toEqual(['?orden=antiguedad&pagina=1', '?orden=antiguedad&pagina=2']));
  });

  it('shows the list without the buttons to a member who may only read it', async () => {
    stub(PAGE, ['cobros.ver']);
    renderPage();
    await list();
    expect(screen.queryByRole('button', { name: /Recordar/ })).toBeNull();
  });

  it('says when nobody owes anything', async () => {
    stub({ ...PAGE, pacientes: [], total: 0, importeTotal: 0 });
    renderPage();
    expect(await screen.findByText(P.debtorsEmpty)).toBeTruthy();
    expect(screen.queryByRole('list', { name: P.debtorsTitle })).toBeNull();
  });

  it('says when the list could not load', async () => {
    // A 4xx: the query client does not try it again.
    stub(json({ error: { code: 'forbidden', message: 'No tienes permiso para realizar esta acción' } }, 403));
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe('No tienes permiso para realizar esta acción');
    expect(screen.queryByText(P.debtorsTotal)).toBeNull();
  });
});
