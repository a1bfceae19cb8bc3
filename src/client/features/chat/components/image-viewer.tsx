import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Close from '@mui/icons-material/Close';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

import type { StoredFile } from '#shared/contract/files.ts';

type ImageViewerProps = {
  images: readonly StoredFile[];
  /** The one shown; null: closed. */
  openId: string | null;
  onShow: (id: string | null) => void;
};

/**
 * The conversation's pictures, one at a time over the page: its name, a download button, and the previous
 * or next picture (buttons, or the arrow keys — mirrored in right-to-left languages). Esc closes.
 */
export function ImageViewer({ images, openId, onShow }: ImageViewerProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const index = images.findIndex((image) => image.id === openId);
  const image = images[index];
  const rtl = theme.direction === 'rtl';
  const go = (step: number) => {
    const next = images[index + step];
    if (next) onShow(next.id);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') go(rtl ? 1 : -1);
    if (event.key === 'ArrowRight') go(rtl ? -1 : 1);
  };

  return (
    <Dialog
      open={Boolean(image)}
      onClose={() => onShow(null)}
      fullScreen
      onKeyDown={onKeyDown}
      aria-labelledby="chat-image-viewer-title"
      slotProps={{ paper: { sx: { bgcolor: 'rgba(0, 0, 0, 0.92)', color: 'common.white' } } }}
    >
      {image && (
        <Box sx={{ display: 'flex', flexDirection: 'column', height: 1 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1.5 }}>
            <Typography id="chat-image-viewer-title" variant="subtitle1" noWrap sx={{ flexGrow: 1, px: 1 }}>
              {image.name}
            </Typography>
            <Typography variant="caption" sx={{ opacity: 0.7 }}>
              {t('chat.imageOf', { index: index + 1, count: images.length })}
            </Typography>
            <IconButton
              component="a"
              href={image.url}
              download={image.name}
              aria-label={t('chat.download', { name: image.name })}
              sx={{ color: 'inherit' }}
            >
              <FileDownloadOutlined />
            </IconButton>
            <IconButton
              aria-label={t('chat.closeViewer')}
              onClick={() => onShow(null)}
              sx={{ color: 'inherit' }}
            >
              <Close />
            </IconButton>
          </Box>
          <Box
            sx={{ flexGrow: 1, minHeight: 0, display: 'flex', alignItems: 'center', gap: 1, px: 1, pb: 2 }}
          >
            <IconButton
              aria-label={t('chat.previousImage')}
              onClick={() => go(-1)}
              disabled={index <= 0}
              sx={{ color: 'inherit', '&.Mui-disabled': { color: 'grey.700' } }}
            >
              {rtl ? <ChevronRight /> : <ChevronLeft />}
            </IconButton>
            <Box
              component="img"
              src={image.url}
              alt={image.name}
              sx={{ flexGrow: 1, minWidth: 0, maxHeight: 1, objectFit: 'contain', width: 1, height: 1 }}
            />
            <IconButton
              aria-label={t('chat.nextImage')}
              onClick={() => go(1)}
              disabled={index >= images.length - 1}
              sx={{ color: 'inherit', '&.Mui-disabled': { color: 'grey.700' } }}
            >
              {rtl ? <ChevronLeft /> : <ChevronRight />}
            </IconButton>
          </Box>
        </Box>
      )}
    </Dialog>
  );
}
