import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import { useTranslation } from 'react-i18next';

import { Logo } from '../../components/logo/logo.tsx';
import { layoutConfig } from '../config-layout.ts';
import { AccountPopover } from './account-popover.tsx';

type HeaderProps = { navOpen: boolean; navId: string; onOpenNav: () => void };

export function Header({ navOpen, navId, onOpenNav }: HeaderProps) {
  const { t } = useTranslation();
  return (
    <AppBar
      position="sticky"
      sx={{
        bgcolor: (theme) => `rgba(${theme.palette.mode === 'light' ? '255, 255, 255' : '20, 26, 33'}, 0.8)`,
        backdropFilter: 'blur(6px)',
        color: 'text.primary',
      }}
    >
      <Toolbar
        sx={{ minHeight: { xs: layoutConfig.header.mobileHeight, lg: 72 }, px: { xs: 2, lg: 5 }, gap: 1 }}
      >
        <IconButton
          aria-label={t('nav.open')}
          aria-expanded={navOpen}
          aria-controls={navOpen ? navId : undefined}
          onClick={onOpenNav}
          edge="start"
          sx={{ display: { lg: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
        <Box sx={{ display: { xs: 'inline-flex', lg: 'none' } }}>
          <Logo size={28} showText={false} />
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        <AccountPopover />
      </Toolbar>
    </AppBar>
  );
}
