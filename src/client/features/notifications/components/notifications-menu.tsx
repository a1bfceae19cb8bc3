import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutlineOutlined';
import DoneAllRounded from '@mui/icons-material/DoneAllRounded';
import MailOutline from '@mui/icons-material/MailOutlined';
import NotificationsNoneRounded from '@mui/icons-material/NotificationsNoneRounded';
import SecurityOutlined from '@mui/icons-material/SecurityOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import ShoppingBagOutlined from '@mui/icons-material/ShoppingBagOutlined';
import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Popover from '@mui/material/Popover';
import Skeleton from '@mui/material/Skeleton';
import { alpha } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import type { Notification } from '#shared/contract/notifications.ts';

import { visuallyHidden } from '../../../lib/visually-hidden.ts';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { fRelativeTime } from '../../../lib/format.ts';
import {
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotifications,
  type NotificationFilter,
} from '../api/notifications-api.ts';

const typeIcons: Record<Notification['type'], ReactNode> = {
  system: <SettingsOutlined />,
  account: <AccountCircleOutlined />,
  security: <SecurityOutlined />,
  mail: <MailOutline />,
  chat: <ChatBubbleOutline />,
  order: <ShoppingBagOutlined />,
  blog: <ArticleOutlined />,
  banking: <AccountBalanceOutlined />,
};

function NotificationItem({ notification, onOpen }: { notification: Notification; onOpen: () => void }) {
  const { t } = useTranslation();
  const markRead = useMarkNotificationRead();
  const unread = !notification.readAt;
  const open = () => {
    if (unread) markRead.mutate(notification.id);
    onOpen();
  };
  const linkProps = notification.link?.startsWith('/')
    ? ({ component: RouterLink, to: notification.link } as const)
    : {};
  return (
    <li>
      <ListItemButton
        {...linkProps}
        onClick={open}
        sx={(theme) => ({
          alignItems: 'flex-start',
          gap: 2,
          px: 2.5,
          py: 1.5,
          borderBottom: `1px dashed ${theme.palette.divider}`,
          ...(unread && { bgcolor: alpha(theme.palette.primary.main, 0.04) }),
        })}
      >
        <Avatar
          sx={(theme) => ({
            bgcolor: alpha(theme.palette.grey[500], 0.12),
            color: 'text.secondary',
            width: 40,
            height: 40,
          })}
        >
          {typeIcons[notification.type]}
        </Avatar>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="subtitle2" component="p" sx={{ mb: 0.25 }}>
            {unread && (
              <Box component="span" sx={visuallyHidden}>{`${t('notifications.unreadMarker')}: `}</Box>
            )}
            {notification.title}
          </Typography>
          {notification.body && (
            <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
              {notification.body}
            </Typography>
          )}
          <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 0.5 }}>
            <time dateTime={notification.createdAt}>{fRelativeTime(notification.createdAt)}</time>
          </Typography>
        </Box>
        {unread && (
          <Box
            aria-hidden="true"
            sx={{ width: 8, height: 8, mt: 1, borderRadius: '50%', bgcolor: 'info.main', flexShrink: 0 }}
          />
        )}
      </ListItemButton>
    </li>
  );
}

function NotificationList({ filter, onOpen }: { filter: NotificationFilter; onOpen: () => void }) {
  const { t } = useTranslation();
  const query = useNotifications(filter);

  if (query.isPending) {
    return (
      <Box role="status" aria-label={t('app.loading')} sx={{ p: 2.5 }}>
        {[0, 1, 2].map((index) => (
          <Box key={index} sx={{ display: 'flex', gap: 2, mb: 2 }}>
            <Skeleton variant="circular" width={40} height={40} />
            <Box sx={{ flexGrow: 1 }}>
              <Skeleton variant="text" width="70%" />
              <Skeleton variant="text" width="40%" />
            </Box>
          </Box>
        ))}
      </Box>
    );
  }
  if (query.isError) {
    return (
      <Box sx={{ p: 2.5 }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {t('notifications.retry')}
            </Button>
          }
        >
          {t('notifications.loadFailed')}
        </Alert>
      </Box>
    );
  }
  if (query.data.notifications.length === 0) {
    return (
      <Box sx={{ px: 2.5, py: 6, textAlign: 'center', color: 'text.secondary' }}>
        <NotificationsNoneRounded sx={{ fontSize: 48, mb: 1, opacity: 0.6 }} aria-hidden="true" />
        <Typography variant="body2">
          {filter === 'unread' ? t('notifications.emptyUnread') : t('notifications.empty')}
        </Typography>
      </Box>
    );
  }
  return (
    <List disablePadding aria-label={t('notifications.title')}>
      {query.data.notifications.map((notification) => (
        <NotificationItem key={notification.id} notification={notification} onOpen={onOpen} />
      ))}
    </List>
  );
}

type NotificationsMenuProps = {
  id: string;
  anchor: HTMLElement | null;
  unreadCount: number;
  onClose: () => void;
};

/**
 * The notifications popover (loaded when the header's "Notifications" button is first used): All / Unread
 * tabs, "Mark all as read", items that open their link.
 */
export function NotificationsMenu({ id, anchor, unreadCount, onClose }: NotificationsMenuProps) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [tab, setTab] = useState<NotificationFilter>('all');
  const tabsId = useId();
  const markAll = useMarkAllNotificationsRead();

  const onMarkAll = () => {
    markAll.mutate(undefined, {
      onSuccess: () => enqueueSnackbar(t('notifications.markedAllRead')),
      onError: (error) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' }),
    });
  };

  return (
    <Popover
      id={id}
      open={Boolean(anchor)}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: { width: { xs: 'calc(100vw - 32px)', sm: 380 }, mt: 1 } } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2.5, py: 2 }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h6" component="h2">
            {t('notifications.title')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('notifications.unreadSummary', { count: unreadCount })}
          </Typography>
        </Box>
        {unreadCount > 0 && (
          <Tooltip title={t('notifications.markAllRead')}>
            <IconButton
              aria-label={t('notifications.markAllRead')}
              color="primary"
              onClick={onMarkAll}
              disabled={markAll.isPending}
            >
              <DoneAllRounded />
            </IconButton>
          </Tooltip>
        )}
      </Box>
      <Tabs
        value={tab}
        onChange={(_event, value: NotificationFilter) => setTab(value)}
        aria-label={t('notifications.title')}
        sx={{ px: 2.5, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab
          value="all"
          label={t('notifications.all')}
          id={`${tabsId}-all`}
          aria-controls={`${tabsId}-panel`}
        />
        <Tab
          value="unread"
          label={t('notifications.unread')}
          id={`${tabsId}-unread`}
          aria-controls={`${tabsId}-panel`}
        />
      </Tabs>
      <Box
        id={`${tabsId}-panel`}
        role="tabpanel"
        aria-labelledby={`${tabsId}-${tab}`}
        sx={{ maxHeight: { xs: 360, sm: 440 }, overflowY: 'auto' }}
      >
        <NotificationList filter={tab} onOpen={onClose} />
      </Box>
      <Divider />
    </Popover>
  );
}
