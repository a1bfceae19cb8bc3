import Close from '@mui/icons-material/Close';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

import { fData } from '../../lib/format.ts';

export interface UploadState {
  key: string;
  name: string;
  size: number;
  /** 0…1 while uploading. */
  progress: number;
  /** Set once stored. */
  file?: unknown;
  /** Why the server refused it. */
  error?: string | undefined;
}

type UploadItemProps = {
  upload: UploadState;
  /** "Uploading photo.png" (the bar's label) and "Remove photo.png" (the button's). */
  uploadingLabel: string;
  removeLabel: string;
  onRemove: () => void;
  width: number;
};

/**
 * One file being attached (chat, mail…): its name, then a progress bar while it uploads, its size once
 * stored or the server's reason when refused, and a remove button. An `<li>` of the caller's list.
 */
export function UploadItem({ upload, uploadingLabel, removeLabel, onRemove, width }: UploadItemProps) {
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        p: 1,
        width,
        maxWidth: '100%',
        borderRadius: 1,
        border: 1,
        borderColor: upload.error ? 'error.main' : 'divider',
      }}
    >
      <InsertDriveFileOutlined fontSize="small" sx={{ color: 'text.secondary' }} />
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Typography variant="body2" noWrap title={upload.name}>
          {upload.name}
        </Typography>
        {upload.error ? (
          <Typography variant="caption" role="alert" sx={{ color: 'error.main', display: 'block' }}>
            {upload.error}
          </Typography>
        ) : upload.file ? (
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {fData(upload.size)}
          </Typography>
        ) : (
          <LinearProgress
            variant="determinate"
            value={Math.round(upload.progress * 100)}
            aria-label={uploadingLabel}
            sx={{ mt: 0.75 }}
          />
        )}
      </Box>
      <IconButton size="small" data-upload={upload.key} aria-label={removeLabel} onClick={onRemove}>
        <Close fontSize="small" />
      </IconButton>
    </Box>
  );
}
