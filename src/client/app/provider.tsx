import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';

import { useHostWanted } from '../components/snackbar/use-snackbar.ts';
import { queryClient as appQueryClient } from '../lib/query-client.ts';
import { i18n } from '../locales/i18n.ts';
import { ThemeProvider } from '../theme/theme-provider.tsx';

const SnackbarHost = lazy(() =>
  import('../components/snackbar/snackbar-host.tsx').then((module) => ({ default: module.SnackbarHost })),
);

/** The toast host, loaded with notistack when the first toast is asked for. */
function LazySnackbarHost() {
  const wanted = useHostWanted();
  return wanted ? (
    <Suspense fallback={null}>
      <SnackbarHost />
    </Suspense>
  ) : null;
}

type AppProviderProps = { children: ReactNode; queryClient?: QueryClient };

/** Every app-wide provider: i18n, server state, theme (display settings + language), toasts. */
export function AppProvider({ children, queryClient = appQueryClient }: AppProviderProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider>
          {children}
          <LazySnackbarHost />
        </ThemeProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
