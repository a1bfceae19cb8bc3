import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';

import { PageTitle } from '../page-title/page-title.tsx';
import { NotFoundView } from './not-found-view.tsx';

/** Route error boundary: a 404 answer shows the 404 view; anything else (e.g. a stale chunk) offers a reload. */
export function RouteErrorView() {
  const error = useRouteError();
  const { t } = useTranslation();

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView />;

  return (
    <Box sx={{ py: 12, px: 2, mx: 'auto', maxWidth: 480, textAlign: 'center' }}>
      <PageTitle title={t('errors.unexpected.pageTitle')} />
      <Typography variant="h3" component="h1" sx={{ mb: 2 }}>
        {t('errors.unexpected.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 4 }}>{t('errors.unexpected.description')}</Typography>
      <Button size="large" variant="contained" onClick={() => window.location.reload()}>
        {t('errors.unexpected.reload')}
      </Button>
    </Box>
  );
}
