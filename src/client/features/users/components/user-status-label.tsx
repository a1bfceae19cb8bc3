import { useTranslation } from 'react-i18next';

import type { UserStatus } from '#shared/contract/account.ts';

import { Label } from '../../../components/label/label.tsx';
import { statusColor } from '../utils/user-display.ts';

/** A user's status as a coloured label: active green, pending orange, banned red, rejected grey. */
export function UserStatusLabel({ status }: { status: UserStatus }) {
  const { t } = useTranslation();
  const color = statusColor[status];
  return (
    // The grey label's own text is too light on its tint (WCAG 4.5:1): it uses the body text colour.
    <Label color={color} sx={color === 'default' ? { color: 'text.primary' } : undefined}>
      {t(`users.status.${status}`)}
    </Label>
  );
}
