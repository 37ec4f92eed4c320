import { BOOKING_MESSAGES as B, type BookingRules } from '@odontia/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider } from '@/lib/session';
import { toast } from '@/lib/toast';
import { json, stubApi } from '@/test/api';
import BookingRulesSection from './components/booking-rules-section';

vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const STORED: BookingRules = {
  reservaOnline: false,
  antelacionMinutos: 150,
  horizonteDias: 60,
  maxFuturas: 2,
  requiereAprobacion: false,
  revisionMeses: 6,
};

let permisos: string[];
let puts: BookingRules[];
/** When set, the server refuses the save with this field error. */
let refusal: { field: string; message: string } | null;

beforeEach(() => {
  permisos = ['clinica.ver', 'clinica.editar'];
  puts = [];
  refusal = null;
  stubApi(
    () => ({ rol: 'admin', permisos }),
    async (url, request) => {
      if (url.pathname !== '/api/reservas/ajustes') return undefined;
      if (request.method === 'GET') return json(STORED);
      if (request.method === 'PUT') {
        const body = (await request.json()) as BookingRules;
        puts.push(body);
        if (refusal) {
          return json(
            {
              error: {
                code: 'validation_error',
                message: refusal.message,
                fields: { [refusal.field]: refusal.message },
              },
            },
            400,
          );
        }
        return json(body);
      }
      return undefined;
    },
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

function renderSection() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider>
        <BookingRulesSection />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

const onlineSwitch = () =>
  screen.findByRole('switch', { name: 'Aceptar reservas online desde el perfil público' }, { timeout: 5000 });
const notice = () => within(screen.getByRole('group', { name: 'Antelación mínima' }));
const number = (name: RegExp) => screen.getByRole('spinbutton', { name }) as HTMLInputElement;
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Guardar reglas' }));

describe("'Reserva online' in the clinic's settings", () => {
  it('loads every rule: the switches, the notice as hours and minutes, the days, bookings and months', async () => {
    renderSection();
    expect(await screen.findByRole('heading', { level: 2, name: B.rulesTitle })).toBeTruthy();
    expect((await onlineSwitch()).getAttribute('aria-checked')).toBe('false');
    expect((notice().getByRole('spinbutton', { name: 'horas' }) as HTMLInputElement).value).toBe('2');
    expect((notice().getByRole('spinbutton', { name: 'minutos' }) as HTMLInputElement).value).toBe('30');
    expect(number(/Se puede reservar hasta/).value).toBe('60');
    expect(number(/Reservas futuras por correo o teléfono/).value).toBe('2');
    expect(number(/Recordar una revisión a los/).value).toBe('6');
    expect(
      screen
        .getByRole('switch', { name: 'Cada reserva espera la aprobación de la clínica' })
        .getAttribute('aria-checked'),
    ).toBe('false');
  });

  it('saves every rule at once, the notice in minutes, and says so', async () => {
    renderSection();
    fireEvent.click(await onlineSwitch());
    fireEvent.change(notice().getByRole('spinbutton', { name: 'horas' }), { target: { value: '24' } });
    fireEvent.change(notice().getByRole('spinbutton', { name: 'minutos' }), { target: { value: '' } });
    fireEvent.change(number(/Se puede reservar hasta/), { target: { value: '90' } });
    fireEvent.change(number(/Reservas futuras/), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Cada reserva espera la aprobación de la clínica' }));
    fireEvent.change(number(/Recordar una revisión/), { target: { value: '12' } });
    save();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(B.rulesSaved));
    expect(puts).toEqual([
      {
        reservaOnline: true,
        antelacionMinutos: 24 * 60,
        horizonteDias: 90,
        maxFuturas: 3,
        requiereAprobacion: true,
        revisionMeses: 12,
      },
    ]);
  });

  it('says a value out of range on its field and sends nothing; the server’s field messages land under theirs', async () => {
    renderSection();
    await onlineSwitch();
    fireEvent.change(number(/Se puede reservar hasta/), { target: { value: '400' } });
    fireEvent.change(notice().getByRole('spinbutton', { name: 'horas' }), { target: { value: '200' } });
    save();
    expect(await screen.findByText(B.horizonteInvalid)).toBeTruthy();
    expect(screen.getByText(B.antelacionInvalid)).toBeTruthy();
    expect(number(/Se puede reservar hasta/).getAttribute('aria-invalid')).toBe('true');
    expect(notice().getByRole('spinbutton', { name: 'horas' }).getAttribute('aria-invalid')).toBe('true');
    expect(puts).toEqual([]);

    fireEvent.change(number(/Se puede reservar hasta/), { target: { value: '30' } });
    fireEvent.change(notice().getByRole('spinbutton', { name: 'horas' }), { target: { value: '2' } });
    refusal = { field: 'revisionMeses', message: B.revisionMesesInvalid };
    save();
    expect(await screen.findByText(B.revisionMesesInvalid)).toBeTruthy();
    await waitFor(() => expect(number(/Recordar una revisión/).getAttribute('aria-invalid')).toBe('true'));
    expect(puts).toHaveLength(1);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('toasts a refusal that names no field', async () => {
    renderSection();
    await onlineSwitch();
    refusal = { field: '_', message: 'No se pudo guardar' };
    save();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(B.rulesError, 'No se pudo guardar'));
  });

  it('is read-only for a member who may see the clinic but not change it', async () => {
    permisos = ['clinica.ver'];
    renderSection();
    expect((await onlineSwitch()).hasAttribute('disabled')).toBe(true);
    expect(notice().getByRole('spinbutton', { name: 'horas' }).hasAttribute('disabled')).toBe(true);
    expect(number(/Recordar una revisión/).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Guardar reglas' })).toBeNull();
  });

  it('is not shown without clinica.ver', async () => {
    permisos = [];
    const { container } = renderSection();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.textContent).toBe('');
  });
});
