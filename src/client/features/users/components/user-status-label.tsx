import { useTranslation } from 'react-i18next';

import type { UserStatus } from '#shared/contract/account.ts';

import { Label } from '../../../components/label/label.tsx';
import { statusColor } from '../utils/user-display.ts';

/** A user's status as a coloured label: active green, pending orange, banned red, rejected grey. */
export function UserStatusLabel({ status }: { status: UserStatus }) {
  const { t } = useTranslation();
  return <Label color={statusColor[status]}>{t(`users.status.${status}`)}</Label>;
}
