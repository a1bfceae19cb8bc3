import ForumIcon from '@mui/icons-material/Forum';
import PublicIcon from '@mui/icons-material/Public';
import SecurityIcon from '@mui/icons-material/Security';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../../config/paths.ts';
import { PageHeader } from '../components/page-header.tsx';
import { useNumberLocale } from '../utils/use-number-locale.ts';

/** /about-us: who we are, our mission and values, a few numbers, and where to ask questions. */
export function AboutView() {
  const { t } = useTranslation();
  const locale = useNumberLocale();
  const number = new Intl.NumberFormat(locale);

  const values = [
    {
      key: 'open',
      icon: <PublicIcon fontSize="large" />,
      title: t('about.values.open.title'),
      text: t('about.values.open.text'),
    },
    {
      key: 'secure',
      icon: <SecurityIcon fontSize="large" />,
      title: t('about.values.secure.title'),
      text: t('about.values.secure.text'),
    },
    {
      key: 'inclusive',
      icon: <ForumIcon fontSize="large" />,
      title: t('about.values.inclusive.title'),
      text: t('about.values.inclusive.text'),
    },
  ];
  const stats = [
    { key: 'languages', value: 5, label: t('about.stats.languages') },
    { key: 'areas', value: 12, label: t('about.stats.areas') },
    { key: 'servers', value: 1, label: t('about.stats.servers') },
    { key: 'cdn', value: 0, label: t('about.stats.cdn') },
  ];

  return (
    <Container sx={{ py: { xs: 6, md: 10 } }}>
      <PageHeader
        overline={t('about.overline')}
        title={t('about.title')}
        description={t('about.description')}
      />

      <Box
        component="section"
        aria-labelledby="about-mission"
        sx={{ maxWidth: 760, mx: 'auto', mb: { xs: 8, md: 10 } }}
      >
        <Typography id="about-mission" variant="h3" component="h2" sx={{ mb: 2, textAlign: 'center' }}>
          {t('about.mission.title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary', textAlign: 'center' }}>
          {t('about.mission.text')}
        </Typography>
      </Box>

      <Box component="section" aria-labelledby="about-values" sx={{ mb: { xs: 8, md: 10 } }}>
        <Typography id="about-values" variant="h3" component="h2" sx={{ mb: 4, textAlign: 'center' }}>
          {t('about.values.title')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
          {values.map((value) => (
            <Card key={value.key} variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
              <Box sx={{ color: 'primary.main', mb: 2 }} aria-hidden="true">
                {value.icon}
              </Box>
              <Typography variant="h5" component="h3" sx={{ mb: 1 }}>
                {value.title}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {value.text}
              </Typography>
            </Card>
          ))}
        </Box>
      </Box>

      <Box component="section" aria-labelledby="about-stats" sx={{ mb: { xs: 8, md: 10 } }}>
        <Typography id="about-stats" variant="h3" component="h2" sx={{ mb: 4, textAlign: 'center' }}>
          {t('about.stats.title')}
        </Typography>
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}
        >
          {stats.map((stat) => (
            <Box
              key={stat.key}
              sx={{ textAlign: 'center', display: 'flex', flexDirection: 'column-reverse' }}
            >
              <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                {stat.label}
              </Typography>
              <Typography component="dd" variant="h2" sx={{ m: 0, color: 'primary.main' }}>
                {number.format(stat.value)}
              </Typography>
            </Box>
          ))}
        </Box>
      </Box>

      <Card
        component="section"
        aria-labelledby="about-cta"
        variant="outlined"
        sx={{ p: { xs: 4, md: 6 }, textAlign: 'center' }}
      >
        <Typography id="about-cta" variant="h3" component="h2" sx={{ mb: 1 }}>
          {t('about.cta.title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mb: 3 }}>{t('about.cta.text')}</Typography>
        <Box sx={{ display: 'flex', gap: 2, justifyContent: 'center', flexWrap: 'wrap' }}>
          <Button component={RouterLink} to={paths.faqs} variant="outlined" color="inherit" size="large">
            {t('about.cta.faqs')}
          </Button>
          <Button component={RouterLink} to={paths.contactUs} variant="contained" size="large">
            {t('about.cta.contact')}
          </Button>
        </Box>
      </Card>
    </Container>
  );
}
