import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { ThemeProvider, useTheme } from '@/components/theme-provider';
import { ThemeChoice } from '@/components/theme-choice';
import { setMedia } from '@/test/media';

import indexHtml from '../../index.html?raw';

function ThemeProbe() {
  const { theme, resolvedTheme } = useTheme();
  return (
    <div>
      <p data-testid="theme">{theme}</p>
      <p data-testid="resolved">{resolvedTheme}</p>
    </div>
  );
}

function renderWithTheme() {
  return render(
    <ThemeProvider>
      <ThemeProbe />
      <ThemeChoice />
    </ThemeProvider>,
  );
}

const html = document.documentElement;

describe('ThemeProvider', () => {
  it("defaults to 'system' and shows the operating system's preference", () => {
    setMedia({ prefersDark: true });
    renderWithTheme();

    expect(screen.getByTestId('theme').textContent).toBe('system');
    expect(screen.getByTestId('resolved').textContent).toBe('dark');
    expect(html.classList.contains('dark')).toBe(true);
    expect(html.classList.contains('light')).toBe(false);
    expect(html.style.colorScheme).toBe('dark');
    expect(window.localStorage.getItem('ui-theme')).toBeNull();
  });

  it("ignores an unknown stored value and falls back to 'system'", () => {
    window.localStorage.setItem('ui-theme', 'sepia');
    renderWithTheme();

    expect(screen.getByTestId('theme').textContent).toBe('system');
    expect(html.classList.contains('light')).toBe(true);
  });

  it('restores the stored choice, over the operating system preference', () => {
    window.localStorage.setItem('ui-theme', 'dark');
    setMedia({ prefersDark: false });
    renderWithTheme();

    expect(screen.getByTestId('theme').textContent).toBe('dark');
    expect(html.classList.contains('dark')).toBe(true);
  });

  it('stores a new choice under ui-theme and applies it', () => {
    const firstVisit = renderWithTheme();
    expect(html.classList.contains('light')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Oscuro' }));

    expect(screen.getByRole('button', { name: 'Oscuro' }).getAttribute('aria-pressed')).toBe('true');
    expect(window.localStorage.getItem('ui-theme')).toBe('dark');
    expect(screen.getByTestId('theme').textContent).toBe('dark');
    expect(html.classList.contains('dark')).toBe(true);
    expect(html.classList.contains('light')).toBe(false);
    expect(html.style.colorScheme).toBe('dark');

    // A later visit starts from the stored choice.
    firstVisit.unmount();
    html.className = '';
    renderWithTheme();
    expect(screen.getByTestId('theme').textContent).toBe('dark');
    expect(html.classList.contains('dark')).toBe(true);
  });

  it("follows operating system changes live while the choice is 'system', and only then", () => {
    renderWithTheme();
    expect(html.classList.contains('light')).toBe(true);

    act(() => setMedia({ prefersDark: true }));
    expect(screen.getByTestId('resolved').textContent).toBe('dark');
    expect(html.classList.contains('dark')).toBe(true);

    act(() => setMedia({ prefersDark: false }));
    expect(html.classList.contains('light')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Claro' }));
    act(() => setMedia({ prefersDark: true }));
    expect(screen.getByTestId('resolved').textContent).toBe('light');
    expect(html.classList.contains('light')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Sistema' }));
    expect(html.classList.contains('dark')).toBe(true);
  });

  it('follows a change made in another tab', () => {
    renderWithTheme();

    act(() => {
      window.localStorage.setItem('ui-theme', 'dark');
      window.dispatchEvent(new StorageEvent('storage', { key: 'ui-theme', newValue: 'dark' }));
    });

    expect(screen.getByTestId('theme').textContent).toBe('dark');
    expect(html.classList.contains('dark')).toBe(true);
  });
});

describe('inline theme script in index.html', () => {
  const inlineScripts = [...indexHtml.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]);

  function runInlineScript() {
    new Function(inlineScripts[0])();
  }

  it('is the only inline script (the API allows it by hash)', () => {
    expect(inlineScripts).toHaveLength(1);
  });

  it.each([
    { stored: null, prefersDark: false, expected: 'light' },
    { stored: null, prefersDark: true, expected: 'dark' },
    { stored: 'system', prefersDark: true, expected: 'dark' },
    { stored: 'light', prefersDark: true, expected: 'light' },
    { stored: 'dark', prefersDark: false, expected: 'dark' },
    { stored: 'nonsense', prefersDark: false, expected: 'light' },
  ])(
    'paints $expected when ui-theme is $stored and the OS prefers dark: $prefersDark',
    ({ stored, prefersDark, expected }) => {
      if (stored !== null) window.localStorage.setItem('ui-theme', stored);
      setMedia({ prefersDark });

      runInlineScript();

      expect([...html.classList]).toEqual([expected]);
      expect(html.style.colorScheme).toBe(expected);
    },
  );

  it('agrees with ThemeProvider once React takes over', () => {
    setMedia({ prefersDark: true });
    runInlineScript();
    renderWithTheme();

    expect([...html.classList]).toEqual(['dark']);
  });
});
