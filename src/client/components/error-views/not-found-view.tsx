import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../config/paths.ts';
import { ErrorContent } from './error-content.tsx';
import { NotFoundIllustration } from './illustrations.tsx';

/** The 404 view, inside or outside the dashboard. */
export function NotFoundView() {
  const { t } = useTranslation();
  return (
    <ErrorContent
      pageTitle={t('errors.notFound.pageTitle')}
      title={t('errors.notFound.title')}
      description={t('errors.notFound.description')}
      illustration={<NotFoundIllustration />}
      action={
        <Button component={RouterLink} to={paths.root} size="large" variant="contained">
          {t('errors.notFound.home')}
        </Button>
      }
    />
  );
}
