import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../config/paths.ts';
import { ErrorContent } from './error-content.tsx';
import { ForbiddenIllustration } from './illustrations.tsx';

/** The 403 page. */
export function ForbiddenView() {
  const { t } = useTranslation();
  return (
    <ErrorContent
      pageTitle={t('errorPages.forbidden.pageTitle')}
      title={t('errorPages.forbidden.title')}
      description={t('errorPages.forbidden.description')}
      illustration={<ForbiddenIllustration />}
      action={
        <Button component={RouterLink} to={paths.root} size="large" variant="contained">
          {t('errorPages.forbidden.home')}
        </Button>
      }
    />
  );
}
