import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { BillingCycleToggle } from '../components/billing-cycle-toggle.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { PricingCard } from '../components/pricing-card.tsx';
import { planIds, plans, type BillingCycle } from '../utils/pricing.ts';

/** /pricing: three plans with a monthly/yearly switch; each plan leads to /payment?plan=…&cycle=…. */
export function PricingView() {
  const { t } = useTranslation();
  const [cycle, setCycle] = useState<BillingCycle>('monthly');
  return (
    <Container sx={{ py: { xs: 6, md: 10 } }}>
      <PageHeader
        overline={t('pricing.overline')}
        title={t('pricing.title')}
        description={t('pricing.description')}
      >
        <Box sx={{ mt: 4 }}>
          <BillingCycleToggle value={cycle} onChange={setCycle} />
        </Box>
      </PageHeader>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
          alignItems: 'stretch',
        }}
      >
        {planIds.map((id) => (
          <PricingCard key={id} plan={plans[id]} cycle={cycle} />
        ))}
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary', textAlign: 'center', mt: 5 }}>
        {t('pricing.note')}
      </Typography>
    </Container>
  );
}
