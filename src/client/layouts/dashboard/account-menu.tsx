import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';

import type { User } from '#shared/contract/account.ts';

import { paths } from '../../config/paths.ts';
import { PresenceChoice } from '../../features/presence/components/presence-choice.tsx';
import { useAuthActions } from '../../lib/auth/use-auth.ts';

type AccountMenuProps = { id: string; anchor: HTMLElement | null; user: User; onClose: () => void };

/** The account popover (loaded when the avatar button is first used): name, email, links and "Logout". */
export function AccountMenu({ id, anchor, user, onClose }: AccountMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { logout } = useAuthActions();
  const [loggingOut, setLoggingOut] = useState(false);

  const links = [
    { label: t('accountMenu.home'), to: paths.dashboard.root },
    { label: t('accountMenu.profile'), to: paths.dashboard.user.profile },
    { label: t('accountMenu.settings'), to: paths.dashboard.user.account },
  ];

  const onLogout = async () => {
    setLoggingOut(true);
    await logout();
    onClose();
    await navigate(paths.auth.login, { replace: true });
  };

  return (
    <Popover
      id={id}
      open={Boolean(anchor)}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: { width: 240, mt: 1 } } }}
    >
      <Box sx={{ p: 2, pb: 1.5 }}>
        <Typography variant="subtitle2" noWrap>
          {user.displayName}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }} noWrap>
          {user.email}
        </Typography>
      </Box>
      <Divider sx={{ borderStyle: 'dashed' }} />
      <MenuList dense sx={{ p: 1 }}>
        {links.map((link) => (
          <MenuItem
            key={link.to}
            component={RouterLink}
            to={link.to}
            onClick={onClose}
            sx={{ borderRadius: 1 }}
          >
            {link.label}
          </MenuItem>
        ))}
      </MenuList>
      <Divider sx={{ borderStyle: 'dashed' }} />
      <PresenceChoice />
      <Divider sx={{ borderStyle: 'dashed' }} />
      <Box sx={{ p: 1 }}>
        <Button fullWidth color="error" size="medium" variant="text" onClick={onLogout} loading={loggingOut}>
          {t('accountMenu.logout')}
        </Button>
      </Box>
    </Popover>
  );
}
