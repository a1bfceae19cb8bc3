import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import {
  REVIEW_TEXT_MAX,
  reviewInput,
  type BookingReview,
  type ReviewInput,
} from '#shared/contract/booking.ts';

import { FormChipsField } from '../../../components/form/form-chips-field.tsx';
import { payloadResolver } from '../../../components/form/form-resolver.ts';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { useServerError } from '../../../components/form/use-server-error.ts';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { fDateTime } from '../../../lib/format.ts';
import { useTranslateMessage } from '../../../locales/use-translate-message.ts';
import { useDecideReview, useReviewBooking } from '../api/booking-api.ts';
import { ReviewStatusLabel } from './booking-status-label.tsx';

type ReviewFormValues = { rating: number | null; tags: string[]; text: string };

const toPayload = (values: ReviewFormValues) => ({
  rating: values.rating ?? undefined,
  tags: values.tags,
  text: values.text,
});
const resolver = payloadResolver<ReviewFormValues>(reviewInput, toPayload);

const tagIdeas = ['friendly', 'goodValue', 'onTime', 'clean', 'location'] as const;

/** The person's review of their completed booking: a rating from 1 to 5, tags as chips and a text. */
export function BookingReviewForm({ bookingId }: { bookingId: string }) {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const { enqueueSnackbar } = useSnackbar();
  const review = useReviewBooking();
  const legendId = useId();
  const { control, handleSubmit, setError, formState } = useForm<ReviewFormValues>({
    resolver,
    defaultValues: { rating: null, tags: [], text: '' },
  });
  const { serverError, attempt } = useServerError(setError);

  const submit = handleSubmit((values) =>
    attempt(['rating', 'tags', 'text'], async () => {
      const payload = reviewInput.parse(toPayload(values)) as ReviewInput;
      await review.mutateAsync({ bookingId, ...payload });
      enqueueSnackbar(t('booking.details.review.sent'), { variant: 'success' });
    }),
  );

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(event) => void submit(event)}>
      {serverError && (
        <Alert severity="error" role="alert">
          {serverError}
        </Alert>
      )}
      <Controller
        control={control}
        name="rating"
        render={({ field, fieldState }) => (
          <Box component="fieldset" sx={{ border: 0, m: 0, p: 0 }}>
            <Typography id={legendId} component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
              {t('booking.details.review.rating')}
            </Typography>
            <Rating
              name={`rating-${legendId}`}
              value={field.value}
              onChange={(_event, value) => field.onChange(value)}
              getLabelText={(value) => t('booking.details.review.stars', { value })}
              size="large"
            />
            {fieldState.error && <FormHelperText error>{translate(fieldState.error.message)}</FormHelperText>}
          </Box>
        )}
      />
      <FormChipsField
        control={control}
        name="tags"
        label={t('booking.details.review.tags')}
        options={tagIdeas.map((idea) => t(`booking.details.review.tagIdeas.${idea}`))}
        freeSolo
        hint={t('booking.details.review.tagsHint')}
      />
      <FormTextField
        control={control}
        name="text"
        label={t('booking.details.review.text')}
        multiline
        minRows={3}
        slotProps={{ htmlInput: { maxLength: REVIEW_TEXT_MAX, dir: 'auto' } }}
      />
      <Box>
        <Button type="submit" variant="contained" loading={formState.isSubmitting}>
          {t('booking.details.review.submit')}
        </Button>
      </Box>
    </Stack>
  );
}

/** A review as written; administrators accept or reject it (and may change their mind). */
export function BookingReviewShown({ review, isAdmin }: { review: BookingReview; isAdmin: boolean }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const decide = useDecideReview();
  const act = (decision: 'accept' | 'reject') =>
    decide.mutate(
      { id: review.id, decision },
      {
        onSuccess: () =>
          enqueueSnackbar(
            decision === 'accept'
              ? t('booking.details.review.accepted')
              : t('booking.details.review.rejected'),
            { variant: 'success' },
          ),
        onError: (error) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' }),
      },
    );
  const deciding = decide.isPending ? decide.variables.decision : null;
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Rating
          value={review.rating}
          readOnly
          getLabelText={(value) => t('booking.details.review.stars', { value })}
        />
        <ReviewStatusLabel status={review.status} />
      </Stack>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        <Box component="span" dir="auto">
          {review.author.name}
        </Box>{' '}
        · {fDateTime(review.createdAt)}
      </Typography>
      {review.tags.length > 0 && (
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ flexWrap: 'wrap' }}
          aria-label={t('booking.details.review.tags')}
        >
          {review.tags.map((tag) => (
            <Chip key={tag} size="small" label={tag} dir="auto" />
          ))}
        </Stack>
      )}
      {review.text && (
        <Typography variant="body2" dir="auto" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {review.text}
        </Typography>
      )}
      {isAdmin && (
        <Stack direction="row" spacing={1}>
          {review.status !== 'accepted' && (
            <Button
              size="small"
              variant="contained"
              color="success"
              loading={deciding === 'accept'}
              disabled={deciding === 'reject'}
              onClick={() => act('accept')}
            >
              {t('booking.details.review.accept')}
            </Button>
          )}
          {review.status !== 'rejected' && (
            <Button
              size="small"
              variant="outlined"
              color="error"
              loading={deciding === 'reject'}
              disabled={deciding === 'accept'}
              onClick={() => act('reject')}
            >
              {t('booking.details.review.reject')}
            </Button>
          )}
        </Stack>
      )}
    </Stack>
  );
}
