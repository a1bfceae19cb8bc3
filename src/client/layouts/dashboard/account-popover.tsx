import Avatar from '@mui/material/Avatar';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useAuth } from '../../lib/auth/use-auth.ts';

const loadMenu = () => import('./account-menu.tsx');
const AccountMenu = lazy(() => loadMenu().then((module) => ({ default: module.AccountMenu })));

function initials(displayName: string): string {
  const letters = displayName
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '');
  return letters.join('') || '?';
}

/**
 * The avatar button (name "Account") and its popover: name, email, links and "Logout". The popover's code
 * loads when the button is hovered, focused or first clicked, and stays mounted after.
 */
export function AccountPopover() {
  const { t } = useTranslation();
  const user = useAuth((state) => state.user);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [used, setUsed] = useState(false);
  const popoverId = useId();
  const preload = () => void loadMenu();

  if (!user) return null;

  return (
    <>
      <IconButton
        aria-label={t('account.button')}
        aria-haspopup="true"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? popoverId : undefined}
        onClick={(event) => {
          setUsed(true);
          setAnchor(event.currentTarget);
        }}
        onPointerEnter={preload}
        onFocus={preload}
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
      {used && (
        <Suspense fallback={null}>
          <AccountMenu id={popoverId} anchor={anchor} user={user} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
