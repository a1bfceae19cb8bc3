import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import type { OrderItem } from '#shared/contract/orders.ts';

import { useMoney } from '../../../lib/use-money.ts';
import { ProductLine } from '../../../components/product-line/product-line.tsx';

/** An order's lines as they were bought: picture, name, SKU, colours, size, quantity and the line's total. */
export function OrderLines({ items, imageSize = 48 }: { items: readonly OrderItem[]; imageSize?: number }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <Stack
      component="ul"
      aria-label={t('orders.items')}
      divider={<Divider component="li" aria-hidden />}
      sx={{ listStyle: 'none', m: 0, p: 0 }}
    >
      {items.map((item, index) => (
        <ProductLine
          key={`${item.productId}-${index}`}
          name={item.name}
          coverUrl={item.coverUrl}
          colors={item.colors}
          size={item.size}
          sku={item.sku}
          imageSize={imageSize}
          padding={imageSize > 40 ? 2.5 : 1.5}
        >
          <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
            {`${money(item.price)} × ${item.quantity}`}
          </Typography>
          <Typography variant="subtitle2" sx={{ width: 96, textAlign: 'end' }}>
            {money(item.lineTotal)}
          </Typography>
        </ProductLine>
      ))}
    </Stack>
  );
}
