import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Pagination from '@mui/material/Pagination';
import Rating from '@mui/material/Rating';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorMessage } from '../../../lib/error-message.ts';
import { fDate } from '../../../lib/format.ts';
import { useListingReviews } from '../api/booking-api.ts';

/** A listing's accepted reviews, newest first, with their rating, tags and text; paged by the server. */
export function ListingReviews({ listingId }: { listingId: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [page, setPage] = useState(1);
  const reviews = useListingReviews(listingId, page);
  const pages = reviews.data
    ? Math.max(
        1,
        Math.ceil(reviews.data.total / reviews.data.pageSize),
        reviews.data.hasNextPage ? page + 1 : 1,
      )
    : 1;
  return (
    <Stack component="section" aria-labelledby={titleId} spacing={2}>
      <Typography id={titleId} variant="h6" component="h2">
        {t('booking.listings.reviewsTitle')}
      </Typography>
      {reviews.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void reviews.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {errorMessage(reviews.error, t)}
        </Alert>
      ) : reviews.isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : reviews.data.reviews.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('booking.listings.noReviewsYet')}
        </Typography>
      ) : (
        <Stack
          component="ul"
          spacing={3}
          sx={{ listStyle: 'none', m: 0, p: 0, opacity: reviews.isPlaceholderData ? 0.6 : 1 }}
        >
          {reviews.data.reviews.map((review) => (
            <Stack component="li" key={review.id} direction="row" spacing={2}>
              <Avatar alt={review.author.name}>{review.author.name.charAt(0)}</Avatar>
              <Stack spacing={0.5} sx={{ minWidth: 0 }}>
                <Typography variant="subtitle2" dir="auto">
                  {review.author.name}
                </Typography>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Rating
                    size="small"
                    readOnly
                    value={review.rating}
                    aria-label={t('booking.listings.rated', { rating: review.rating })}
                  />
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    <time dateTime={review.createdAt}>{fDate(review.createdAt)}</time>
                  </Typography>
                </Stack>
                {review.text && (
                  <Typography
                    variant="body2"
                    dir="auto"
                    sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
                  >
                    {review.text}
                  </Typography>
                )}
                {review.tags.length > 0 && (
                  <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75 }}>
                    {review.tags.map((tag) => (
                      <Chip key={tag} size="small" variant="outlined" label={tag} dir="auto" />
                    ))}
                  </Stack>
                )}
              </Stack>
            </Stack>
          ))}
        </Stack>
      )}
      {pages > 1 && (
        <Pagination
          count={pages}
          page={page}
          onChange={(_event, next) => setPage(next)}
          sx={{ display: 'flex', justifyContent: 'center' }}
        />
      )}
    </Stack>
  );
}
