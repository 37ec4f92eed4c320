import {
  MESSAGE_MESSAGES as M,
  PLANTILLAS_PREDETERMINADAS,
  type MessageSettings,
  type MessageSettingsInput,
} from '@odontia/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider } from '@/lib/session';
import { toast } from '@/lib/toast';
import { json, stubApi } from '@/test/api';
import MessageSettingsSection from './components/message-settings-section';

vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const STORED: MessageSettings = {
  recordatorioHoras: 48,
  cancelacionHoras: 24,
  plantillas: {
    ...PLANTILLAS_PREDETERMINADAS,
    confirmacion: { asunto: 'Cita en {clinica}', cuerpo: 'Hola, {paciente}. Te esperamos el {fecha}.' },
  },
};

let permisos: string[];
let puts: MessageSettingsInput[];
/** When set, the server refuses the save with this field error. */
let refusal: { field: string; message: string } | null;

beforeEach(() => {
  permisos = ['clinica.ver', 'clinica.editar'];
  puts = [];
  refusal = null;
  stubApi(
    () => ({ rol: 'admin', permisos }),
    async (url, request) => {
      if (url.pathname !== '/api/mensajes/ajustes') return undefined;
      if (request.method === 'GET') return json(STORED);
      if (request.method === 'PUT') {
        const body = (await request.json()) as MessageSettingsInput;
        puts.push(body);
        if (refusal) {
          return json(
            { error: { code: 'bad_request', message: refusal.message, fields: { [refusal.field]: refusal.message } } },
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
        <MessageSettingsSection />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

const reminderHours = () => screen.findByRole('spinbutton', { name: /Enviar el recordatorio/ });
const openTemplate = (name: string) => fireEvent.click(screen.getByRole('button', { name: new RegExp(`^${name}`) }));
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Guardar mensajes' }));

describe("'Mensajes a pacientes' in the clinic's settings", () => {
  it('loads the hours and each template, in order, with the data a text may name', async () => {
    renderSection();
    expect(await screen.findByRole('heading', { level: 2, name: M.settingsTitle })).toBeTruthy();
    expect(((await reminderHours()) as HTMLInputElement).value).toBe('48');
    const cancel = screen.getByRole('spinbutton', { name: /Los pacientes pueden cancelar en línea hasta/ });
    expect((cancel as HTMLInputElement).value).toBe('24');
    expect(screen.getAllByRole('heading', { level: 4 }).map((h) => h.textContent)).toEqual([
      'Cita reservada',
      'Reserva online por aprobar',
      'Cita cambiada',
      'Cita cancelada por la clínica',
      'Recordatorio por correo',
      'Recordatorio por WhatsApp',
    ]);
    expect(screen.getByText('{enlace}').parentElement?.textContent).toBe('{enlace} — Enlace para confirmar o cancelar');

    openTemplate('Cita reservada');
    expect((screen.getByRole('textbox', { name: /Asunto/ }) as HTMLInputElement).value).toBe('Cita en {clinica}');
    expect((screen.getByRole('textbox', { name: /Texto/ }) as HTMLTextAreaElement).value).toBe(
      'Hola, {paciente}. Te esperamos el {fecha}.',
    );
    // The email of an online booking the clinic has to approve, editable like the others.
    openTemplate('Cita reservada');
    openTemplate('Reserva online por aprobar');
    expect((screen.getByRole('textbox', { name: /Asunto/ }) as HTMLInputElement).value).toBe(
      PLANTILLAS_PREDETERMINADAS.reserva_recibida.asunto,
    );
    // WhatsApp's reminder has a text and no subject.
    openTemplate('Reserva online por aprobar');
    openTemplate('Recordatorio por WhatsApp');
    await waitFor(() => expect(screen.queryByRole('textbox', { name: /Asunto/ })).toBeNull());
    expect((screen.getByRole('textbox', { name: /Texto/ }) as HTMLTextAreaElement).value).toBe(
      PLANTILLAS_PREDETERMINADAS.whatsapp.cuerpo,
    );
  });

  it('refuses a datum that does not exist with the shared message, opening and focusing that template', async () => {
    renderSection();
    await reminderHours();
    openTemplate('Cita cambiada');
    fireEvent.change(screen.getByRole('textbox', { name: /Texto/ }), { target: { value: 'Hola, {nombre}: {hora}' } });
    openTemplate('Cita cambiada');
    await waitFor(() => expect(screen.queryByRole('textbox', { name: /Texto/ })).toBeNull());
    save();
    const error = await screen.findByText(M.unknownPlaceholder(['nombre']));
    const texto = screen.getByRole('textbox', { name: /Texto/ });
    expect(texto.getAttribute('aria-invalid')).toBe('true');
    expect(texto.getAttribute('aria-describedby')).toContain(error.id);
    await waitFor(() => expect(document.activeElement).toBe(texto));
    expect(puts).toEqual([]);
  });

  it('puts a template’s default text back with Restablecer', async () => {
    renderSection();
    await reminderHours();
    openTemplate('Cita reservada');
    const restore = screen.getByRole('button', { name: 'Restablecer el texto predeterminado de «Cita reservada»' });
    fireEvent.click(restore);
    expect((screen.getByRole('textbox', { name: /Asunto/ }) as HTMLInputElement).value).toBe(
      PLANTILLAS_PREDETERMINADAS.confirmacion.asunto,
    );
    const texto = screen.getByRole('textbox', { name: /Texto/ }) as HTMLTextAreaElement;
    expect(texto.value).toBe(PLANTILLAS_PREDETERMINADAS.confirmacion.cuerpo);
    // Nothing left to restore: the focus is on the restored text.
    await waitFor(() => expect((restore as HTMLButtonElement).disabled).toBe(true));
    expect(document.activeElement).toBe(texto);
  });

  it('saves every setting at once and says so', async () => {
    renderSection();
    const hours = await reminderHours();
    fireEvent.change(hours, { target: { value: '24' } });
    openTemplate('Recordatorio por correo');
    fireEvent.change(screen.getByRole('textbox', { name: /Asunto/ }), { target: { value: 'Mañana, {hora}' } });
    save();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(M.settingsSaved));
    expect(puts).toEqual([
      {
        recordatorioHoras: 24,
        cancelacionHoras: 24,
        plantillas: {
          ...STORED.plantillas,
          recordatorio: { ...STORED.plantillas.recordatorio, asunto: 'Mañana, {hora}' },
        },
      },
    ]);
  });

  it('says an hours value out of range, and puts the server’s field errors under their fields', async () => {
    renderSection();
    const hours = await reminderHours();
    fireEvent.change(hours, { target: { value: '0' } });
    save();
    expect(await screen.findByText(M.recordatorioHorasInvalid)).toBeTruthy();
    expect(hours.getAttribute('aria-invalid')).toBe('true');
    expect(puts).toEqual([]);

    fireEvent.change(hours, { target: { value: '12' } });
    refusal = { field: 'plantillas.cancelacion.asunto', message: M.asuntoRequired };
    save();
    // The template with the error opens by itself, its field marked.
    const asunto = await screen.findByRole('textbox', { name: /Asunto/ });
    await waitFor(() => expect(asunto.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(M.asuntoRequired)).toBeTruthy();
    expect(puts).toHaveLength(1);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('is read-only for a member who may see the clinic but not change it', async () => {
    permisos = ['clinica.ver'];
    renderSection();
    expect((await reminderHours()).hasAttribute('disabled')).toBe(true);
    openTemplate('Cita reservada');
    expect(screen.getByRole('textbox', { name: /Asunto/ }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('textbox', { name: /Texto/ }).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Guardar mensajes' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Restablecer/ })).toBeNull();
  });
});
