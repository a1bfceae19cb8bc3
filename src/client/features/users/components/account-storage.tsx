import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { fData } from '../../../lib/format.ts';
import { useMyStorage } from '../api/users-api.ts';

/** The account page's "Storage" card: what my files take against my quota, as text and a bar. */
export function AccountStorage() {
  const { t } = useTranslation();
  const titleId = useId();
  const { data, isError } = useMyStorage();
  const share = data ? (data.quotaBytes > 0 ? (data.usedBytes / data.quotaBytes) * 100 : 100) : 0;
  // A sliver as soon as anything is stored; whole percents otherwise.
  const percent = Math.min(100, share > 0 ? Math.max(1, Math.round(share)) : 0);
  const full = data ? data.usedBytes >= data.quotaBytes : false;
  const used = data
    ? t('users.account.storage.used', { used: fData(data.usedBytes), quota: fData(data.quotaBytes) })
    : '';

  return (
    <Card component="section" aria-labelledby={titleId} sx={{ p: 3 }}>
      <Typography id={titleId} variant="subtitle1" component="h2" sx={{ mb: 1.5 }}>
        {t('users.account.storage.title')}
      </Typography>
      {isError ? (
        <Alert severity="warning">{t('users.account.storage.error')}</Alert>
      ) : data ? (
        <>
          <LinearProgress
            variant="determinate"
            value={percent}
            color={full ? 'error' : percent >= 90 ? 'warning' : 'primary'}
            aria-label={t('users.account.storage.label')}
            aria-valuetext={used}
            sx={{ height: 8, borderRadius: 1, mb: 1 }}
          />
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {used}
          </Typography>
          {full && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {t('users.account.storage.full')}
            </Alert>
          )}
        </>
      ) : (
        <>
          <Skeleton variant="rounded" height={8} sx={{ mb: 1 }} />
          <Skeleton variant="text" width="60%" />
        </>
      )}
    </Card>
  );
}
