import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import {
  useController,
  useForm,
  useWatch,
  type Control,
  type FieldErrors,
  type FieldPath,
  type Resolver,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import {
  GALLERY_MAX,
  listingKinds,
  listingModes,
  listingStatuses,
  priceUnits,
  type ListingKind,
} from '#shared/contract/booking-limits.ts';
import { listingInput, type Listing, type ListingInput } from '#shared/contract/booking.ts';
import { FILE_LIMITS } from '#shared/contract/file-limits.ts';

import { DatePickersProvider } from '../../../components/date-pickers/date-pickers-provider.tsx';
import { FileButton } from '../../../components/file-button/file-button.tsx';
import { FormTimeZoneField } from '../../../components/form/form-time-zone-field.tsx';
import { payloadResolver } from '../../../components/form/form-resolver.ts';
import { FormRichTextField } from '../../../components/form/form-rich-text-field.tsx';
import { FormSection } from '../../../components/form/form-section.tsx';
import { FormSelectField } from '../../../components/form/form-select-field.tsx';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { useBoundField } from '../../../components/form/use-bound-field.ts';
import { useServerError } from '../../../components/form/use-server-error.ts';
import { FormMoneyField } from '../../../components/money-input/money-field.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { fData } from '../../../lib/format.ts';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { useTranslateMessage } from '../../../locales/use-translate-message.ts';
import { useUploadListingPhoto } from '../api/booking-api.ts';
import { AvailabilityEditor } from './availability-editor.tsx';
import {
  defaultModeOf,
  listingFormValues,
  overlappingDates,
  overlappingHours,
  toListingPayload,
  type FormPhoto,
  type ListingFormValues,
} from './listing-form-values.ts';

const baseResolver = payloadResolver<ListingFormValues>(listingInput, toListingPayload);

/**
 * The shared schema's checks, then the editor's own: a weekly window or an open date that overlaps another
 * of the same day is refused on its start (the server would keep both, and the slots would be doubled).
 */
const resolver: Resolver<ListingFormValues> = async (values, context, options) => {
  const result = await baseResolver(values, context, options);
  const hours = overlappingHours(values.hours);
  const dates = overlappingDates(values.dates);
  if (!hours.length && !dates.length) return result;
  const errors = { ...result.errors } as Record<string, unknown>;
  const mark = (name: 'hours' | 'dates', indexes: number[], message: string) => {
    if (!indexes.length) return;
    const list = [...((errors[name] as unknown[] | undefined) ?? [])] as Array<Record<string, unknown>>;
    for (const index of indexes) list[index] = { ...list[index], startMinute: { type: 'validate', message } };
    errors[name] = list;
  };
  mark('hours', hours, 'booking.manage.hours.overlap');
  mark('dates', dates, 'booking.manage.dates.overlap');
  return { values: {}, errors: errors as FieldErrors<ListingFormValues> };
};

/** The payload's names that the form calls otherwise (a server issue on `priceCents` shows on the price). */
const formNameOf: Partial<Record<keyof ListingInput, keyof ListingFormValues>> = {
  priceCents: 'price',
  coverFileId: 'cover',
  galleryFileIds: 'gallery',
};

const plainFields = [
  'name',
  'kind',
  'mode',
  'description',
  'location',
  'cover',
  'gallery',
  'price',
  'priceUnit',
  'capacity',
  'durationMinutes',
  'bufferBeforeMinutes',
  'bufferAfterMinutes',
  'bookingNoticeHours',
  'cancelNoticeHours',
  'timeZone',
  'status',
] as const;

/** Every field a server issue may name: the plain ones and each window's and date's times. */
function serverFields(values: ListingFormValues): FieldPath<ListingFormValues>[] {
  const parts = ['weekday', 'startMinute', 'endMinute'] as const;
  return [
    ...plainFields,
    ...values.hours.flatMap((_, i) => parts.map((part) => `hours.${i}.${part}` as const)),
    ...values.dates.flatMap((_, i) =>
      (['day', 'kind', 'startMinute', 'endMinute'] as const).map((part) => `dates.${i}.${part}` as const),
    ),
  ];
}

/** A failure whose issues name the payload's fields, renamed to the form's. */
function withFormNames(error: unknown): unknown {
  if (!(error instanceof ApiError) || error.issues.length === 0) return error;
  const issues = error.issues.map((issue) => {
    const [first, ...rest] = issue.path;
    const renamed = formNameOf[first as keyof ListingInput];
    return renamed ? { ...issue, path: [renamed, ...rest] } : issue;
  });
  return new ApiError(error.message, {
    status: error.status,
    ...(error.code !== undefined && { code: error.code }),
    issues,
    hasServerMessage: error.hasServerMessage,
    body: error.body,
  });
}

/** What the listing is; `onKind` hears the person's choice. */
function KindField({
  control,
  onKind,
}: {
  control: Control<ListingFormValues>;
  onKind: (kind: ListingKind) => void;
}) {
  const { t } = useTranslation();
  const bound = useBoundField({ control, name: 'kind' }, undefined);
  return (
    <TextField
      {...bound}
      select
      label={t('booking.manage.fields.kind')}
      onChange={(event) => {
        bound.onChange(event);
        onKind(event.target.value as ListingKind);
      }}
    >
      {listingKinds.map((kind) => (
        <MenuItem key={kind} value={kind}>
          {t(`booking.kinds.${kind}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Slot or range, each with what it means. */
function ModeField({ control, onChosen }: { control: Control<ListingFormValues>; onChosen: () => void }) {
  const { t } = useTranslation();
  const labelId = useId();
  const { field } = useController({ control, name: 'mode' });
  return (
    <FormControl>
      <FormLabel id={labelId} sx={{ typography: 'subtitle2', color: 'text.primary', mb: 0.5 }}>
        {t('booking.manage.fields.mode')}
      </FormLabel>
      <RadioGroup
        aria-labelledby={labelId}
        name={field.name}
        value={field.value}
        onChange={(event) => {
          onChosen();
          field.onChange(event.target.value);
        }}
      >
        {listingModes.map((mode) => (
          <FormControlLabel
            key={mode}
            value={mode}
            control={<Radio {...(mode === field.value && { slotProps: { input: { ref: field.ref } } })} />}
            sx={{ alignItems: 'flex-start', mb: 1 }}
            label={
              <Box sx={{ pt: 1 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {t(`booking.modes.${mode}`)}
                </Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {t(`booking.manage.modeHints.${mode}`)}
                </Typography>
              </Box>
            }
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

/** Checks a chosen picture and uploads it; null (and `problem` set) when it cannot be used. */
function usePhotoUpload() {
  const { t } = useTranslation();
  const upload = useUploadListingPhoto();
  const [pending, setPending] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const limits = FILE_LIMITS.photo;
  const send = async (file: File): Promise<FormPhoto | null> => {
    setProblem(null);
    if (!limits.types.includes(file.type)) {
      setProblem(t('booking.manage.photos.wrongType'));
      return null;
    }
    if (file.size > limits.maxBytes) {
      setProblem(t('booking.manage.photos.tooLarge', { size: fData(limits.maxBytes) }));
      return null;
    }
    setPending((n) => n + 1);
    try {
      return await upload.mutateAsync(file);
    } catch (error) {
      setProblem(errorMessage(error, t));
      return null;
    } finally {
      setPending((n) => n - 1);
    }
  };
  return { send, uploading: pending > 0, problem };
}

const removeButtonSx = {
  position: 'absolute',
  top: 4,
  insetInlineEnd: 4,
  bgcolor: 'rgba(22, 28, 36, 0.48)',
  color: 'common.white',
  '&:hover': { bgcolor: 'rgba(22, 28, 36, 0.72)' },
} as const;

/** The cover and the gallery: pictures uploaded as soon as they are chosen (the files block), then shown. */
function PhotosField({
  control,
  getGallery,
}: {
  control: Control<ListingFormValues>;
  /** The gallery as it is now (not as it was when an upload started). */
  getGallery: () => FormPhoto[];
}) {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const hintId = useId();
  const cover = useController({ control, name: 'cover' });
  const gallery = useController({ control, name: 'gallery' });
  const coverUpload = usePhotoUpload();
  const galleryUpload = usePhotoUpload();
  const accept = FILE_LIMITS.photo.types.join(',');
  const coverError = translate(cover.fieldState.error?.message);
  const galleryError = translate(gallery.fieldState.error?.message);

  return (
    <Stack spacing={3}>
      <Typography id={hintId} variant="caption" sx={{ color: 'text.secondary' }}>
        {t('booking.manage.photos.hint', { size: fData(FILE_LIMITS.photo.maxBytes), max: GALLERY_MAX })}
      </Typography>
      <Box>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          {t('booking.manage.photos.cover')}
        </Typography>
        {cover.field.value && (
          <Box
            sx={{
              position: 'relative',
              borderRadius: 1.5,
              overflow: 'hidden',
              aspectRatio: '16 / 9',
              maxWidth: 480,
              mb: 1.5,
            }}
          >
            <Box
              component="img"
              src={cover.field.value.url}
              alt={t('booking.manage.photos.coverAlt')}
              sx={{ width: 1, height: 1, objectFit: 'cover', display: 'block' }}
            />
            <IconButton
              aria-label={t('booking.manage.photos.removeCover')}
              onClick={() => cover.field.onChange(null)}
              sx={removeButtonSx}
            >
              <Close fontSize="small" />
            </IconButton>
          </Box>
        )}
        <FileButton
          variant="outlined"
          color="inherit"
          startIcon={<AddPhotoAlternateOutlined />}
          accept={accept}
          describedBy={hintId}
          loading={coverUpload.uploading}
          onFile={(file) => void coverUpload.send(file).then((photo) => photo && cover.field.onChange(photo))}
        >
          {cover.field.value
            ? t('booking.manage.photos.replaceCover')
            : t('booking.manage.photos.uploadCover')}
        </FileButton>
        {(coverUpload.problem ?? coverError) && (
          <FormHelperText error role="alert">
            {coverUpload.problem ?? coverError}
          </FormHelperText>
        )}
      </Box>
      <Box>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1.5 }}>
          <Typography variant="subtitle2" sx={{ flexGrow: 1 }}>
            {t('booking.manage.photos.gallery')}
          </Typography>
          <FileButton
            size="small"
            variant="outlined"
            color="inherit"
            startIcon={<AddPhotoAlternateOutlined />}
            accept={accept}
            describedBy={hintId}
            multiple
            loading={galleryUpload.uploading}
            disabled={gallery.field.value.length >= GALLERY_MAX}
            onFile={(file) =>
              void galleryUpload.send(file).then((photo) => {
                // Several pictures upload at once: each one joins the gallery as it is when it arrives.
                const now = getGallery();
                if (photo && now.length < GALLERY_MAX) gallery.field.onChange([...now, photo]);
              })
            }
          >
            {t('booking.manage.photos.addPhotos')}
          </FileButton>
        </Stack>
        {gallery.field.value.length > 0 && (
          <Box
            component="ul"
            aria-label={t('booking.manage.photos.gallery')}
            sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1.5 }}
          >
            {gallery.field.value.map((photo, index) => (
              <Box
                component="li"
                key={photo.id}
                sx={{ position: 'relative', width: 112, height: 112, borderRadius: 1.5, overflow: 'hidden' }}
              >
                <Box
                  component="img"
                  src={photo.url}
                  alt={t('booking.manage.photos.photoAlt', { index: index + 1 })}
                  sx={{ display: 'block', width: 1, height: 1, objectFit: 'cover' }}
                />
                <IconButton
                  size="small"
                  aria-label={t('booking.manage.photos.removePhoto', { index: index + 1 })}
                  onClick={() => gallery.field.onChange(gallery.field.value.filter((p) => p.id !== photo.id))}
                  sx={removeButtonSx}
                >
                  <Close fontSize="small" />
                </IconButton>
              </Box>
            ))}
          </Box>
        )}
        {(galleryUpload.problem ?? galleryError) && (
          <FormHelperText error role="alert">
            {galleryUpload.problem ?? galleryError}
          </FormHelperText>
        )}
      </Box>
    </Stack>
  );
}

type ListingFormProps = {
  listing?: Listing;
  submitLabel: string;
  /** Saves the payload; a failure's issues go on the fields. */
  onSubmit: (payload: ListingInput) => Promise<unknown>;
};

const grid = { display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } } as const;

/**
 * The listing form (new and edit, issue 29 B): details with the rich text editor, photos, price and places,
 * timing and notice in the listing's time zone, and the availability editor; the shared schema checks it
 * before it is sent, and the server's issues show on their fields.
 */
export function ListingForm({ listing, submitLabel, onSubmit }: ListingFormProps) {
  const { t } = useTranslation();
  const config = usePublicConfig();
  const currency = listing?.currency ?? config.data?.currency ?? '¤';
  const { control, handleSubmit, setError, formState, trigger, getValues, setValue } =
    useForm<ListingFormValues>({ defaultValues: listingFormValues(listing), resolver });
  const { serverError, attempt } = useServerError(setError);
  const mode = useWatch({ control, name: 'mode' });
  const { isSubmitted } = formState;

  // A new listing's mode follows its kind until the person chooses one (rooms by the day, tours in slots).
  const [modeChosen, setModeChosen] = useState(Boolean(listing));

  const revalidate = () => {
    if (isSubmitted) void trigger(['hours', 'dates']);
  };
  const submit = handleSubmit((values) =>
    attempt(serverFields(values), async () => {
      try {
        await onSubmit(toListingPayload(values));
      } catch (error) {
        throw withFormNames(error);
      }
    }),
  );

  return (
    <DatePickersProvider>
      <Stack
        component="form"
        noValidate
        spacing={4}
        onSubmit={(event) => void submit(event)}
        sx={{ maxWidth: 960, mx: 'auto' }}
      >
        {serverError && <Alert severity="error">{serverError}</Alert>}
        <FormSection title={t('booking.manage.sections.details')}>
          <FormTextField
            control={control}
            name="name"
            label={t('booking.manage.fields.name')}
            slotProps={{ htmlInput: { dir: 'auto' } }}
          />
          <Box sx={grid}>
            <KindField
              control={control}
              onKind={(kind) => {
                if (!modeChosen) setValue('mode', defaultModeOf(kind));
              }}
            />
            <FormTextField
              control={control}
              name="location"
              label={t('booking.manage.fields.location')}
              slotProps={{ htmlInput: { dir: 'auto' } }}
            />
          </Box>
          <ModeField control={control} onChosen={() => setModeChosen(true)} />
          <FormRichTextField
            control={control}
            name="description"
            label={t('booking.manage.fields.description')}
          />
        </FormSection>
        <FormSection title={t('booking.manage.sections.photos')}>
          <PhotosField control={control} getGallery={() => getValues('gallery')} />
        </FormSection>
        <FormSection title={t('booking.manage.sections.pricing')}>
          <Box sx={grid}>
            <FormMoneyField
              control={control}
              name="price"
              label={t('booking.manage.fields.price')}
              unit={currency}
            />
            <FormSelectField
              control={control}
              name="priceUnit"
              label={t('booking.manage.fields.priceUnit')}
              helperText={t('booking.manage.fields.priceUnitHint')}
            >
              {priceUnits.map((unit) => (
                <MenuItem key={unit} value={unit}>
                  {t(`booking.priceUnits.${unit}`)}
                </MenuItem>
              ))}
            </FormSelectField>
            <FormTextField
              control={control}
              name="capacity"
              label={t('booking.manage.fields.capacity')}
              helperText={
                mode === 'slot'
                  ? t('booking.manage.fields.capacitySlotHint')
                  : t('booking.manage.fields.capacityRangeHint')
              }
              type="number"
              slotProps={{ htmlInput: { min: 1 } }}
            />
          </Box>
        </FormSection>
        <FormSection title={t('booking.manage.sections.timing')}>
          <Box sx={grid}>
            {mode === 'slot' && (
              <FormTextField
                control={control}
                name="durationMinutes"
                label={t('booking.manage.fields.duration')}
                type="number"
                slotProps={{ htmlInput: { min: 1, step: 5 } }}
              />
            )}
            <FormTextField
              control={control}
              name="bufferBeforeMinutes"
              label={t('booking.manage.fields.bufferBefore')}
              helperText={t('booking.manage.fields.bufferHint')}
              type="number"
              slotProps={{ htmlInput: { min: 0, step: 5 } }}
            />
            <FormTextField
              control={control}
              name="bufferAfterMinutes"
              label={t('booking.manage.fields.bufferAfter')}
              helperText={t('booking.manage.fields.bufferHint')}
              type="number"
              slotProps={{ htmlInput: { min: 0, step: 5 } }}
            />
            <FormTextField
              control={control}
              name="bookingNoticeHours"
              label={t('booking.manage.fields.bookingNotice')}
              helperText={t('booking.manage.fields.bookingNoticeHint')}
              type="number"
              slotProps={{ htmlInput: { min: 0 } }}
            />
            <FormTextField
              control={control}
              name="cancelNoticeHours"
              label={t('booking.manage.fields.cancelNotice')}
              helperText={t('booking.manage.fields.cancelNoticeHint')}
              type="number"
              slotProps={{ htmlInput: { min: 0 } }}
            />
          </Box>
          <FormTimeZoneField
            control={control}
            name="timeZone"
            label={t('booking.manage.fields.timeZone')}
            hint={t('booking.manage.fields.timeZoneHint')}
          />
        </FormSection>
        <FormSection title={t('booking.manage.sections.availability')}>
          <AvailabilityEditor control={control} revalidate={revalidate} mode={mode} />
        </FormSection>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'flex-start' }, justifyContent: 'space-between' }}
        >
          <FormSelectField
            control={control}
            name="status"
            label={t('booking.manage.fields.status')}
            helperText={t('booking.manage.fields.statusHint')}
            sx={{ width: { xs: 1, sm: 280 } }}
          >
            {listingStatuses.map((status) => (
              <MenuItem key={status} value={status}>
                {t(`booking.listingStatuses.${status}`)}
              </MenuItem>
            ))}
          </FormSelectField>
          <Button
            type="submit"
            variant="contained"
            size="large"
            loading={formState.isSubmitting}
            sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' }, whiteSpace: 'nowrap' }}
          >
            {submitLabel}
          </Button>
        </Stack>
      </Stack>
    </DatePickersProvider>
  );
}
