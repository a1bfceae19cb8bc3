import Avatar from '@mui/material/Avatar';
import IconButton from '@mui/material/IconButton';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useAuth } from '../../lib/auth/use-auth.ts';
import type { AccountMenu as AccountMenuComponent } from './account-menu.tsx';

const loadMenu = () => import('./account-menu.tsx');

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
 *
 * The menu is what the person last asked for, whenever its code arrives (issue #24): a click while the code
 * is still loading opens it only if neither Escape nor a move away from the button came first. Once the code
 * is there, the menu is a plain component (not a `lazy` one behind Suspense), so a click opens it in the same
 * commit: focus is in the menu at once, and Escape closes it even while it is still growing.
 */
export function AccountPopover() {
  const { t } = useTranslation();
  const user = useAuth((state) => state.user);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [Menu, setMenu] = useState<typeof AccountMenuComponent | null>(null);
  // The button of a click whose menu is still loading; cleared by Escape or blur (the person changed their mind).
  const wanted = useRef<HTMLElement | null>(null);
  const popoverId = useId();
  const load = () =>
    loadMenu().then((module) => {
      setMenu(() => module.AccountMenu);
    });
  const preload = () => void load().catch(() => {});

  if (!user) return null;

  return (
    <>
      <IconButton
        aria-label={t('accountMenu.button')}
        aria-haspopup="true"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? popoverId : undefined}
        onClick={(event) => {
          const button = event.currentTarget;
          if (Menu) {
            setAnchor(button);
            return;
          }
          wanted.current = button;
          load()
            .then(() => {
              if (wanted.current === button) setAnchor(button);
            })
            .catch(() => {})
            .finally(() => {
              if (wanted.current === button) wanted.current = null;
            });
        }}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          wanted.current = null;
          // Escape that reaches the button before the open menu has taken the focus closes it too.
          setAnchor(null);
        }}
        onBlur={() => {
          wanted.current = null;
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
      {Menu && <Menu id={popoverId} anchor={anchor} user={user} onClose={() => setAnchor(null)} />}
    </>
  );
}
