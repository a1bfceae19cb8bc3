import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import Close from '@mui/icons-material/Close';
import ErrorOutline from '@mui/icons-material/ErrorOutlined';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Refresh from '@mui/icons-material/Refresh';
import StopCircleOutlined from '@mui/icons-material/StopCircleOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { fData, fPercent } from '../../../lib/format.ts';
import type { UploadEntry, UploadQueue } from '../api/files-upload.ts';

const finished = (entry: UploadEntry) =>
  entry.status === 'done' || entry.status === 'skipped' || entry.status === 'cancelled';

/** One upload: name, its progress bar or outcome, and cancel / retry / remove. */
function UploadRow({ entry, queue }: { entry: UploadEntry; queue: UploadQueue }) {
  const { t } = useTranslation();
  const { name } = entry;
  const active = entry.status === 'uploading' || entry.status === 'queued' || entry.status === 'clash';
  const outcome =
    entry.status === 'done'
      ? t('files.upload.done')
      : entry.status === 'skipped'
        ? t('files.upload.skipped')
        : entry.status === 'cancelled'
          ? t('files.upload.cancelled')
          : entry.status === 'queued' || entry.status === 'clash'
            ? t('files.upload.queued')
            : null;
  return (
    <Box
      component="li"
      data-upload-status={entry.status}
      sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1, listStyle: 'none' }}
    >
      {entry.status === 'done' ? (
        <CheckCircleOutline fontSize="small" sx={{ color: 'success.main' }} aria-hidden />
      ) : entry.status === 'error' ? (
        <ErrorOutline fontSize="small" sx={{ color: 'error.main' }} aria-hidden />
      ) : null}
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Typography variant="body2" noWrap title={name}>
          {name}
        </Typography>
        {entry.status === 'uploading' ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <LinearProgress
              variant="determinate"
              value={Math.round(entry.progress * 100)}
              aria-label={t('files.upload.progress', { name })}
              sx={{ flexGrow: 1 }}
            />
            <Typography variant="caption" sx={{ color: 'text.secondary', minWidth: 36, textAlign: 'end' }}>
              {fPercent(entry.progress)}
            </Typography>
          </Stack>
        ) : (
          <Typography
            variant="caption"
            role={entry.status === 'error' ? 'alert' : undefined}
            sx={{ color: entry.status === 'error' ? 'error.main' : 'text.secondary', display: 'block' }}
          >
            {entry.status === 'error' ? entry.error : `${outcome ?? ''} · ${fData(entry.size)}`}
          </Typography>
        )}
        {entry.stalled && (
          <Typography variant="caption" sx={{ color: 'warning.main', display: 'block' }}>
            {t('files.upload.paused')}
          </Typography>
        )}
      </Box>
      {active ? (
        <Tooltip title={t('files.upload.cancel', { name })}>
          <IconButton
            size="small"
            aria-label={t('files.upload.cancel', { name })}
            onClick={() => queue.cancel(entry.key)}
          >
            <StopCircleOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : (
        <>
          {(entry.status === 'error' || entry.status === 'cancelled') && (
            <Tooltip title={t('files.upload.retry', { name })}>
              <IconButton
                size="small"
                aria-label={t('files.upload.retry', { name })}
                onClick={() => queue.retry(entry.key)}
              >
                <Refresh fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          <Tooltip title={t('files.upload.remove', { name })}>
            <IconButton
              size="small"
              aria-label={t('files.upload.remove', { name })}
              onClick={() => queue.remove(entry.key)}
            >
              <Close fontSize="small" />
            </IconButton>
          </Tooltip>
        </>
      )}
    </Box>
  );
}

/**
 * The uploads of this tab, at the bottom of the page's end side (full width on a phone): a summary that
 * opens the list of files with their progress, cancel, retry and remove; "Clear finished" tidies it.
 */
export function UploadPanel({ entries, queue }: { entries: UploadEntry[]; queue: UploadQueue }) {
  const { t } = useTranslation();
  const titleId = useId();
  const listId = useId();
  const [open, setOpen] = useState(true);
  if (entries.length === 0) return null;
  const done = entries.filter(finished).length;
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      elevation={8}
      sx={{
        position: 'fixed',
        bottom: { xs: 0, sm: 16 },
        insetInlineEnd: { xs: 0, sm: 16 },
        width: { xs: 1, sm: 380 },
        zIndex: (theme) => theme.zIndex.snackbar - 1,
        overflow: 'hidden',
      }}
    >
      <Stack
        direction="row"
        sx={{ alignItems: 'center', px: 2, py: 1, bgcolor: 'background.neutral', gap: 1 }}
      >
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography id={titleId} variant="subtitle2" component="h2">
            {t('files.upload.title')}
          </Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary' }} aria-live="polite">
            {t('files.upload.summary', { done, count: entries.length })}
          </Typography>
        </Box>
        {done > 0 && (
          <Button size="small" color="inherit" onClick={queue.clearFinished}>
            {t('files.upload.clearDone')}
          </Button>
        )}
        <IconButton
          size="small"
          aria-label={t(open ? 'files.upload.collapse' : 'files.upload.expand')}
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <ExpandMore fontSize="small" /> : <ExpandLess fontSize="small" />}
        </IconButton>
      </Stack>
      <Collapse in={open}>
        <Box
          component="ul"
          id={listId}
          aria-label={t('files.upload.region')}
          sx={{ m: 0, p: 0, maxHeight: 280, overflowY: 'auto' }}
        >
          {entries.map((entry) => (
            <UploadRow key={entry.key} entry={entry} queue={queue} />
          ))}
        </Box>
      </Collapse>
    </Paper>
  );
}
