import BuildIcon from '@mui/icons-material/Build';
import ScheduleIcon from '@mui/icons-material/Schedule';
import SupportIcon from '@mui/icons-material/Support';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { PageTitle } from '../../../components/page-title/page-title.tsx';
import { paths } from '../../../config/paths.ts';
import { MaintenanceIllustration } from '../components/illustrations.tsx';

/** /maintenance: the site is being updated; why, how long, and where to get help. */
export function MaintenanceView() {
  const { t } = useTranslation();
  const items = [
    { key: 'why', icon: <BuildIcon />, title: t('maintenance.why.title'), text: t('maintenance.why.text') },
    {
      key: 'downtime',
      icon: <ScheduleIcon />,
      title: t('maintenance.downtime.title'),
      text: t('maintenance.downtime.text'),
    },
    {
      key: 'support',
      icon: <SupportIcon />,
      title: t('maintenance.support.title'),
      text: t('maintenance.support.text'),
    },
  ];
  return (
    <Box sx={{ py: { xs: 4, md: 6 }, maxWidth: 960, width: 1, mx: 'auto', textAlign: 'center' }}>
      <PageTitle title={t('maintenance.pageTitle')} />
      <Typography variant="h3" component="h1" sx={{ mb: 2 }}>
        {t('maintenance.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>{t('maintenance.description')}</Typography>
      <Box sx={{ my: { xs: 4, md: 6 }, display: 'flex', justifyContent: 'center' }}>
        <MaintenanceIllustration />
      </Box>
      <Button component={RouterLink} to={paths.root} variant="contained" size="large">
        {t('maintenance.home')}
      </Button>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          mt: { xs: 6, md: 8 },
          display: 'grid',
          gap: 4,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
        }}
      >
        {items.map((item) => (
          <Box component="li" key={item.key}>
            <Box sx={{ color: 'primary.main', mb: 1 }} aria-hidden="true">
              {item.icon}
            </Box>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              {item.title}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {item.text}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
