import type { Components, Theme } from '@mui/material/styles';
import { alpha } from '@mui/material/styles';

import type { ThemeContrast } from '../../lib/settings/settings-config.ts';

function cardShadow(theme: Theme, contrast: ThemeContrast): string {
  const color = theme.palette.mode === 'light' ? '145, 158, 171' : '0, 0, 0';
  return contrast === 'bold'
    ? `0 0 2px 0 rgba(${color}, 0.32), 0 12px 24px -4px rgba(${color}, 0.32)`
    : `0 0 2px 0 rgba(${color}, 0.2), 0 12px 24px -4px rgba(${color}, 0.12)`;
}

/** Component defaults shared by every page; `contrast` bold strengthens card edges and shadows. */
export function createComponents(contrast: ThemeContrast): Components<Theme> {
  return {
    MuiCssBaseline: {
      styleOverrides: (theme) => ({
        html: { scrollbarColor: `${alpha(theme.palette.grey[500], 0.48)} transparent` },
        '*': { scrollbarWidth: 'thin' },
        body: { transition: 'background-color 0.2s' },
        'img, svg': { maxWidth: '100%' },
      }),
    },
    MuiTypography: {
      // Subtitles are emphasised text, not headings (MUI maps them to <h6>, which breaks the heading order).
      defaultProps: {
        variantMapping: {
          h1: 'h1',
          h2: 'h2',
          h3: 'h3',
          h4: 'h4',
          h5: 'h5',
          h6: 'h6',
          subtitle1: 'p',
          subtitle2: 'p',
          body1: 'p',
          body2: 'p',
          inherit: 'p',
        },
      },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
    },
    MuiPaper: {
      // No white overlay on dark surfaces: the palette colours (and their contrast) are what is shown.
      styleOverrides: { root: { backgroundImage: 'none' } },
    },
    MuiCard: {
      styleOverrides: {
        root: ({ theme }) => ({
          borderRadius: Number(theme.shape.borderRadius) * 2,
          boxShadow: cardShadow(theme, contrast),
          ...(contrast === 'bold' && { border: `1px solid ${theme.palette.divider}` }),
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
    MuiTooltip: {
      styleOverrides: {
        tooltip: ({ theme }) => ({
          backgroundColor: theme.palette.mode === 'light' ? theme.palette.grey[800] : theme.palette.grey[700],
        }),
      },
    },
    MuiAvatarGroup: {
      // Spec §9: avatar group maximum 4.
      defaultProps: { max: 4 },
    },
    MuiDrawer: {
      styleOverrides: { paper: { backgroundImage: 'none' } },
    },
  };
}
