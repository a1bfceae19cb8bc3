import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { presenceColor } from '../../../components/presence-dot/presence-dot.tsx';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { useMyPresence } from '../api/presence-api.ts';

// The menu (a popover with the choices) loads when first opened.
const PresencePopover = lazy(() => import('./presence-popover.tsx'));

/**
 * My picture with my status as a dot; it opens the status choice (online, away, busy, appear offline). The
 * chat's left panel shows it, as the account menu does.
 */
export function PresenceMenuButton() {
  const { t } = useTranslation();
  const user = useAuth((state) => state.user);
  const mine = useMyPresence();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const status = mine.data?.presence.status ?? 'offline';
  const name = user?.displayName ?? '';

  return (
    <>
      <IconButton
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={`${t('accountMenu.status')}: ${t(`accountMenu.statuses.${status}`)}`}
        aria-haspopup="true"
        aria-expanded={Boolean(anchor)}
        aria-controls={anchor ? menuId : undefined}
        sx={{ p: 0.5 }}
      >
        <Badge
          overlap="circular"
          variant="dot"
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          sx={{
            '& .MuiBadge-badge': {
              bgcolor: presenceColor[status],
              width: 12,
              height: 12,
              borderRadius: '50%',
              border: 2,
              borderColor: 'background.paper',
            },
          }}
        >
          <Avatar alt={name} src={user?.avatarUrl ?? undefined} sx={{ width: 40, height: 40 }} />
        </Badge>
      </IconButton>
      {anchor && (
        <Suspense fallback={null}>
          <PresencePopover id={menuId} anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
