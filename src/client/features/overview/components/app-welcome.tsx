import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import ChatOutlined from '@mui/icons-material/ChatOutlined';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import MailOutlined from '@mui/icons-material/MailOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import TaskAltRounded from '@mui/icons-material/TaskAltRounded';
import ViewKanbanOutlined from '@mui/icons-material/ViewKanbanOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import { alpha } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import type { OverviewToday } from '#shared/contract/overview.ts';

import { prefetchHandlers } from '../../../components/widget-card/widget-card.tsx';
import { paths } from '../../../config/paths.ts';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { inbox, overdueInvoices } from './app-links.ts';
import { cardState, type AppWidgetProps } from './app-widget.ts';

type TodoKey = keyof OverviewToday;

/** Each thing that can need the viewer today, where it is dealt with, and its icon. */
export const todayTodos: readonly { key: TodoKey; to: string; icon: ReactNode }[] = [
  { key: 'unreadMail', to: inbox, icon: <MailOutlined /> },
  { key: 'unreadChat', to: paths.dashboard.chat.root, icon: <ChatOutlined /> },
  { key: 'cardsDue', to: paths.dashboard.kanban, icon: <ViewKanbanOutlined /> },
  { key: 'eventsToday', to: paths.dashboard.calendar, icon: <CalendarMonthOutlined /> },
  { key: 'overdueInvoices', to: overdueInvoices, icon: <ReceiptLongOutlined /> },
];

/**
 * The welcome card: greets the viewer by name (the page's heading) and lists what needs them today, each
 * a link to the place it is dealt with; nothing to do is "all clear", not a row of zeros. The counts are
 * the viewer's own, administrators' too; overdue invoices are the workspace's, for administrators only.
 */
export function AppWelcome({ overview }: Pick<AppWidgetProps, 'overview'>) {
  const { t } = useTranslation();
  const titleId = useId();
  const user = useAuth((state) => state.user);
  const state = cardState(overview);
  const today = overview.data?.today;
  const todos = today
    ? todayTodos.flatMap((todo) => {
        const count = today[todo.key] ?? 0;
        return count > 0 ? [{ ...todo, count }] : [];
      })
    : [];
  const isAdmin = user?.role === 'admin';

  let content: ReactNode;
  if (state.loading) {
    content = (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={40} />
        ))}
      </Box>
    );
  } else if (state.error) {
    content = (
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1.5 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('overview.app.today.error')}
        </Typography>
        <Button size="small" variant="outlined" color="inherit" onClick={state.onRetry}>
          {t('common.retry')}
        </Button>
      </Box>
    );
  } else if (todos.length === 0) {
    content = (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'success.dark' }}>
        <TaskAltRounded aria-hidden />
        <Typography>{t('overview.app.today.allClear')}</Typography>
      </Box>
    );
  } else {
    content = (
      <List disablePadding sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
        {todos.map((todo) => (
          <ListItem key={todo.key} disablePadding>
            <ListItemButton
              component={RouterLink}
              to={todo.to}
              {...prefetchHandlers(todo.to)}
              sx={{ borderRadius: 1, bgcolor: 'background.paper' }}
            >
              <ListItemIcon sx={{ color: 'primary.main', minWidth: 40 }} aria-hidden>
                {todo.icon}
              </ListItemIcon>
              <ListItemText primary={t(`overview.app.today.${todo.key}`, { count: todo.count })} />
              <ChevronRightRounded
                aria-hidden
                sx={(theme) => ({
                  color: 'text.secondary',
                  transform: theme.direction === 'rtl' ? 'scaleX(-1)' : undefined,
                })}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    );
  }

  return (
    <Card
      component="section"
      aria-labelledby={titleId}
      aria-busy={state.loading}
      data-widget="welcome"
      sx={{
        p: { xs: 3, md: 4 },
        height: 1,
        bgcolor: (theme) => alpha(theme.palette.primary.main, 0.08),
        boxShadow: 'none',
      }}
    >
      <Typography id={titleId} variant="h4" component="h1" sx={{ mb: 2, color: 'primary.dark' }}>
        {t('overview.app.welcome', { name: user?.displayName ?? '' })}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mb: 1.5 }}>
        <Typography variant="subtitle1" component="h2">
          {t('overview.app.today.title')}
        </Typography>
        <Tooltip
          title={t(isAdmin ? 'overview.app.today.infoAdmin' : 'overview.app.today.info')}
          describeChild
          enterTouchDelay={0}
          leaveTouchDelay={6000}
        >
          <IconButton
            size="small"
            aria-label={t('overview.widget.info', { title: t('overview.app.today.title') })}
          >
            <InfoOutlined fontSize="inherit" />
          </IconButton>
        </Tooltip>
      </Box>
      {content}
    </Card>
  );
}
