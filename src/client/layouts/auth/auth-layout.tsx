import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';

import { Logo } from '../../components/logo/logo.tsx';
import { LanguagePopover } from '../components/language-popover.tsx';

/** A centred card with the "Atrium" logo above it; the page (a form) goes in the card. */
export function AuthLayout() {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: (theme) => (theme.palette.mode === 'light' ? 'grey.100' : 'background.default'),
      }}
    >
      <Box
        component="header"
        sx={{
          px: { xs: 2, md: 5 },
          py: { xs: 2, md: 3 },
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
        }}
      >
        <Logo />
        <LanguagePopover />
      </Box>
      <Box
        component="main"
        sx={{
          flexGrow: 1,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          px: 2,
          pb: 8,
        }}
      >
        <Card sx={{ width: 1, maxWidth: 460, px: { xs: 3, sm: 5 }, py: { xs: 4, sm: 5 } }}>
          <Outlet />
        </Card>
        <Typography
          variant="body2"
          sx={{ mt: 3, maxWidth: 460, textAlign: 'center', color: 'text.secondary' }}
        >
          {t('account.layout.tagline')}
        </Typography>
      </Box>
    </Box>
  );
}
