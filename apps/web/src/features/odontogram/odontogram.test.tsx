import { emptyChart, existingMark, toothEntry, type OdontogramChart, type ToothEntry } from '@odontia/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider, useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { json, stubApi } from '@/test/api';
import { DentalChart } from './components/dental-chart';
import { surfaceFill } from './components/status-patterns';
import OdontogramPage from './pages/odontogram-page';

vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

const PATIENT = { id: 'p1', nombres: 'Ana', apellidos: 'Ortega', telefono: null, alertas: [] };
const autor = { id: 'u2', nombre: 'Marta Gil' };
const SERVICE = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';

let permisos: string[] = [];
let served: { version: number; chart: OdontogramChart }[] = [];
let saves: unknown[] = [];
let saveAnswer: () => Response = () => json({});

function installApi() {
  saves = [];
  stubApi(
    () => ({ rol: 'admin', permisos }),
    async (url, request) => {
      if (url.pathname === '/api/pacientes/p1/odontograma' && request.method === 'GET') {
        const next = served.length > 1 ? served.shift()! : served[0]!;
        return json({ ...next, autor, fecha: '2026-11-20T09:30:00.000Z', paciente: PATIENT });
      }
      if (url.pathname === '/api/pacientes/p1/odontograma' && request.method === 'PUT') {
        saves.push(await request.json());
        return saveAnswer();
      }
      if (url.pathname === '/api/odontograma/servicios') return json([{ id: SERVICE, nombre: 'Obturación composite' }]);
      return undefined;
    },
  );
}

beforeEach(() => {
  permisos = ['odontograma.ver', 'odontograma.editar'];
  served = [{ version: 3, chart: emptyChart() }];
  installApi();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

/** As the protected route does: the page only once the session is known. */
function AfterSession() {
  return useSession().loading ? null : <OdontogramPage />;
}

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/odontograma', element: <AfterSession /> },
      { path: '/pacientes', element: <h1>Pacientes</h1> },
    ],
    {
      initialEntries: ['/odontograma?paciente=p1'],
    },
  );
  const { unmount } = render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return Object.assign(router, { unmount });
}

const button = (name: string) => screen.getByRole('button', { name });

// 32 teeth of five surfaces each are a lot of jsdom: generous timeouts for a loaded machine.
const slow = { timeout: 20_000 };

describe('DentalChart', slow, () => {
  it('draws 32 teeth in two rows, reached with one tab stop, and moves with the arrow keys', () => {
    const onSelectTooth = vi.fn();
    render(
      <DentalChart
        chart={emptyChart()}
        patterns="p"
        onSelectTooth={onSelectTooth}
        onSelectSurface={vi.fn()}
        label="Carta"
      />,
    );
    const teeth = screen.getAllByRole('button', { name: /^Diente \d\d: Sano$/ });
    expect(teeth.map((t) => t.textContent)).toEqual(
      ['18', '17', '16', '15', '14', '13', '12', '11', '21', '22', '23', '24', '25', '26', '27', '28'].concat([
        '48',
        '47',
        '46',
        '45',
        '44',
        '43',
        '42',
        '41',
        '31',
        '32',
        '33',
        '34',
        '35',
        '36',
        '37',
        '38',
      ]),
    );
    expect(teeth.filter((t) => t.tabIndex === 0)).toHaveLength(1);
    button('Diente 18: Sano').focus();
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(button('Diente 17: Sano'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(button('Diente 47: Sano'));
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement).toBe(button('Diente 38: Sano'));
    expect(button('Diente 38: Sano').tabIndex).toBe(0);
    fireEvent.click(document.activeElement!);
    expect(onSelectTooth).toHaveBeenCalledWith(38);
  });

  it('fills a tooth with its whole-tooth status, each surface treated apart with its own', () => {
    const chart = emptyChart();
    const t26 = toothEntry(chart, 26);
    chart[26] = { ...t26, estado: 'crown', superficies: { ...t26.superficies, center: existingMark('cavity') } };
    chart[11] = { ...toothEntry(chart, 11), estado: 'implant' };
    chart[36] = {
      ...toothEntry(chart, 36),
      superficies: {
        ...toothEntry(chart, 36).superficies,
        center: { estado: 'filled', etapa: 'planificado', servicioId: 's1', realizado: null },
      },
    };
    render(<DentalChart chart={chart} patterns="p" onSelectTooth={vi.fn()} onSelectSurface={vi.fn()} label="Carta" />);
    const fills = (id: number) =>
      Array.from(
        screen.getByRole('group', { name: `Superficies del diente ${id}` }).querySelectorAll('polygon[aria-label]'),
      ).map((p) => [p.getAttribute('aria-label')!.split(',')[1]!.split(':')[0]!.trim(), p.getAttribute('fill')]);
    expect(fills(26)).toEqual([
      ['Vestibular', 'url(#p-crown)'],
      ['Distal', 'url(#p-crown)'],
      ['Palatino', 'url(#p-crown)'],
      ['Mesial', 'url(#p-crown)'],
      ['Oclusal', 'url(#p-cavity)'],
    ]);
    expect(fills(11).every(([, fill]) => fill === 'url(#p-implant)')).toBe(true);
    expect(fills(16).every(([, fill]) => fill === '#ffffff')).toBe(true);
    // Outlined in the status's ink, so a whole-tooth status differs from five surfaces of it.
    const outline = (id: number) =>
      screen.getByRole('group', { name: `Superficies del diente ${id}` }).querySelector('[data-tooth-status]');
    expect(outline(26)?.getAttribute('data-tooth-status')).toBe('crown');
    expect(outline(16)).toBeNull();
    // A planned surface: red pattern of its status, its own dashed outline and the «P» mark.
    expect(fills(36)[4]).toEqual(['Oclusal', 'url(#p-filled-planificado)']);
    const drawn36 = screen.getByRole('group', { name: `Superficies del diente 36` });
    expect(drawn36.querySelector('[data-surface-stage="planificado"]')?.getAttribute('stroke-dasharray')).toBe('4 2');
    expect(drawn36.querySelector('[data-stage-mark="planificado"]')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Diente 36: Sano, con tratamiento planificado' })).toBeTruthy();
  });

  it('draws a temporal chart with the 20 primary teeth, reached with the arrows', () => {
    render(
      <DentalChart
        chart={emptyChart('temporal')}
        patterns="p"
        onSelectTooth={vi.fn()}
        onSelectSurface={vi.fn()}
        label="Carta"
      />,
    );
    expect(screen.getAllByRole('button', { name: /^Diente \d\d: Sano$/ })).toHaveLength(20);
    expect(screen.queryByRole('button', { name: 'Diente 16: Sano' })).toBeNull();
    const button = (name: string) => screen.getByRole('button', { name });
    expect(button('Diente 55: Sano').tabIndex).toBe(0);
    button('Diente 55: Sano').focus();
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(button('Diente 85: Sano'));
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement).toBe(button('Diente 75: Sano'));
  });

  it('in a mixed chart goes from a permanent row to the primary row under it', () => {
    render(
      <DentalChart
        chart={emptyChart('mixta')}
        patterns="p"
        onSelectTooth={vi.fn()}
        onSelectSurface={vi.fn()}
        label="Carta"
      />,
    );
    expect(screen.getAllByRole('button', { name: /^Diente \d\d: Sano$/ })).toHaveLength(52);
    const button = (name: string) => screen.getByRole('button', { name });
    button('Diente 18: Sano').focus();
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(button('Diente 55: Sano'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(button('Diente 85: Sano'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(button('Diente 45: Sano'));
  });

  it('is read-only without handlers: surfaces are images, not buttons', () => {
    render(<DentalChart chart={emptyChart()} patterns="p" label="Carta" />);
    expect(screen.queryAllByRole('button', { name: /Oclusal/ })).toHaveLength(0);
    expect(screen.getByRole('img', { name: 'Diente 16, Oclusal: Sano' })).toBeTruthy();
  });
});

describe('surfaceFill', () => {
  it("is the surface's own status, or the whole tooth's where the surface is Sano", () => {
    const tooth: ToothEntry = {
      ...existingMark('filled'),
      superficies: { ...toothEntry(emptyChart(), 16).superficies, top: existingMark('bridge') },
      notas: '',
    };
    expect(surfaceFill('x', tooth, 'top')).toBe('url(#x-bridge)');
    expect(surfaceFill('x', tooth, 'center')).toBe('url(#x-filled)');
    expect(surfaceFill('x', toothEntry(emptyChart(), 16), 'center')).toBe('#ffffff');
    const done: ToothEntry = { ...tooth, etapa: 'realizado' };
    expect(surfaceFill('x', done, 'center')).toBe('url(#x-filled-realizado)');
  });
});

describe('Odontograma', slow, () => {
  it('applies a status to a surface with the keys, marks the chart unsaved and saves it from the version it loaded', async () => {
    saveAnswer = () =>
      json({
        version: 4,
        chart: (saves.at(-1) as { chart: OdontogramChart }).chart,
        autor,
        fecha: '2026-11-21T10:00:00.000Z',
      });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Diente 16, Oclusal: Sano' }, slow));
    fireEvent.keyDown(screen.getByRole('button', { name: 'Diente 16, Oclusal: Sano' }), { key: '2' });
    expect(button('Diente 16, Oclusal: Caries')).toBeTruthy();
    expect(button('Diente 16: Sano')).toBeTruthy();
    expect(screen.getByText('Cambios sin guardar')).toBeTruthy();
    expect(toast.success).toHaveBeenCalledWith(
      'Tratamiento aplicado: Caries',
      'Diente 16, superficie Oclusal',
      expect.anything(),
    );

    // Keys typed in the notes are text, not statuses.
    const notes = screen.getByLabelText('Notas del diente 16');
    fireEvent.change(notes, { target: { value: 'Dolor' } });
    fireEvent.keyDown(notes, { key: '4' });
    expect(button('Diente 16, Oclusal: Caries')).toBeTruthy();

    fireEvent.click(button('Guardar cambios'));
    await waitFor(
      () => expect(toast.success).toHaveBeenCalledWith('Cambios guardados', 'El odontograma se ha actualizado'),
      slow,
    );
    const sent = saves[0] as { baseVersion: number; chart: OdontogramChart };
    expect(sent.baseVersion).toBe(3);
    const healthy = existingMark('healthy');
    expect(sent.chart[16]).toEqual({
      ...healthy,
      superficies: { top: healthy, right: healthy, bottom: healthy, left: healthy, center: existingMark('cavity') },
      notas: 'Dolor',
    });
    expect(screen.queryByText('Cambios sin guardar')).toBeNull();
    expect(screen.getByText(/versión 4, guardada/)).toBeTruthy();
    // The patient's name comes with the chart: the record (audited as a view of it) is never read.
    expect(screen.getByText(/^Ana Ortega: versión 4/)).toBeTruthy();
    const paths = vi
      .mocked(fetch)
      .mock.calls.map(
        ([input]) => new URL(input instanceof Request ? input.url : String(input), 'http://localhost').pathname,
      );
    expect(paths).not.toContain('/api/pacientes/p1');
    expect(paths.filter((p) => p === '/api/pacientes/p1/odontograma')).toHaveLength(2);
  });

  it('Ausente on a whole tooth draws it as a dash and takes its surfaces', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Diente 11: Sano' }, slow));
    fireEvent.click(within(screen.getByRole('group', { name: 'Estados' })).getByRole('button', { name: /^Ausente/ }));
    expect(screen.getByRole('img', { name: 'Diente 11 ausente' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Diente 11, / })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Superficie' })).toBeNull();
  });

  it('plans a treatment with a catalogue service, and switches the chart to temporal as a change to save', async () => {
    saveAnswer = () =>
      json({
        version: 4,
        chart: (saves.at(-1) as { chart: OdontogramChart }).chart,
        autor,
        fecha: '2026-11-21T10:00:00.000Z',
      });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Diente 36, Oclusal: Sano' }, slow));
    fireEvent.click(screen.getByRole('radio', { name: 'Planificado' }));
    const estados = within(screen.getByRole('group', { name: 'Estados' }));
    // No service yet: the statuses wait for one.
    expect(estados.getByRole('button', { name: /^Obturado/ }).hasAttribute('disabled')).toBe(true);
    const service = screen.getByLabelText('Servicio del catálogo');
    await within(service).findByRole('option', { name: 'Obturación composite' }, slow);
    fireEvent.change(service, { target: { value: SERVICE } });
    fireEvent.click(estados.getByRole('button', { name: /^Obturado/ }));
    expect(button('Diente 36, Oclusal: Obturado (planificado)')).toBeTruthy();
    expect(screen.getByText('Planificado: Obturación composite')).toBeTruthy();
    expect(button('Diente 36: Sano, con tratamiento planificado')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Dentición'), { target: { value: 'temporal' } });
    expect(screen.queryByRole('button', { name: /^Diente 36/ })).toBeNull();
    expect(button('Diente 85: Sano')).toBeTruthy();
    fireEvent.click(button('Guardar cambios'));
    await waitFor(() => expect(saves).toHaveLength(1), slow);
    const sent = saves[0] as { chart: OdontogramChart };
    expect(Object.keys(sent.chart)).toHaveLength(20);
  });

  it('links a treatment done by signing a note to that note, for those who may read notes', async () => {
    const NOTE = 'c0ffee00-0000-4000-8000-000000000001';
    const chart = emptyChart();
    const t36 = toothEntry(chart, 36);
    chart[36] = {
      ...t36,
      superficies: {
        ...t36.superficies,
        center: {
          estado: 'filled',
          etapa: 'realizado',
          servicioId: SERVICE,
          // 23:30 UTC is already the 21st on the clinic's clock (Madrid).
          realizado: { fecha: '2026-11-20T23:30:00.000Z', autor, notaId: NOTE },
        },
      },
    };
    // Done from the chart itself: no note to link.
    chart[11] = {
      ...toothEntry(chart, 11),
      estado: 'crown',
      etapa: 'realizado',
      servicioId: null,
      realizado: { fecha: '2026-11-20T09:00:00.000Z', autor, notaId: null },
    };
    served = [{ version: 3, chart }];
    permisos = ['odontograma.ver', 'odontograma.editar', 'historia.ver'];
    const { unmount } = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /^Diente 36, Oclusal/ }, slow));
    const link = screen.getByRole('link', { name: 'Registrado en la nota del 21/11/2026' });
    expect(link.getAttribute('href')).toBe(`/notas/${NOTE}`);
    fireEvent.click(screen.getByRole('button', { name: /^Diente 11: Corona/ }));
    expect(screen.getByText(/^Realizado aquí el/)).toBeTruthy();
    expect(screen.queryByText(/Registrado en la nota/)).toBeNull();
    unmount();

    permisos = ['odontograma.ver', 'odontograma.editar'];
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /^Diente 36, Oclusal/ }, slow));
    expect(screen.getByText('Registrado en la nota del 21/11/2026')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Registrado en la nota/ })).toBeNull();
  });

  it('on a save over a newer version says so, keeps the local changes, and reloads the latest on request', async () => {
    const theirs = emptyChart();
    theirs[36] = { ...toothEntry(theirs, 36), estado: 'crown' };
    served = [
      { version: 3, chart: emptyChart() },
      { version: 4, chart: theirs },
    ];
    saveAnswer = () =>
      json(
        { error: { code: 'conflict', message: 'Marta Gil guardó el odontograma (versión 4) mientras lo editabas.' } },
        409,
      );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Diente 46: Sano' }, slow));
    fireEvent.click(within(screen.getByRole('group', { name: 'Estados' })).getByRole('button', { name: /^Implante/ }));
    fireEvent.click(button('Guardar cambios'));
    const alert = await screen.findByRole('alert', {}, slow);
    expect(alert.textContent).toContain('Marta Gil guardó el odontograma (versión 4)');
    expect(alert.textContent).toContain('Si recargas, los cambios que has hecho aquí se descartarán');
    expect(button('Diente 46: Implante')).toBeTruthy();
    expect(screen.getByText('Cambios sin guardar')).toBeTruthy();

    fireEvent.click(within(alert).getByRole('button', { name: 'Recargar la última versión' }));
    expect(await screen.findByRole('button', { name: 'Diente 36: Corona' }, slow)).toBeTruthy();
    expect(button('Diente 46: Sano')).toBeTruthy();
    expect(screen.queryByText('Cambios sin guardar')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks before leaving with unsaved changes', async () => {
    const router = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Diente 21: Sano' }, slow));
    fireEvent.keyDown(button('Diente 21: Sano'), { key: '5' });
    await router.navigate('/pacientes');
    const dialog = await screen.findByRole('alertdialog', { name: '¿Salir sin guardar?' }, slow);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Seguir editando' }));
    expect(router.state.location.pathname).toBe('/odontograma');
    await router.navigate('/pacientes');
    fireEvent.click(
      within(await screen.findByRole('alertdialog', {}, slow)).getByRole('button', { name: 'Salir sin guardar' }),
    );
    expect(await screen.findByRole('heading', { name: 'Pacientes' }, slow)).toBeTruthy();
  });

  it("fills a tooth given a whole-tooth status, and dates the print with the clinic's day", async () => {
    // 23:30 UTC on the 21st is already the 22nd at the clinic (Europe/Madrid); the browser here is UTC.
    vi.useFakeTimers({ now: new Date('2026-11-21T23:30:00Z'), toFake: ['Date'] });
    try {
      renderPage();
      fireEvent.click(await screen.findByRole('button', { name: 'Diente 36: Sano' }, slow));
      const surfaces = screen.getByRole('group', { name: 'Superficies del diente 36' }).querySelectorAll('polygon');
      expect(Array.from(surfaces, (p) => p.getAttribute('fill'))).toEqual(Array(5).fill('#ffffff'));
      fireEvent.click(within(screen.getByRole('group', { name: 'Estados' })).getByRole('button', { name: /^Corona/ }));
      expect(button('Diente 36: Corona')).toBeTruthy();
      const fills = Array.from(surfaces, (p) => p.getAttribute('fill'));
      expect(new Set(fills).size).toBe(1);
      expect(fills[0]).toMatch(/^url\(#odo\w+-crown\)$/);
      // The pattern it points to is on the page.
      expect(document.getElementById(fills[0]!.slice(5, -1))?.tagName).toBe('pattern');
      expect(screen.getByText(/^Fecha: /).textContent).toMatch(/^Fecha: 22\/11\/2026/);
    } finally {
      vi.useRealTimers();
    }
  });

  it("gives a saved version's time on the clinic's clock, not the browser's", async () => {
    // Saved at 09:30 UTC: 10:30 in Madrid, the clinic's zone; the browser here is UTC.
    renderPage();
    expect((await screen.findAllByText(/guardada el 20\/11\/2026,? 10:30/, {}, slow)).length).toBeGreaterThan(0);
    expect(screen.queryByText(/guardada el 20\/11\/2026,? 09:30/)).toBeNull();
  });

  it('shows the chart without the treatment panel to a role that cannot edit it', async () => {
    permisos = ['odontograma.ver'];
    renderPage();
    expect(await screen.findByText('Tu rol puede ver el odontograma, no modificarlo.', {}, slow)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Guardar cambios' })).toBeNull();
  });
});
