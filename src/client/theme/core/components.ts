import type { Components, Theme } from '@mui/material/styles';

export const components: Components<Theme> = {
  MuiButton: {
    defaultProps: { disableElevation: true },
  },
  MuiCard: {
    styleOverrides: {
      root: ({ theme }) => ({
        borderRadius: Number(theme.shape.borderRadius) * 2,
        boxShadow:
          theme.palette.mode === 'light'
            ? '0 0 2px 0 rgba(145, 158, 171, 0.2), 0 12px 24px -4px rgba(145, 158, 171, 0.12)'
            : '0 0 2px 0 rgba(0, 0, 0, 0.2), 0 12px 24px -4px rgba(0, 0, 0, 0.12)',
      }),
    },
  },
  MuiAppBar: {
    defaultProps: { elevation: 0, color: 'inherit' },
  },
  MuiTextField: {
    defaultProps: { fullWidth: true },
  },
  MuiLink: {
    defaultProps: { underline: 'hover' },
  },
  MuiAlert: {
    styleOverrides: { message: { overflowWrap: 'anywhere' } },
  },
};
