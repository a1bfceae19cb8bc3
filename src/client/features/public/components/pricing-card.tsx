import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../../config/paths.ts';
import {
  formatMoney,
  paymentSearch,
  planFeatureKeys,
  planPrice,
  type BillingCycle,
  type Plan,
} from '../utils/pricing.ts';
import { useNumberLocale } from '../utils/use-number-locale.ts';
import { visuallyHidden } from '../../../lib/visually-hidden.ts';

type PricingCardProps = { plan: Plan; cycle: BillingCycle };

/** One plan: name, price for the cycle (yearly: discounted per month and the yearly total), features, CTA. */
export function PricingCard({ plan, cycle }: PricingCardProps) {
  const { t } = useTranslation();
  const locale = useNumberLocale();
  const price = planPrice(plan, cycle);
  const name = t(`pricing.plans.${plan.id}.name`);
  const headingId = `plan-${plan.id}-name`;

  const features: Array<{ key: string; text: string; included: boolean }> = [
    {
      key: 'members',
      text:
        plan.members === null
          ? t('pricing.features.unlimitedMembers')
          : t('pricing.features.members', { count: plan.members }),
      included: true,
    },
    { key: 'storage', text: t('pricing.features.storage', { size: plan.storageGb }), included: true },
    ...planFeatureKeys.map((key) => ({
      key,
      text: t(`pricing.features.${key}`),
      included: plan.features[key],
    })),
  ];

  return (
    <Card
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      sx={[
        { p: { xs: 3, md: 4 }, height: 1, display: 'flex', flexDirection: 'column', position: 'relative' },
        plan.popular && {
          borderColor: 'primary.main',
          borderWidth: 2,
          boxShadow: (theme) => theme.shadows[8],
        },
      ]}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
        <Typography id={headingId} variant="h4" component="h2">
          {name}
        </Typography>
        {plan.popular && <Chip size="small" color="primary" label={t('pricing.popular')} />}
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary', minHeight: 44 }}>
        {t(`pricing.plans.${plan.id}.description`)}
      </Typography>

      <Box sx={{ my: 3 }} data-testid={`price-${plan.id}`}>
        {plan.monthlyCents === 0 ? (
          <>
            <Typography variant="h2" component="p">
              {t('pricing.free')}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('pricing.freeForever')}
            </Typography>
          </>
        ) : (
          <>
            <Stack direction="row" sx={{ alignItems: 'baseline', gap: 0.5 }}>
              <Typography variant="h2" component="p">
                {formatMoney(price.perMonthCents, locale)}
              </Typography>
              <Typography component="span" sx={{ color: 'text.secondary' }}>
                {t('pricing.perMonth')}
              </Typography>
            </Stack>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {cycle === 'yearly'
                ? t('pricing.billedYearly', { total: formatMoney(price.totalCents, locale) })
                : t('pricing.billedMonthly')}
            </Typography>
          </>
        )}
      </Box>

      <Divider sx={{ borderStyle: 'dashed', mb: 3 }} />

      <Box
        component="ul"
        aria-label={t('pricing.featuresOf', { plan: name })}
        sx={{ listStyle: 'none', p: 0, m: 0, mb: 4, display: 'grid', gap: 1.5, flexGrow: 1 }}
      >
        {features.map((feature) => (
          <Box
            component="li"
            key={feature.key}
            sx={{
              display: 'flex',
              alignItems: 'flex-start',
              gap: 1.5,
              typography: 'body2',
              // Not included: struck through, still readable (text.disabled is below WCAG contrast).
              color: feature.included ? 'text.primary' : 'text.secondary',
              textDecoration: feature.included ? 'none' : 'line-through',
            }}
          >
            {feature.included ? (
              <CheckIcon fontSize="small" sx={{ color: 'success.main' }} aria-hidden="true" />
            ) : (
              <CloseIcon fontSize="small" aria-hidden="true" />
            )}
            <span>
              <Box component="span" sx={visuallyHidden}>
                {feature.included ? t('pricing.included') : t('pricing.notIncluded')}:{' '}
              </Box>
              {feature.text}
            </span>
          </Box>
        ))}
      </Box>

      <Button
        component={RouterLink}
        to={`${paths.payment}${paymentSearch(plan.id, cycle)}`}
        size="large"
        fullWidth
        variant={plan.popular ? 'contained' : 'outlined'}
        color={plan.popular ? 'primary' : 'inherit'}
      >
        {t(`pricing.plans.${plan.id}.cta`)}
      </Button>
    </Card>
  );
}
