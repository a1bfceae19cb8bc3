import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** One line of a price summary (subtotal, discount, shipping, taxes); `strong` for the total. */
export function SummaryRow({
  label,
  value,
  strong = false,
}: {
  label: string;
  value: string;
  strong?: boolean;
}) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
      <Typography
        variant={strong ? 'subtitle1' : 'body2'}
        sx={{ color: strong ? 'text.primary' : 'text.secondary' }}
      >
        {label}
      </Typography>
      <Typography variant={strong ? 'subtitle1' : 'subtitle2'}>{value}</Typography>
    </Stack>
  );
}
