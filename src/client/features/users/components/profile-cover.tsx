import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

import { useTranslation } from 'react-i18next';

import type { User } from '#shared/contract/account.ts';

import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useUploadMyPicture } from '../api/users-api.ts';
import { imageFileProblem, IMAGE_ACCEPT } from '../../../lib/image-file.ts';
import { FileButton } from '../../../components/file-button/file-button.tsx';
import { CoverImage } from './user-card.tsx';
import { UserAvatar } from './user-avatar.tsx';

/** The profile's header: cover picture (with "Change cover"), avatar, name and role; tabs below. */
export function ProfileCover({ user, tabs }: { user: User; tabs: ReactNode }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const upload = useUploadMyPicture();

  const onFile = (file: File) => {
    const problem = imageFileProblem(file);
    if (problem) {
      enqueueSnackbar(t(problem), { variant: 'error' });
      return;
    }
    upload.mutate(
      { kind: 'cover', file },
      {
        onSuccess: () => enqueueSnackbar(t('users.toast.coverUpdated'), { variant: 'success' }),
        onError: (error) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' }),
      },
    );
  };

  return (
    <Card sx={{ mb: 3 }}>
      <Box sx={{ position: 'relative' }}>
        <CoverImage url={user.coverUrl} height={290} />
        <Box
          sx={{
            position: 'absolute',
            inset: 0,
            background: 'linear-gradient(to bottom, rgba(0,0,0,0) 40%, rgba(0,0,0,0.64))',
          }}
        />
        <FileButton
          accept={IMAGE_ACCEPT}
          size="small"
          variant="contained"
          color="inherit"
          startIcon={<PhotoCameraOutlined />}
          loading={upload.isPending}
          onFile={onFile}
          sx={{ position: 'absolute', top: 16, insetInlineEnd: 16 }}
        >
          {t('users.profile.changeCover')}
        </FileButton>
        <Box
          sx={{
            position: 'absolute',
            insetInlineStart: { xs: 0, md: 24 },
            insetInlineEnd: { xs: 0, md: 'auto' },
            bottom: { xs: 'auto', md: 24 },
            top: { xs: 80, md: 'auto' },
            display: 'flex',
            flexDirection: { xs: 'column', md: 'row' },
            alignItems: 'center',
            gap: { xs: 1, md: 3 },
            textAlign: { xs: 'center', md: 'start' },
            color: 'common.white',
          }}
        >
          <UserAvatar
            name={user.displayName}
            src={user.avatarUrl}
            size={128}
            sx={{ border: '2px solid', borderColor: 'common.white' }}
          />
          <div>
            <Typography variant="h4" component="h1">
              {user.displayName}
            </Typography>
            <Typography sx={{ opacity: 0.72 }}>{t(`roles.${user.role}`)}</Typography>
          </div>
        </Box>
      </Box>
      <Box sx={{ display: 'flex', justifyContent: { xs: 'center', md: 'flex-end' }, px: { md: 3 } }}>
        {tabs}
      </Box>
    </Card>
  );
}
