import Add from '@mui/icons-material/Add';
import Remove from '@mui/icons-material/Remove';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** − quantity +: never below 1, never above `max` (the stock). */
export function QuantityStepper({
  value,
  max,
  onDecrease,
  onIncrease,
}: {
  value: number;
  max: number;
  onDecrease: () => void;
  onIncrease: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack
      direction="row"
      sx={{ alignItems: 'center', border: 1, borderColor: 'divider', borderRadius: 1, width: 'fit-content' }}
    >
      <IconButton size="small" aria-label={t('products.decrease')} disabled={value <= 1} onClick={onDecrease}>
        <Remove fontSize="small" />
      </IconButton>
      <Typography
        variant="body2"
        sx={{ minWidth: 28, textAlign: 'center' }}
        aria-label={t('products.quantity')}
        aria-live="polite"
      >
        {value}
      </Typography>
      <IconButton
        size="small"
        aria-label={t('products.increase')}
        disabled={value >= max}
        onClick={onIncrease}
      >
        <Add fontSize="small" />
      </IconButton>
    </Stack>
  );
}
