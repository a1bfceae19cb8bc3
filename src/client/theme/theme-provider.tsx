import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider as MuiThemeProvider } from '@mui/material/styles';
import { useMemo, type ReactNode } from 'react';

import { createAppTheme, type ThemeOptionsInput } from './create-theme.ts';

type ThemeProviderProps = ThemeOptionsInput & { children: ReactNode };

export function ThemeProvider({ mode, direction, children }: ThemeProviderProps) {
  const theme = useMemo(() => createAppTheme({ mode, direction }), [mode, direction]);
  return (
    <MuiThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </MuiThemeProvider>
  );
}
