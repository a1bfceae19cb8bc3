import Chip from '@mui/material/Chip';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';

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
}: {
  value: T;
  tabs: readonly CountTab<T>[];
  onChange: (value: T) => void;
}) {
  return (
    <Tabs
      value={value}
      onChange={(_event, next: T) => onChange(next)}
      variant="scrollable"
      sx={{ px: 2.5, boxShadow: (theme) => `inset 0 -2px 0 0 ${theme.palette.divider}` }}
    >
      {tabs.map((tab) => (
        <Tab
          key={tab.value}
          value={tab.value}
          iconPosition="end"
          label={tab.label}
          icon={
            <Chip
              size="small"
              label={tab.count}
              color={tab.color}
              variant={tab.value === value ? 'filled' : 'outlined'}
            />
          }
        />
      ))}
    </Tabs>
  );
}
