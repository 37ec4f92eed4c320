import { BOOKING_MESSAGES, type BookingOptions, type BookingResult, type Hold } from '@odontia/shared';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from '@/components/theme-provider';
import { PublicPageProvider } from '@/lib/public-page';
import { clearQueryIsland } from '@/lib/query-island';
import { toast } from '@/lib/toast';
import { json, notFound, stubApi } from '@/test/api';
import { solveProofOfWork } from './components/online-booking/proof-of-work';
import { useNextSlots } from './api/next-slots';
import { ClinicCard } from './components/clinic-card';
import ClinicProfilePage from './pages/clinic-profile-page';
import LandingPage from './pages/landing-page';

vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));
// The proof of work spins for a second or two in a browser's workers: here it is solved at once.
vi.mock('./components/online-booking/proof-of-work', () => ({ solveProofOfWork: vi.fn() }));

const CLINIC = '11111111-1111-4111-8111-111111111111';
const LIMPIEZA = '22222222-2222-4222-8222-222222222222';
const REVISION = '33333333-3333-4333-8333-333333333333';
const ANA = '44444444-4444-4444-8444-444444444444';
const LUIS = '55555555-5555-4555-8555-555555555555';
const TOKEN = 'T'.repeat(43);
const HOY = '2026-03-02';

const PROFILE = {
  clinica: {
    id: CLINIC,
    nombre: 'Clínica Sonrisa',
    ciudad: 'Madrid',
    direccion: 'Calle Mayor 1',
    telefono: '910000000',
    descripcion: null,
    imagen: null,
    especialidades: [],
    destacada: false,
    esNueva: false,
    tieneNovedades: false,
    reservaOnline: true,
    pais: 'ES',
    logo: null,
    email: null,
    sitioWeb: null,
    servicios: ['Limpieza dental'],
    horario: [],
    profesionales: [],
  },
  formulario: { token: 'formulario', hoy: HOY },
};

const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/** Free slots: tomorrow at 09:00 and 09:30, and on Thursday at 11:00 (less what was taken meanwhile). */
let taken: string[];
function slots(url: URL) {
  const desde = url.searchParams.get('desde')!;
  const dias = Number(url.searchParams.get('dias'));
  const dentistaId = url.searchParams.get('dentistaId') ?? ANA;
  const free: Record<string, string[]> = { [addDays(HOY, 1)]: ['09:00', '09:30'], [addDays(HOY, 3)]: ['11:00'] };
  return {
    dias: Array.from({ length: dias }, (_, i) => {
      const fecha = addDays(desde, i);
      const horas = (free[fecha] ?? []).filter((hora) => !taken.includes(`${fecha} ${hora}`));
      return { fecha, huecos: horas.map((hora) => ({ hora, dentistaId })) };
    }),
  };
}

let perfil: typeof PROFILE;
let options: BookingOptions | null;
let posts: { path: string; body: unknown }[];
let slotQueries: Record<string, string>[];
/** What POST .../retener answers, in turn; then the hold of what was asked. */
let holdReplies: (() => Response)[];
let confirmReply: (codigo: string) => Response;
/** What POST .../datos answers, in turn; then that the code was sent. */
let detailsReplies: (() => Response)[];

const hold = (body: { fecha: string; hora: string }): Hold => ({
  token: TOKEN,
  retenidaHasta: new Date(Date.now() + 5 * 60_000).toISOString(),
  fecha: body.fecha,
  hora: body.hora,
  horaFin: body.hora === '11:00' ? '11:30' : '10:00',
  dentista: 'Ana Pérez',
  servicio: 'Revisión',
});
const booked = (estado: BookingResult['estado']): BookingResult => ({
  estado,
  mensaje: estado === 'confirmada' ? BOOKING_MESSAGES.booked : BOOKING_MESSAGES.awaitingApproval,
  fecha: addDays(HOY, 1),
  hora: '09:30',
  dentista: 'Ana Pérez',
});
const apiError = (status: number, message: string, fields?: Record<string, string>) =>
  json({ error: { code: status === 409 ? 'conflict' : 'validation_error', message, fields } }, status);

beforeEach(() => {
  vi.mocked(solveProofOfWork).mockReset().mockResolvedValue('prueba-de-trabajo');
  perfil = PROFILE;
  options = {
    servicios: [
      { id: LIMPIEZA, nombre: 'Limpieza dental', duracionMinutos: 45 },
      { id: REVISION, nombre: 'Revisión', duracionMinutos: 30 },
    ],
    dentistas: [
      { id: ANA, nombre: 'Ana Pérez', especialidad: 'odontologia-general' },
      { id: LUIS, nombre: 'Luis Gil', especialidad: 'ortodoncia' },
    ],
    horizonteDias: 60,
    requiereAprobacion: false,
    hoy: HOY,
  };
  taken = [];
  posts = [];
  slotQueries = [];
  holdReplies = [];
  confirmReply = () => json(booked('confirmada'));
  detailsReplies = [];
  stubApi(
    () => null,
    async (url, request) => {
      if (url.pathname === `/api/directorio/clinicas/${CLINIC}`) return json(perfil);
      if (url.pathname === `/api/reservas/${CLINIC}/opciones`)
        return options ? json(options) : notFound(BOOKING_MESSAGES.notOnline);
      if (url.pathname === `/api/reservas/${CLINIC}/huecos`) {
        slotQueries.push(Object.fromEntries(url.searchParams));
        return json(slots(url));
      }
      if (request.method !== 'POST') return undefined;
      const body = (await request.json()) as { fecha: string; hora: string; codigo: string };
      posts.push({ path: url.pathname, body });
      if (url.pathname === `/api/reservas/${CLINIC}/retener`) return holdReplies.shift()?.() ?? json(hold(body), 201);
      if (url.pathname === `/api/reservas/retenciones/${TOKEN}/datos`)
        return detailsReplies.shift()?.() ?? json({ mensaje: BOOKING_MESSAGES.codeSent('l•••••@ejemplo.test') });
      if (url.pathname === `/api/reservas/retenciones/${TOKEN}/confirmar`) return confirmReply(body.codigo);
      return undefined;
    },
  );
});

function renderProfile() {
  // A new page: nothing kept from the last one.
  clearQueryIsland();
  render(
    <ThemeProvider>
      <PublicPageProvider
        pathname={`/clinicas/${CLINIC}`}
        search=""
        signedIn={false}
        sessionLoading={false}
        navigate={vi.fn()}
      >
        <ClinicProfilePage />
      </PublicPageProvider>
    </ThemeProvider>,
  );
}

const requested = (path: string) =>
  vi.mocked(fetch).mock.calls.some(([input]) => String(input instanceof Request ? input.url : input).includes(path));

// The page and the booking are loaded on demand: the first time they are compiled, which takes a while.
const LOADING = { timeout: 5000 };

/** Opens the booking from the profile and waits for its dialog. */
async function openBooking() {
  const button = await screen.findByRole('button', { name: BOOKING_MESSAGES.bookOnline }, LOADING);
  // Drawn with the page; enabled once what may be booked has come.
  await waitFor(() => expect(button).toHaveProperty('disabled', false), LOADING);
  fireEvent.click(button);
  return screen.findByRole('dialog', { name: BOOKING_MESSAGES.bookOnline }, LOADING);
}

/** A slot's button, once the slots asked for (not the previous ones still on screen) have come. */
async function slotButton(dialog: HTMLElement, hora: string) {
  const button = await within(dialog).findByRole('button', { name: hora });
  await waitFor(() => expect(button).toHaveProperty('disabled', false));
  return button;
}

async function fillDetails(dialog: HTMLElement) {
  fireEvent.change(within(dialog).getByLabelText(/^Nombre/), { target: { value: 'Lucía' } });
  fireEvent.change(within(dialog).getByLabelText(/^Apellidos/), { target: { value: 'Gómez' } });
  fireEvent.change(within(dialog).getByLabelText(/^Email/), { target: { value: 'lucia@ejemplo.test' } });
  fireEvent.change(within(dialog).getByLabelText(/^Teléfono/), { target: { value: '600 123 456' } });
  fireEvent.click(within(dialog).getByRole('checkbox', { name: /política de privacidad/ }));
}

describe("the public profile's online booking", () => {
  it("offers 'Reservar cita' with the next free slot, and keeps the request form a link away", async () => {
    renderProfile();
    expect(await screen.findByRole('button', { name: BOOKING_MESSAGES.bookOnline }, LOADING)).toBeTruthy();
    expect(screen.getByText(BOOKING_MESSAGES.onlineBadge)).toBeTruthy();
    expect(await screen.findByText(BOOKING_MESSAGES.nextSlot('mañana a las 09:00'))).toBeTruthy();
    // The first service, any dentist, the next 14 days.
    expect(slotQueries).toEqual([{ servicioId: LIMPIEZA, desde: HOY, dias: '14' }]);

    fireEvent.click(screen.getByRole('button', { name: BOOKING_MESSAGES.orRequest }));
    expect(screen.getByRole('tab', { name: 'Contacto' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Solicitar cita' }));
    expect(await screen.findByLabelText(/^Mensaje/, {}, LOADING)).toBeTruthy();
  });

  it('keeps only the request form when the clinic takes no online bookings (404)', async () => {
    options = null;
    renderProfile();
    expect(await screen.findByRole('heading', { name: 'Clínica Sonrisa' }, LOADING)).toBeTruthy();
    // Drawn with the page, then gone once the 404 has come back: no booking, no badge, and the request form as before.
    expect(screen.getByText(BOOKING_MESSAGES.onlineBadge)).toBeTruthy();
    await waitFor(() => expect(requested(`/api/reservas/${CLINIC}/opciones`)).toBe(true), LOADING);
    await waitFor(() => expect(screen.queryByText(BOOKING_MESSAGES.onlineBadge)).toBeNull());
    expect(screen.queryByRole('button', { name: BOOKING_MESSAGES.bookOnline })).toBeNull();
    expect(screen.queryByRole('button', { name: BOOKING_MESSAGES.orRequest })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Contacto' }));
    expect(screen.getByRole('heading', { name: 'Solicitar cita' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Enviar solicitud' })).toBeTruthy();
    expect(slotQueries).toEqual([]);
  });

  it('does not even ask a clinic that has online booking off', async () => {
    perfil = { ...PROFILE, clinica: { ...PROFILE.clinica, reservaOnline: false } };
    renderProfile();
    expect(await screen.findByRole('heading', { name: 'Clínica Sonrisa' }, LOADING)).toBeTruthy();
    expect(requested('/api/reservas/')).toBe(false);
    expect(screen.queryByRole('button', { name: BOOKING_MESSAGES.bookOnline })).toBeNull();
  });

  it('books a slot: service, dentist, day and time, the details, the code, and says it is booked', async () => {
    renderProfile();
    const dialog = await openBooking();
    fireEvent.click(within(dialog).getByRole('radio', { name: /Revisión/ }));
    fireEvent.click(within(dialog).getByRole('radio', { name: /Ana Pérez/ }));
    // Tomorrow comes chosen (the first day with free slots); Wednesday has none.
    const manana = await within(dialog).findByRole('button', { name: /^martes, 3 de marzo de 2026: 2 huecos libres/ });
    expect(manana.getAttribute('aria-pressed')).toBe('true');
    expect(within(dialog).getByRole('button', { name: /^miércoles, 4 de marzo de 2026: sin huecos/ })).toHaveProperty(
      'disabled',
      true,
    );
    fireEvent.click(await slotButton(dialog, '09:30'));
    expect(slotQueries.at(-1)).toEqual({ servicioId: REVISION, dentistaId: ANA, desde: HOY, dias: '14' });

    expect(await within(dialog).findByText(/^Reservado para ti durante (5:00|4:5\d)$/)).toBeTruthy();
    expect(within(dialog).getByText('Martes, 3 de marzo de 2026', { exact: false })).toBeTruthy();
    expect(within(dialog).getByText('09:30 – 10:00')).toBeTruthy();
    expect(within(dialog).queryByText(BOOKING_MESSAGES.approvalNotice)).toBeNull();
    expect(
      within(dialog)
        .getByRole('link', { name: /política de privacidad/ })
        .getAttribute('href'),
    ).toBe('/terminos-y-condiciones');
    await fillDetails(dialog);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Quiero recibir recordatorios de mis citas' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar código' }));

    expect(await within(dialog).findByText(BOOKING_MESSAGES.codeSent('l•••••@ejemplo.test'))).toBeTruthy();
    const codigo = within(dialog).getByLabelText(/^Código de 6 dígitos/);
    expect(codigo.getAttribute('inputmode')).toBe('numeric');
    expect(codigo.getAttribute('autocomplete')).toBe('one-time-code');
    fireEvent.change(codigo, { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));

    expect(await within(dialog).findByText(BOOKING_MESSAGES.booked)).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: 'Cita reservada' })).toBeTruthy();
    expect(within(dialog).getByText('Ana Pérez')).toBeTruthy();
    // The same time as every step before: from–to.
    expect(within(dialog).getByText('09:30 – 10:00')).toBeTruthy();
    expect(posts).toEqual([
      {
        path: `/api/reservas/${CLINIC}/retener`,
        body: {
          servicioId: REVISION,
          dentistaId: ANA,
          fecha: '2026-03-03',
          hora: '09:30',
          altcha: 'prueba-de-trabajo',
        },
      },
      {
        path: `/api/reservas/retenciones/${TOKEN}/datos`,
        body: {
          nombres: 'Lucía',
          apellidos: 'Gómez',
          email: 'lucia@ejemplo.test',
          telefono: '600 123 456',
          aceptaPrivacidad: true,
          aceptaRecordatorios: true,
        },
      },
      { path: `/api/reservas/retenciones/${TOKEN}/confirmar`, body: { codigo: '123456' } },
    ]);
  });

  it('says a slot was taken meanwhile, shows the slots again without it, and holds another', async () => {
    let solved = 0;
    vi.mocked(solveProofOfWork).mockImplementation(async () => `prueba-${++solved}`);
    options = { ...options!, requiereAprobacion: true };
    holdReplies = [
      () => {
        taken.push('2026-03-03 09:00');
        return apiError(409, BOOKING_MESSAGES.slotTaken);
      },
    ];
    renderProfile();
    const dialog = await openBooking();
    fireEvent.click(await slotButton(dialog, '09:00'));

    expect((await within(dialog).findByRole('alert')).textContent).toBe(BOOKING_MESSAGES.slotTaken);
    expect(toast.error).toHaveBeenCalledWith(BOOKING_MESSAGES.holdError, BOOKING_MESSAGES.slotTaken);
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: '09:00' })).toBeNull());
    expect(slotQueries.length).toBeGreaterThan(1);
    fireEvent.click(await slotButton(dialog, '09:30'));

    expect(await within(dialog).findByText(/^Reservado para ti durante/)).toBeTruthy();
    // The clinic approves each booking: the visitor is told before confirming.
    expect(within(dialog).getByText(BOOKING_MESSAGES.approvalNotice)).toBeTruthy();
    // Each hold spends a proof of work of its own.
    expect(posts.map((p) => p.body)).toEqual([
      expect.objectContaining({ hora: '09:00', altcha: 'prueba-1' }),
      expect.objectContaining({ hora: '09:30', altcha: 'prueba-2' }),
    ]);
  });

  it('lets the held slot go when the visitor goes back to choose another', async () => {
    renderProfile();
    const dialog = await openBooking();
    fireEvent.click(await slotButton(dialog, '09:00'));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Elegir otro hueco' }));
    await waitFor(() =>
      expect(
        vi.mocked(fetch).mock.calls.some(([input, init]) => {
          const request = input instanceof Request ? input : new Request(new URL(String(input), location.href), init);
          return request.method === 'DELETE' && new URL(request.url).pathname === `/api/reservas/retenciones/${TOKEN}`;
        }),
      ).toBe(true),
    );
    expect(await slotButton(dialog, '09:30')).toBeTruthy();
  });

  it('shows a wrong code on its field, and goes back to the slots when too many tries freed it', async () => {
    confirmReply = (codigo) =>
      codigo === '000000'
        ? apiError(422, BOOKING_MESSAGES.codeInvalid, { codigo: BOOKING_MESSAGES.codeInvalid })
        : apiError(422, BOOKING_MESSAGES.codeLocked, { codigo: BOOKING_MESSAGES.codeLocked });
    renderProfile();
    const dialog = await openBooking();
    fireEvent.click(await slotButton(dialog, '09:00'));
    await within(dialog).findByText(/^Reservado para ti durante/);
    await fillDetails(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar código' }));
    const codigo = await within(dialog).findByLabelText(/^Código de 6 dígitos/);

    fireEvent.change(codigo, { target: { value: '000000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await within(dialog).findByText(BOOKING_MESSAGES.codeInvalid)).toBeTruthy();
    expect(codigo.getAttribute('aria-invalid')).toBe('true');
    expect(toast.error).toHaveBeenCalledWith(BOOKING_MESSAGES.confirmError, BOOKING_MESSAGES.codeInvalid);

    fireEvent.change(codigo, { target: { value: '111111' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await within(dialog).findByRole('heading', { name: 'Elige día y hora' })).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toBe(BOOKING_MESSAGES.codeLocked);
  });

  it("marks the server's field errors on the details form, and goes back to the slots when the hold ended", async () => {
    detailsReplies = [
      () => apiError(422, BOOKING_MESSAGES.tooManyBookings(2), { email: BOOKING_MESSAGES.tooManyBookings(2) }),
      () => apiError(409, BOOKING_MESSAGES.holdExpired),
    ];
    renderProfile();
    const dialog = await openBooking();
    fireEvent.click(await slotButton(dialog, '09:00'));
    await within(dialog).findByText(/^Reservado para ti durante/);
    // Nothing is sent without the privacy text accepted.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar código' }));
    expect(await within(dialog).findByText(BOOKING_MESSAGES.privacyRequired)).toBeTruthy();
    expect(posts).toHaveLength(1);

    await fillDetails(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar código' }));
    expect(await within(dialog).findByText(BOOKING_MESSAGES.tooManyBookings(2))).toBeTruthy();
    expect(
      within(dialog)
        .getByLabelText(/^Email/)
        .getAttribute('aria-invalid'),
    ).toBe('true');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar código' }));
    expect(await within(dialog).findByRole('heading', { name: 'Elige día y hora' })).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toBe(BOOKING_MESSAGES.holdExpired);
    expect(toast.error).toHaveBeenCalledWith(BOOKING_MESSAGES.holdExpired);
  });
});

describe('the directory cards', () => {
  it("show 'Reserva online' on the clinics that take online bookings", () => {
    const { id, nombre, ciudad, direccion, telefono, descripcion, imagen, especialidades } = PROFILE.clinica;
    const card = { id, nombre, ciudad, direccion, telefono, descripcion, imagen, especialidades };
    const flags = { destacada: false, esNueva: false, tieneNovedades: false };
    const { rerender } = render(<ClinicCard clinica={{ ...card, ...flags, reservaOnline: true }} />);
    expect(screen.getByText(BOOKING_MESSAGES.onlineBadge)).toBeTruthy();
    rerender(<ClinicCard clinica={{ ...card, ...flags, reservaOnline: false }} />);
    expect(screen.queryByText(BOOKING_MESSAGES.onlineBadge)).toBeNull();
  });

  it('show the next free slot of those clinics, asked for once for the whole list', async () => {
    const { nombre, ciudad, direccion, telefono, descripcion, imagen, especialidades } = PROFILE.clinica;
    const base = { nombre, ciudad, direccion, telefono, descripcion, imagen, especialidades };
    const flags = { destacada: false, esNueva: false, tieneNovedades: false };
    const clinicas = [
      { ...base, ...flags, id: CLINIC, nombre: 'Clínica Sonrisa', reservaOnline: true },
      { ...base, ...flags, id: LIMPIEZA, nombre: 'Clínica Sin Reservas', reservaOnline: false },
    ];
    const asked: string[] = [];
    stubApi(
      () => null,
      (url) => {
        if (url.pathname !== '/api/reservas/proximos') return undefined;
        asked.push(url.searchParams.get('ids')!);
        return json({ proximos: [{ clinicaId: CLINIC, fecha: addDays(HOY, 1), hora: '09:00', hoy: HOY }] });
      },
    );
    function Cards() {
      const nextSlots = useNextSlots(clinicas);
      return clinicas.map((clinica) => (
        <ClinicCard key={clinica.id} clinica={clinica} proximoHueco={nextSlots.get(clinica.id)} />
      ));
    }
    render(<Cards />);
    const card = (name: string) => screen.getByRole('link', { name }).closest('article')!;
    expect(await within(card('Clínica Sonrisa')).findByText('Próximo hueco: mañana a las 09:00')).toBeTruthy();
    expect(within(card('Clínica Sin Reservas')).queryByText(/Próximo hueco/)).toBeNull();
    expect(asked).toEqual([CLINIC]);
  });

  it('on the landing, are asked for once for the featured clinics and the first ones together', async () => {
    const { ciudad, direccion, telefono, descripcion, imagen, especialidades } = PROFILE.clinica;
    const card = (id: string, nombre: string, reservaOnline: boolean) => ({
      ...{ ciudad, direccion, telefono, descripcion, imagen, especialidades, esNueva: false, tieneNovedades: false },
      id,
      nombre,
      reservaOnline,
      destacada: id === CLINIC,
    });
    const featured = card(CLINIC, 'Clínica Sonrisa', true);
    const asked: string[] = [];
    stubApi(
      () => null,
      (url) => {
        if (url.pathname === '/api/directorio/inicio') {
          const clinicas = [featured, card(LIMPIEZA, 'Clínica Sin Reservas', false), card(ANA, 'Clínica Norte', true)];
          return json({ especialidades: [], destacadas: [featured], clinicas });
        }
        if (url.pathname !== '/api/reservas/proximos') return undefined;
        asked.push(url.searchParams.get('ids')!);
        return json({
          proximos: [CLINIC, ANA].map((clinicaId) => ({ clinicaId, fecha: addDays(HOY, 1), hora: '09:00', hoy: HOY })),
        });
      },
    );
    clearQueryIsland();
    render(
      <ThemeProvider>
        <PublicPageProvider pathname="/" search="" signedIn={false} sessionLoading={false} navigate={vi.fn()}>
          <LandingPage />
        </PublicPageProvider>
      </ThemeProvider>,
    );
    // The featured clinic in the carousel and in the grid, and the other one that takes bookings.
    await waitFor(() => expect(screen.getAllByText('Próximo hueco: mañana a las 09:00')).toHaveLength(3), LOADING);
    expect(asked).toEqual([`${CLINIC},${ANA}`]);
  });
});
