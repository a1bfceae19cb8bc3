import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { DateCalendar } from '@mui/x-date-pickers/DateCalendar';
import { PickerDay, type PickerDayProps } from '@mui/x-date-pickers/PickerDay';
import dayjs, { type Dayjs } from 'dayjs';
import { createContext, use } from 'react';
import { useTranslation } from 'react-i18next';

import { DatePickersProvider } from '../../../components/date-pickers/date-pickers-provider.tsx';

/** What a day of the calendar is: places free, fully booked, closed (no hours), or not known yet. */
export type DayState = 'free' | 'full' | 'closed' | 'unknown';

type DayLook = {
  stateOf: (day: string) => DayState;
  /** The chosen range (range mode: check-in → check-out, or only the check-in yet), drawn as a band. */
  range: { from: string; to: string | null } | null;
};

const DayLookContext = createContext<DayLook>({ stateOf: () => 'unknown', range: null });

const dayKey = (date: Dayjs) => date.format('YYYY-MM-DD');

/** A day of the month: free days are tinted and dotted, the days of the chosen range are banded. */
function AvailabilityDay(props: PickerDayProps) {
  const { stateOf, range } = use(DayLookContext);
  const day = dayKey(props.day as Dayjs);
  const free = !props.outsideCurrentMonth && stateOf(day) === 'free';
  const inRange = range !== null && range.to !== null && day > range.from && day < range.to;
  // Both ends of the range look picked (the calendar's own value is one day).
  const end = !props.outsideCurrentMonth && range !== null && (day === range.from || day === range.to);
  const selected = Boolean(props.selected) || end;
  return (
    <PickerDay
      {...props}
      selected={selected}
      data-state={props.outsideCurrentMonth ? undefined : stateOf(day)}
      sx={[
        (theme) => ({
          position: 'relative',
          ...(free &&
            !selected && {
              bgcolor: alpha(theme.palette.success.main, 0.12),
              color: theme.palette.success.dark,
              fontWeight: 600,
              ...theme.applyStyles('dark', { color: theme.palette.success.light }),
              '&::after': {
                content: '""',
                position: 'absolute',
                bottom: 3,
                insetInlineStart: 'calc(50% - 2px)',
                width: 4,
                height: 4,
                borderRadius: '50%',
                bgcolor: 'success.main',
              },
            }),
          ...(inRange && {
            bgcolor: alpha(theme.palette.primary.main, 0.24),
            color: theme.palette.text.primary,
          }),
        }),
      ]}
    />
  );
}

type AvailabilityCalendarProps = {
  /** The accessible name of the month grid ("Choose a day"). */
  label: string;
  /** The first day shown when nothing is chosen yet (`YYYY-MM-DD`). */
  initialMonth: string;
  /** The earliest day that may be picked (today in the listing's zone). */
  minDay: string;
  stateOf: (day: string) => DayState;
  /** Whether a day may be picked now (free, or a check-out day of the range). */
  selectable: (day: string) => boolean;
  /** The picked day (slot mode, or the range's check-in / check-out). */
  value: string | null;
  range: { from: string; to: string | null } | null;
  loading: boolean;
  onPick: (day: string) => void;
  onMonthChange: (month: string) => void;
};

/**
 * A month of a listing's availability on the shared date pickers (language, first day of the week, RTL):
 * days with places left are highlighted, fully booked and closed days cannot be picked, and a legend says so.
 * Days are the listing's local days (`YYYY-MM-DD`), whatever the browser's zone.
 */
export function AvailabilityCalendar({
  label,
  initialMonth,
  minDay,
  stateOf,
  selectable,
  value,
  range,
  loading,
  onPick,
  onMonthChange,
}: AvailabilityCalendarProps) {
  const { t } = useTranslation();
  return (
    <DatePickersProvider>
      <DayLookContext value={{ stateOf, range }}>
        <Box role="group" aria-label={label} aria-busy={loading}>
          <DateCalendar
            value={value === null ? null : dayjs(value)}
            referenceDate={dayjs(initialMonth)}
            minDate={dayjs(minDay)}
            shouldDisableDate={(date) => !selectable(dayKey(date))}
            onChange={(date: Dayjs | null) => {
              if (date) onPick(dayKey(date));
            }}
            onMonthChange={(date: Dayjs) => onMonthChange(dayKey(date.startOf('month')))}
            views={['day']}
            slots={{ day: AvailabilityDay }}
            sx={{ width: 1, maxWidth: 360, mx: 'auto' }}
          />
          <Stack
            direction="row"
            spacing={2}
            useFlexGap
            sx={{ flexWrap: 'wrap', justifyContent: 'center', color: 'text.secondary' }}
          >
            <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
              <Box
                aria-hidden
                sx={(theme) => ({
                  width: 14,
                  height: 14,
                  borderRadius: '50%',
                  bgcolor: alpha(theme.palette.success.main, 0.24),
                  border: 1,
                  borderColor: 'success.main',
                })}
              />
              <Typography variant="caption">{t('booking.listings.legendFree')}</Typography>
            </Stack>
            <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
              <Box
                aria-hidden
                sx={{ width: 14, height: 14, borderRadius: '50%', border: 1, borderColor: 'divider' }}
              />
              <Typography variant="caption">{t('booking.listings.legendUnavailable')}</Typography>
            </Stack>
          </Stack>
        </Box>
      </DayLookContext>
    </DatePickersProvider>
  );
}
