import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ThemeProvider } from '@/components/theme-provider';
import { ToasterHost } from '@/components/ui/sonner-host';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider } from '@/lib/session';

/**
 * What every page needs, and nothing more: this code is downloaded before the landing can be used
 * (budget in bench/). The toast area loads on the first toast; tooltips get their TooltipProvider
 * from the staff shell's SidebarProvider (a tooltip elsewhere brings its own).
 */
export function Providers({ children, queryClient: given }: { children: ReactNode; queryClient?: QueryClient }) {
  // The server's render brings its own (entry-server.tsx), to empty it afterwards.
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          {children}
          <ToasterHost />
        </SessionProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
