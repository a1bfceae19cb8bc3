import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';

import { paths } from '../../config/paths.ts';
import { useAuth, useAuthActions } from '../../lib/auth/use-auth.ts';

function initials(displayName: string): string {
  const letters = displayName
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '');
  return letters.join('') || '?';
}

/** The avatar button (name "Account") and its popover: name, email, links and "Logout". */
export function AccountPopover() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useAuth((state) => state.user);
  const { logout } = useAuthActions();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [loggingOut, setLoggingOut] = useState(false);
  const popoverId = useId();

  if (!user) return null;

  const close = () => setAnchor(null);

  const links = [
    { label: t('account.home'), to: paths.dashboard.root },
    { label: t('account.profile'), to: paths.dashboard.user.profile },
    { label: t('account.settings'), to: paths.dashboard.user.account },
  ];

  const onLogout = async () => {
    setLoggingOut(true);
    await logout();
    close();
    await navigate(paths.auth.login, { replace: true });
  };

  return (
    <>
      <IconButton
        aria-label={t('account.button')}
        aria-haspopup="true"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? popoverId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ p: 0.5 }}
      >
        {/* The initials are drawn by CSS: the button's name is "Account", and no other visible text competes. */}
        <Avatar
          src={user.avatarUrl ?? undefined}
          alt=""
          data-initials={initials(user.displayName)}
          sx={{
            width: 36,
            height: 36,
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            fontSize: 15,
            '&::after': { content: 'attr(data-initials)' },
            '&:has(img)::after': { content: 'none' },
          }}
        >
          {null}
        </Avatar>
      </IconButton>
      <Popover
        id={popoverId}
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={close}
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
              onClick={close}
              sx={{ borderRadius: 1 }}
            >
              {link.label}
            </MenuItem>
          ))}
        </MenuList>
        <Divider sx={{ borderStyle: 'dashed' }} />
        <Box sx={{ p: 1 }}>
          <Button
            fullWidth
            color="error"
            size="medium"
            variant="text"
            onClick={onLogout}
            loading={loggingOut}
          >
            {t('account.logout')}
          </Button>
        </Box>
      </Popover>
    </>
  );
}
