import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

import type { UserStatus } from '#shared/contract/account.ts';

import { Label } from '../../../components/label/label.tsx';
import { statusColor } from '../utils/user-display.ts';

/**
 * Text colours that keep 4.5:1 on the label's own tint, also over a hovered or selected grid row: the grey
 * label uses the body text colour, and in dark mode the coloured labels use the lighter shade.
 */
export function labelContrastSx(color: (typeof statusColor)[UserStatus]): SxProps<Theme> {
  if (color === 'default') return { color: 'text.primary' };
  return (theme) => (theme.palette.mode === 'dark' ? { color: theme.palette[color].light } : {});
}

/** A user's status as a coloured label: active green, pending orange, banned red, rejected grey. */
export function UserStatusLabel({ status }: { status: UserStatus }) {
  const { t } = useTranslation();
  const color = statusColor[status];
  return (
    <Label color={color} sx={labelContrastSx(color)}>
      {t(`users.status.${status}`)}
    </Label>
  );
}
