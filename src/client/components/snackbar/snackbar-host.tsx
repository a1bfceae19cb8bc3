import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import CloseIcon from '@mui/icons-material/Close';
import ErrorRounded from '@mui/icons-material/ErrorRounded';
import InfoRounded from '@mui/icons-material/InfoRounded';
import WarningRounded from '@mui/icons-material/WarningRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { styled } from '@mui/material/styles';
import {
  closeSnackbar,
  enqueueSnackbar,
  MaterialDesignContent,
  SnackbarProvider as NotistackProvider,
  type VariantType,
} from 'notistack';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { registerSnackbarHost } from './use-snackbar.ts';

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

const variants = ['info', 'success', 'warning', 'error'] as const satisfies VariantType[];

/** Toasts on the theme's surfaces: paper background, body text, the variant's colour on the icon. */
const StyledContent = styled(MaterialDesignContent)(({ theme }) => ({
  ...Object.fromEntries(
    variants.map((variant) => [
      `&.notistack-MuiContent-${variant}`,
      {
        backgroundColor: theme.palette.background.paper,
        color: theme.palette.text.primary,
        boxShadow: theme.shadows[8],
        border: `1px solid ${theme.palette.divider}`,
        borderRadius: Number(theme.shape.borderRadius),
        padding: theme.spacing(0.75, 1, 0.75, 1),
        fontFamily: theme.typography.fontFamily,
        fontSize: theme.typography.body2.fontSize,
        fontWeight: 500,
        '& .toast-icon': { color: theme.palette[variant].main },
      },
    ]),
  ),
}));

function ToastIcon({ children }: { children: ReactNode }) {
  return (
    <Box
      className="toast-icon"
      aria-hidden="true"
      sx={{ display: 'inline-flex', marginInlineEnd: 1.5, '& svg': { fontSize: 24 } }}
    >
      {children}
    </Box>
  );
}

/** Hands notistack's functions to use-snackbar.ts once the provider is mounted (and takes them back). */
function RegisterHost() {
  useEffect(() => {
    registerSnackbarHost({ enqueueSnackbar, closeSnackbar });
    return () => registerSnackbarHost(null);
  }, []);
  return null;
}

/**
 * Spec §9 toasts: at most 5 at once, duplicates suppressed, auto-hide after 3000 ms, success by default,
 * top right; variants info, success, warning and error, each with an icon and a close button. Mounted
 * beside the app when the first toast is asked for (use-snackbar.ts), so notistack is not in the first load.
 */
export function SnackbarHost() {
  return (
    <NotistackProvider
      maxSnack={5}
      autoHideDuration={3000}
      preventDuplicate
      variant="success"
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      action={(snackbarKey) => <SnackbarCloseButton snackbarKey={snackbarKey} />}
      Components={{
        info: StyledContent,
        success: StyledContent,
        warning: StyledContent,
        error: StyledContent,
      }}
      iconVariant={{
        info: (
          <ToastIcon>
            <InfoRounded />
          </ToastIcon>
        ),
        success: (
          <ToastIcon>
            <CheckCircleRounded />
          </ToastIcon>
        ),
        warning: (
          <ToastIcon>
            <WarningRounded />
          </ToastIcon>
        ),
        error: (
          <ToastIcon>
            <ErrorRounded />
          </ToastIcon>
        ),
      }}
    >
      <RegisterHost />
    </NotistackProvider>
  );
}
