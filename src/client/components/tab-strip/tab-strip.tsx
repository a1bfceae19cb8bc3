import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import type { SxProps, Theme } from '@mui/material/styles';
import type { KeyboardEvent, ReactNode } from 'react';

export type TabStripItem<T extends string> = {
  value: T;
  label: ReactNode;
  /** Drawn after the label (a count); part of the tab's accessible name. */
  end?: ReactNode;
};

/**
 * A row of tabs for a list's filters (statuses): a `tablist` of `tab` buttons, the chosen one underlined,
 * scrolling sideways when the row is wider than the screen. It looks like MUI's Tabs but never measures the
 * page: MUI's Tabs reads every tab's size after each render to place its sliding indicator, which on a cold
 * list page forced a layout inside React's commit (ADR 031). Keyboard as in WAI-ARIA's tabs pattern: one tab
 * stop (the chosen tab), arrow keys move along the row in reading order, Home and End to its ends, Enter or
 * Space chooses.
 */
export function TabStrip<T extends string>({
  value,
  items,
  onChange,
  label,
  sx,
}: {
  value: T;
  items: readonly TabStripItem<T>[];
  onChange: (value: T) => void;
  /** The list's accessible name ("Status"). */
  label?: string;
  sx?: SxProps<Theme>;
}) {
  return (
    <Box
      role="tablist"
      aria-label={label}
      onKeyDown={moveFocus}
      sx={[
        {
          display: 'flex',
          minHeight: 48,
          overflowX: 'auto',
          scrollbarWidth: 'none',
          '&::-webkit-scrollbar': { display: 'none' },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {items.map((item) => {
        const selected = item.value === value;
        return (
          <ButtonBase
            key={item.value}
            role="tab"
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            onClick={() => {
              if (!selected) onChange(item.value);
            }}
            sx={tabSx}
          >
            {item.label}
            {item.end}
          </ButtonBase>
        );
      })}
    </Box>
  );
}

/** MUI's Tab with the theme's button text, the chosen tab in the primary colour over a 2 px bar. */
const tabSx: SxProps<Theme> = (theme) => ({
  ...theme.typography.button,
  position: 'relative',
  flexShrink: 0,
  minWidth: 90,
  maxWidth: 360,
  minHeight: 48,
  px: 2,
  py: 1.5,
  gap: 1,
  color: (theme.vars ?? theme).palette.text.secondary,
  '&[aria-selected="true"]': {
    color: (theme.vars ?? theme).palette.primary.main,
    '&::after': {
      content: '""',
      position: 'absolute',
      insetInline: 0,
      bottom: 0,
      height: 2,
      backgroundColor: (theme.vars ?? theme).palette.primary.main,
    },
  },
  '&.Mui-focusVisible': {
    outline: `2px solid ${(theme.vars ?? theme).palette.primary.main}`,
    outlineOffset: -2,
  },
});

/** Arrow keys (in reading order), Home and End move the focus along the row. */
function moveFocus(event: KeyboardEvent<HTMLElement>) {
  const tabs = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')];
  const current = tabs.indexOf(document.activeElement as HTMLElement);
  if (current < 0) return;
  const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
  const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key];
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? tabs.length - 1
        : step === undefined
          ? undefined
          : (current + step + tabs.length) % tabs.length;
  if (next === undefined) return;
  event.preventDefault();
  tabs[next]?.focus();
}
