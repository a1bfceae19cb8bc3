import Add from '@mui/icons-material/Add';
import SearchRounded from '@mui/icons-material/SearchRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import {
  listingKinds,
  listingStatuses,
  type ListingKind,
  type ListingStatus,
} from '#shared/contract/booking-limits.ts';
import { SEARCH_MAX } from '#shared/contract/user-enums.ts';

import { CardGrid } from '../../../components/card-grid/card-grid.tsx';
import { useListState } from '../../../components/data-table/use-list-state.ts';
import { paths } from '../../../config/paths.ts';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import type { ListStateConfig } from '../../../lib/list-state.ts';
import { prefetchRoute } from '../../../lib/route-prefetch.ts';
import { useBookingLive, useListings } from '../api/booking-api.ts';
import type { ListingsParams } from '../api/booking-keys.ts';
import { BookingPageHeading } from '../components/booking-page-heading.tsx';
import { ListingCard } from '../components/listing-card.tsx';

/** The listings page's state in the address: `?search=kayak&kind=tour&status=draft&page=2`. */
export const listingsListConfig: ListStateConfig<never, 'kind' | 'status'> = {
  pageSizes: [12, 24],
  defaultPageSize: 12,
  filters: { kind: listingKinds, status: listingStatuses },
  searchMax: SEARCH_MAX,
};

/**
 * `/dashboard/booking/listings` (issue 29 B): the published listings to browse and book, as cards, searched
 * and filtered by kind, paged by the server; the state is in the address. Administrators also see drafts
 * (with a status filter) and start a new listing. Others' changes arrive live.
 */
export function BookingListingsView() {
  const { t } = useTranslation();
  const isAdmin = useAuth((state) => state.user?.role === 'admin');
  const list = useListState(listingsListConfig, { history: 'push' });
  const kind = list.filters.kind as ListingKind | undefined;
  const status = isAdmin ? (list.filters.status as ListingStatus | undefined) : undefined;
  const params: ListingsParams = {
    page: list.page + 1,
    pageSize: list.pageSize,
    ...(list.search ? { search: list.search } : {}),
    ...(kind ? { kind } : {}),
    ...(status ? { status } : {}),
  };
  const listings = useListings(params);
  useBookingLive();
  const pages = listings.data
    ? Math.max(
        1,
        Math.ceil(listings.data.total / list.pageSize),
        listings.data.hasNextPage ? list.page + 2 : 1,
      )
    : 1;
  const filtered = Boolean(list.search || kind || status);

  return (
    <>
      <BookingPageHeading
        title={t('booking.nav.listings')}
        action={
          isAdmin ? (
            <Button
              component={RouterLink}
              to={paths.dashboard.booking.newListing}
              variant="contained"
              startIcon={<Add />}
              onPointerEnter={() => prefetchRoute(paths.dashboard.booking.newListing)}
              onFocus={() => prefetchRoute(paths.dashboard.booking.newListing)}
            >
              {t('booking.nav.newListing')}
            </Button>
          ) : undefined
        }
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3 }}>
        <TextField
          type="search"
          label={t('booking.listings.search')}
          placeholder={t('booking.listings.searchPlaceholder')}
          value={list.searchInput}
          onChange={(event) => list.setSearchInput(event.target.value)}
          sx={{ flexGrow: 1 }}
          slotProps={{
            htmlInput: { maxLength: SEARCH_MAX },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchRounded />
                </InputAdornment>
              ),
            },
          }}
        />
        <TextField
          select
          label={t('booking.listings.kind')}
          value={kind ?? ''}
          onChange={(event) => list.setFilter('kind', event.target.value || undefined)}
          sx={{ width: { xs: 1, sm: 200 }, flexShrink: 0 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t('booking.listings.allKinds')}</MenuItem>
          {listingKinds.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`booking.kinds.${value}`)}
            </MenuItem>
          ))}
        </TextField>
        {isAdmin && (
          <TextField
            select
            label={t('booking.listings.status')}
            value={status ?? ''}
            onChange={(event) => list.setFilter('status', event.target.value || undefined)}
            sx={{ width: { xs: 1, sm: 180 }, flexShrink: 0 }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{t('booking.listings.allStatuses')}</MenuItem>
            {listingStatuses.map((value) => (
              <MenuItem key={value} value={value}>
                {t(`booking.listingStatuses.${value}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>

      {listings.isError && (
        <Alert
          severity="error"
          sx={{ mb: 3 }}
          action={
            <Button color="inherit" size="small" onClick={() => void listings.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {errorMessage(listings.error, t)}
        </Alert>
      )}
      <CardGrid
        label={t('booking.nav.listings')}
        items={listings.isError ? undefined : listings.data?.listings}
        pending={listings.isPending}
        fetching={listings.isFetching}
        stale={listings.isPlaceholderData}
        skeletonSx={{ height: 360 }}
        empty={
          filtered
            ? { title: t('booking.listings.noResults'), hint: t('booking.listings.noResultsHint') }
            : {
                title: t('booking.listings.empty'),
                hint: isAdmin ? t('booking.listings.emptyAdminHint') : undefined,
              }
        }
        renderItem={(listing) => <ListingCard key={listing.id} listing={listing} editable={isAdmin} />}
      />
      {pages > 1 && (
        <Pagination
          count={pages}
          page={list.page + 1}
          onChange={(_event, page) => list.setPage(page - 1)}
          sx={{ mt: 5, display: 'flex', justifyContent: 'center' }}
        />
      )}
    </>
  );
}
