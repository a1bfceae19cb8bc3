import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';

import { productColors, type ProductColor } from '#shared/contract/products-limits.ts';

/** A colour's name in the interface's language (the palette's eight; anything else is its hex). */
export function useColorName(): (color: string) => string {
  const { t } = useTranslation();
  return (color) =>
    (productColors as readonly string[]).includes(color.toUpperCase())
      ? t(`products.colors.${color.toUpperCase() as ProductColor}`)
      : color;
}

/** Up to `max` colour dots, overlapping, and "+n" for the rest. */
export function ColorDots({ colors, max = 3 }: { colors: string[]; max?: number }) {
  const colorName = useColorName();
  const shown = colors.slice(0, max);
  return (
    <Box
      role="img"
      aria-label={colors.map(colorName).join(', ')}
      sx={{ display: 'flex', alignItems: 'center', typography: 'caption', color: 'text.secondary' }}
    >
      {shown.map((color, index) => (
        <Box
          key={color}
          sx={{
            width: 16,
            height: 16,
            borderRadius: '50%',
            bgcolor: color,
            border: (theme) => `2px solid ${theme.palette.background.paper}`,
            boxShadow: 'inset -1px 1px 2px rgba(0,0,0,0.24)',
            marginInlineStart: index === 0 ? 0 : -0.75,
          }}
        />
      ))}
      {colors.length > max && (
        <Box component="span" sx={{ marginInlineStart: 0.5 }}>{`+${colors.length - max}`}</Box>
      )}
    </Box>
  );
}
