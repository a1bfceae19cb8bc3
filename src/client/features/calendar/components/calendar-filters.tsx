import CheckIcon from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { eventColors, type CalendarEvent } from '#shared/contract/calendar.ts';

import { FilterDrawer } from '../../../components/filter-drawer/filter-drawer.tsx';
import { DatePickersProvider } from '../../../components/date-pickers/date-pickers-provider.tsx';

import { fDate, fDateTime } from '../../../lib/format.ts';
import { hasFilters, noFilters, type CalendarFilters } from './calendar-filter-state.ts';

type CalendarFiltersDrawerProps = {
  open: boolean;
  onClose: () => void;
  filters: CalendarFilters;
  onChange: (filters: CalendarFilters) => void;
  /** The events that pass the filters (in the picked dates, or the visible range). */
  events: CalendarEvent[];
  onPick: (event: CalendarEvent) => void;
};

/** The filter drawer (its own chunk, with the date pickers): colours, a date range, and the matching events listed (a click opens one). */
export function CalendarFiltersDrawer({
  open,
  onClose,
  filters,
  onChange,
  events,
  onPick,
}: CalendarFiltersDrawerProps) {
  const { t } = useTranslation();
  const colorsLabel = useId();
  const toggleColor = (color: string) =>
    onChange({
      ...filters,
      colors: filters.colors.includes(color)
        ? filters.colors.filter((c) => c !== color)
        : [...filters.colors, color],
    });

  return (
    <DatePickersProvider>
      <FilterDrawer
        open={open}
        onClose={onClose}
        title={t('calendar.filter.title')}
        resetLabel={t('calendar.filter.reset')}
        closeLabel={t('calendar.filter.close')}
        canReset={hasFilters(filters)}
        onReset={() => onChange(noFilters)}
      >
        <Box sx={{ p: 2.5, display: 'flex', flexDirection: 'column', gap: 3 }}>
          <Box>
            <Typography id={colorsLabel} variant="subtitle2" sx={{ mb: 1 }}>
              {t('calendar.filter.colors')}
            </Typography>
            <Box
              role="group"
              aria-labelledby={colorsLabel}
              sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}
            >
              {eventColors.map((color, index) => {
                const checked = filters.colors.includes(color);
                return (
                  <ButtonBase
                    key={color}
                    role="checkbox"
                    aria-checked={checked}
                    aria-label={t('calendar.dialog.colorOption', { index: index + 1 })}
                    onClick={() => toggleColor(color)}
                    sx={{ width: 28, height: 28, borderRadius: '50%', bgcolor: color, color: 'common.white' }}
                  >
                    {checked && <CheckIcon fontSize="small" />}
                  </ButtonBase>
                );
              })}
            </Box>
          </Box>
          <Box>
            <Typography variant="subtitle2" sx={{ mb: 1.5 }}>
              {t('calendar.filter.range')}
            </Typography>
            <Stack spacing={2}>
              <DatePicker
                label={t('calendar.filter.start')}
                value={filters.start}
                onChange={(start) => onChange({ ...filters, start })}
                slotProps={{ textField: { size: 'small' }, field: { clearable: true } }}
              />
              <DatePicker
                label={t('calendar.filter.end')}
                value={filters.end}
                minDate={filters.start ?? undefined}
                onChange={(end) => onChange({ ...filters, end })}
                slotProps={{ textField: { size: 'small' }, field: { clearable: true } }}
              />
            </Stack>
          </Box>
        </Box>
        <Divider />
        <Typography variant="subtitle2" sx={{ px: 2.5, pt: 2 }} aria-live="polite">
          {t('calendar.filter.results', { count: events.length })}
        </Typography>
        {events.length === 0 ? (
          <Typography variant="body2" sx={{ px: 2.5, py: 2, color: 'text.secondary' }}>
            {t('calendar.filter.none')}
          </Typography>
        ) : (
          <List dense sx={{ overflowY: 'auto', flexGrow: 1 }}>
            {events.map((event) => (
              <ListItemButton key={event.id} onClick={() => onPick(event)} sx={{ gap: 1.5, px: 2.5 }}>
                <Box
                  sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: event.color, flexShrink: 0 }}
                />
                <ListItemText
                  primary={event.title}
                  secondary={event.allDay ? fDate(event.start) : fDateTime(event.start)}
                  slotProps={{ primary: { noWrap: true } }}
                />
              </ListItemButton>
            ))}
          </List>
        )}
      </FilterDrawer>
    </DatePickersProvider>
  );
}
