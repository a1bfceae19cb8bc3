import AddRounded from '@mui/icons-material/AddRounded';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { useId, useMemo, useState } from 'react';
import { useController, useFieldArray, useFormState, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import {
  DATES_MAX,
  HOURS_WINDOWS_MAX,
  type DateKind,
  type ListingMode,
} from '#shared/contract/booking-limits.ts';
import type { HoursWindow } from '#shared/contract/booking.ts';

import { dayjsLocale } from '../../../components/date-pickers/date-pickers-provider.tsx';
import { Label } from '../../../components/label/label.tsx';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { getLanguage, type LanguageValue } from '../../../locales/locales-config.ts';
import { useTranslateMessage } from '../../../locales/use-translate-message.ts';
import { overlappingDates, type ListingFormValues } from './listing-form-values.ts';

const DAY = 24 * 60;
/** A day without a clock change, to turn minutes of the day into a picker's value and back. */
const REFERENCE_DAY = dayjs('2000-01-03T00:00:00');

/** Minutes of the day as a time picker's value (the end of the day, 1440, shows as 00:00). */
export function minutesToTime(minutes: number | null): Dayjs | null {
  if (minutes === null || !Number.isFinite(minutes)) return null;
  return REFERENCE_DAY.hour(Math.floor(minutes / 60) % 24).minute(minutes % 60);
}

/** A time picker's value as minutes of the day: NaN while it is not a time; an end of 00:00 is midnight (1440). */
export function timeToMinutes(value: Dayjs | null, end = false): number {
  if (!value?.isValid()) return Number.NaN;
  const minutes = value.hour() * 60 + value.minute();
  return end && minutes === 0 ? DAY : minutes;
}

/** The weekdays (0 = Sunday) in the language's week order: Sunday first in English, Monday in French… */
function weekOrder(language: string): number[] {
  const start = (dayjs.Ls[dayjsLocale(language)] as { weekStart?: number } | undefined)?.weekStart ?? 0;
  return Array.from({ length: 7 }, (_, i) => (start + i) % 7);
}

/** The language's names of the weekdays, Sunday first. */
function weekdayNames(locale: string): string[] {
  const format = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
  // 4 January 2026 is a Sunday.
  return Array.from({ length: 7 }, (_, i) => format.format(new Date(Date.UTC(2026, 0, 4 + i))));
}

/** Minutes of the day as the language writes a time ("9:00 AM", "09:00"); 1440 is midnight. */
export function formatMinutes(minutes: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2000, 0, 1, 0, minutes % DAY)),
  );
}

/** A local day (`2026-03-01`) as the language writes it, with its weekday. */
function formatDay(day: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

function useLocale(): string {
  const { i18n } = useTranslation();
  return getLanguage(i18n.language as LanguageValue).numberLocale;
}

type MinutesPickerProps = {
  label: string;
  minutes: number | null;
  /** An end time: 00:00 is the end of the day. */
  end?: boolean;
  onChange: (minutes: number) => void;
  onBlur?: () => void;
  /** A message shown under the picker (already translated). */
  error?: string | undefined;
};

/**
 * A localised time picker (components/date-pickers) over minutes of the day. It keeps what is being typed
 * while it is not a time yet (the form holds NaN then, which the shared schema refuses).
 */
export function MinutesPicker({ label, minutes, end = false, onChange, onBlur, error }: MinutesPickerProps) {
  const [value, setValue] = useState<Dayjs | null>(() => minutesToTime(minutes));
  const [shown, setShown] = useState(minutes);
  if (!Object.is(shown, minutes)) {
    // Changed from outside (a copied day, another row removed): show the new time.
    setShown(minutes);
    if (minutes !== null && Number.isFinite(minutes) && timeToMinutes(value, end) !== minutes)
      setValue(minutesToTime(minutes));
  }
  return (
    <TimePicker
      label={label}
      value={value}
      onChange={(next) => {
        setValue(next);
        const changed = timeToMinutes(next, end);
        setShown(changed);
        onChange(changed);
      }}
      slotProps={{
        textField: {
          size: 'small',
          error: Boolean(error),
          helperText: error,
          onBlur,
          sx: { width: { xs: 1, sm: 170 } },
        },
      }}
    />
  );
}

/** A field error of the hours or dates: the schema's "not a number" is a time not typed in full here. */
function useWindowError() {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  return (message: string | undefined) =>
    message === 'validation.numberInvalid' ? t('booking.manage.hours.timeInvalid') : translate(message);
}

type EditorProps = {
  control: Control<ListingFormValues>;
  /** Checks the hours and dates again (after a first submit, so their messages follow the edits). */
  revalidate: () => void;
};

function HoursWindowRow({
  control,
  index,
  label,
  removeLabel,
  onRemove,
  revalidate,
}: EditorProps & { index: number; label: string; removeLabel: string; onRemove: () => void }) {
  const { t } = useTranslation();
  const errorText = useWindowError();
  const start = useController({ control, name: `hours.${index}.startMinute` });
  const end = useController({ control, name: `hours.${index}.endMinute` });
  return (
    <Stack role="group" aria-label={label} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ flexGrow: 1, minWidth: 0 }}>
        <MinutesPicker
          label={t('booking.manage.hours.start')}
          minutes={start.field.value}
          onChange={(minutes) => {
            start.field.onChange(minutes);
            revalidate();
          }}
          onBlur={start.field.onBlur}
          error={errorText(start.fieldState.error?.message)}
        />
        <MinutesPicker
          label={t('booking.manage.hours.end')}
          minutes={end.field.value}
          end
          onChange={(minutes) => {
            end.field.onChange(minutes);
            revalidate();
          }}
          onBlur={end.field.onBlur}
          error={errorText(end.fieldState.error?.message)}
        />
      </Stack>
      <IconButton aria-label={removeLabel} onClick={onRemove} sx={{ mt: 0.5 }}>
        <DeleteOutlined fontSize="small" />
      </IconButton>
    </Stack>
  );
}

/** The window a new row starts with: 9:00–17:00 on an empty day, else the hour after the day's last one. */
function nextWindow(weekday: number, windows: HoursWindow[]): HoursWindow {
  const ends = windows
    .filter((w) => w.weekday === weekday && Number.isFinite(w.endMinute))
    .map((w) => w.endMinute);
  if (!ends.length) return { weekday, startMinute: 9 * 60, endMinute: 17 * 60 };
  const startMinute = Math.min(Math.max(...ends), DAY - 60);
  return { weekday, startMinute, endMinute: Math.min(startMinute + 60, DAY) };
}

/** Weekly hours: per weekday (in the language's week order) zero or more windows; Monday copies to the weekdays. */
function WeeklyHours({ control, revalidate, mode }: EditorProps & { mode: ListingMode }) {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  const { enqueueSnackbar } = useSnackbar();
  const hintId = useId();
  const { fields, append, remove, replace } = useFieldArray({ control, name: 'hours' });
  const hours = useWatch({ control, name: 'hours' });
  const names = useMemo(() => weekdayNames(locale), [locale]);
  const order = weekOrder(i18n.language);
  const full = hours.length >= HOURS_WINDOWS_MAX;
  const monday = hours.filter((w) => w.weekday === 1);

  const copyMonday = () => {
    const kept = hours.filter((w) => w.weekday < 2 || w.weekday > 5);
    const copies = [2, 3, 4, 5].flatMap((weekday) => monday.map((w) => ({ ...w, weekday })));
    replace([...kept, ...copies].slice(0, HOURS_WINDOWS_MAX));
    revalidate();
    enqueueSnackbar(t('booking.manage.hours.copied'), { variant: 'success' });
  };

  return (
    <Box component="section" aria-labelledby={`${hintId}-title`}>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 0.5 }}
      >
        <Typography id={`${hintId}-title`} variant="subtitle1" component="h3">
          {t('booking.manage.hours.title')}
        </Typography>
        <Button
          size="small"
          color="inherit"
          variant="outlined"
          startIcon={<ContentCopyOutlined />}
          disabled={monday.length === 0}
          onClick={copyMonday}
        >
          {t('booking.manage.hours.copyMonday')}
        </Button>
      </Stack>
      <Typography id={hintId} variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('booking.manage.hours.hint')} {mode === 'range' && t('booking.manage.hours.rangeHint')}
      </Typography>
      <Stack spacing={1.5} aria-describedby={hintId}>
        {order.map((weekday) => {
          const day = names[weekday]!;
          const indexes = fields.flatMap((_, index) => (hours[index]?.weekday === weekday ? [index] : []));
          return (
            <Stack
              key={weekday}
              role="group"
              aria-label={day}
              direction={{ xs: 'column', md: 'row' }}
              spacing={{ xs: 1, md: 2 }}
              sx={{
                alignItems: { md: 'flex-start' },
                pb: 1.5,
                borderBottom: 1,
                borderColor: 'divider',
                borderBottomStyle: 'dashed',
              }}
            >
              <Typography variant="subtitle2" sx={{ width: { md: 120 }, flexShrink: 0, pt: { md: 1 } }}>
                {day}
              </Typography>
              <Stack spacing={1} sx={{ flexGrow: 1, minWidth: 0 }}>
                {indexes.length === 0 && (
                  <Typography variant="body2" sx={{ color: 'text.secondary', pt: { md: 1 } }}>
                    {t('booking.manage.hours.closed')}
                  </Typography>
                )}
                {indexes.map((index, n) => (
                  <HoursWindowRow
                    key={fields[index]!.id}
                    control={control}
                    revalidate={revalidate}
                    index={index}
                    label={t('booking.manage.hours.window', { day, index: n + 1 })}
                    removeLabel={t('booking.manage.hours.remove', { day, index: n + 1 })}
                    onRemove={() => {
                      remove(index);
                      revalidate();
                    }}
                  />
                ))}
              </Stack>
              <Button
                size="small"
                startIcon={<AddRounded />}
                disabled={full}
                aria-label={t('booking.manage.hours.addOn', { day })}
                onClick={() => append(nextWindow(weekday, hours))}
                sx={{ alignSelf: { xs: 'flex-start', md: 'flex-start' }, flexShrink: 0, mt: { md: 0.5 } }}
              >
                {t('booking.manage.hours.add')}
              </Button>
            </Stack>
          );
        })}
      </Stack>
    </Box>
  );
}

/** One-off dates: add a date open (with a window) or closed (the whole day); the list, by day, with Remove. */
function OneOffDates({ control, revalidate }: EditorProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const errorText = useWindowError();
  const titleId = useId();
  const { fields, append, remove, replace } = useFieldArray({ control, name: 'dates' });
  const dates = useWatch({ control, name: 'dates' });
  const { errors } = useFormState({ control, name: 'dates' });
  const [day, setDay] = useState<Dayjs | null>(null);
  const [kind, setKind] = useState<DateKind>('closed');
  const [start, setStart] = useState(9 * 60);
  const [end, setEnd] = useState(17 * 60);
  const [problem, setProblem] = useState<{ on: 'day' | 'end'; message: string } | null>(null);

  const add = () => {
    if (!day?.isValid()) {
      setProblem({ on: 'day', message: t('booking.manage.dates.chooseDay') });
      return;
    }
    const key = day.format('YYYY-MM-DD');
    const others = dates.filter((d) => d.day !== key);
    const sameDay = dates.filter((d) => d.day === key);
    if (kind === 'closed') {
      // Closed wins over the whole day: its open windows go.
      if (sameDay.some((d) => d.kind === 'closed'))
        return setProblem({ on: 'day', message: t('booking.manage.dates.alreadyClosed') });
      replace([...others, { day: key, kind, startMinute: null, endMinute: null }]);
    } else {
      if (!Number.isFinite(start) || !Number.isFinite(end) || end <= start)
        return setProblem({ on: 'end', message: t('booking.manage.dates.endAfterStart') });
      const open = { day: key, kind, startMinute: start, endMinute: end };
      const openSameDay = sameDay.filter((d) => d.kind === 'open');
      if (overlappingDates([...openSameDay, open]).length > 0)
        return setProblem({ on: 'end', message: t('booking.manage.dates.overlap') });
      if (openSameDay.length !== sameDay.length) replace([...others, ...openSameDay, open]);
      else append(open);
    }
    setProblem(null);
    revalidate();
  };

  const order = fields
    .map((field, index) => ({ field, index, date: dates[index] }))
    .filter((row) => row.date !== undefined)
    .sort(
      (a, b) =>
        a.date!.day.localeCompare(b.date!.day) || (a.date!.startMinute ?? -1) - (b.date!.startMinute ?? -1),
    );
  const dateErrors = errors.dates as
    | Array<{
        day?: { message?: string };
        startMinute?: { message?: string };
        endMinute?: { message?: string };
      }>
    | undefined;

  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="subtitle1" component="h3">
        {t('booking.manage.dates.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('booking.manage.dates.hint')}
      </Typography>
      <Stack
        role="group"
        aria-label={t('booking.manage.dates.add')}
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        useFlexGap
        sx={{ alignItems: { sm: 'flex-start' }, flexWrap: 'wrap' }}
      >
        <DatePicker
          label={t('booking.manage.dates.day')}
          value={day}
          onChange={(value) => {
            setDay(value);
            setProblem(null);
          }}
          slotProps={{
            textField: {
              size: 'small',
              error: problem?.on === 'day',
              helperText: problem?.on === 'day' ? problem.message : undefined,
              sx: { width: { xs: 1, sm: 190 } },
            },
          }}
        />
        <TextField
          select
          size="small"
          label={t('booking.manage.dates.kind')}
          value={kind}
          onChange={(event) => {
            setKind(event.target.value as DateKind);
            setProblem(null);
          }}
          sx={{ width: { xs: 1, sm: 170 } }}
        >
          <MenuItem value="closed">{t('booking.manage.dates.closed')}</MenuItem>
          <MenuItem value="open">{t('booking.manage.dates.open')}</MenuItem>
        </TextField>
        {kind === 'open' && (
          <>
            <MinutesPicker
              label={t('booking.manage.hours.start')}
              minutes={start}
              onChange={(minutes) => {
                setStart(minutes);
                setProblem(null);
              }}
            />
            <MinutesPicker
              label={t('booking.manage.hours.end')}
              minutes={end}
              end
              onChange={(minutes) => {
                setEnd(minutes);
                setProblem(null);
              }}
              error={problem?.on === 'end' ? problem.message : undefined}
            />
          </>
        )}
        <Button
          variant="outlined"
          startIcon={<AddRounded />}
          disabled={dates.length >= DATES_MAX}
          onClick={add}
          sx={{ alignSelf: { xs: 'flex-start', sm: 'flex-start' }, mt: { sm: 0.25 } }}
        >
          {t('booking.manage.dates.add')}
        </Button>
      </Stack>
      {order.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 2 }}>
          {t('booking.manage.dates.none')}
        </Typography>
      ) : (
        <Box
          component="ul"
          aria-label={t('booking.manage.dates.list')}
          sx={{ listStyle: 'none', m: 0, mt: 2, p: 0, display: 'grid', gap: 1 }}
        >
          {order.map(({ field, index, date }) => {
            const label = formatDay(date!.day, locale);
            const issue = dateErrors?.[index];
            const message = errorText(
              issue?.day?.message ?? issue?.startMinute?.message ?? issue?.endMinute?.message,
            );
            return (
              <Box
                component="li"
                key={field.id}
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1.5,
                  flexWrap: 'wrap',
                  px: 1.5,
                  py: 0.75,
                  border: 1,
                  borderColor: message ? 'error.main' : 'divider',
                  borderRadius: 1,
                }}
              >
                <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 140 }}>
                  {label}
                </Typography>
                {date!.kind === 'closed' ? (
                  <Label color="error">{t('booking.manage.dates.closed')}</Label>
                ) : (
                  <Label color="success">
                    {t('booking.manage.dates.openFrom', {
                      start: formatMinutes(date!.startMinute ?? 0, locale),
                      end: formatMinutes(date!.endMinute ?? 0, locale),
                    })}
                  </Label>
                )}
                {message && (
                  <FormHelperText error sx={{ m: 0 }}>
                    {message}
                  </FormHelperText>
                )}
                <IconButton
                  size="small"
                  aria-label={t('booking.manage.dates.remove', { date: label })}
                  onClick={() => {
                    remove(index);
                    revalidate();
                  }}
                  sx={{ marginInlineStart: 'auto' }}
                >
                  <DeleteOutlined fontSize="small" />
                </IconButton>
              </Box>
            );
          })}
        </Box>
      )}
    </Box>
  );
}

/**
 * The availability editor of a listing: weekly hours (per weekday, zero or more windows: start–end, add,
 * remove, copy Monday to the weekdays) and one-off dates (open with a window, or closed all day). Times are
 * local to the listing's zone. Wrap it in DatePickersProvider (the listing form does).
 */
export function AvailabilityEditor({ control, revalidate, mode }: EditorProps & { mode: ListingMode }) {
  return (
    <Stack spacing={4}>
      <WeeklyHours control={control} revalidate={revalidate} mode={mode} />
      <OneOffDates control={control} revalidate={revalidate} />
    </Stack>
  );
}
