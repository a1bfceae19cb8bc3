import Add from '@mui/icons-material/Add';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import EventRepeatOutlined from '@mui/icons-material/EventRepeatOutlined';
import FilterList from '@mui/icons-material/FilterList';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import FullCalendar, {
  useCalendarController,
  type DateSelectInfo,
  type DatesSetInfo,
  type EventClickInfo,
  type EventDropInfo,
  type EventInput,
  type EventResizeDoneInfo,
  type LocaleInput,
} from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import listPlugin from '@fullcalendar/react/list';
import arLocale from '@fullcalendar/react/locales/ar';
import frLocale from '@fullcalendar/react/locales/fr';
import viLocale from '@fullcalendar/react/locales/vi';
import zhLocale from '@fullcalendar/react/locales/zh-cn';
import classicTheme from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { CalendarEvent } from '#shared/contract/calendar.ts';

import { PageHeading } from '../../../components/page-heading/page-heading.tsx';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import type { LanguageValue } from '../../../locales/locales-config.ts';
import { useCalendarLive, useEvents, useUpdateEvent, type EventRange } from '../api/calendar-api.ts';
import {
  hasFilters,
  matchesFilters,
  noFilters,
  type CalendarFilters,
} from '../components/calendar-filter-state.ts';
import { CalendarRoot, eventColorsFor, EVENT_TITLE_CLASS } from '../components/calendar-root.tsx';
import type { EventDialogTarget } from '../components/event-dialog.tsx';

// What opens on demand loads on demand: the pickers and the form code are not part of the first paint.
const EventDialog = lazy(() =>
  import('../components/event-dialog.tsx').then((m) => ({ default: m.EventDialog })),
);
const CalendarFiltersDrawer = lazy(() =>
  import('../components/calendar-filters.tsx').then((m) => ({ default: m.CalendarFiltersDrawer })),
);
const FeedDialog = lazy(() =>
  import('../components/feed-dialog.tsx').then((m) => ({ default: m.FeedDialog })),
);

const plugins = [classicTheme, dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin];

/** FullCalendar's texts and week start per language (English is built in). */
const fullCalendarLocales: Partial<Record<LanguageValue, LocaleInput>> = {
  fr: frLocale,
  vi: viLocale,
  cn: zhLocale,
  ar: arLocale,
};

export const calendarViews = ['dayGridMonth', 'timeGridWeek', 'timeGridDay', 'listWeek'] as const;
type CalendarViewName = (typeof calendarViews)[number];

/** The next full hour, and an hour later: what "New event" proposes. */
function nextHour(): { start: Date; end: Date } {
  const start = new Date();
  start.setMinutes(0, 0, 0);
  start.setHours(start.getHours() + 1);
  return { start, end: new Date(start.getTime() + 3_600_000) };
}

/**
 * `/dashboard/calendar` (issue #12): the person's events and those they attend, in month, week, day and
 * agenda views (agenda first on a phone). Select a range to add, click to edit or answer, drag or resize to
 * move (saved at once; put back with a toast when refused). Changes made elsewhere arrive live.
 */
export function CalendarView() {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const controller = useCalendarController();
  const { enqueueSnackbar } = useSnackbar();
  const [range, setRange] = useState<EventRange | null>(null);
  const [title, setTitle] = useState('');
  const [view, setView] = useState<CalendarViewName>(isPhone ? 'listWeek' : 'dayGridMonth');
  const [viewMenu, setViewMenu] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<{ key: number; target: EventDialogTarget } | null>(null);
  const [filtersOpen, setFiltersOpen] = useState(false);
  // Once opened, the drawer stays mounted (it slides out and back).
  const [filtersUsed, setFiltersUsed] = useState(false);
  const [feedOpen, setFeedOpen] = useState(false);
  const [filters, setFilters] = useState<CalendarFilters>(noFilters);
  const events = useEvents(range);
  const update = useUpdateEvent();
  useCalendarLive();

  // With a date range picked, the drawer lists that range's events (beyond the visible ones).
  const filterRange =
    filters.start?.isValid() && filters.end?.isValid()
      ? { start: filters.start.startOf('day').toISOString(), end: filters.end.endOf('day').toISOString() }
      : null;
  const rangeEvents = useEvents(filtersOpen ? filterRange : null);
  const shown = useMemo(
    () => (events.data?.events ?? []).filter((event) => matchesFilters(event, filters)),
    [events.data, filters],
  );
  const listed = filterRange
    ? (rangeEvents.data?.events ?? []).filter((event) => matchesFilters(event, filters))
    : shown;

  const inputs = useMemo<EventInput[]>(
    () =>
      shown.map((event) => ({
        id: event.id,
        title: event.title,
        start: event.start,
        end: event.end,
        allDay: event.allDay,
        editable: event.editable,
        ...eventColorsFor(event.color, theme),
        extendedProps: { event },
      })),
    [shown, theme],
  );

  const open = (target: EventDialogTarget) => setDialog((last) => ({ key: (last?.key ?? 0) + 1, target }));

  const datesSet = (info: DatesSetInfo) => {
    setRange({ start: info.start.toISOString(), end: info.end.toISOString() });
    setTitle(info.view.title);
    setView(info.view.type as CalendarViewName);
  };

  const select = (info: DateSelectInfo) => {
    info.view.calendar.unselect();
    open({ kind: 'new', start: info.start, end: info.end, allDay: info.allDay });
  };

  const eventClick = (info: EventClickInfo) => {
    info.jsEvent.preventDefault();
    open({ kind: 'event', event: info.event.extendedProps.event as CalendarEvent });
  };

  /** A drag or a resize: saved at once, put back when the server refuses it. */
  const eventChange = (info: EventDropInfo | EventResizeDoneInfo) => {
    const { event } = info;
    if (!event.start) return info.revert();
    const start = event.start;
    const end = event.end ?? new Date(start.getTime() + (event.allDay ? 86_400_000 : 3_600_000));
    update.mutate(
      {
        eventId: event.id,
        event: { start: start.toISOString(), end: end.toISOString(), allDay: event.allDay },
      },
      {
        onSuccess: () => enqueueSnackbar(t('calendar.toast.moved'), { variant: 'success' }),
        onError: (error) => {
          info.revert();
          enqueueSnackbar(t('calendar.toast.moveRefused', { message: errorMessage(error, t) }), {
            variant: 'error',
          });
        },
      },
    );
  };

  const language = i18n.language as LanguageValue;
  const previous = theme.direction === 'rtl' ? <ChevronRight /> : <ChevronLeft />;
  const next = theme.direction === 'rtl' ? <ChevronLeft /> : <ChevronRight />;

  return (
    <>
      <PageHeading
        title={t('calendar.heading')}
        action={
          <Button
            variant="contained"
            startIcon={<Add />}
            onClick={() => open({ kind: 'new', ...nextHour(), allDay: false })}
          >
            {t('calendar.newEvent')}
          </Button>
        }
      />
      <Card sx={{ position: 'relative' }}>
        <Stack
          direction="row"
          sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, px: { xs: 1.5, sm: 2.5 }, py: 1.5 }}
        >
          <Button
            variant="outlined"
            color="inherit"
            size="small"
            onClick={(event) => setViewMenu(event.currentTarget)}
            aria-haspopup="menu"
            aria-label={`${t('calendar.view')}: ${t(`calendar.views.${view}`)}`}
          >
            {t(`calendar.views.${view}`)}
          </Button>
          <Menu anchorEl={viewMenu} open={Boolean(viewMenu)} onClose={() => setViewMenu(null)}>
            {calendarViews.map((name) => (
              <MenuItem
                key={name}
                selected={name === view}
                onClick={() => {
                  setViewMenu(null);
                  controller.changeView(name);
                }}
              >
                {t(`calendar.views.${name}`)}
              </MenuItem>
            ))}
          </Menu>
          <Box
            sx={{ flexGrow: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', minWidth: 0 }}
          >
            <IconButton aria-label={t('calendar.previous')} onClick={() => controller.prev()}>
              {previous}
            </IconButton>
            <Typography variant="h6" component="h2" noWrap aria-live="polite">
              {title}
            </Typography>
            <IconButton aria-label={t('calendar.next')} onClick={() => controller.next()}>
              {next}
            </IconButton>
          </Box>
          <Button variant="contained" color="error" size="small" onClick={() => controller.today()}>
            {t('calendar.today')}
          </Button>
          <Tooltip title={t('calendar.subscribe')}>
            <IconButton aria-label={t('calendar.subscribe')} onClick={() => setFeedOpen(true)}>
              <EventRepeatOutlined />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('calendar.filters')}>
            <IconButton
              aria-label={t('calendar.filters')}
              onClick={() => {
                setFiltersUsed(true);
                setFiltersOpen(true);
              }}
            >
              <Badge color="error" variant="dot" invisible={!hasFilters(filters)}>
                <FilterList />
              </Badge>
            </IconButton>
          </Tooltip>
        </Stack>
        {events.isFetching && (
          <LinearProgress sx={{ position: 'absolute', insetInline: 0, top: 0, height: 2 }} aria-hidden />
        )}
        {events.isError && (
          <Alert
            severity="error"
            sx={{ mx: 2.5, mb: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => void events.refetch()}>
                {t('calendar.retry')}
              </Button>
            }
          >
            {t('calendar.loadFailed')}
          </Alert>
        )}
        <CalendarRoot sx={{ px: { xs: 1, sm: 2.5 }, pb: 2.5 }} data-testid="calendar">
          <FullCalendar
            key={language}
            controller={controller}
            plugins={plugins}
            initialView={view}
            headerToolbar={false}
            locale={fullCalendarLocales[language] ?? 'en'}
            direction={theme.direction}
            height={isPhone ? 'auto' : 720}
            events={inputs}
            eventTitleClass={EVENT_TITLE_CLASS}
            datesSet={datesSet}
            selectable
            selectMirror
            select={select}
            eventClick={eventClick}
            eventDrop={eventChange}
            eventResize={eventChange}
            editable
            eventDurationEditable
            dayMaxEventRows={3}
            nowIndicator
            weekends
            longPressDelay={300}
          />
        </CalendarRoot>
      </Card>
      <Suspense>
        {filtersUsed && (
          <CalendarFiltersDrawer
            open={filtersOpen}
            onClose={() => setFiltersOpen(false)}
            filters={filters}
            onChange={setFilters}
            events={listed}
            onPick={(event) => {
              setFiltersOpen(false);
              open({ kind: 'event', event });
            }}
          />
        )}
        {feedOpen && <FeedDialog open onClose={() => setFeedOpen(false)} />}
        {dialog && <EventDialog key={dialog.key} target={dialog.target} onClose={() => setDialog(null)} />}
      </Suspense>
    </>
  );
}
