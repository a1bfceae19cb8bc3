import CloseIcon from '@mui/icons-material/Close';
import IconButton from '@mui/material/IconButton';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { closeSnackbar, SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';

import { queryClient as appQueryClient } from '../lib/query-client.ts';
import { i18n } from '../locales/i18n.ts';
import { ThemeProvider } from '../theme/theme-provider.tsx';

function SnackbarCloseButton({ snackbarKey }: { snackbarKey: string | number }) {
  const { t } = useTranslation();
  return (
    <IconButton
      size="small"
      color="inherit"
      aria-label={t('common.close')}
      onClick={() => closeSnackbar(snackbarKey)}
    >
      <CloseIcon fontSize="small" />
    </IconButton>
  );
}

type AppProviderProps = { children: ReactNode; queryClient?: QueryClient };

/** Every app-wide provider. Toasts follow spec §9: at most 5, 3000 ms, top right, success by default. */
export function AppProvider({ children, queryClient = appQueryClient }: AppProviderProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider>
          <SnackbarProvider
            maxSnack={5}
            autoHideDuration={3000}
            preventDuplicate
            variant="success"
            anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
            action={(snackbarKey) => <SnackbarCloseButton snackbarKey={snackbarKey} />}
          >
            {children}
          </SnackbarProvider>
        </ThemeProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
