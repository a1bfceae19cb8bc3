import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { ErrorContent } from '../../../components/error-views/error-content.tsx';
import { paths } from '../../../config/paths.ts';
import { useBrowserValue } from '../../../lib/use-browser-value.ts';
import { Countdown } from '../components/countdown.tsx';
import { ComingSoonIllustration } from '../components/illustrations.tsx';
import { loadLaunchDate } from '../utils/countdown.ts';
import { useNumberLocale } from '../utils/use-number-locale.ts';

/** /coming-soon: a live countdown to the launch, 30 days after the first visit (kept in this browser). */
export function ComingSoonView() {
  const { t } = useTranslation();
  const locale = useNumberLocale();
  // This browser's launch date, in its time zone: after the server's render (which cannot know it).
  const launch = useBrowserValue(loadLaunchDate);
  const date =
    launch && new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(launch);

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
            {date ? t('comingSoon.launchDate', { date }) : '\u00a0'}
          </Typography>
          <Button component={RouterLink} to={paths.root} variant="contained" size="large" sx={{ mt: 3 }}>
            {t('comingSoon.home')}
          </Button>
        </>
      }
    />
  );
}
