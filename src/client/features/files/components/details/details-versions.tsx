import Download from '@mui/icons-material/Download';
import Restore from '@mui/icons-material/Restore';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ConfirmDialog } from '../../../../components/confirm-dialog/confirm-dialog.tsx';
import { useSnackbar } from '../../../../components/snackbar/use-snackbar.ts';
import { errorMessage } from '../../../../lib/error-message.ts';
import { fData, fDateTime } from '../../../../lib/format.ts';
import type { FileItem, FileVersion } from '#shared/contract/files.ts';

import { useRestoreVersion } from '../../api/details-api.ts';

/** Older versions of a file, newest first: each can be downloaded, and restored by who may edit. */
export function DetailsVersions({
  item,
  versions,
  canEdit,
}: {
  item: Pick<FileItem, 'id' | 'version'>;
  versions: FileVersion[];
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const restore = useRestoreVersion(item);
  const [restoring, setRestoring] = useState<FileVersion | null>(null);

  if (versions.length <= 1 && versions.every((version) => version.current)) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('files.details.versions.none')}
      </Typography>
    );
  }

  const confirm = () => {
    if (!restoring) return;
    restore.mutate(restoring.fileId, {
      onSuccess: () => {
        enqueueSnackbar(t('files.details.versions.restored', { number: restoring.number }), {
          variant: 'success',
        });
        setRestoring(null);
      },
      onError: (error) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' }),
    });
  };

  return (
    <>
      <List dense disablePadding aria-label={t('files.details.versions.title')}>
        {versions.map((version) => {
          const label = version.current
            ? t('files.details.versions.current', { number: version.number })
            : t('files.details.versions.version', { number: version.number });
          return (
            <ListItem
              key={version.fileId}
              disableGutters
              secondaryAction={
                <Stack direction="row">
                  <Tooltip title={t('files.details.versions.download', { label })}>
                    <IconButton
                      component="a"
                      href={version.downloadUrl}
                      download
                      aria-label={t('files.details.versions.download', { label })}
                    >
                      <Download />
                    </IconButton>
                  </Tooltip>
                  {canEdit && !version.current && (
                    <Tooltip title={t('files.details.versions.restore', { label })}>
                      <IconButton
                        edge="end"
                        aria-label={t('files.details.versions.restore', { label })}
                        onClick={() => setRestoring(version)}
                      >
                        <Restore />
                      </IconButton>
                    </Tooltip>
                  )}
                </Stack>
              }
              sx={{ pr: canEdit && !version.current ? 12 : 6 }}
            >
              <ListItemText
                primary={label}
                secondary={[
                  fDateTime(version.createdAt),
                  fData(version.size),
                  ...(version.uploadedBy ? [version.uploadedBy.name] : []),
                ].join(' · ')}
              />
            </ListItem>
          );
        })}
      </List>
      <ConfirmDialog
        open={restoring !== null}
        title={t('files.details.versions.restoreTitle', {
          label: restoring ? t('files.details.versions.version', { number: restoring.number }) : '',
        })}
        content={t('files.details.versions.restoreText')}
        action={t('files.details.versions.restoreAction')}
        loading={restore.isPending}
        onConfirm={confirm}
        onClose={() => setRestoring(null)}
      />
    </>
  );
}
