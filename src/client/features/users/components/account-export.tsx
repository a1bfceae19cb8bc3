import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { AccountExport as ExportRow } from '#shared/contract/users.ts';

import { Label } from '../../../components/label/label.tsx';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { fData, fDateTime } from '../../../lib/format.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { accountDataApi, useMyExports, useStartExport } from '../api/account-data-api.ts';

const statusColors = {
  preparing: 'info',
  ready: 'success',
  expired: 'default',
  failed: 'error',
} as const;

/** One export: when it was asked for, its state, and Download while its link works. */
function ExportLine({ item }: { item: ExportRow }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      const blob = await accountDataApi.downloadExport(item.id);
      saveFile(`atrium-data-${item.createdAt.slice(0, 10)}.zip`, blob);
    } catch (error) {
      enqueueSnackbar(errorMessage(error, t), { variant: 'error' });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 2,
        py: 1.5,
        borderBottom: (theme) => `dashed 1px ${theme.palette.divider}`,
      }}
    >
      <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
        <Typography variant="subtitle2">{fDateTime(item.createdAt)}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {item.status === 'ready' && item.expiresAt
            ? t('users.account.export.until', {
                size: fData(item.size ?? 0),
                date: fDateTime(item.expiresAt),
              })
            : t(`users.account.export.hint.${item.status}`)}
        </Typography>
      </Box>
      <Label color={statusColors[item.status]}>{t(`users.account.export.status.${item.status}`)}</Label>
      {item.status === 'ready' && (
        <Button variant="contained" size="small" onClick={() => void download()} loading={downloading}>
          {t('users.account.export.download')}
        </Button>
      )}
    </Box>
  );
}

/**
 * "Download my data" on the Privacy tab (issue 32 C, ADR 058): a zip of everything that is mine (JSON per
 * area and my files), prepared in the background; the list follows it until it is ready (a notification
 * says so too), and its link works for a week.
 */
export function AccountExport() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const { data, error, isPending } = useMyExports();
  const start = useStartExport();
  const exports = data?.exports ?? [];
  const preparing = exports.some((e) => e.status === 'preparing');

  const prepare = async () => {
    try {
      await start.mutateAsync();
      enqueueSnackbar(t('users.toast.exportStarted'), { variant: 'info' });
    } catch (problem) {
      enqueueSnackbar(errorMessage(problem, t), { variant: 'error' });
    }
  };

  return (
    <Card component="section" aria-labelledby="account-export">
      <CardHeader
        title={t('users.account.export.title')}
        subheader={t('users.account.export.text')}
        slotProps={{ title: { component: 'h2', id: 'account-export' } }}
      />
      <Stack spacing={2} sx={{ p: 3, pt: 2 }}>
        {error && <Alert severity="error">{errorMessage(error, t)}</Alert>}
        {isPending && <Skeleton variant="rounded" height={56} />}
        {exports.length > 0 && (
          <Box
            component="ul"
            aria-label={t('users.account.export.listLabel')}
            sx={{ listStyle: 'none', p: 0, m: 0 }}
          >
            {exports.map((item) => (
              <ExportLine key={item.id} item={item} />
            ))}
          </Box>
        )}
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button
            variant="outlined"
            onClick={() => void prepare()}
            loading={start.isPending}
            disabled={preparing}
          >
            {t('users.account.export.prepare')}
          </Button>
        </Stack>
      </Stack>
    </Card>
  );
}
