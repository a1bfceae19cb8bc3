import TrendingDownRounded from '@mui/icons-material/TrendingDownRounded';
import TrendingFlatRounded from '@mui/icons-material/TrendingFlatRounded';
import TrendingUpRounded from '@mui/icons-material/TrendingUpRounded';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { fNumber } from '../../lib/format.ts';
import { visuallyHidden } from '../../lib/visually-hidden.ts';
import { trendOf, type TrendInput } from './trend.ts';

type ChangeBadgeProps = TrendInput & {
  /** "vs the previous 30 days" (`useDashboardRange().previousLabel`). */
  periodLabel?: string;
  /** Which way is good news: a figure that should fall (refunds, overdue invoices) is green going down. */
  goodWhen?: 'up' | 'down';
  /** The period label's colour: `text.primary` on a tinted card, where the secondary grey is too faint. */
  periodColor?: 'text.secondary' | 'text.primary';
};

/**
 * A figure's % change against the previous period: an up, down or flat arrow, coloured good (green) or bad
 * (red), the signed percentage in the language's format ("+12.5%", "‎-3 %", "٪١٢٫٥+"), and the period
 * it is measured against. Nothing before is "New", without a percentage.
 */
export function ChangeBadge({
  value,
  previous,
  periodLabel,
  goodWhen = 'up',
  periodColor = 'text.secondary',
}: ChangeBadgeProps) {
  const { t } = useTranslation();
  const trend = trendOf({ value, previous });
  const good = trend.direction === goodWhen;
  const bad = trend.direction === (goodWhen === 'up' ? 'down' : 'up');
  const color = good ? 'success.main' : bad ? 'error.main' : 'text.secondary';
  const Icon =
    trend.direction === 'up'
      ? TrendingUpRounded
      : trend.direction === 'down'
        ? TrendingDownRounded
        : TrendingFlatRounded;
  return (
    <Box
      component="span"
      data-trend={trend.direction}
      sx={{ display: 'inline-flex', alignItems: 'center', flexWrap: 'wrap', gap: 0.5, typography: 'body2' }}
    >
      {trend.direction !== 'new' && (
        <Icon
          aria-hidden
          fontSize="small"
          // An arrow that climbs to the right climbs to the left in Arabic.
          sx={(theme) => ({ color, transform: theme.direction === 'rtl' ? 'scaleX(-1)' : undefined })}
        />
      )}
      <Box component="span" sx={{ color, fontWeight: 600 }}>
        {trend.direction === 'new' ? (
          t('overview.widget.change.new')
        ) : (
          <>
            <Box component="span" sx={visuallyHidden}>
              {t(`overview.widget.change.${trend.direction}`)}{' '}
            </Box>
            {fNumber(trend.ratio, { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' })}
          </>
        )}
      </Box>
      {periodLabel && (
        <Typography component="span" variant="body2" sx={{ color: periodColor }}>
          {periodLabel}
        </Typography>
      )}
    </Box>
  );
}
