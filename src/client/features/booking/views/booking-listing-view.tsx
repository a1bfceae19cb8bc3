import EditOutlined from '@mui/icons-material/EditOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import type { Listing } from '#shared/contract/booking.ts';

import { PageTitle } from '../../../components/page-title/page-title.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useBookingLive, useListing } from '../api/booking-api.ts';
import { BookingForm } from '../components/booking-form.tsx';
import { BookingPageHeading } from '../components/booking-page-heading.tsx';
import { ListingPrice, ListingRating } from '../components/listing-card.tsx';
import { ListingGallery } from '../components/listing-gallery.tsx';
import { ListingKindIcon } from '../components/listing-kind-icon.tsx';
import { ListingReviews } from '../components/listing-reviews.tsx';
import { fDuration } from '../components/listing-time.ts';

/**
 * `/dashboard/booking/listings/:id` (issue 29 B): a listing (pictures, description, location, price,
 * capacity, duration, notice rules), its calendar of free slots or days with the booking form, and its
 * accepted reviews. Administrators edit it from here. Others' bookings refresh the availability live.
 */
export function BookingListingView({ id }: { id: string }) {
  const { t } = useTranslation();
  const isAdmin = useAuth((state) => state.user?.role === 'admin');
  const listing = useListing(id);
  useBookingLive();
  const crumbs = [{ label: t('booking.nav.listings'), to: paths.dashboard.booking.listings }];

  if (listing.isError) {
    const missing = listing.error instanceof ApiError && listing.error.status === 404;
    return (
      <>
        <PageTitle title={t('booking.nav.listings')} />
        <BookingPageHeading title={t('booking.listings.listingTitle')} crumbs={crumbs} />
        <Alert
          severity={missing ? 'info' : 'error'}
          action={
            missing ? (
              <Button
                component={RouterLink}
                to={paths.dashboard.booking.listings}
                color="inherit"
                size="small"
              >
                {t('booking.nav.listings')}
              </Button>
            ) : (
              <Button color="inherit" size="small" onClick={() => void listing.refetch()}>
                {t('common.retry')}
              </Button>
            )
          }
        >
          {missing ? t('booking.listings.notFound') : errorMessage(listing.error, t)}
        </Alert>
      </>
    );
  }

  const data = listing.data;
  return (
    <>
      <PageTitle title={data?.name ?? t('booking.nav.listings')} />
      <BookingPageHeading
        title={data?.name ?? t('booking.listings.listingTitle')}
        crumbs={crumbs}
        action={
          isAdmin && data ? (
            <Button
              component={RouterLink}
              to={paths.dashboard.booking.editListing(data.id)}
              color="inherit"
              variant="outlined"
              startIcon={<EditOutlined />}
            >
              {t('booking.listings.edit')}
            </Button>
          ) : undefined
        }
      />
      {data ? <ListingDetails listing={data} /> : <Skeleton variant="rounded" height={480} />}
    </>
  );
}

/**
 * One term of the listing's facts: a `<div>` holding only its `<dt>` and `<dd>` (what a `<dl>` may contain),
 * the icon drawn in the term's first column and the value in the second.
 */
function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: 1.5 }}>
      <Typography component="dt" variant="caption" sx={{ display: 'contents', color: 'text.secondary' }}>
        <Box
          component="span"
          aria-hidden
          sx={{ gridRow: 'span 2', display: 'flex', pt: 0.25, color: 'text.secondary' }}
        >
          {icon}
        </Box>
        <Box component="span" sx={{ typography: 'caption', color: 'text.secondary' }}>
          {label}
        </Box>
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, gridColumn: 2 }} dir="auto">
        {children}
      </Typography>
    </Box>
  );
}

function ListingDetails({ listing }: { listing: Listing }) {
  const { t } = useTranslation();
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 7 }}>
        <Stack spacing={3}>
          <ListingGallery listing={listing} />
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            <Chip
              icon={<ListingKindIcon kind={listing.kind} />}
              label={t(`booking.kinds.${listing.kind}`)}
              variant="outlined"
            />
            {listing.status === 'draft' && (
              <Chip color="warning" label={t('booking.listingStatuses.draft')} />
            )}
            <Box sx={{ flexGrow: 1 }} />
            <ListingRating listing={listing} />
          </Stack>
          <Typography component="p">
            <ListingPrice listing={listing} />
          </Typography>
          <Card sx={{ p: 3 }}>
            <Box
              component="dl"
              sx={{
                m: 0,
                display: 'grid',
                gap: 2.5,
                gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' },
              }}
            >
              {listing.location && (
                <Fact icon={<PlaceOutlined fontSize="small" />} label={t('booking.listings.location')}>
                  {listing.location}
                </Fact>
              )}
              <Fact icon={<GroupsOutlined fontSize="small" />} label={t('booking.listings.capacity')}>
                {t(
                  listing.mode === 'slot'
                    ? 'booking.listings.capacityPerSlot'
                    : 'booking.listings.capacityPerDay',
                  { count: listing.capacity },
                )}
              </Fact>
              {listing.mode === 'slot' && (
                <Fact icon={<ScheduleOutlined fontSize="small" />} label={t('booking.listings.duration')}>
                  {fDuration(listing.durationMinutes)}
                </Fact>
              )}
              <Fact icon={<EventBusyOutlined fontSize="small" />} label={t('booking.listings.rules')}>
                {listing.bookingNoticeHours > 0
                  ? t('booking.listings.bookingNotice', { count: listing.bookingNoticeHours })
                  : t('booking.listings.bookingNoticeNone')}
                <br />
                {listing.cancelNoticeHours > 0
                  ? t('booking.listings.cancelNotice', { count: listing.cancelNoticeHours })
                  : t('booking.listings.cancelNoticeNone')}
              </Fact>
            </Box>
          </Card>
          {listing.description && (
            <Box component="section" aria-label={t('booking.listings.about')}>
              <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
                {t('booking.listings.about')}
              </Typography>
              {/* Sanitised on the server before it was stored (lib/rich-text.ts, ADR 053). */}
              <Box
                dir="auto"
                data-testid="listing-description"
                sx={{
                  typography: 'body1',
                  overflowWrap: 'anywhere',
                  '& img': { maxWidth: 1 },
                  '& a': { color: 'primary.main' },
                  '& blockquote': {
                    m: 0,
                    py: 1,
                    px: 3,
                    borderInlineStart: '4px solid',
                    borderColor: 'divider',
                    color: 'text.secondary',
                  },
                }}
                dangerouslySetInnerHTML={{ __html: listing.description }}
              />
            </Box>
          )}
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, md: 5 }}>
        <Card sx={{ p: { xs: 2, sm: 3 }, position: { md: 'sticky' }, top: { md: 88 } }}>
          <BookingForm key={listing.id} listing={listing} />
        </Card>
      </Grid>
      <Grid size={12}>
        <Card sx={{ p: 3 }}>
          <ListingReviews listingId={listing.id} />
        </Card>
      </Grid>
    </Grid>
  );
}
