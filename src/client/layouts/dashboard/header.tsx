import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { alpha } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import { useTranslation } from 'react-i18next';

import { Logo } from '../../components/logo/logo.tsx';
import { LanguagePopover } from '../components/language-popover.tsx';
import { NotificationsPopover } from '../../features/notifications/components/notifications-popover.tsx';
import { SearchPalette } from '../components/search-palette.tsx';
import { layoutConfig } from '../../config/layout.ts';
import { AccountPopover } from './account-popover.tsx';

type HeaderProps = {
  navOpen: boolean;
  navId: string;
  onOpenNav: () => void;
  /** The drawer's code loads when the menu button is hovered or focused. */
  onPreloadNav?: () => void;
  /** Below 1200 px the navigation is a drawer opened from the header. */
  showNavButton: boolean;
  showLogo: boolean;
  /** Width taken by the fixed desktop navigation at the inline start. */
  offsetStart: number;
  height: number;
  /** Blurred background (scrolled, or a bar sits below). */
  solid: boolean;
};

export function Header({
  navOpen,
  navId,
  onOpenNav,
  onPreloadNav,
  showNavButton,
  showLogo,
  offsetStart,
  height,
  solid,
}: HeaderProps) {
  const { t } = useTranslation();
  return (
    <AppBar
      position="fixed"
      component="header"
      sx={(theme) => ({
        width: `calc(100% - ${offsetStart}px)`,
        color: 'text.primary',
        bgcolor: 'transparent',
        transition: theme.transitions.create(['height', 'background-color'], {
          duration: theme.transitions.duration.shorter,
        }),
        ...(solid && {
          backdropFilter: `blur(${layoutConfig.blur}px)`,
          bgcolor: alpha(theme.palette.background.default, layoutConfig.blurOpacity),
        }),
      })}
    >
      <Toolbar
        disableGutters
        sx={{
          height,
          minHeight: `${height}px !important`,
          px: { xs: 2, lg: 5 },
          gap: { xs: 0.5, sm: 1 },
          transition: (theme) => theme.transitions.create('height'),
        }}
      >
        {showNavButton && (
          <IconButton
            aria-label={t('nav.open')}
            aria-expanded={navOpen}
            aria-controls={navOpen ? navId : undefined}
            onClick={onOpenNav}
            onPointerEnter={onPreloadNav}
            onFocus={onPreloadNav}
            edge="start"
          >
            <MenuIcon />
          </IconButton>
        )}
        {showLogo && (
          <Box sx={{ display: 'inline-flex', mr: 1 }}>
            <Logo size={32} showText={false} />
          </Box>
        )}
        <SearchPalette />
        <Box sx={{ flexGrow: 1 }} />
        <LanguagePopover />
        <NotificationsPopover />
        <AccountPopover />
      </Toolbar>
    </AppBar>
  );
}
