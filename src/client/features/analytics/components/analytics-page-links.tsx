import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';

import { paths } from '../../../config/paths.ts';
import { analyticsViews, sharedSearch } from './analytics-views.ts';

/**
 * Links to analytics' pages: the overview, each detail view and the sites, the current one marked. The
 * overview and the views keep the site, the range and the filters of the page they are followed from.
 */
export function AnalyticsPageLinks({ current }: { current?: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const keep = sharedSearch(params);
  const links = [
    {
      key: 'overview',
      to: paths.dashboard.general.analytics,
      search: keep,
      label: t('analytics.nav.overview'),
    },
    ...analyticsViews.map((view) => ({
      key: view,
      to: paths.dashboard.analytics.details(view),
      search: keep,
      label: t(`analytics.details.views.${view}`),
    })),
    { key: 'sites', to: paths.dashboard.analytics.sites, search: '', label: t('analytics.nav.sites') },
  ];
  return (
    <Stack
      component="nav"
      aria-label={t('analytics.pageTitle')}
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ flexWrap: 'wrap', mb: 3 }}
    >
      {links.map((link) => {
        const isCurrent = current === link.key || pathname.replace(/\/$/, '') === link.to;
        return (
          <Button
            key={link.key}
            component={RouterLink}
            to={`${link.to}${link.search}`}
            size="small"
            color="inherit"
            variant={isCurrent ? 'contained' : 'outlined'}
            aria-current={isCurrent ? 'page' : undefined}
          >
            {link.label}
          </Button>
        );
      })}
    </Stack>
  );
}
