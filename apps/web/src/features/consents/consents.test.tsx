import { CONSENT_MESSAGES, consentPreviewQuerySchema } from '@odontia/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider, useSession } from '@/lib/session';
import { json, stubApi } from '@/test/api';
import ConsentsSection from './components/consents-section';
import NewConsentPage from './pages/new-consent-page';

/**
 * jsdom draws nothing on a canvas, so the pad is a stand-in with signature_pad's surface: a pointer
 * released on its canvas is a stroke (it is no longer empty and says 'endStroke'); clear() empties it.
 */
vi.mock('signature_pad', async () => ({ default: (await import('@/test/fake-signature-pad')).FakeSignaturePad }));

const PATIENT = '0b8f0e4e-8a54-4b8e-9a36-0a7a3f1f2c11';
const GENERAL = '1c9f0e4e-8a54-4b8e-9a36-0a7a3f1f2c22';
const EXTRACCION = '2d9f0e4e-8a54-4b8e-9a36-0a7a3f1f2c33';
const CONSENT = '3e9f0e4e-8a54-4b8e-9a36-0a7a3f1f2c44';

const TEMPLATES = [
  { id: GENERAL, titulo: 'Consentimiento informado general', cuerpo: 'Yo, {paciente}...' },
  { id: EXTRACCION, titulo: 'Consentimiento informado para extracción dental', cuerpo: 'Extraer el {diente}' },
];

let minor: boolean;
let posted: unknown[];
let previewTeeth: string[];

afterEach(() => vi.unstubAllGlobals());
beforeEach(() => {
  minor = false;
  posted = [];
  previewTeeth = [];
  stubApi(
    () => ({ rol: 'dentista', permisos: ['historia.ver', 'consentimientos.firmar'] }),
    async (url, request) => {
      if (url.pathname === '/api/plantillas-consentimientos') return json({ plantillas: TEMPLATES });
      if (url.pathname === `/api/pacientes/${PATIENT}/consentimientos/texto`) {
        // As the server: a tooth that is no tooth is a 400.
        if (!consentPreviewQuerySchema.safeParse(Object.fromEntries(url.searchParams)).success)
          return json({ error: { code: 'validation_error', message: CONSENT_MESSAGES.toothInvalid } }, 400);
        previewTeeth.push(url.searchParams.get('diente') ?? '');
        const extraction = url.searchParams.get('plantillaId') === EXTRACCION;
        const diente = url.searchParams.get('diente') || '{diente}';
        return json({
          titulo: extraction ? TEMPLATES[1].titulo : TEMPLATES[0].titulo,
          texto: extraction
            ? `Yo, Pablo Gómez, acepto extraer el diente ${diente}.\n\nPuedo retirar este consentimiento.`
            : 'Yo, Pablo Gómez, acepto el tratamiento.\n\nPuedo retirar este consentimiento.',
          menor: minor,
          necesitaDiente: extraction,
          paciente: 'Pablo Gómez',
          profesional: 'Ana',
        });
      }
      if (url.pathname === `/api/pacientes/${PATIENT}/consentimientos` && request.method === 'POST') {
        posted.push(await request.json());
        return json(
          {
            id: CONSENT,
            titulo: TEMPLATES[1].titulo,
            fecha: '2026-11-27T10:00:00.000Z',
            firmante: 'tutor',
            tutor: { nombre: 'Rosa Gómez', relacion: 'Madre' },
            profesional: { id: 'u1', nombre: 'Ana' },
            sha256: 'a'.repeat(64),
            bytes: 1000,
          },
          201,
        );
      }
      return undefined;
    },
  );
});

function Location() {
  const location = useLocation();
  return <output data-testid="url">{location.pathname}</output>;
}
function AfterSession({ children }: { children: ReactNode }) {
  return useSession().loading ? null : children;
}

function renderNewConsent() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider>
        <MemoryRouter initialEntries={[`/pacientes/${PATIENT}/consentimientos/nuevo`]}>
          <Routes>
            <Route
              path="/pacientes/:id/consentimientos/nuevo"
              element={
                <AfterSession>
                  <NewConsentPage />
                </AfterSession>
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

const pad = (name: RegExp) => screen.getByRole('img', { name });
const submitButton = () => screen.getByRole('button', { name: 'Firmar consentimiento' });

describe('Nuevo consentimiento', () => {
  it('shows the text the server filled, and keeps «Firmar» disabled until both pads are signed', async () => {
    renderNewConsent();
    expect(await screen.findByText('Yo, Pablo Gómez, acepto el tratamiento.')).toBeTruthy();
    expect((screen.getByRole('radio', { name: TEMPLATES[0].titulo }) as HTMLInputElement).checked).toBe(true);
    expect((submitButton() as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Faltan firmas: firma en los dos recuadros.')).toBeTruthy();

    fireEvent.pointerUp(pad(/^Firma del paciente/));
    expect(await screen.findByText('Firmado')).toBeTruthy();
    expect((submitButton() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.pointerUp(pad(/^Firma del profesional/));
    await waitFor(() => expect((submitButton() as HTMLButtonElement).disabled).toBe(false));

    // 'Borrar' empties a pad: the button is disabled again.
    fireEvent.click(screen.getByRole('button', { name: 'Borrar la firma del paciente' }));
    await waitFor(() => expect((submitButton() as HTMLButtonElement).disabled).toBe(true));
    expect(posted).toEqual([]);
  });

  it('says a wrong tooth under its field and keeps the form, asking the text without it', async () => {
    renderNewConsent();
    await screen.findByText('Yo, Pablo Gómez, acepto el tratamiento.');
    fireEvent.click(screen.getByRole('radio', { name: TEMPLATES[1].titulo }));
    const tooth = await screen.findByRole('textbox', { name: /Diente/ });
    for (const wrong of ['99', '3']) {
      fireEvent.change(tooth, { target: { value: wrong } });
      expect(await screen.findByText(CONSENT_MESSAGES.toothInvalid, undefined, { timeout: 3000 })).toBeTruthy();
      // The field and the patient stay; the text waits for a real tooth.
      expect(screen.getByRole('textbox', { name: /Diente/ })).toBe(tooth);
      expect(screen.getByText('Pablo Gómez', { selector: 'p' })).toBeTruthy();
      expect(screen.getByText('Yo, Pablo Gómez, acepto extraer el diente {diente}.')).toBeTruthy();
    }
    expect(previewTeeth).not.toContain('99');
    expect(previewTeeth).not.toContain('3');
    fireEvent.change(tooth, { target: { value: '36 y 37' } });
    expect(await screen.findByText('Yo, Pablo Gómez, acepto extraer el diente 36 y 37.')).toBeTruthy();
    expect(screen.queryByText(CONSENT_MESSAGES.toothInvalid)).toBeNull();
  });

  it('makes a minor sign through a guardian, asks the tooth, and posts the right payload', async () => {
    minor = true;
    renderNewConsent();
    await screen.findByText('Yo, Pablo Gómez, acepto el tratamiento.');
    // A minor: 'El paciente' cannot be chosen, the guardian is.
    expect(await screen.findByText(`${CONSENT_MESSAGES.minorNeedsGuardian}.`)).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'El paciente' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('radio', { name: 'Su tutor o representante legal' }) as HTMLInputElement).checked).toBe(
      true,
    );

    fireEvent.click(screen.getByRole('radio', { name: TEMPLATES[1].titulo }));
    const tooth = await screen.findByRole('textbox', { name: /Diente/ });
    fireEvent.change(tooth, { target: { value: '38' } });
    expect(await screen.findByText('Yo, Pablo Gómez, acepto extraer el diente 38.')).toBeTruthy();

    fireEvent.pointerUp(pad(/^Firma del tutor/));
    fireEvent.pointerUp(pad(/^Firma del profesional/));
    await waitFor(() => expect((submitButton() as HTMLButtonElement).disabled).toBe(false));

    // Without the guardian's data, the form says what is missing and posts nothing.
    fireEvent.click(submitButton());
    expect(await screen.findByText(CONSENT_MESSAGES.guardianNameRequired)).toBeTruthy();
    expect(posted).toEqual([]);

    fireEvent.change(screen.getByRole('textbox', { name: /Nombre completo del tutor/ }), {
      target: { value: 'Rosa Gómez' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /Relación con el paciente/ }), {
      target: { value: 'Madre' },
    });
    fireEvent.click(submitButton());
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      plantillaId: EXTRACCION,
      firmante: 'tutor',
      tutor: { nombre: 'Rosa Gómez', relacion: 'Madre' },
      diente: '38',
      firmaPaciente: 'data:image/png;base64,iVBORw0KGgo=',
      firmaProfesional: 'data:image/png;base64,iVBORw0KGgo=',
    });
    // Back to the patient's page.
    await waitFor(() => expect(screen.getByTestId('url').textContent).toContain(`/pacientes/${PATIENT}`));
    expect(screen.getByTestId('url').textContent).not.toContain('nuevo');
  });
});

describe('Consentimientos on the patient page', () => {
  function renderSection(permisos: string[]) {
    stubApi(
      () => ({ rol: 'dentista', permisos }),
      (url) =>
        url.pathname === `/api/pacientes/${PATIENT}/consentimientos`
          ? json({
              consentimientos: [
                {
                  id: CONSENT,
                  titulo: 'Consentimiento informado para endodoncia',
                  fecha: '2026-11-27T10:00:00.000Z',
                  firmante: 'tutor',
                  tutor: { nombre: 'Rosa Gómez', relacion: 'Madre' },
                  profesional: { id: 'u1', nombre: 'Ana' },
                  sha256: 'a'.repeat(64),
                  bytes: 1000,
                },
              ],
            })
          : undefined,
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <SessionProvider>
          <MemoryRouter>
            <AfterSession>
              <ConsentsSection patientId={PATIENT} />
            </AfterSession>
          </MemoryRouter>
        </SessionProvider>
      </QueryClientProvider>,
    );
  }

  it('lists the signed consents with their PDF through the API, and «Nuevo consentimiento» for who may sign', async () => {
    renderSection(['historia.ver', 'consentimientos.firmar']);
    const list = await screen.findByRole('list', { name: 'Consentimientos firmados' });
    const item = within(list).getByRole('listitem');
    expect(item.textContent).toContain('Consentimiento informado para endodoncia');
    // 11:00 in Madrid, the clinic's zone.
    expect(item.textContent).toContain('Firmado el 27/11/2026 11:00 por Rosa Gómez (madre) y Ana');
    expect(
      within(item)
        .getByRole('link', { name: /Descargar PDF/ })
        .getAttribute('href'),
    ).toBe(`/api/consentimientos/${CONSENT}/pdf`);
    expect(screen.getByRole('link', { name: 'Nuevo consentimiento' }).getAttribute('href')).toBe(
      `/pacientes/${PATIENT}/consentimientos/nuevo`,
    );
  });

  it('hides «Nuevo consentimiento» without consentimientos.firmar', async () => {
    renderSection(['historia.ver']);
    await screen.findByRole('list', { name: 'Consentimientos firmados' });
    expect(screen.queryByRole('link', { name: 'Nuevo consentimiento' })).toBeNull();
  });
});
