import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../config/paths.ts';

function LogoMark({ size }: { size: number }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
      sx={{ width: size, height: size, flexShrink: 0 }}
    >
      <Box
        component="rect"
        width={64}
        height={64}
        rx={14}
        sx={{ fill: (theme) => theme.palette.primary.main }}
      />
      <path d="M32 12 14 50h9l3.6-8h10.8l3.6 8h9L32 12Zm-2.4 22L32 28.4 34.4 34h-4.8Z" fill="#fff" />
    </Box>
  );
}

type LogoProps = { size?: number; showText?: boolean; sx?: SxProps<Theme> };

/** The "Atrium" logo, a link to the home page. */
export function Logo({ size = 36, showText = true, sx }: LogoProps) {
  const { t } = useTranslation();
  return (
    <Link
      component={RouterLink}
      to={paths.root}
      underline="none"
      color="text.primary"
      aria-label={showText ? undefined : t('app.homeLink')}
      sx={[
        { display: 'inline-flex', alignItems: 'center', gap: 1, typography: 'h5', fontWeight: 800 },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <LogoMark size={size} />
      {showText && <span>{t('app.name')}</span>}
    </Link>
  );
}
