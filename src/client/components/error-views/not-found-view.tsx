import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../config/paths.ts';
import { PageTitle } from '../page-title/page-title.tsx';

/** The 404 view, inside or outside the dashboard. */
export function NotFoundView() {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        py: { xs: 8, md: 12 },
        px: 2,
        mx: 'auto',
        maxWidth: 480,
        textAlign: 'center',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
      }}
    >
      <PageTitle title={t('errors.notFound.pageTitle')} />
      <Typography
        aria-hidden="true"
        sx={{ fontSize: { xs: 72, md: 96 }, fontWeight: 800, lineHeight: 1, color: 'text.secondary', mb: 2 }}
      >
        {t('errors.notFound.code')}
      </Typography>
      <Typography variant="h3" component="h1" sx={{ mb: 2 }}>
        {t('errors.notFound.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 4 }}>{t('errors.notFound.description')}</Typography>
      <Button component={RouterLink} to={paths.root} size="large" variant="contained">
        {t('errors.notFound.home')}
      </Button>
    </Box>
  );
}
