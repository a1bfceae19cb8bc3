import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../config/paths.ts';
import { ErrorContent } from './error-content.tsx';
import { ServerErrorIllustration } from './illustrations.tsx';

/** The 500 page. */
export function ServerErrorView() {
  const { t } = useTranslation();
  return (
    <ErrorContent
      pageTitle={t('errorPages.serverError.pageTitle')}
      title={t('errorPages.serverError.title')}
      description={t('errorPages.serverError.description')}
      illustration={<ServerErrorIllustration />}
      action={
        <Button component={RouterLink} to={paths.root} size="large" variant="contained">
          {t('errorPages.serverError.home')}
        </Button>
      }
    />
  );
}
