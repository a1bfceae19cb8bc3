import EditOutlined from '@mui/icons-material/EditOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import type { Listing } from '#shared/contract/booking.ts';

import { paths } from '../../../config/paths.ts';
import { fNumber } from '../../../lib/format.ts';
import { prefetchRoute } from '../../../lib/route-prefetch.ts';
import { useMoney } from '../../../lib/use-money.ts';
import { ListingKindIcon } from './listing-kind-icon.tsx';

/** A listing's price and what it is for: "$25.00 per person". */
export function ListingPrice({
  listing,
}: {
  listing: Pick<Listing, 'priceCents' | 'priceUnit' | 'currency'>;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <>
      <Box component="span" sx={{ typography: 'subtitle1' }}>
        {money(listing.priceCents, listing.currency)}
      </Box>{' '}
      <Box component="span" sx={{ typography: 'body2', color: 'text.secondary' }}>
        {t(`booking.priceUnits.${listing.priceUnit}`)}
      </Box>
    </>
  );
}

/** Stars and the number of accepted reviews ("No reviews yet" without any). */
export function ListingRating({ listing }: { listing: Pick<Listing, 'rating' | 'reviewCount'> }) {
  const { t } = useTranslation();
  if (listing.rating === null || listing.reviewCount === 0) {
    return (
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {t('booking.listings.noReviewsYet')}
      </Typography>
    );
  }
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
      <Rating
        size="small"
        readOnly
        precision={0.1}
        value={listing.rating}
        aria-label={t('booking.listings.rated', {
          rating: fNumber(listing.rating, { maximumFractionDigits: 1 }),
        })}
      />
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {t('booking.listings.reviews', { count: listing.reviewCount })}
      </Typography>
    </Stack>
  );
}

/**
 * A listing in the list: its cover (or its kind's icon when it has none), name, kind, location, price per
 * person or unit, rating and review count; a draft says so (administrators only see drafts). `editable`
 * (administrators) adds a link to the listing's form.
 */
export function ListingCard({ listing, editable = false }: { listing: Listing; editable?: boolean }) {
  const { t } = useTranslation();
  const to = paths.dashboard.booking.listing(listing.id);
  const prefetch = () => prefetchRoute(to);
  return (
    <Card component="article" aria-label={listing.name} sx={{ display: 'flex', flexDirection: 'column' }}>
      <Box sx={{ position: 'relative' }}>
        <Box
          component={RouterLink}
          to={to}
          tabIndex={-1}
          aria-hidden
          onPointerEnter={prefetch}
          sx={{
            display: 'grid',
            placeItems: 'center',
            aspectRatio: '4 / 3',
            bgcolor: 'action.hover',
            color: 'text.disabled',
            overflow: 'hidden',
          }}
        >
          {listing.cover ? (
            <Box
              component="img"
              src={listing.cover.url}
              alt=""
              loading="lazy"
              sx={{ width: 1, height: 1, objectFit: 'cover', display: 'block' }}
            />
          ) : (
            <ListingKindIcon kind={listing.kind} sx={{ fontSize: 64 }} />
          )}
        </Box>
        <Stack direction="row" spacing={1} sx={{ position: 'absolute', top: 12, insetInlineEnd: 12 }}>
          {listing.status === 'draft' && (
            <Chip size="small" color="warning" label={t('booking.listingStatuses.draft')} />
          )}
          {editable && (
            <Tooltip title={t('booking.listings.edit')}>
              <IconButton
                component={RouterLink}
                to={paths.dashboard.booking.editListing(listing.id)}
                size="small"
                aria-label={t('booking.listings.editNamed', { name: listing.name })}
                sx={{ bgcolor: 'background.paper', '&:hover': { bgcolor: 'background.paper' } }}
              >
                <EditOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
      </Box>
      <Stack spacing={1} sx={{ p: 2.5, flexGrow: 1 }}>
        <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', color: 'text.secondary' }}>
          <ListingKindIcon kind={listing.kind} fontSize="small" />
          <Typography variant="caption">{t(`booking.kinds.${listing.kind}`)}</Typography>
        </Stack>
        <Link
          component={RouterLink}
          to={to}
          color="inherit"
          variant="subtitle1"
          dir="auto"
          onPointerEnter={prefetch}
          onFocus={prefetch}
          sx={{ overflowWrap: 'anywhere' }}
        >
          {listing.name}
        </Link>
        {listing.location && (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'text.secondary' }}>
            <PlaceOutlined fontSize="small" aria-hidden />
            <Typography variant="body2" dir="auto" noWrap>
              {listing.location}
            </Typography>
          </Stack>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <ListingRating listing={listing} />
        <Typography component="p">
          <ListingPrice listing={listing} />
        </Typography>
      </Stack>
    </Card>
  );
}
