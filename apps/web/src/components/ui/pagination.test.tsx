import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { Pagination } from '@/components/ui/pagination';

describe('Pagination', () => {
  it("shows 'Mostrando a - b de N' for the current page", () => {
    render(<Pagination page={2} pageSize={10} total={25} onPageChange={() => {}} />);
    expect(screen.getByText('Mostrando 11 - 20 de 25')).toBeDefined();
  });

  it('shows a partial last page', () => {
    render(<Pagination page={3} pageSize={10} total={25} onPageChange={() => {}} />);
    expect(screen.getByText('Mostrando 21 - 25 de 25')).toBeDefined();
  });

  it('words the summary as the list says when given one', () => {
    render(
      <Pagination
        page={3}
        pageSize={10}
        total={25}
        onPageChange={() => {}}
        summary={({ from, to, total }) => `${to - from + 1} de ${total} items`}
      />,
    );
    expect(screen.getByText('5 de 25 items')).toBeDefined();
    expect(screen.queryByText(/Mostrando/)).toBeNull();
  });

  it('hides the controls when everything fits on one page, but keeps the text', () => {
    render(<Pagination page={1} pageSize={10} total={10} onPageChange={() => {}} />);

    expect(screen.getByText('Mostrando 1 - 10 de 10')).toBeDefined();
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('renders nothing when there are no results', () => {
    const { container } = render(<Pagination page={1} pageSize={10} total={0} onPageChange={() => {}} />);
    expect(container.textContent).toBe('');
  });

  it('moves with Anterior, Siguiente and the page numbers', () => {
    const onPageChange = vi.fn();
    render(<Pagination page={2} pageSize={10} total={25} onPageChange={onPageChange} />);
    const nav = screen.getByRole('navigation', { name: 'Paginación' });

    fireEvent.click(within(nav).getByRole('button', { name: 'Siguiente' }));
    expect(onPageChange).toHaveBeenLastCalledWith(3);

    fireEvent.click(within(nav).getByRole('button', { name: 'Anterior' }));
    expect(onPageChange).toHaveBeenLastCalledWith(1);

    fireEvent.click(within(nav).getByRole('button', { name: 'Página 3' }));
    expect(onPageChange).toHaveBeenLastCalledWith(3);

    // The current page is marked, and choosing it again does nothing.
    const current = within(nav).getByRole('button', { name: 'Página 2' });
    expect(current.getAttribute('aria-current')).toBe('page');
    fireEvent.click(current);
    expect(onPageChange).toHaveBeenCalledTimes(3);
  });

  it('disables Anterior on the first page and Siguiente on the last', () => {
    const onPageChange = vi.fn();
    const { rerender } = render(<Pagination page={1} pageSize={10} total={25} onPageChange={onPageChange} />);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Anterior' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Siguiente' }).disabled).toBe(false);

    rerender(<Pagination page={3} pageSize={10} total={25} onPageChange={onPageChange} />);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Anterior' }).disabled).toBe(false);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Siguiente' }).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(onPageChange).not.toHaveBeenCalled();
  });

  it('keeps the page buttons short on long lists', () => {
    render(<Pagination page={10} pageSize={10} total={500} onPageChange={() => {}} />);
    const pages = screen.getAllByRole('button', { name: /^Página / }).map((button) => button.textContent);
    expect(pages).toEqual(['1', '9', '10', '11', '50']);
    expect(screen.getByText('Mostrando 91 - 100 de 500')).toBeDefined();
  });

  it('shows the last real page while a stale page number is corrected', () => {
    render(<Pagination page={4} pageSize={10} total={30} onPageChange={() => {}} />);
    expect(screen.getByText('Mostrando 21 - 30 de 30')).toBeDefined();
  });
});
