import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';

import { YEARLY_DISCOUNT_PERCENT, type BillingCycle } from '../utils/pricing.ts';

type BillingCycleToggleProps = {
  value: BillingCycle;
  onChange: (cycle: BillingCycle) => void;
  size?: 'small' | 'medium';
};

/** Monthly / Yearly: two toggle buttons (aria-pressed), and the yearly saving. */
export function BillingCycleToggle({ value, onChange, size = 'medium' }: BillingCycleToggleProps) {
  const { t } = useTranslation();
  return (
    <Stack
      direction="row"
      spacing={1.5}
      sx={{ alignItems: 'center', justifyContent: 'center', flexWrap: 'wrap' }}
    >
      <ToggleButtonGroup
        exclusive
        size={size}
        color="primary"
        value={value}
        aria-label={t('pricing.billingCycle')}
        onChange={(_event, next: BillingCycle | null) => {
          if (next) onChange(next);
        }}
      >
        <ToggleButton value="monthly" sx={{ px: 2.5 }}>
          {t('pricing.monthly')}
        </ToggleButton>
        <ToggleButton value="yearly" sx={{ px: 2.5 }}>
          {t('pricing.yearly')}
        </ToggleButton>
      </ToggleButtonGroup>
      <Chip
        size="small"
        color="success"
        variant={value === 'yearly' ? 'filled' : 'outlined'}
        label={t('pricing.save', { percent: YEARLY_DISCOUNT_PERCENT })}
      />
    </Stack>
  );
}
