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
import type { TranslationResource } from '../../../locales/langs/en/index.ts';

type NavLabel = keyof TranslationResource['nav'];

type Shortcut = { label: NavLabel; to: string; icon: ReactNode };

/** The overview's links to the main areas of the dashboard (labels are `nav` texts). */
export const areaShortcuts: Shortcut[] = [
  { label: 'mail', to: paths.dashboard.mail.root, icon: <MailOutlined /> },
  { label: 'chat', to: paths.dashboard.chat.root, icon: <ChatOutlined /> },
  { label: 'calendar', to: paths.dashboard.calendar, icon: <CalendarMonthOutlined /> },
  { label: 'kanban', to: paths.dashboard.kanban, icon: <ViewKanbanOutlined /> },
  { label: 'shop', to: paths.dashboard.eCommerce.shop, icon: <StorefrontOutlined /> },
  { label: 'invoice', to: paths.dashboard.invoice.list, icon: <ReceiptLongOutlined /> },
  { label: 'blog', to: paths.dashboard.blog.posts, icon: <ArticleOutlined /> },
  { label: 'fileManager', to: paths.dashboard.fileManager, icon: <FolderOutlined /> },
  { label: 'profile', to: paths.dashboard.user.profile, icon: <PersonOutlined /> },
];

type AreaShortcutsProps = {
  /** Whether a path leads to a page (the route table says): a shortcut to a page of a later issue waits. */
  pageExists?: (path: string) => boolean;
};

/** Links to the main areas of the dashboard whose pages exist. */
export function AreaShortcuts({ pageExists = () => true }: AreaShortcutsProps) {
  const { t } = useTranslation();
  const shortcuts = areaShortcuts.filter((shortcut) => pageExists(shortcut.to));

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
                <Typography variant="subtitle2">{t(`nav.${shortcut.label}`)}</Typography>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}
