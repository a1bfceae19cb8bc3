import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { UserImage } from '#shared/contract/users.ts';

import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { fDate } from '../../../lib/format.ts';
import { useDeletePhoto, useGallery, useUploadPhoto } from '../api/users-api.ts';
import { imageFileProblem, IMAGE_ACCEPT } from '../../../lib/image-file.ts';
import { FileButton } from '../../../components/file-button/file-button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog.tsx';

const PAGE_SIZE = 12;

/** The Gallery tab: every picture the user uploaded (avatars and covers too), upload and delete. */
export function ProfileGallery({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [page, setPage] = useState(1);
  const { data, error, isPending } = useGallery(userId, page, PAGE_SIZE);
  const upload = useUploadPhoto(userId);
  const remove = useDeletePhoto(userId);
  const [viewing, setViewing] = useState<UserImage | null>(null);
  const [deleting, setDeleting] = useState<UserImage | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const viewedId = useId();
  const pageCount = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  const title = t('users.profile.tabs.gallery');

  const onFile = (file: File) => {
    const problem = imageFileProblem(file);
    if (problem) {
      enqueueSnackbar(t(problem), { variant: 'error' });
      return;
    }
    upload.mutate(file, {
      onSuccess: () => {
        setPage(1);
        enqueueSnackbar(t('users.toast.photoUploaded'), { variant: 'success' });
      },
      onError: (failure) => enqueueSnackbar(errorMessage(failure, t), { variant: 'error' }),
    });
  };

  const onConfirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => enqueueSnackbar(t('users.toast.photoDeleted'), { variant: 'success' }),
      onError: (failure) => enqueueSnackbar(errorMessage(failure, t), { variant: 'error' }),
      onSettled: () => setConfirmOpen(false),
    });
  };

  const altOf = (image: UserImage) => t(`users.gallery.alt.${image.kind}`, { date: fDate(image.createdAt) });

  return (
    <section aria-label={title}>
      <Box sx={{ mb: 3, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
        <Typography variant="h5" component="h2">
          {title}
        </Typography>
        <FileButton
          accept={IMAGE_ACCEPT}
          variant="contained"
          startIcon={<CloudUploadOutlined />}
          loading={upload.isPending}
          onFile={onFile}
        >
          {t('users.gallery.upload')}
        </FileButton>
      </Box>
      {error && <Alert severity="error">{errorMessage(error, t)}</Alert>}
      {isPending && !error && <Skeleton variant="rounded" height={240} />}
      {data && data.images.length === 0 && (
        <Typography sx={{ color: 'text.secondary' }}>{t('users.gallery.empty')}</Typography>
      )}
      {data && data.images.length > 0 && (
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
          }}
        >
          {data.images.map((image) => (
            <Card component="li" key={image.id} sx={{ position: 'relative' }}>
              <Box
                component="button"
                type="button"
                onClick={() => setViewing(image)}
                aria-label={t('users.gallery.open', { alt: altOf(image) })}
                sx={{
                  display: 'block',
                  width: 1,
                  p: 0,
                  border: 0,
                  cursor: 'zoom-in',
                  bgcolor: 'transparent',
                }}
              >
                <Box
                  component="img"
                  src={image.url}
                  alt=""
                  loading="lazy"
                  sx={{ display: 'block', width: 1, aspectRatio: '1 / 1', objectFit: 'cover' }}
                />
              </Box>
              <Box
                sx={{
                  position: 'absolute',
                  insetInline: 0,
                  bottom: 0,
                  p: 1.5,
                  pt: 4,
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'space-between',
                  color: 'common.white',
                  background: 'linear-gradient(to bottom, rgba(0,0,0,0), rgba(0,0,0,0.7))',
                  pointerEvents: 'none',
                }}
              >
                <Typography variant="caption">
                  {t(`users.gallery.kind.${image.kind}`)} · {fDate(image.createdAt)}
                </Typography>
                <IconButton
                  size="small"
                  aria-label={t('users.gallery.delete', { alt: altOf(image) })}
                  onClick={() => {
                    setDeleting(image);
                    setConfirmOpen(true);
                  }}
                  sx={{ color: 'common.white', pointerEvents: 'auto' }}
                >
                  <DeleteOutlined fontSize="small" />
                </IconButton>
              </Box>
            </Card>
          ))}
        </Box>
      )}
      {data && pageCount > 1 && (
        <Pagination
          count={pageCount}
          page={page}
          onChange={(_event, value) => setPage(value)}
          sx={{ mt: 4, display: 'flex', justifyContent: 'center' }}
        />
      )}
      <Dialog
        open={viewing !== null}
        onClose={() => setViewing(null)}
        maxWidth="lg"
        // Named by the picture's description. (A Dialog's aria-label lands on its root, not on the
        // element with role="dialog", which then had no name.)
        aria-labelledby={viewedId}
      >
        {viewing && (
          <Box
            component="img"
            id={viewedId}
            src={viewing.url}
            alt={altOf(viewing)}
            width={viewing.width}
            height={viewing.height}
            sx={{ display: 'block', maxWidth: 1, height: 'auto', maxHeight: '85vh', objectFit: 'contain' }}
          />
        )}
      </Dialog>
      <ConfirmDialog
        open={confirmOpen}
        title={t('users.gallery.confirmTitle')}
        content={t('users.gallery.confirmText')}
        action={t('users.gallery.deleteAction')}
        loading={remove.isPending}
        onConfirm={onConfirmDelete}
        onClose={() => setConfirmOpen(false)}
      />
    </section>
  );
}
