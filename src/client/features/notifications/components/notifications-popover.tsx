import NotificationsNoneRounded from '@mui/icons-material/NotificationsNoneRounded';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { visuallyHidden } from '../../../lib/visually-hidden.ts';
import { useLiveNotifications, useNotifications } from '../api/notifications-api.ts';

const loadMenu = () => import('./notifications-menu.tsx');
const NotificationsMenu = lazy(() => loadMenu().then((module) => ({ default: module.NotificationsMenu })));

/**
 * The "Notifications" button (badge: unread count) and its popover: All / Unread tabs, "Mark all as read",
 * items that open their link. Backed by GET /api/notifications and the mark-read calls; changes arrive over the real-time socket. The popover's code
 * loads when the button is hovered, focused or first clicked, and stays mounted after.
 */
export function NotificationsPopover() {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [used, setUsed] = useState(false);
  const popoverId = useId();
  const summary = useNotifications('all');
  useLiveNotifications();
  const unreadCount = summary.data?.unreadCount ?? 0;
  const preload = () => void loadMenu();

  return (
    <>
      <IconButton
        aria-label={t('header.notifications')}
        aria-haspopup="true"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? popoverId : undefined}
        aria-describedby={unreadCount ? `${popoverId}-count` : undefined}
        onClick={(event) => {
          setUsed(true);
          setAnchor(event.currentTarget);
        }}
        onPointerEnter={preload}
        onFocus={preload}
      >
        {/* The count is drawn by CSS (the button's name stays "Notifications"; the count is its description). */}
        <Badge
          badgeContent={<span data-count={unreadCount > 99 ? '99+' : unreadCount} />}
          invisible={unreadCount === 0}
          color="error"
          sx={{ '& [data-count]::after': { content: 'attr(data-count)' } }}
        >
          <NotificationsNoneRounded />
        </Badge>
      </IconButton>
      {unreadCount > 0 && (
        <Box component="span" id={`${popoverId}-count`} sx={visuallyHidden}>
          {t('notifications.unreadSummary', { count: unreadCount })}
        </Box>
      )}
      {used && (
        <Suspense fallback={null}>
          <NotificationsMenu
            id={popoverId}
            anchor={anchor}
            unreadCount={unreadCount}
            onClose={() => setAnchor(null)}
          />
        </Suspense>
      )}
    </>
  );
}
