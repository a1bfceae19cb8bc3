import Chip from '@mui/material/Chip';

import { TabStrip } from '../tab-strip/tab-strip.tsx';

export type CountTab<T extends string> = {
  value: T;
  label: string;
  /** The tab's count as shown ("1,000+"); '…' while it loads. */
  count: string;
  color: 'default' | 'info' | 'success' | 'warning' | 'error';
};

/** A list's tabs (statuses), each with its count in a chip; the chosen tab's chip is filled. */
export function CountTabs<T extends string>({
  value,
  tabs,
  onChange,
  label,
}: {
  value: T;
  tabs: readonly CountTab<T>[];
  onChange: (value: T) => void;
  /** The tabs' accessible name. */
  label?: string;
}) {
  return (
    <TabStrip
      value={value}
      onChange={onChange}
      label={label}
      sx={{ px: 2.5, boxShadow: (theme) => `inset 0 -2px 0 0 ${theme.palette.divider}` }}
      items={tabs.map((tab) => ({
        value: tab.value,
        label: tab.label,
        end: (
          <Chip
            size="small"
            label={tab.count}
            color={tab.color}
            variant={tab.value === value ? 'filled' : 'outlined'}
          />
        ),
      }))}
    />
  );
}
