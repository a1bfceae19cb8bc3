import { useId, type SyntheticEvent } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Tabs whose choice lives in the address (`?tab=gallery`; the first tab has none, and an unknown value
 * falls back to it), with the ids that tie the tabs to their one panel for assistive technology. Spread
 * `tabsProps` on MUI `Tabs`, `tabProps(value)` on each `Tab` and `panelProps` on the panel.
 */
export function useUrlTab<T extends string>(tabs: readonly [T, ...T[]]) {
  const [params, setParams] = useSearchParams();
  const idPrefix = useId();
  const param = params.get('tab');
  const tab = tabs.find((value) => value === param) ?? tabs[0];
  return {
    tab,
    tabsProps: {
      value: tab,
      onChange: (_event: SyntheticEvent, next: T) =>
        setParams(next === tabs[0] ? {} : { tab: next }, { replace: true }),
    },
    tabProps: (value: T) => ({
      value,
      id: `${idPrefix}-tab-${value}`,
      'aria-controls': `${idPrefix}-panel`,
    }),
    panelProps: { role: 'tabpanel', id: `${idPrefix}-panel`, 'aria-labelledby': `${idPrefix}-tab-${tab}` },
  };
}
