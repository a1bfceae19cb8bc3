import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import ChatOutlined from '@mui/icons-material/ChatOutlined';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import MailOutlined from '@mui/icons-material/MailOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import ViewKanbanOutlined from '@mui/icons-material/ViewKanbanOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../../config/paths.ts';

type Shortcut = { label: string; to: string; icon: ReactNode };

/** Links to the main areas of the dashboard. */
export function AreaShortcuts() {
  const { t } = useTranslation();
  const shortcuts: Shortcut[] = [
    { label: t('nav.mail'), to: paths.dashboard.mail.root, icon: <MailOutlined /> },
    { label: t('nav.chat'), to: paths.dashboard.chat.root, icon: <ChatOutlined /> },
    { label: t('nav.calendar'), to: paths.dashboard.calendar, icon: <CalendarMonthOutlined /> },
    { label: t('nav.kanban'), to: paths.dashboard.kanban, icon: <ViewKanbanOutlined /> },
    { label: t('nav.shop'), to: paths.dashboard.eCommerce.shop, icon: <StorefrontOutlined /> },
    { label: t('nav.invoice'), to: paths.dashboard.invoice.list, icon: <ReceiptLongOutlined /> },
    { label: t('nav.blog'), to: paths.dashboard.blog.posts, icon: <ArticleOutlined /> },
    { label: t('nav.fileManager'), to: paths.dashboard.fileManager, icon: <FolderOutlined /> },
    { label: t('nav.profile'), to: paths.dashboard.user.profile, icon: <PersonOutlined /> },
  ];

  return (
    <Box component="section" aria-labelledby="area-shortcuts-title">
      <Typography id="area-shortcuts-title" variant="h5" component="h2" sx={{ mb: 2 }}>
        {t('overview.app.shortcuts')}
      </Typography>
      <Grid container spacing={2}>
        {shortcuts.map((shortcut) => (
          <Grid key={shortcut.to} size={{ xs: 6, sm: 4, md: 3 }}>
            <Card sx={{ height: 1 }}>
              <CardActionArea
                component={RouterLink}
                to={shortcut.to}
                sx={{ p: 2.5, height: 1, display: 'flex', flexDirection: 'column', gap: 1 }}
              >
                <Box sx={{ color: 'primary.main', '& svg': { fontSize: 32 } }} aria-hidden="true">
                  {shortcut.icon}
                </Box>
                <Typography variant="subtitle2">{shortcut.label}</Typography>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}
