import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { fNumber } from '../../../lib/format.ts';
import { useVisitorsNow } from '../api/analytics-api.ts';

/**
 * "12 visitors now": distinct visitors of the last minutes, refetched every 30 s and when new events arrive
 * (`useAnalyticsLive` on the page); a polite live region, so a screen reader hears the change.
 */
export function VisitorsNow({ siteId }: { siteId: string | undefined }) {
  const { t } = useTranslation();
  const now = useVisitorsNow(siteId);
  const count = now.data;
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1,
        px: 1.5,
        py: 0.75,
        borderRadius: 1,
        bgcolor: 'background.neutral',
      }}
    >
      <Box
        aria-hidden
        sx={{
          width: 10,
          height: 10,
          borderRadius: '50%',
          bgcolor: count ? 'success.main' : 'text.disabled',
          boxShadow: (theme) => (count ? `0 0 0 4px ${theme.palette.success.main}33` : 'none'),
        }}
      />
      <Typography variant="subtitle2" component="span">
        {count === undefined
          ? t('analytics.details.now.loading')
          : t('analytics.details.now.visitors', { count, formatted: fNumber(count) })}
      </Typography>
    </Box>
  );
}
