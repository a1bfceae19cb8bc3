import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { timeLeft } from '../utils/countdown.ts';
import { useNumberLocale } from '../utils/use-number-locale.ts';

/**
 * Days, hours, minutes and seconds until `target`, updated every second; never below zero. Without a target
 * yet (the server's render of the page, which knows neither this browser's launch date nor its clock), the
 * places show "--".
 */
export function Countdown({ target }: { target: Date | null }) {
  const { t } = useTranslation();
  const locale = useNumberLocale();
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);

  const left = target === null ? null : timeLeft(target.getTime(), now);
  const pad = new Intl.NumberFormat(locale, { minimumIntegerDigits: 2, useGrouping: false });
  const units = [
    { key: 'days', label: t('comingSoon.days'), value: left?.days ?? null },
    { key: 'hours', label: t('comingSoon.hours'), value: left?.hours ?? null },
    { key: 'minutes', label: t('comingSoon.minutes'), value: left?.minutes ?? null },
    { key: 'seconds', label: t('comingSoon.seconds'), value: left?.seconds ?? null },
  ];

  if (left?.done) {
    return (
      <Typography variant="h4" component="p" role="status">
        {t('comingSoon.launched')}
      </Typography>
    );
  }

  return (
    // A timer is not announced on every tick (role="timer" is aria-live off).
    <Box
      role="timer"
      aria-label={t('comingSoon.countdownLabel')}
      sx={{ display: 'flex', justifyContent: 'center', gap: { xs: 2, sm: 4 } }}
    >
      {units.map((unit) => (
        <Box key={unit.key} data-testid={`countdown-${unit.key}`} sx={{ textAlign: 'center', minWidth: 56 }}>
          <Typography variant="h2" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {unit.value === null ? '--' : pad.format(unit.value)}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {unit.label}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
