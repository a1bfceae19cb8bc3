import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import type { BookingOverview } from '#shared/contract/booking-overview.ts';
import type { Booking } from '#shared/contract/booking.ts';

import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { CarouselSlide } from '../../../components/widget-card/carousel-slide.tsx';
import { CarouselWidget } from '../../../components/widget-card/carousel-widget.tsx';
import { TableWidget } from '../../../components/widget-card/table-widget.tsx';
import { WidgetCard } from '../../../components/widget-card/widget-card.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { fDateTime } from '../../../lib/format.ts';
import { useDecideReview } from '../api/booking-api.ts';
import { BookingStatusLabel } from './booking-status-label.tsx';
import { BookingWhen } from './booking-when.tsx';
import {
  cardState,
  rangeBookings,
  rangeFileName,
  units,
  type BookingWidgetContext,
} from './overview-widget.ts';

type WaitingReview = NonNullable<BookingOverview['reviews']>['latest'][number];

/**
 * "Customer reviews" (administrators): the reviews waiting for a decision, newest first, each with Accept
 * and Reject. A decided review leaves the list at once; the refreshed answer brings the next one.
 */
export function BookingReviews({ ctx }: { ctx: BookingWidgetContext }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const decide = useDecideReview();
  const [decided, setDecided] = useState<ReadonlySet<string>>(new Set());
  const reviews = (ctx.data?.reviews?.latest ?? []).filter((review) => !decided.has(review.id));
  const waiting = Math.max(0, (ctx.data?.reviews?.waiting ?? 0) - decided.size);
  const title = t('booking.overview.reviews.title');

  const onDecide = (review: WaitingReview, decision: 'accept' | 'reject') => {
    setDecided((current) => new Set(current).add(review.id));
    decide.mutate(
      { id: review.id, decision },
      {
        onSuccess: () =>
          enqueueSnackbar(t(`booking.overview.reviews.${decision === 'accept' ? 'accepted' : 'rejected'}`)),
        onError: (error) => {
          setDecided((current) => {
            const next = new Set(current);
            next.delete(review.id);
            return next;
          });
          enqueueSnackbar(errorMessage(error, t), { variant: 'error' });
        },
      },
    );
  };

  return (
    <WidgetCard<WaitingReview>
      id="customer-reviews"
      title={title}
      subheader={
        ctx.data?.reviews && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('booking.overview.reviews.waiting', { count: waiting })}
          </Typography>
        )
      }
      info={t('booking.overview.reviews.info')}
      {...cardState(ctx)}
      empty={ctx.data !== undefined && reviews.length === 0}
      emptyText={t('booking.overview.reviews.empty')}
      data={{
        columns: [
          { header: t('booking.overview.reviews.author'), value: (r) => r.author.name },
          { header: t('booking.overview.details.listing'), value: (r) => r.listingName },
          { header: t('booking.overview.reviews.rating'), value: (r) => r.rating },
          { header: t('booking.overview.reviews.text'), value: (r) => r.text },
        ],
        rows: reviews,
      }}
      fileName="customer-reviews"
      sx={{ height: 1 }}
    >
      <Stack component="ul" spacing={3} sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {reviews.map((review) => (
          <Box component="li" key={review.id} data-review={review.id}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }} useFlexGap>
              <Typography variant="subtitle2">{review.author.name}</Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {fDateTime(review.createdAt)}
              </Typography>
            </Stack>
            <Link
              component={RouterLink}
              to={paths.dashboard.booking.details(review.bookingId)}
              variant="body2"
              underline="hover"
            >
              {t('booking.overview.reviews.booking', {
                number: review.bookingNumber,
                listing: review.listingName,
              })}
            </Link>
            <Rating
              value={review.rating}
              readOnly
              size="small"
              sx={{ display: 'flex', my: 0.5 }}
              aria-label={t('booking.overview.reviews.rated', { rating: review.rating })}
            />
            {review.text && (
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {review.text}
              </Typography>
            )}
            {review.tags.length > 0 && (
              <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
                {review.tags.map((tag) => (
                  <Chip key={tag} label={tag} size="small" variant="outlined" />
                ))}
              </Stack>
            )}
            <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
              <Button
                size="small"
                variant="contained"
                color="success"
                onClick={() => onDecide(review, 'accept')}
                aria-label={t('booking.overview.reviews.acceptOf', { name: review.author.name })}
              >
                {t('booking.overview.reviews.accept')}
              </Button>
              <Button
                size="small"
                variant="outlined"
                color="error"
                onClick={() => onDecide(review, 'reject')}
                aria-label={t('booking.overview.reviews.rejectOf', { name: review.author.name })}
              >
                {t('booking.overview.reviews.reject')}
              </Button>
            </Stack>
          </Box>
        ))}
      </Stack>
    </WidgetCard>
  );
}

type Newest = BookingOverview['newest'][number];

/** "Newest bookings": the bookings made most recently as a carousel; a slide opens the booking. */
export function BookingNewest({ ctx }: { ctx: BookingWidgetContext }) {
  const { t } = useTranslation();
  const items = ctx.data?.newest ?? [];
  return (
    <CarouselWidget<Newest, Newest>
      id="newest-booking"
      title={t('booking.overview.newest.title')}
      info={t('booking.overview.newest.info')}
      {...cardState(ctx)}
      emptyText={t('booking.overview.newest.empty')}
      items={items}
      itemKey={(item) => item.booking.id}
      height={260}
      data={{
        columns: [
          { header: t('booking.overview.details.number'), value: (item) => item.booking.number },
          { header: t('booking.overview.details.listing'), value: (item) => item.booking.listing.name },
          { header: t('booking.overview.details.customer'), value: (item) => item.booking.person.name },
          { header: t('booking.overview.details.starts'), value: (item) => item.booking.startsAt },
          { header: t('booking.overview.details.guests'), value: (item) => item.booking.guests },
        ],
        rows: items,
      }}
      fileName="newest-bookings"
      list={{ to: paths.dashboard.booking.list }}
      renderItem={({ booking, coverUrl }) => (
        <CarouselSlide
          to={paths.dashboard.booking.details(booking.id)}
          imageUrl={coverUrl}
          height={260}
          overline={`${booking.number} · ${t(`booking.statuses.${booking.status}`)}`}
          title={booking.listing.name}
          subtitle={
            <Typography variant="body2" sx={{ opacity: 0.9 }}>
              {booking.person.name} · {t('booking.overview.newest.guests', { count: booking.guests })} ·{' '}
              <BookingWhen booking={booking} />
            </Typography>
          }
        />
      )}
      sx={{ height: 1 }}
    />
  );
}

/** "Booking details": the range's bookings as the list shows them first; View all opens the list. */
export function BookingDetails({ ctx }: { ctx: BookingWidgetContext }) {
  const { t } = useTranslation();
  const rows = ctx.data?.details ?? [];
  const title = t('booking.overview.details.title');
  const columns = {
    number: t('booking.overview.details.number'),
    listing: t('booking.overview.details.listing'),
    customer: t('booking.overview.details.customer'),
    starts: t('booking.overview.details.starts'),
    guests: t('booking.overview.details.guests'),
    price: t('booking.overview.details.price'),
    status: t('booking.overview.details.status'),
  };
  return (
    <TableWidget<Booking>
      id="booking-details"
      title={title}
      info={t('booking.overview.details.info')}
      {...cardState(ctx)}
      empty={ctx.data !== undefined && rows.length === 0}
      emptyText={t('booking.overview.empty')}
      data={{
        columns: [
          { header: columns.number, value: (row) => row.number },
          { header: columns.listing, value: (row) => row.listing.name },
          { header: columns.customer, value: (row) => row.person.name },
          { header: columns.starts, value: (row) => row.startsAt },
          { header: columns.guests, value: (row) => row.guests },
          { header: `${columns.price} (${ctx.currency})`, value: (row) => units(row.priceCents) },
          { header: columns.status, value: (row) => t(`booking.statuses.${row.status}`) },
        ],
        rows,
      }}
      fileName={rangeFileName('booking-details', ctx.range)}
      viewAll={{ to: rangeBookings(ctx), label: t('booking.overview.details.viewAll') }}
      flush
      sx={{ height: 1 }}
    >
      <TableContainer>
        <Table size="small" aria-label={title} sx={{ minWidth: 720 }}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ paddingInlineStart: 3 }}>{columns.number}</TableCell>
              <TableCell>{columns.listing}</TableCell>
              <TableCell>{columns.customer}</TableCell>
              <TableCell>{columns.starts}</TableCell>
              <TableCell align="right">{columns.guests}</TableCell>
              <TableCell align="right">{columns.price}</TableCell>
              <TableCell sx={{ paddingInlineEnd: 3 }}>{columns.status}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id} data-booking={row.id}>
                <TableCell sx={{ paddingInlineStart: 3, whiteSpace: 'nowrap' }}>
                  <Link component={RouterLink} to={paths.dashboard.booking.details(row.id)} underline="hover">
                    {row.number}
                  </Link>
                </TableCell>
                <TableCell>{row.listing.name}</TableCell>
                <TableCell>{row.person.name}</TableCell>
                <TableCell>
                  <BookingWhen booking={row} />
                </TableCell>
                <TableCell align="right">{row.guests}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {ctx.money(row.priceCents)}
                </TableCell>
                <TableCell sx={{ paddingInlineEnd: 3 }}>
                  <BookingStatusLabel status={row.status} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </TableWidget>
  );
}
