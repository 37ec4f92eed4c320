import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider, useSession } from '@/lib/session';
import { stubApi } from '@/test/api';
import type { StaffPublicProfile } from './api/public-profile';
import { PublicProfileForm } from './components/public-profile-form';

const PERFIL = {
  id: 'c1',
  publicada: true,
  fechaPublicacion: '2026-01-01T00:00:00.000Z',
  descripcion: 'Clínica de barrio',
  especialidades: ['ortodoncia', 'endodoncia'],
  servicios: ['Limpieza', 'Blanqueamiento'],
  horario: [
    { dias: 'Lunes a viernes', horas: '09:00 - 20:00' },
    { dias: 'Sábados', horas: 'Cerrado' },
  ],
  email: null,
  sitioWeb: null,
  imagen: null,
} as unknown as StaffPublicProfile;

beforeEach(() => {
  stubApi(() => ({ rol: 'dentista', permisos: ['clinica.ver'] }));
});
afterEach(() => vi.unstubAllGlobals());

function AfterSession() {
  return useSession().loading ? null : <PublicProfileForm perfil={PERFIL} />;
}

const valueOf = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('the public profile for a member who may see the settings but not change them', () => {
  it('reads as a list: specialties by name, one line per row of hours, no inputs nor save button', async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <SessionProvider>
          <AfterSession />
        </SessionProvider>
      </QueryClientProvider>,
    );
    await screen.findAllByRole('definition', {}, { timeout: 5000 });
    expect(valueOf('Publicado en el directorio')).toBe('Sí');
    expect(valueOf('Especialidades')).toBe('Ortodoncia, Endodoncia');
    expect(valueOf('Horario')).toBe('Lunes a viernes: 09:00 - 20:00\nSábados: Cerrado');
    // The professionals are the clinic's dentists, shown on /dentistas, not typed here.
    expect(screen.queryByText('Profesionales', { selector: 'dt' })).toBeNull();
    expect(valueOf('Sitio web')).toBe('Sin indicar');
    expect(screen.queryAllByRole('textbox')).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Guardar cambios' })).toBeNull();
  });
});
