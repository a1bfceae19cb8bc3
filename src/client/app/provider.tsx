import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';

import { SnackbarProvider } from '../components/snackbar/snackbar-provider.tsx';
import { queryClient as appQueryClient } from '../lib/query-client.ts';
import { i18n } from '../locales/i18n.ts';
import { ThemeProvider } from '../theme/theme-provider.tsx';

type AppProviderProps = { children: ReactNode; queryClient?: QueryClient };

/** Every app-wide provider: i18n, server state, theme (display settings + language), toasts. */
export function AppProvider({ children, queryClient = appQueryClient }: AppProviderProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider>
          <SnackbarProvider>{children}</SnackbarProvider>
        </ThemeProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
