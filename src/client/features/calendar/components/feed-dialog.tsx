import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useFeed, useFeedActions } from '../api/calendar-api.ts';

/** Absolute, so a calendar app can use it (the server gives a path when PUBLIC_URL is not set). */
const absolute = (url: string) => new URL(url, window.location.origin).href;

/**
 * The secret subscription address (iCalendar feed): make one (shown once), make a new one (the old stops
 * working), or turn it off.
 */
export function FeedDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { enqueueSnackbar } = useSnackbar();
  const feed = useFeed(open);
  const { create, revoke } = useFeedActions();
  const url = feed.data?.url ? absolute(feed.data.url) : null;
  const failed = (error: unknown) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' });

  const copy = () =>
    url &&
    navigator.clipboard
      .writeText(url)
      .then(() => enqueueSnackbar(t('calendar.feed.copied'), { variant: 'success' }), failed);

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('calendar.feed.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('calendar.feed.intro')}
          </Typography>
          {feed.isError && <Alert severity="error">{errorMessage(feed.error, t)}</Alert>}
          {url ? (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <TextField
                label={t('calendar.feed.address')}
                value={url}
                fullWidth
                size="small"
                slotProps={{ htmlInput: { readOnly: true, dir: 'ltr' } }}
                onFocus={(event) => event.target.select()}
              />
              <Button variant="contained" onClick={() => void copy()}>
                {t('calendar.feed.copy')}
              </Button>
            </Stack>
          ) : (
            feed.data && (
              <Alert severity="info">
                {feed.data.active ? t('calendar.feed.activeHidden') : t('calendar.feed.inactive')}
              </Alert>
            )
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        {feed.data?.active && (
          <Button
            color="error"
            loading={revoke.isPending}
            onClick={() =>
              revoke.mutate(undefined, {
                onSuccess: () => enqueueSnackbar(t('calendar.feed.revoked'), { variant: 'success' }),
                onError: failed,
              })
            }
          >
            {t('calendar.feed.revoke')}
          </Button>
        )}
        <Button
          variant="outlined"
          loading={create.isPending}
          disabled={!feed.data}
          onClick={() => create.mutate(undefined, { onError: failed })}
        >
          {feed.data?.active ? t('calendar.feed.renew') : t('calendar.feed.create')}
        </Button>
        <Button color="inherit" onClick={onClose}>
          {t('calendar.dialog.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
