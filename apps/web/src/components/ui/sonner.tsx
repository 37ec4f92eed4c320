import type * as React from 'react';
import { Toaster as Sonner, type ToasterProps } from 'sonner';

import { useTheme } from '@/components/theme-provider';

/** The app's single toast area; show toasts with `toast` from '@/lib/toast'. Needs ThemeProvider above it. */
function Toaster(props: ToasterProps) {
  const { resolvedTheme } = useTheme();
  return (
    <Sonner
      theme={resolvedTheme}
      position="bottom-right"
      visibleToasts={3}
      richColors
      closeButton
      containerAriaLabel="Notificaciones"
      toastOptions={{ closeButtonAriaLabel: 'Cerrar' }}
      className="toaster group"
      style={
        {
          '--normal-bg': 'var(--popover)',
          '--normal-text': 'var(--popover-foreground)',
          '--normal-border': 'var(--border)',
          // sonner's light rich colours are below WCAG AA for small text; darker text keeps its look.
          ...(resolvedTheme === 'light' && {
            '--success-text': 'hsl(140, 100%, 20%)',
            '--info-text': 'hsl(210, 92%, 33%)',
            '--warning-text': 'hsl(31, 92%, 27%)',
            '--error-text': 'hsl(360, 100%, 37%)',
          }),
        } as React.CSSProperties
      }
      {...props}
    />
  );
}

export { Toaster };
