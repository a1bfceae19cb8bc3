import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import type { BookingDetails, Listing } from '#shared/contract/booking.ts';

import { viewerTimeZone } from '../../../components/date-range/dashboard-range.ts';
import { Label } from '../../../components/label/label.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { fDateTime, fNumber } from '../../../lib/format.ts';
import { useMoney } from '../../../lib/use-money.ts';
import { useBookingDetails, useBookingLive, useListing } from '../api/booking-api.ts';
import { BookingPageHeading } from '../components/booking-page-heading.tsx';
import { BookingReviewForm, BookingReviewShown } from '../components/booking-review.tsx';
import { BookingStatusActions } from '../components/booking-status-actions.tsx';
import { BookingStatusLabel } from '../components/booking-status-label.tsx';
import { BookingTimeline } from '../components/booking-timeline.tsx';
import { BookingWhen } from '../components/booking-when.tsx';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HOUR = 3_600_000;

const cardTitle = { title: { variant: 'h6', component: 'h2' } } as const;

/** One line of the details: a term and what it is. */
function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {term}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}

/** "Booking not found": a booking that does not exist, or is someone else's (the API answers 404 alike). */
function NotFound() {
  const { t } = useTranslation();
  return (
    <>
      <BookingPageHeading
        title={t('booking.details.pageTitle')}
        crumbs={[{ label: t('booking.nav.list'), to: paths.dashboard.booking.list }]}
      />
      <Card sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }}>
        <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
          {t('booking.details.notFoundTitle')}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mb: 3 }}>{t('booking.details.notFoundText')}</Typography>
        <Button component={RouterLink} to={paths.dashboard.booking.list} variant="contained">
          {t('booking.details.backToList')}
        </Button>
      </Card>
    </>
  );
}

/**
 * May the viewer cancel now? Administrators any pending or confirmed booking; its person too, until the
 * listing's cancel notice before the start (unknown while the listing loads or when it is hidden from
 * them: then the button shows, and the server's refusal says why).
 */
function cancelState(
  details: BookingDetails,
  listing: Listing | undefined,
  isAdmin: boolean,
  isOwner: boolean,
) {
  const { booking } = details;
  if (booking.status !== 'pending' && booking.status !== 'confirmed')
    return { canCancel: false, closed: false };
  if (isAdmin) return { canCancel: true, closed: false };
  if (!isOwner) return { canCancel: false, closed: false };
  if (!listing) return { canCancel: true, closed: false };
  const closed = Date.parse(booking.startsAt) - listing.cancelNoticeHours * HOUR <= Date.now();
  return { canCancel: !closed, closed };
}

function Details({ details }: { details: BookingDetails }) {
  const { t } = useTranslation();
  const money = useMoney();
  const me = useAuth((state) => state.user);
  const isAdmin = me?.role === 'admin';
  const { booking, timeline, review } = details;
  const isOwner = me?.id === booking.person.id;
  // The listing's cancel notice (a draft listing is hidden from people); its zone comes with the booking.
  const listing = useListing(booking.listing.id);
  const listingZone = booking.listing.timeZone;
  const ownZone = viewerTimeZone();
  const { canCancel, closed } = cancelState(details, listing.data, isAdmin, isOwner);

  let reviewPart: ReactNode;
  if (review) reviewPart = <BookingReviewShown review={review} isAdmin={isAdmin} />;
  else if (booking.status !== 'completed')
    reviewPart = <Typography variant="body2">{t('booking.details.review.notYet')}</Typography>;
  else if (isOwner) reviewPart = <BookingReviewForm bookingId={booking.id} />;
  else reviewPart = <Typography variant="body2">{t('booking.details.review.none')}</Typography>;

  return (
    <>
      <BookingPageHeading
        title={t('booking.details.title', { number: booking.number })}
        crumbs={[{ label: t('booking.nav.list'), to: paths.dashboard.booking.list }]}
        action={<BookingStatusActions booking={booking} isAdmin={isAdmin} canCancel={canCancel} />}
      />
      {closed && (
        <Alert severity="info" sx={{ mb: 3 }}>
          {t('booking.details.cancelClosed', { hours: fNumber(listing.data?.cancelNoticeHours ?? 0) })}
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          <Card component="section" aria-label={t('booking.details.summary')}>
            <CardHeader title={t('booking.details.summary')} slotProps={cardTitle} />
            <Box
              component="dl"
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(120px, auto) minmax(0, 1fr)' },
                columnGap: 3,
                rowGap: { xs: 0.5, sm: 1.5 },
                m: 0,
                px: 3,
                pb: 3,
              }}
            >
              <Row term={t('booking.details.status')}>
                <BookingStatusLabel status={booking.status} />
              </Row>
              {booking.status === 'cancelled' && booking.cancelReason && (
                <Row term={t('booking.details.cancelReason')}>
                  <Box component="span" dir="auto">
                    {booking.cancelReason}
                  </Box>
                </Row>
              )}
              <Row term={t('booking.details.listing')}>
                <Link
                  component={RouterLink}
                  to={paths.dashboard.booking.listing(booking.listing.id)}
                  dir="auto"
                >
                  {booking.listing.name}
                </Link>{' '}
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  ({t(`booking.kinds.${booking.listing.kind}`)})
                </Box>
              </Row>
              <Row term={t('booking.details.person')}>
                <Box component="span" dir="auto">
                  {booking.person.name}
                </Box>
                <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
                  {booking.person.email}
                </Box>
              </Row>
              {listingZone && (
                <Row term={t('booking.details.listingTime', { zone: listingZone })}>
                  <BookingWhen booking={booking} timeZone={listingZone} />
                </Row>
              )}
              {(!listingZone || listingZone !== ownZone) && (
                <Row term={t('booking.details.yourTime', { zone: ownZone })}>
                  <BookingWhen booking={booking} timeZone={ownZone} />
                </Row>
              )}
              <Row term={t('booking.details.guests')}>{fNumber(booking.guests)}</Row>
              <Row term={t('booking.details.unitPrice')}>
                {money(booking.unitPriceCents, booking.currency)}
              </Row>
              <Row term={t('booking.details.total')}>
                <Box component="strong">{money(booking.priceCents, booking.currency)}</Box>
              </Row>
              <Row term={t('booking.details.paymentMethod')}>
                {t(`booking.paymentMethods.${booking.paymentMethod}`)}
              </Row>
              <Row term={t('booking.details.payment')}>
                <Label color={booking.paidAt ? 'success' : 'default'}>
                  {booking.paidAt ? t('booking.details.paid') : t('booking.details.notPaid')}
                </Label>
                {booking.paidAt && (
                  <Box component="span" sx={{ ml: 1, color: 'text.secondary' }}>
                    {fDateTime(booking.paidAt)}
                  </Box>
                )}
              </Row>
              <Row term={t('booking.details.bookedAt')}>{fDateTime(booking.createdAt)}</Row>
            </Box>
          </Card>
          <Card component="section" aria-label={t('booking.details.timeline.title')}>
            <CardHeader title={t('booking.details.timeline.title')} slotProps={cardTitle} />
            <Box sx={{ px: 3, pb: 3 }}>
              <BookingTimeline events={timeline} label={t('booking.details.timeline.title')} />
            </Box>
          </Card>
        </Stack>
        <Card component="section" aria-label={t('booking.details.review.title')} sx={{ minWidth: 0 }}>
          <CardHeader title={t('booking.details.review.title')} slotProps={cardTitle} />
          <Box sx={{ px: 3, pb: 3 }}>{reviewPart}</Box>
        </Card>
      </Box>
    </>
  );
}

function Loaded({ id }: { id: string }) {
  const { t } = useTranslation();
  const details = useBookingDetails(id);
  useBookingLive();
  if (details.isError) {
    const error = details.error;
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return <NotFound />;
    return (
      <>
        <BookingPageHeading
          title={t('booking.details.pageTitle')}
          crumbs={[{ label: t('booking.nav.list'), to: paths.dashboard.booking.list }]}
        />
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void details.refetch()}>
              {t('booking.details.retry')}
            </Button>
          }
        >
          {errorMessage(error, t)}
        </Alert>
      </>
    );
  }
  if (!details.data) {
    return (
      <>
        <BookingPageHeading
          title={t('booking.details.pageTitle')}
          crumbs={[{ label: t('booking.nav.list'), to: paths.dashboard.booking.list }]}
        />
        <Skeleton variant="rounded" height={420} aria-label={t('booking.details.loading')} />
      </>
    );
  }
  return <Details details={details.data} />;
}

/**
 * `/dashboard/booking/{id}` (issue 29 B): a booking (one's own, or any for administrators): what, who,
 * when (in the listing's time zone, and the viewer's when it differs), guests, price and payment, its status
 * with the steps administrators may take (and Cancel with a reason, for its person too before the cancel
 * notice), its timeline, and its review: written by the person once completed, accepted or rejected by
 * administrators. Changes made elsewhere arrive live. An id that names no booking of theirs: not found.
 */
export function BookingDetailsView({ id }: { id: string }) {
  return UUID.test(id) ? <Loaded id={id} /> : <NotFound />;
}
