import MarkEmailUnreadOutlined from '@mui/icons-material/MarkEmailUnreadOutlined';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

import type { User } from '#shared/contract/account.ts';

export function WelcomeCard({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <Card
      sx={{
        p: { xs: 3, md: 5 },
        bgcolor: (theme) => alpha(theme.palette.primary.main, 0.08),
        boxShadow: 'none',
      }}
    >
      <Typography variant="h3" component="h1" sx={{ mb: 2, color: 'primary.dark' }}>
        {t('overview.app.welcome', { name: user.displayName })}
      </Typography>
      <Stack spacing={1} sx={{ mb: 2 }}>
        <Typography>{t('overview.app.role', { role: t(`roles.${user.role}`) })}</Typography>
        <Typography sx={{ overflowWrap: 'anywhere' }}>
          {t('overview.app.email', { email: user.email })}
        </Typography>
      </Stack>
      {user.emailVerified ? (
        <Chip
          icon={<VerifiedOutlined />}
          color="success"
          variant="outlined"
          label={t('overview.app.emailVerified')}
        />
      ) : (
        <Chip
          icon={<MarkEmailUnreadOutlined />}
          color="warning"
          variant="outlined"
          label={t('overview.app.emailNotVerified')}
        />
      )}
    </Card>
  );
}
