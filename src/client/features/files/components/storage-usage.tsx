import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { fData } from '../../../lib/format.ts';
import { useUsageByType } from '../api/files-api.ts';
import { FileKindIcon, kindColor } from './file-kind-icon.tsx';

/**
 * My storage: used against the quota (a bar whose segments are the kinds), then each kind with its size
 * and number of files. Kinds with nothing stored are left out of the list.
 */
export function StorageUsage() {
  const { t } = useTranslation();
  const titleId = useId();
  const usage = useUsageByType();
  const data = usage.data;
  const quota = data?.quotaBytes ?? 0;
  const used = data ? t('files.usage.used', { used: fData(data.usedBytes), quota: fData(quota) }) : '';
  const percent = data && quota > 0 ? Math.min(100, (data.usedBytes / quota) * 100) : 0;
  const kinds = (data?.byType ?? []).filter((entry) => entry.kind !== 'folder' && entry.bytes > 0);

  return (
    <Card component="section" aria-labelledby={titleId} sx={{ p: 3 }}>
      <Typography id={titleId} variant="subtitle1" component="h2" sx={{ mb: 1.5 }}>
        {t('files.usage.title')}
      </Typography>
      {usage.isError ? (
        <Alert severity="warning">{t('files.usage.error')}</Alert>
      ) : data ? (
        <>
          <Box
            role="meter"
            aria-label={t('files.usage.label')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(percent)}
            aria-valuetext={used}
            sx={{
              display: 'flex',
              height: 8,
              borderRadius: 1,
              overflow: 'hidden',
              bgcolor: 'action.hover',
              mb: 1,
            }}
          >
            {quota > 0 &&
              kinds.map((entry) => (
                <Box
                  key={entry.kind}
                  sx={{ width: `${(entry.bytes / quota) * 100}%`, bgcolor: kindColor[entry.kind] }}
                />
              ))}
          </Box>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: kinds.length ? 2 : 0 }}>
            {used}
          </Typography>
          {kinds.length > 0 && (
            <Stack component="ul" aria-label={t('files.usage.byType')} spacing={1.5} sx={{ m: 0, p: 0 }}>
              {kinds.map((entry) => (
                <Stack
                  key={entry.kind}
                  component="li"
                  direction="row"
                  spacing={1.5}
                  sx={{ alignItems: 'center', listStyle: 'none' }}
                >
                  <FileKindIcon kind={entry.kind} fontSize="small" />
                  <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                    <Typography variant="body2">{t(`files.kinds.${entry.kind}`)}</Typography>
                    <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                      {t('files.usage.files', { count: entry.count })}
                    </Typography>
                  </Box>
                  <Typography variant="subtitle2">{fData(entry.bytes)}</Typography>
                </Stack>
              ))}
            </Stack>
          )}
        </>
      ) : (
        <>
          <LinearProgress aria-label={t('files.usage.label')} sx={{ height: 8, borderRadius: 1, mb: 1 }} />
          <Skeleton variant="text" width="60%" />
        </>
      )}
    </Card>
  );
}
