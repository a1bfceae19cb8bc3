import ArchiveOutlined from '@mui/icons-material/ArchiveOutlined';
import AudioFileOutlined from '@mui/icons-material/AudioFileOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import Folder from '@mui/icons-material/Folder';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import SlideshowOutlined from '@mui/icons-material/SlideshowOutlined';
import TableChartOutlined from '@mui/icons-material/TableChartOutlined';
import VideoFileOutlined from '@mui/icons-material/VideoFileOutlined';
import type { SvgIconProps } from '@mui/material/SvgIcon';

import type { FileKind } from '#shared/contract/file-limits.ts';

const icons = {
  folder: Folder,
  document: DescriptionOutlined,
  spreadsheet: TableChartOutlined,
  presentation: SlideshowOutlined,
  pdf: PictureAsPdfOutlined,
  image: ImageOutlined,
  video: VideoFileOutlined,
  audio: AudioFileOutlined,
  archive: ArchiveOutlined,
  other: InsertDriveFileOutlined,
} as const;

/** Each kind's colour (theme palette keys: they follow light and dark mode). */
export const kindColor: Record<FileKind, string> = {
  folder: 'warning.main',
  document: 'info.main',
  spreadsheet: 'success.main',
  presentation: 'warning.dark',
  pdf: 'error.main',
  image: 'secondary.main',
  video: 'primary.main',
  audio: 'info.dark',
  archive: 'text.secondary',
  other: 'text.disabled',
};

/** The icon of a kind of item, in its colour; decorative (the name says what it is). */
export function FileKindIcon({ kind, sx, ...props }: { kind: FileKind } & SvgIconProps) {
  const Icon = icons[kind];
  return (
    <Icon aria-hidden {...props} sx={[{ color: kindColor[kind] }, ...(Array.isArray(sx) ? sx : [sx])]} />
  );
}
