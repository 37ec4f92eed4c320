import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useListSearch } from './use-list-search';

function List() {
  const { q, term, setTerm } = useListSearch();
  return (
    <>
      <input aria-label="Buscar" value={term} onChange={(e) => setTerm(e.target.value)} />
      <p data-testid="q">{q}</p>
      <Link to="/lista/p1">Ana Ruiz</Link>
    </>
  );
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('useListSearch', () => {
  it('puts the typed term in the URL once typing pauses, at page 1, keeping the other parameters', async () => {
    const router = createMemoryRouter([{ path: '/lista', Component: List }], {
      initialEntries: ['/lista?pagina=3&estado=activos'],
    });
    render(<RouterProvider router={router} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Buscar' }), { target: { value: ' ana ' } });
    expect(router.state.location.search).toBe('?pagina=3&estado=activos');
    await act(() => wait(400));
    expect(router.state.location.search).toBe('?estado=activos&q=ana');
    expect(screen.getByTestId('q').textContent).toBe('ana');
  });

  it('lets a click on a result made while typing pauses win over the delayed search', async () => {
    // The result's screen is still loading (its chunk, as on a first visit) when the search's delay ends.
    let loaded!: () => void;
    const loading = new Promise<void>((resolve) => (loaded = resolve));
    const router = createMemoryRouter(
      [
        { path: '/lista', Component: List },
        {
          path: '/lista/:id',
          lazy: async () => {
            await loading;
            return { Component: () => <h1>Ficha</h1> };
          },
        },
      ],
      { initialEntries: ['/lista'] },
    );
    render(<RouterProvider router={router} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Buscar' }), { target: { value: 'ana' } });
    fireEvent.click(screen.getByRole('link', { name: 'Ana Ruiz' }));
    await act(() => wait(400));
    await act(async () => loaded());
    expect(await screen.findByRole('heading', { name: 'Ficha' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/lista/p1');
  });
});
