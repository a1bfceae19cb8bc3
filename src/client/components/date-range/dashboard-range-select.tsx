import DateRangeRounded from '@mui/icons-material/DateRangeRounded';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { rangePresets, type RangePreset } from './dashboard-range.ts';
import { fDayRange } from './format-days.ts';
import { useDashboardRange } from './use-dashboard-range.ts';

const loadDialog = () => import('./custom-range-dialog.tsx');
const CustomRangeDialog = lazy(() => loadDialog().then((module) => ({ default: module.CustomRangeDialog })));

/** How many days a preset's label names ("Last 7 days"), written in the language's digits. */
const presetTotals: Partial<Record<RangePreset, number>> = { '7d': 7, '30d': 30 };

/**
 * The dashboard's one date range (issue 26 A, ADR 041): a button naming the range, with its days beside it,
 * that opens the presets and "Custom range…". The choice is written in the address, which every widget
 * reads through `useDashboardRange()`.
 */
export function DashboardRangeSelect() {
  const { t } = useTranslation();
  const range = useDashboardRange();
  const menuId = useId();
  const datesId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The dialog's code (with the date pickers) loads when "Custom range…" is hovered, focused or opened.
  const [dialog, setDialog] = useState({ used: false, open: false, key: 0 });
  const preloadDialog = () => void loadDialog();
  const presetLabel = (preset: RangePreset) =>
    t(`overview.range.presets.${preset}`, { total: presetTotals[preset] });
  const dates = fDayRange(range.from, range.to);
  const close = () => setAnchor(null);

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1.5 }}>
      <Button
        variant="outlined"
        color="inherit"
        startIcon={<DateRangeRounded />}
        endIcon={<ExpandMoreRounded />}
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        aria-controls={anchor ? menuId : undefined}
        aria-describedby={datesId}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t('overview.range.button', {
          range: range.preset === 'custom' ? t('overview.range.presets.custom') : presetLabel(range.preset),
        })}
      </Button>
      <Typography id={datesId} variant="body2" sx={{ color: 'text.secondary' }}>
        {dates}
      </Typography>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        slotProps={{ list: { 'aria-label': t('overview.range.label') } }}
      >
        {rangePresets.map((preset) => (
          <MenuItem
            key={preset}
            role="menuitemradio"
            aria-checked={range.preset === preset}
            selected={range.preset === preset}
            onClick={() => {
              close();
              range.setRange({ preset });
            }}
          >
            {presetLabel(preset)}
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          role="menuitemradio"
          aria-checked={range.preset === 'custom'}
          selected={range.preset === 'custom'}
          onPointerEnter={preloadDialog}
          onFocus={preloadDialog}
          onClick={() => {
            close();
            setDialog((current) => ({ used: true, open: true, key: current.key + 1 }));
          }}
        >
          {t('overview.range.customItem')}
        </MenuItem>
      </Menu>
      {dialog.used && (
        <Suspense fallback={null}>
          <CustomRangeDialog
            key={dialog.key}
            open={dialog.open}
            initialFrom={range.from}
            initialTo={range.to}
            onClose={() => setDialog((current) => ({ ...current, open: false }))}
            onApply={(days) => {
              setDialog((current) => ({ ...current, open: false }));
              range.setRange({ preset: 'custom', ...days });
            }}
          />
        </Suspense>
      )}
    </Box>
  );
}
