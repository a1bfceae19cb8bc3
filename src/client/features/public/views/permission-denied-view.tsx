import FactCheckIcon from '@mui/icons-material/FactCheck';
import GroupIcon from '@mui/icons-material/Group';
import MailIcon from '@mui/icons-material/Mail';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { RoleBasedGuard } from '../../../lib/auth/role-based-guard.tsx';

/**
 * /dashboard/permission-denied: a demonstration of RoleBasedGuard. Administrators see the content;
 * everyone else sees "Permission denied". (Hiding is not protection: the server checks every request.)
 */
export function PermissionDeniedView() {
  const { t } = useTranslation();
  const cards = [
    {
      key: 'users',
      icon: <GroupIcon />,
      title: t('permissionDenied.cards.users.title'),
      text: t('permissionDenied.cards.users.text'),
    },
    {
      key: 'contact',
      icon: <MailIcon />,
      title: t('permissionDenied.cards.contact.title'),
      text: t('permissionDenied.cards.contact.text'),
    },
    {
      key: 'audit',
      icon: <FactCheckIcon />,
      title: t('permissionDenied.cards.audit.title'),
      text: t('permissionDenied.cards.audit.text'),
    },
  ];
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {t('permissionDenied.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: { xs: 3, md: 5 } }}>
        {t('permissionDenied.description')}
      </Typography>
      <RoleBasedGuard hasContent roles={['admin']}>
        <Alert severity="success" sx={{ mb: 3 }}>
          <AlertTitle>{t('permissionDenied.allowedTitle')}</AlertTitle>
          {t('permissionDenied.allowedDescription')}
        </Alert>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
          {cards.map((card) => (
            <Card key={card.key} variant="outlined" sx={{ p: 3 }}>
              <Box sx={{ color: 'primary.main', mb: 1.5 }} aria-hidden="true">
                {card.icon}
              </Box>
              <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
                {card.title}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {card.text}
              </Typography>
            </Card>
          ))}
        </Box>
      </RoleBasedGuard>
    </>
  );
}
