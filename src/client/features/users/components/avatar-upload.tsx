import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { imageFileProblem, IMAGE_ACCEPT } from '../../../lib/image-file.ts';
import { FileButton } from '../../../components/file-button/file-button.tsx';
import { UserAvatar } from './user-avatar.tsx';

type AvatarUploadProps = {
  name: string;
  /** The current picture (a URL), shown until another file is chosen. */
  src: string | null | undefined;
  /** A file chosen and accepted by the browser-side check. */
  onSelect: (file: File) => void;
  /** Shows a "Remove photo" button when given and there is a picture. */
  onRemove?: () => void;
  /** The chosen file, to preview (null: show `src`). */
  file?: File | null;
  busy?: boolean;
  disabled?: boolean;
};

/**
 * The avatar with "Upload photo": a file input (png, jpeg, webp, at most 5 MB) whose choice is previewed at
 * once from a local object URL; the caller decides when to send it.
 */
export function AvatarUpload({ name, src, onSelect, onRemove, file, busy, disabled }: AvatarUploadProps) {
  const { t } = useTranslation();
  const hintId = useId();
  const [problem, setProblem] = useState<ReturnType<typeof imageFileProblem>>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    // The object URL exists only while this file is shown.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setPreview(url);
    return () => {
      URL.revokeObjectURL(url);
      setPreview(null);
    };
  }, [file]);

  const onFile = (chosen: File) => {
    const issue = imageFileProblem(chosen);
    setProblem(issue);
    if (!issue) onSelect(chosen);
  };

  const shown = file ? preview : src;

  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
      <Box
        sx={{
          p: 1,
          borderRadius: '50%',
          border: '1px dashed',
          borderColor: problem ? 'error.main' : 'divider',
        }}
      >
        <UserAvatar
          name={name}
          src={shown}
          size={128}
          alt={shown ? t('users.upload.avatarAlt', { name: name || t('users.upload.newUser') }) : ''}
        />
      </Box>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', justifyContent: 'center' }}>
        <FileButton
          accept={IMAGE_ACCEPT}
          variant="outlined"
          size="small"
          color="inherit"
          startIcon={<PhotoCameraOutlined />}
          loading={busy}
          disabled={disabled}
          describedBy={hintId}
          onFile={onFile}
        >
          {src || file ? t('users.upload.changePhoto') : t('users.upload.uploadPhoto')}
        </FileButton>
        {onRemove && (src || file) && (
          <Button size="small" color="error" onClick={onRemove} disabled={disabled || busy}>
            {t('users.upload.removePhoto')}
          </Button>
        )}
      </Stack>
      <Typography
        id={hintId}
        variant="caption"
        role={problem ? 'alert' : undefined}
        sx={{ color: problem ? 'error.main' : 'text.secondary', maxWidth: 220 }}
      >
        {problem ? t(problem) : t('users.upload.hint')}
      </Typography>
    </Stack>
  );
}
