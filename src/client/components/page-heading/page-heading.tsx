import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

type Crumb = { label: string; to?: string };

type PageHeadingProps = { title: string; crumbs?: Crumb[]; action?: ReactNode };

/** The page's one h1, its breadcrumbs and an action on the end side (e.g. "New user"). */
export function PageHeading({ title, crumbs = [], action }: PageHeadingProps) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        mb: { xs: 3, md: 5 },
        display: 'flex',
        alignItems: 'flex-end',
        gap: 2,
        flexWrap: 'wrap',
        justifyContent: 'space-between',
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h4" component="h1" sx={{ mb: crumbs.length ? 1 : 0 }}>
          {title}
        </Typography>
        {crumbs.length > 0 && (
          <Breadcrumbs aria-label={t('common.breadcrumbs')}>
            {crumbs.map((crumb) =>
              crumb.to ? (
                <Link key={crumb.label} component={RouterLink} to={crumb.to} color="inherit" variant="body2">
                  {crumb.label}
                </Link>
              ) : (
                <Typography
                  key={crumb.label}
                  variant="body2"
                  sx={{ color: 'text.secondary' }}
                  aria-current="page"
                >
                  {crumb.label}
                </Typography>
              ),
            )}
          </Breadcrumbs>
        )}
      </Box>
      {action}
    </Box>
  );
}
