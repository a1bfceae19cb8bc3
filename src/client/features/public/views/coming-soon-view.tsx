import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { ErrorContent } from '../../../components/error-views/error-content.tsx';
import { paths } from '../../../config/paths.ts';
import { Countdown } from '../components/countdown.tsx';
import { ComingSoonIllustration } from '../components/illustrations.tsx';
import { loadLaunchDate } from '../utils/countdown.ts';
import { useNumberLocale } from '../utils/use-number-locale.ts';

/** /coming-soon: a live countdown to the launch, 30 days after the first visit (kept in this browser). */
export function ComingSoonView() {
  const { t } = useTranslation();
  const locale = useNumberLocale();
  const [launch] = useState(() => loadLaunchDate());
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(launch);

  return (
    <ErrorContent
      pageTitle={t('comingSoon.pageTitle')}
      title={t('comingSoon.title')}
      description={t('comingSoon.description')}
      illustration={<ComingSoonIllustration sx={{ maxWidth: 240 }} />}
      action={
        <>
          <Countdown target={launch} />
          <Typography variant="body2" sx={{ color: 'text.secondary', width: 1, mt: 1 }}>
            {t('comingSoon.launchDate', { date })}
          </Typography>
          <Button component={RouterLink} to={paths.root} variant="contained" size="large" sx={{ mt: 3 }}>
            {t('comingSoon.home')}
          </Button>
        </>
      }
    />
  );
}
