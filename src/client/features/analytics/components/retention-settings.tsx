import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { RETENTION_DAYS_MAX, RETENTION_DAYS_MIN } from '#shared/contract/analytics-limits.ts';

import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { fDateTime, fNumber } from '../../../lib/format.ts';
import { useAnalyticsSettings, useUpdateAnalyticsSettings } from '../api/analytics-api.ts';

/**
 * How long raw events are kept (days; the daily figures stay as long as the site), and which IP-to-country
 * database is in use and how fresh it is.
 */
export function RetentionSettings() {
  const { t } = useTranslation();
  const headingId = useId();
  const { enqueueSnackbar } = useSnackbar();
  const settings = useAnalyticsSettings();
  const update = useUpdateAnalyticsSettings();
  const [draft, setDraft] = useState<string | null>(null);
  const value = draft ?? (settings.data ? String(settings.data.retentionDays) : '');
  const days = Number(value);
  const invalid =
    draft !== null && (!/^\d+$/.test(value) || days < RETENTION_DAYS_MIN || days > RETENTION_DAYS_MAX);

  const save = () =>
    update.mutate(
      { retentionDays: days },
      {
        onSuccess: () => {
          setDraft(null);
          enqueueSnackbar(t('analytics.sites.retention.saved'), { variant: 'success' });
        },
        onError: (error) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' }),
      },
    );

  return (
    <Card component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, md: 3 } }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('analytics.sites.retention.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('analytics.sites.retention.intro')}
      </Typography>
      {settings.isError && <Alert severity="error">{errorMessage(settings.error, t)}</Alert>}
      {settings.data && (
        <Stack spacing={2}>
          <Stack
            component="form"
            noValidate
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ alignItems: { sm: 'flex-start' } }}
            onSubmit={(event) => {
              event.preventDefault();
              if (!invalid && draft !== null) save();
            }}
          >
            <TextField
              type="number"
              size="small"
              label={t('analytics.sites.retention.days')}
              value={value}
              onChange={(event) => setDraft(event.target.value)}
              error={invalid}
              helperText={t('analytics.sites.retention.range', {
                min: fNumber(RETENTION_DAYS_MIN),
                max: fNumber(RETENTION_DAYS_MAX),
              })}
              slotProps={{
                htmlInput: { min: RETENTION_DAYS_MIN, max: RETENTION_DAYS_MAX, inputMode: 'numeric' },
              }}
              sx={{ maxWidth: 260 }}
            />
            <Button
              type="submit"
              variant="contained"
              disabled={invalid || draft === null}
              loading={update.isPending}
            >
              {t('analytics.sites.retention.save')}
            </Button>
          </Stack>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {settings.data.geo.updatedAt
              ? t('analytics.sites.retention.geo', {
                  source: settings.data.geo.source,
                  when: fDateTime(settings.data.geo.updatedAt),
                })
              : t('analytics.sites.retention.geoUnknown', { source: settings.data.geo.source })}
          </Typography>
        </Stack>
      )}
    </Card>
  );
}
