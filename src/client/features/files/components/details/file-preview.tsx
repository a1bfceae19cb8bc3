import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { fileKindOf } from '#shared/contract/file-limits.ts';

import { useTextPreview } from '../../api/details-api.ts';

/** What a preview shows: a file's type, name and signed content link; `downloadOnly` shows none. */
export type PreviewSource = {
  name: string;
  type: 'file' | 'folder';
  mimeType: string | null;
  url: string | null;
  /** Whether the content link may be shown inline in a frame (PDFs: the browser's own viewer). */
  inlinePdf?: boolean;
};

/** Types shown as text (the first 64 KiB). */
function isText(mimeType: string): boolean {
  return (
    mimeType.startsWith('text/') ||
    ['application/json', 'application/xml', 'application/x-yaml', 'application/yaml'].includes(mimeType)
  );
}

/** A PDF's content link asked for inline (the server then lets the browser's viewer show it). */
export function inlineUrl(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}disposition=inline`;
}

function TextPreview({ url, name }: { url: string; name: string }) {
  const { t } = useTranslation();
  const text = useTextPreview(url);
  if (text.isPending) return <Skeleton variant="rounded" height={160} />;
  if (text.isError) return <NoPreview name={name} />;
  return (
    <Box>
      <Box
        component="pre"
        tabIndex={0}
        aria-label={t('files.details.preview.textOf', { name })}
        dir="auto"
        sx={{
          m: 0,
          p: 1.5,
          maxHeight: 280,
          overflow: 'auto',
          bgcolor: 'background.neutral',
          borderRadius: 1,
          typography: 'body2',
          fontFamily: 'monospace',
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-word',
        }}
      >
        {text.data.text}
      </Box>
      {text.data.truncated && (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {t('files.details.preview.truncated')}
        </Typography>
      )}
    </Box>
  );
}

function NoPreview({ name, pdf, folder }: { name: string; pdf?: boolean; folder?: boolean }) {
  const { t } = useTranslation();
  const Icon = folder ? FolderOutlined : pdf ? PictureAsPdfOutlined : InsertDriveFileOutlined;
  return (
    <Stack
      spacing={1}
      sx={{
        alignItems: 'center',
        justifyContent: 'center',
        py: 4,
        bgcolor: 'background.neutral',
        borderRadius: 1,
      }}
    >
      <Icon sx={{ fontSize: 48, color: 'text.secondary' }} aria-hidden />
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {folder ? t('files.details.preview.folder') : t('files.details.preview.none', { name })}
      </Typography>
    </Stack>
  );
}

/**
 * A file's preview by its type: pictures, the first page of a PDF (the browser's own viewer in a frame, no
 * PDF library to download), video and audio players (Range requests, so they seek), the beginning of a text
 * file; anything else, or a folder, an icon.
 */
export function FilePreview({ source, onDownload }: { source: PreviewSource; onDownload?: () => void }) {
  const { t } = useTranslation();
  const { name, url, mimeType } = source;
  if (source.type === 'folder') return <NoPreview name={name} folder />;
  if (!url || !mimeType) return <NoPreview name={name} />;
  const kind = fileKindOf(mimeType);

  if (kind === 'image') {
    return (
      <Box
        component="img"
        src={url}
        alt={t('files.details.preview.imageOf', { name })}
        sx={{
          display: 'block',
          width: 1,
          maxHeight: 320,
          objectFit: 'contain',
          borderRadius: 1,
          bgcolor: 'background.neutral',
        }}
      />
    );
  }
  if (kind === 'video') {
    return (
      <Box
        component="video"
        src={url}
        controls
        preload="metadata"
        aria-label={t('files.details.preview.videoOf', { name })}
        sx={{ display: 'block', width: 1, maxHeight: 320, borderRadius: 1, bgcolor: 'common.black' }}
      />
    );
  }
  if (kind === 'audio') {
    return (
      <Box
        component="audio"
        src={url}
        controls
        preload="metadata"
        aria-label={t('files.details.preview.audioOf', { name })}
        sx={{ display: 'block', width: 1 }}
      />
    );
  }
  if (kind === 'pdf') {
    if (!source.inlinePdf) {
      return (
        <Stack spacing={1}>
          <NoPreview name={name} pdf />
          {onDownload && (
            <Button variant="outlined" onClick={onDownload}>
              {t('files.details.download')}
            </Button>
          )}
        </Stack>
      );
    }
    return (
      <Box
        component="iframe"
        src={`${inlineUrl(url)}#page=1&toolbar=0&view=FitH`}
        title={t('files.details.preview.pdfOf', { name })}
        loading="lazy"
        sx={{
          display: 'block',
          width: 1,
          height: 360,
          border: 0,
          borderRadius: 1,
          bgcolor: 'background.neutral',
        }}
      />
    );
  }
  if (isText(mimeType)) return <TextPreview url={url} name={name} />;
  return <NoPreview name={name} />;
}
