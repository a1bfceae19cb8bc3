import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

import { ColorDots } from './color-dots.tsx';

export type ProductLineProps = {
  name: string;
  coverUrl: string | null;
  colors: string[];
  size: string | null;
  /** Shown before the colours (an order line's SKU). */
  sku?: string;
  /** The picture's side, px. */
  imageSize?: number;
  /** Under the name (the cart drawer's quantity stepper). */
  below?: ReactNode;
  /** At the end of the line: quantity, price, a remove button. */
  children?: ReactNode;
  /** Padding around the line (theme spacing). */
  padding?: number;
};

/**
 * One product line of a list (`<li>` named by the product): picture, name, SKU, colours and size, then the
 * caller's own parts. The cart drawer (products), the checkout's cart and an order's lines (orders) all show
 * their lines so, hence its place in `components/`. Its colour names and the stepper's labels are the
 * `products` texts (`products.colors`, `products.quantity`): a route that shows it loads that namespace.
 */
export function ProductLine({
  name,
  coverUrl,
  colors,
  size,
  sku,
  imageSize = 56,
  below,
  children,
  padding = 2,
}: ProductLineProps) {
  return (
    <Stack
      component="li"
      aria-label={name}
      direction="row"
      spacing={2}
      sx={{ p: padding, alignItems: 'center' }}
    >
      <Avatar
        variant="rounded"
        src={coverUrl ?? undefined}
        alt=""
        sx={{ width: imageSize, height: imageSize }}
      />
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography variant="subtitle2" noWrap>
          {name}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5 }}>
          {sku && (
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {sku}
            </Typography>
          )}
          <ColorDots colors={colors} max={4} />
          {size && <Chip size="small" variant="outlined" label={size} />}
        </Stack>
        {below}
      </Box>
      {children}
    </Stack>
  );
}
