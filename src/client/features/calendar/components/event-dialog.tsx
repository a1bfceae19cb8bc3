import CheckIcon from '@mui/icons-material/Check';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { useId, useState } from 'react';
import { useController, useForm, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import {
  EVENT_ATTENDEES_MAX,
  EVENT_DESCRIPTION_MAX,
  EVENT_TITLE_MAX,
  eventColors,
  newEventInput,
  type CalendarEvent,
  type NewEventInput,
} from '#shared/contract/calendar.ts';

import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog.tsx';
import { DatePickersProvider } from '../../../components/date-pickers/date-pickers-provider.tsx';
import { payloadResolver } from '../../../components/form/form-resolver.ts';
import { FormSwitch } from '../../../components/form/form-switch.tsx';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { useServerError } from '../../../components/form/use-server-error.ts';
import {
  PeoplePicker,
  personAvatarSx,
  type Person,
} from '../../../components/people-picker/people-picker.tsx';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { fDate, fDateTime } from '../../../lib/format.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { useTranslateMessage } from '../../../locales/use-translate-message.ts';
import {
  fetchEventIcs,
  useCreateEvent,
  useDeleteEvent,
  useRespondEvent,
  useUpdateEvent,
} from '../api/calendar-api.ts';

/** What the dialog opens on: a new event over a range (a selection, or "New event"), or an existing one. */
export type EventDialogTarget =
  { kind: 'new'; start: Date; end: Date; allDay: boolean } | { kind: 'event'; event: CalendarEvent };

type FormValues = {
  title: string;
  description: string;
  allDay: boolean;
  start: Dayjs | null;
  end: Dayjs | null;
  color: string;
  attendees: Person[];
};

/** What the form sends (the shared schema checks it before it goes). */
const toPayload = (values: FormValues): NewEventInput => ({
  title: values.title,
  description: values.description,
  allDay: values.allDay,
  color: values.color,
  start: values.start?.isValid() ? values.start.toISOString() : '',
  end: values.end?.isValid() ? values.end.toISOString() : '',
  attendeeIds: values.attendees.map((person) => person.id),
});

/** The form's own rule the schema cannot see: the end is not before the start. */
const checkOrder = (values: FormValues) =>
  values.start?.isValid() && values.end?.isValid() && values.end.isBefore(values.start)
    ? { end: 'validation.endBeforeStart' }
    : {};

const resolver = payloadResolver<FormValues>(newEventInput, toPayload, checkOrder);

function initialValues(target: EventDialogTarget): FormValues {
  if (target.kind === 'new') {
    return {
      title: '',
      description: '',
      allDay: target.allDay,
      start: dayjs(target.start),
      end: dayjs(target.end),
      color: eventColors[0],
      attendees: [],
    };
  }
  const { event } = target;
  return {
    title: event.title,
    description: event.description,
    allDay: event.allDay,
    start: dayjs(event.start),
    end: dayjs(event.end),
    color: event.color.toUpperCase(),
    attendees: event.attendees.map(({ id, name, avatarUrl }) => ({ id, name, avatarUrl })),
  };
}

type EventDialogProps = { target: EventDialogTarget; onClose: () => void };

/**
 * Add or edit an event (the organiser), or see it and answer (an attendee): title, description, all day,
 * start and end pickers, colour, attendees; Delete asks first. Remount it per target (`key`). A chunk of its
 * own with the pickers and the form code: the calendar shows before they load.
 */
export function EventDialog({ target, onClose }: EventDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const readOnly = target.kind === 'event' && !target.event.editable;
  const heading =
    target.kind === 'new'
      ? t('calendar.dialog.addTitle')
      : readOnly
        ? t('calendar.dialog.viewTitle')
        : t('calendar.dialog.editTitle');

  return (
    <DatePickersProvider>
      <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{heading}</DialogTitle>
        {readOnly && target.kind === 'event' ? (
          <AttendeeView event={target.event} onClose={onClose} />
        ) : (
          <EventForm target={target} onClose={onClose} />
        )}
      </Dialog>
    </DatePickersProvider>
  );
}

function EventForm({ target, onClose }: EventDialogProps) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const me = useAuth((state) => state.user);
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const remove = useDeleteEvent();
  const [confirming, setConfirming] = useState(false);
  const { control, handleSubmit, setError, formState } = useForm<FormValues>({
    defaultValues: initialValues(target),
    resolver,
  });
  const { serverError, attempt } = useServerError(setError);
  const allDay = useWatch({ control, name: 'allDay' });
  const existing = target.kind === 'event' ? target.event : null;

  const submit = handleSubmit((values) =>
    attempt(['title', 'description', 'start', 'end', 'color'], async () => {
      const payload = toPayload(values);
      if (existing) {
        await update.mutateAsync({ eventId: existing.id, event: payload });
        enqueueSnackbar(t('calendar.toast.updated'), { variant: 'success' });
      } else {
        await create.mutateAsync(payload);
        enqueueSnackbar(t('calendar.toast.created'), { variant: 'success' });
      }
      onClose();
    }),
  );

  const confirmDelete = () => {
    if (!existing) return;
    remove.mutate(existing.id, {
      onSuccess: () => {
        enqueueSnackbar(t('calendar.toast.deleted'), { variant: 'success' });
        onClose();
      },
      onError: (error) => {
        setConfirming(false);
        enqueueSnackbar(errorMessage(error, t), { variant: 'error' });
      },
    });
  };

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2.5, pt: '8px !important' }}>
        {serverError && <Alert severity="error">{serverError}</Alert>}
        <FormTextField
          name="title"
          control={control}
          label={t('calendar.dialog.title')}
          autoFocus
          slotProps={{ htmlInput: { maxLength: EVENT_TITLE_MAX } }}
        />
        <FormTextField
          name="description"
          control={control}
          label={t('calendar.dialog.description')}
          multiline
          minRows={3}
          slotProps={{ htmlInput: { maxLength: EVENT_DESCRIPTION_MAX } }}
        />
        <FormSwitch name="allDay" control={control} label={t('calendar.dialog.allDay')} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <InstantField name="start" control={control} allDay={allDay} label={t('calendar.dialog.start')} />
          <InstantField name="end" control={control} allDay={allDay} label={t('calendar.dialog.end')} />
        </Stack>
        <ColorField control={control} own={existing?.color.toUpperCase()} />
        <AttendeesField control={control} excludeIds={me ? [me.id] : []} />
        {existing && <Organizer event={existing} />}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {existing && (
          <>
            <Tooltip title={t('calendar.dialog.delete')}>
              <IconButton
                aria-label={t('calendar.dialog.delete')}
                color="error"
                onClick={() => setConfirming(true)}
              >
                <DeleteOutline />
              </IconButton>
            </Tooltip>
            <IcsButton event={existing} />
          </>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <Button variant="outlined" color="inherit" onClick={onClose}>
          {t('calendar.dialog.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={formState.isSubmitting}>
          {existing ? t('calendar.dialog.save') : t('calendar.dialog.create')}
        </Button>
      </DialogActions>
      {existing && (
        <ConfirmDialog
          open={confirming}
          title={t('calendar.deleteConfirm.title')}
          content={t('calendar.deleteConfirm.content', { title: existing.title })}
          action={t('calendar.dialog.delete')}
          loading={remove.isPending}
          onConfirm={confirmDelete}
          onClose={() => setConfirming(false)}
        />
      )}
    </Box>
  );
}

/** Start or end: a date (all-day events) or a date and time, with the field's error under it. */
function InstantField({
  name,
  control,
  allDay,
  label,
}: {
  name: 'start' | 'end';
  control: Control<FormValues>;
  allDay: boolean;
  label: string;
}) {
  const { field, fieldState } = useController({ name, control });
  const translate = useTranslateMessage();
  const slotProps = {
    textField: {
      fullWidth: true,
      name,
      onBlur: field.onBlur,
      error: Boolean(fieldState.error),
      helperText: translate(fieldState.error?.message),
    },
  };
  return allDay ? (
    <DatePicker label={label} value={field.value} onChange={field.onChange} slotProps={slotProps} />
  ) : (
    <DateTimePicker
      label={label}
      value={field.value}
      onChange={field.onChange}
      ampm={false}
      slotProps={slotProps}
    />
  );
}

/**
 * The theme's eight event colours as a radio group of swatches. An event keeps a colour of its own (another
 * calendar client may set any `#RRGGBB`): it comes first, checked, and stays until another is picked.
 */
function ColorField({ control, own }: { control: Control<FormValues>; own?: string }) {
  const { t } = useTranslation();
  const { field } = useController({ name: 'color', control });
  const labelId = useId();
  const palette: readonly string[] = eventColors;
  const options = own && !palette.includes(own) ? [own, ...palette] : palette;
  return (
    <Box>
      <Typography id={labelId} variant="subtitle2" sx={{ mb: 1 }}>
        {t('calendar.dialog.color')}
      </Typography>
      <Box role="radiogroup" aria-labelledby={labelId} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {options.map((color) => {
          const checked = field.value === color;
          const index = palette.indexOf(color);
          return (
            <ButtonBase
              key={color}
              role="radio"
              aria-checked={checked}
              aria-label={
                index < 0
                  ? t('calendar.dialog.colorOwn', { color })
                  : t('calendar.dialog.colorOption', { index: index + 1 })
              }
              onClick={() => field.onChange(color)}
              sx={{
                width: 32,
                height: 32,
                borderRadius: '50%',
                bgcolor: color,
                color: 'common.white',
                boxShadow: checked
                  ? (theme) => `0 0 0 3px ${theme.palette.background.paper}, 0 0 0 5px ${color}`
                  : 'none',
              }}
            >
              {checked && <CheckIcon fontSize="small" />}
            </ButtonBase>
          );
        })}
      </Box>
    </Box>
  );
}

function AttendeesField({ control, excludeIds }: { control: Control<FormValues>; excludeIds: string[] }) {
  const { t } = useTranslation();
  const { field } = useController({ name: 'attendees', control });
  return (
    <PeoplePicker
      label={t('calendar.dialog.attendees')}
      placeholder={t('calendar.dialog.attendeesPlaceholder')}
      value={field.value}
      onChange={field.onChange}
      excludeIds={excludeIds}
      max={EVENT_ATTENDEES_MAX}
    />
  );
}

/** The organiser and each attendee's answer. */
function Organizer({ event }: { event: CalendarEvent }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('calendar.dialog.organizer')}: {event.owner.name}
      </Typography>
      {event.attendees.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {event.attendees.map((person) => (
            <Chip
              key={person.id}
              size="small"
              variant="outlined"
              avatar={<Avatar alt="" src={person.avatarUrl ?? undefined} sx={personAvatarSx} />}
              label={`${person.name} · ${t(`calendar.responses.${person.response}`)}`}
            />
          ))}
        </Box>
      )}
    </Stack>
  );
}

function IcsButton({ event }: { event: CalendarEvent }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const download = () =>
    fetchEventIcs(event.id).then(
      (ics) => saveFile(`${event.title || 'event'}.ics`, new Blob([ics], { type: 'text/calendar' })),
      (error: unknown) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' }),
    );
  return (
    <Tooltip title={t('calendar.dialog.downloadIcs')}>
      <IconButton aria-label={t('calendar.dialog.downloadIcs')} onClick={() => void download()}>
        <FileDownloadOutlined />
      </IconButton>
    </Tooltip>
  );
}

/** An attendee's view: the event as the organiser set it, and their answer. */
function AttendeeView({ event, onClose }: { event: CalendarEvent; onClose: () => void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const respond = useRespondEvent();
  const answer = (response: 'accepted' | 'declined') =>
    respond.mutate(
      { eventId: event.id, response },
      {
        onSuccess: () => enqueueSnackbar(t('calendar.toast.answered'), { variant: 'success' }),
        onError: (error) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' }),
      },
    );
  const when = event.allDay ? fDate(event.start) : `${fDateTime(event.start)} – ${fDateTime(event.end)}`;
  return (
    <>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Box sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: event.color, flexShrink: 0 }} />
          <Typography variant="h6" component="p">
            {event.title}
          </Typography>
        </Stack>
        <Typography variant="body2">{when}</Typography>
        {event.description && (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', color: 'text.secondary' }}>
            {event.description}
          </Typography>
        )}
        <Organizer event={event} />
        <Box>
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            {t('calendar.respond.question')}
          </Typography>
          <Stack direction="row" spacing={1}>
            <Button
              variant={event.response === 'accepted' ? 'contained' : 'outlined'}
              color="success"
              aria-pressed={event.response === 'accepted'}
              loading={respond.isPending && respond.variables.response === 'accepted'}
              onClick={() => answer('accepted')}
            >
              {t('calendar.respond.accept')}
            </Button>
            <Button
              variant={event.response === 'declined' ? 'contained' : 'outlined'}
              color="error"
              aria-pressed={event.response === 'declined'}
              loading={respond.isPending && respond.variables.response === 'declined'}
              onClick={() => answer('declined')}
            >
              {t('calendar.respond.decline')}
            </Button>
          </Stack>
        </Box>
      </DialogContent>
      <DialogActions>
        <IcsButton event={event} />
        <Box sx={{ flexGrow: 1 }} />
        <Button variant="outlined" color="inherit" onClick={onClose}>
          {t('calendar.dialog.close')}
        </Button>
      </DialogActions>
    </>
  );
}
