import { useTranslation } from 'react-i18next';

import type { UserStatus } from '#shared/contract/account.ts';
import { userStatuses } from '#shared/contract/user-enums.ts';
import type { StatusCounts } from '#shared/contract/users.ts';

import { Label } from '../../../components/label/label.tsx';
import { TabStrip } from '../../../components/tab-strip/tab-strip.tsx';
import { fNumber } from '../../../lib/format.ts';
import { statusColor } from '../utils/user-display.ts';
import { labelContrastSx } from './user-status-label.tsx';

export type StatusTab = 'all' | UserStatus;
const tabs: StatusTab[] = ['all', ...userStatuses];

type UserStatusTabsProps = {
  value: StatusTab;
  counts: StatusCounts | undefined;
  /** Counts that are lower bounds (a broad search): shown as "1,000+". */
  capped?: readonly StatusTab[] | undefined;
  onChange: (value: StatusTab) => void;
};

/** All, Active, Pending, Banned, Rejected, each with its count under the current search and role. */
export function UserStatusTabs({ value, counts, capped = [], onChange }: UserStatusTabsProps) {
  const { t } = useTranslation();
  return (
    <TabStrip
      value={value}
      onChange={onChange}
      label={t('users.list.statusTabs')}
      sx={{ px: 2.5, boxShadow: (theme) => `inset 0 -2px 0 0 ${theme.palette.divider}` }}
      items={tabs.map((tab) => ({
        value: tab,
        label: t(tab === 'all' ? 'users.list.all' : `users.status.${tab}`),
        end: (
          <Label
            color={tab === 'all' ? 'default' : statusColor[tab]}
            sx={labelContrastSx(tab === 'all' ? 'default' : statusColor[tab])}
          >
            {counts ? `${fNumber(counts[tab])}${capped.includes(tab) ? '+' : ''}` : '–'}
          </Label>
        ),
      }))}
    />
  );
}
