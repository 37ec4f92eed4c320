import { Monitor, Moon, Sun } from 'lucide-react';
import { type Theme, useTheme } from '@/components/theme-provider';
import { cx } from '@/lib/cx';

export const THEME_OPTIONS: Array<{ value: Theme; label: string; icon: typeof Sun }> = [
  { value: 'light', label: 'Claro', icon: Sun },
  { value: 'dark', label: 'Oscuro', icon: Moon },
  { value: 'system', label: 'Sistema', icon: Monitor },
];

/**
 * The three theme choices as pressed buttons, for places without room for a menu (the public pages'
 * mobile menu). Plain buttons: no menu library on the public pages' first download.
 */
export function ThemeChoice() {
  const { theme, setTheme } = useTheme();
  return (
    <div role="group" aria-label="Tema" className="inline-flex rounded-md border p-0.5">
      {THEME_OPTIONS.map(({ value, label, icon: Icon }) => (
        <button
          key={value}
          type="button"
          aria-pressed={theme === value}
          onClick={() => setTheme(value)}
          className={cx(
            'inline-flex items-center gap-1.5 rounded-sm px-2.5 py-1.5 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring',
            theme === value ? 'bg-muted font-medium text-foreground' : 'text-muted-foreground hover:text-foreground',
          )}
        >
          <Icon className="size-4" aria-hidden="true" />
          {label}
        </button>
      ))}
    </div>
  );
}
