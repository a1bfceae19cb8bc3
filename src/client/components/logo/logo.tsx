import Link from '@mui/material/Link';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../config/paths.ts';
import { LogoMark } from './logo-mark.tsx';

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
