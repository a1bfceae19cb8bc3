import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { bookingStatuses } from '#shared/contract/booking-limits.ts';
import type { Booking } from '#shared/contract/booking.ts';

import { CountTabs } from '../../../components/data-table/count-tabs.tsx';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table.tsx';
import { ListDateRange } from '../../../components/data-table/list-date-range.tsx';
import { ListSearchField } from '../../../components/data-table/list-search-field.tsx';
import { listTableProps, useListState } from '../../../components/data-table/use-list-state.ts';
import { viewerTimeZone } from '../../../components/date-range/dashboard-range.ts';
import { Label } from '../../../components/label/label.tsx';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { paths } from '../../../config/paths.ts';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { buildCsv, downloadCsv } from '../../../lib/csv.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { fNumber } from '../../../lib/format.ts';
import { useMoney } from '../../../lib/use-money.ts';
import { useBookingLive, useListing } from '../api/booking-api.ts';
import {
  bookingsList,
  dayOfBound,
  fetchAllBookings,
  useBookings,
  type BookingTab,
} from '../api/booking-list.ts';
import { BookingPageHeading } from '../components/booking-page-heading.tsx';
import { BookingStatusLabel, bookingStatusColor } from '../components/booking-status-label.tsx';
import { BookingWhen } from '../components/booking-when.tsx';

const tabs: readonly BookingTab[] = ['all', ...bookingStatuses];

/**
 * `/dashboard/booking/list` (issue 29 B): one's own bookings, or everyone's for administrators, as the API
 * decides; status tabs with the count of each over the other filters, the days they start on (the viewer's
 * days), a search, one listing's bookings when the address names it (`?listingId=`), paged on the server in
 * the server's order (newest start first: the contract sorts by nothing else); CSV of the whole filter.
 * Bookings made or moved on by others arrive live.
 */
export function BookingListView() {
  const { t } = useTranslation();
  const money = useMoney();
  const { enqueueSnackbar } = useSnackbar();
  const list = useListState(bookingsList.config);
  useBookingLive();
  const isAdmin = useAuth((state) => state.user?.role === 'admin');
  const params = bookingsList.paramsOf(list);
  const { status, listingId } = params;
  const bookings = useBookings(params);
  const counts = bookings.data?.counts;
  const rows = bookings.data?.bookings ?? [];
  const listing = useListing(listingId);
  const [exporting, setExporting] = useState(false);
  const title = isAdmin ? t('booking.list.title') : t('booking.list.myTitle');
  const zone = viewerTimeZone();

  const listingName =
    rows.find((row) => row.listing.id === listingId)?.listing.name ??
    listing.data?.name ??
    (listing.isError ? t('booking.list.thisListing') : '…');

  const exportCsv = async () => {
    setExporting(true);
    try {
      const all = await fetchAllBookings(params);
      const csv = buildCsv(
        [
          t('booking.list.columns.number'),
          t('booking.list.columns.listing'),
          t('booking.list.csv.kind'),
          t('booking.list.columns.person'),
          t('booking.list.csv.email'),
          t('booking.list.csv.startsAt'),
          t('booking.list.csv.endsAt'),
          t('booking.list.columns.guests'),
          t('booking.list.csv.unitPrice'),
          t('booking.list.columns.total'),
          t('booking.list.csv.currency'),
          t('booking.list.csv.paymentMethod'),
          t('booking.list.csv.paidAt'),
          t('booking.list.columns.status'),
          t('booking.list.csv.cancelReason'),
        ],
        all.map((b) => [
          b.number,
          b.listing.name,
          t(`booking.kinds.${b.listing.kind}`),
          b.person.name,
          b.person.email,
          b.startsAt,
          b.endsAt,
          b.guests,
          (b.unitPriceCents / 100).toFixed(2),
          (b.priceCents / 100).toFixed(2),
          b.currency,
          t(`booking.paymentMethods.${b.paymentMethod}`),
          b.paidAt ?? '',
          t(`booking.statuses.${b.status}`),
          b.cancelReason ?? '',
        ]),
      );
      downloadCsv(`bookings-${new Date().toISOString().slice(0, 10)}.csv`, csv);
    } catch (error) {
      enqueueSnackbar(errorMessage(error, t), { variant: 'error' });
    } finally {
      setExporting(false);
    }
  };

  const allColumns: DataTableColumn<Booking>[] = [
    {
      field: 'number',
      header: t('booking.list.columns.number'),
      width: 110,
      render: (b) => (
        <Link
          sx={{ whiteSpace: 'nowrap' }}
          component={RouterLink}
          to={paths.dashboard.booking.details(b.id)}
          variant="subtitle2"
          underline="always"
          aria-label={t('booking.list.open', { number: b.number })}
        >
          {b.number}
        </Link>
      ),
    },
    {
      field: 'listing',
      header: t('booking.list.columns.listing'),
      minWidth: 150,
      render: (b) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" dir="auto">
            {b.listing.name}
          </Typography>
          <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
            {t(`booking.kinds.${b.listing.kind}`)}
          </Typography>
        </Box>
      ),
    },
    {
      field: 'person',
      header: t('booking.list.columns.person'),
      minWidth: 160,
      render: (b) => (
        <Box sx={{ minWidth: 0, maxWidth: 200 }}>
          <Typography variant="body2" noWrap dir="auto" title={b.person.name}>
            {b.person.name}
          </Typography>
          <Typography
            variant="caption"
            component="p"
            sx={{ color: 'text.secondary' }}
            noWrap
            title={b.person.email}
          >
            {b.person.email}
          </Typography>
        </Box>
      ),
    },
    {
      field: 'when',
      header: t('booking.list.columns.when'),
      minWidth: 170,
      // A range's days are the listing's days (shown as days); a slot's times are the viewer's.
      render: (b) => (
        <BookingWhen booking={b} timeZone={b.listing.mode === 'range' ? b.listing.timeZone : undefined} />
      ),
    },
    {
      field: 'guests',
      header: t('booking.list.columns.guests'),
      width: 70,
      align: 'center',
      render: (b) => fNumber(b.guests),
    },
    {
      field: 'total',
      header: t('booking.list.columns.total'),
      width: 100,
      align: 'right',
      render: (b) => money(b.priceCents, b.currency),
    },
    {
      field: 'payment',
      header: t('booking.list.columns.payment'),
      width: 110,
      render: (b) => (
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          <Label color={b.paidAt ? 'success' : 'default'}>
            {b.paidAt ? t('booking.list.paid') : t('booking.list.unpaid')}
          </Label>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t(`booking.paymentMethods.${b.paymentMethod}`)}
          </Typography>
        </Stack>
      ),
    },
    {
      field: 'status',
      header: t('booking.list.columns.status'),
      width: 110,
      render: (b) => <BookingStatusLabel status={b.status} />,
    },
  ];
  // A person's own bookings need no person column.
  const columns = isAdmin ? allColumns : allColumns.filter((column) => column.field !== 'person');
  const filtered =
    status !== 'all' || list.search || listingId || list.filters.startDate || list.filters.endDate;

  return (
    <>
      <BookingPageHeading title={title} />
      <Card>
        <CountTabs
          value={status}
          label={t('booking.list.tabs')}
          onChange={(next) => list.setFilter('status', next === 'all' ? undefined : next)}
          tabs={tabs.map((tab) => ({
            value: tab,
            label: t(`booking.statuses.${tab}`),
            count: counts ? fNumber(counts[tab]) : '…',
            color: tab === 'all' ? 'default' : bookingStatusColor[tab],
          }))}
        />
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ p: 2.5 }}>
          <ListDateRange
            start={dayOfBound('startDate', list.filters.startDate)}
            end={dayOfBound('endDate', list.filters.endDate)}
            startLabel={t('booking.list.startDate')}
            endLabel={t('booking.list.endDate')}
            onChange={list.setFilter}
          />
          <ListSearchField
            value={list.searchInput}
            onChange={list.setSearchInput}
            label={t('booking.list.search')}
            placeholder={
              isAdmin ? t('booking.list.searchPlaceholder') : t('booking.list.searchMinePlaceholder')
            }
          />
          <Button
            color="inherit"
            startIcon={<FileDownloadOutlined />}
            loading={exporting}
            onClick={() => void exportCsv()}
            sx={{ flexShrink: 0 }}
          >
            {t('booking.list.export')}
          </Button>
        </Stack>
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ px: 2.5, pb: 2, flexWrap: 'wrap', alignItems: 'center' }}
        >
          {listingId && (
            <Chip
              size="small"
              label={t('booking.list.listingFilter', { name: listingName })}
              onDelete={() => list.setFilter('listingId', undefined)}
            />
          )}
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t('booking.list.timesNote', { zone })}
          </Typography>
        </Stack>
        <DataTable
          label={title}
          columns={columns}
          rows={rows}
          getRowId={(b) => b.id}
          rowCount={bookings.data?.total ?? 0}
          hasNextPage={bookings.data?.hasNextPage ?? false}
          {...listTableProps(
            list,
            bookingsList.config,
            bookings,
            bookings.error && errorMessage(bookings.error, t),
          )}
          emptyText={isAdmin || filtered ? t('booking.list.none') : t('booking.list.noneYet')}
          rowHeight={64}
        />
      </Card>
    </>
  );
}
