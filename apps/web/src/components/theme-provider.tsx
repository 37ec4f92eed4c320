import * as React from 'react';

export type Theme = 'light' | 'dark' | 'system';
export type ResolvedTheme = 'light' | 'dark';

const THEMES: readonly Theme[] = ['light', 'dark', 'system'];
const DARK_QUERY = '(prefers-color-scheme: dark)';

type ThemeContextValue = {
  /** The user's choice. */
  theme: Theme;
  /** What is on screen: the choice, or the operating system's preference when the choice is 'system'. */
  resolvedTheme: ResolvedTheme;
  setTheme: (theme: Theme) => void;
};

const ThemeContext = React.createContext<ThemeContextValue | null>(null);

function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

function readStoredTheme(storageKey: string): Theme | null {
  try {
    const stored = window.localStorage.getItem(storageKey);
    return isTheme(stored) ? stored : null;
  } catch {
    // Storage can be disabled (privacy modes): see `unsaved`.
    return null;
  }
}

/** The choice made in this tab when storage is disabled: it then lasts until the page is closed. */
let unsaved: Theme | null = null;
const choiceListeners = new Set<() => void>();

/** The stored choice changes here (setTheme) or in another tab ('storage'): all open tabs look the same. */
function subscribeToChoice(onChange: () => void) {
  choiceListeners.add(onChange);
  window.addEventListener('storage', onChange);
  return () => {
    choiceListeners.delete(onChange);
    window.removeEventListener('storage', onChange);
  };
}

function subscribeToSystemTheme(onChange: () => void) {
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function systemPrefersDark() {
  return window.matchMedia(DARK_QUERY).matches;
}

type ThemeProviderProps = {
  children: React.ReactNode;
  defaultTheme?: Theme;
  /** Must match the key read by the inline script in index.html, which paints the theme before React loads. */
  storageKey?: string;
};

function ThemeProvider({ children, defaultTheme = 'system', storageKey = 'ui-theme' }: ThemeProviderProps) {
  // A page rendered on the server is hydrated with the default (the server cannot know the choice),
  // then shows the stored one; the inline script in index.html has painted it already.
  const theme = React.useSyncExternalStore(
    subscribeToChoice,
    () => unsaved ?? readStoredTheme(storageKey) ?? defaultTheme,
    () => defaultTheme,
  );
  const systemDark = React.useSyncExternalStore(subscribeToSystemTheme, systemPrefersDark, () => false);
  const resolvedTheme: ResolvedTheme = theme === 'system' ? (systemDark ? 'dark' : 'light') : theme;

  React.useEffect(() => {
    const root = document.documentElement;
    root.classList.remove('light', 'dark');
    root.classList.add(resolvedTheme);
    // The inline script set this as an inline style, which would otherwise outrank the stylesheet.
    root.style.colorScheme = resolvedTheme;
  }, [resolvedTheme]);

  const setTheme = React.useCallback(
    (next: Theme) => {
      try {
        window.localStorage.setItem(storageKey, next);
        unsaved = null;
      } catch {
        unsaved = next;
      }
      for (const listener of choiceListeners) listener();
    },
    [storageKey],
  );

  const value = React.useMemo(() => ({ theme, resolvedTheme, setTheme }), [theme, resolvedTheme, setTheme]);

  return <ThemeContext value={value}>{children}</ThemeContext>;
}

function useTheme(): ThemeContextValue {
  const context = React.use(ThemeContext);
  if (!context) throw new Error('useTheme debe usarse dentro de <ThemeProvider>.');
  return context;
}

export { ThemeProvider, useTheme, type ThemeProviderProps };
