import EmailIcon from '@mui/icons-material/Email';
import ScheduleIcon from '@mui/icons-material/Schedule';
import SupportIcon from '@mui/icons-material/Support';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { ContactForm } from '../components/contact-form.tsx';
import { PageHeader } from '../components/page-header.tsx';

function InfoItem({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Box sx={{ color: 'primary.main', display: 'flex', pt: 0.25 }} aria-hidden="true">
        {icon}
      </Box>
      <div>
        <Typography variant="subtitle1" component="h3">
          {title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {children}
        </Typography>
      </div>
    </Stack>
  );
}

/** /contact-us: how to reach us, and the contact form (POST /api/contact). */
export function ContactView() {
  const { t } = useTranslation();
  const email = t('contact.info.email');
  return (
    <Container sx={{ py: { xs: 6, md: 10 } }}>
      <PageHeader
        overline={t('contact.overline')}
        title={t('contact.title')}
        description={t('contact.description')}
      />
      <Box
        sx={{
          display: 'grid',
          gap: 4,
          gridTemplateColumns: { xs: '1fr', md: '1fr 2fr' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={4} component="aside">
          <InfoItem icon={<EmailIcon />} title={t('contact.info.emailTitle')}>
            <Box component="a" href={`mailto:${email}`} sx={{ color: 'inherit' }}>
              {email}
            </Box>
          </InfoItem>
          <InfoItem icon={<ScheduleIcon />} title={t('contact.info.responseTitle')}>
            {t('contact.info.response')}
          </InfoItem>
          <InfoItem icon={<SupportIcon />} title={t('contact.info.hoursTitle')}>
            {t('contact.info.hours')}
          </InfoItem>
        </Stack>
        <Card variant="outlined" sx={{ p: { xs: 3, md: 4 } }}>
          <Typography id="contact-form-title" variant="h4" component="h2" sx={{ mb: 3 }}>
            {t('contact.form.title')}
          </Typography>
          <ContactForm />
        </Card>
      </Box>
    </Container>
  );
}
