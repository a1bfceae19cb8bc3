import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import type { Listing, ListingInput } from '#shared/contract/booking.ts';

import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog.tsx';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { paths } from '../../../config/paths.ts';
import { ApiError, staleRecord } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useListing, useListingActions } from '../api/booking-api.ts';
import { bookingKeys } from '../api/booking-keys.ts';
import { BookingPageHeading } from '../components/booking-page-heading.tsx';
import { ListingForm } from '../components/listing-form.tsx';

const formSx = { maxWidth: 960, mx: 'auto' } as const;

function useAfterSave() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  return (listing: Listing, message: 'booking.manage.created' | 'booking.manage.saved') => {
    enqueueSnackbar(t(message), { variant: 'success' });
    void navigate(paths.dashboard.booking.listing(listing.id));
  };
}

/** `/dashboard/booking/listings/new` (administrators). */
function CreateListing() {
  const { t } = useTranslation();
  const afterSave = useAfterSave();
  const { create } = useListingActions();
  const listingsCrumb = { label: t('booking.nav.listings'), to: paths.dashboard.booking.listings };
  return (
    <>
      <BookingPageHeading title={t('booking.manage.newTitle')} crumbs={[listingsCrumb]} />
      <ListingForm
        submitLabel={t('booking.manage.create')}
        onSubmit={async (payload) => afterSave(await create.mutateAsync(payload), 'booking.manage.created')}
      />
    </>
  );
}

/** Delete, after a confirmation; a listing with bookings is refused (409), and the dialog says why. */
function DeleteListingButton({ listing }: { listing: Listing }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const { remove } = useListingActions();
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setOpen(false);
    setProblem(null);
  };
  const confirm = async () => {
    setProblem(null);
    try {
      await remove.mutateAsync(listing.id);
      enqueueSnackbar(t('booking.manage.delete.deleted'), { variant: 'success' });
      void navigate(paths.dashboard.booking.listings);
    } catch (error) {
      setProblem(
        error instanceof ApiError && error.code === 'LISTING_HAS_BOOKINGS'
          ? t('booking.manage.delete.hasBookings')
          : errorMessage(error, t),
      );
    }
  };
  return (
    <>
      <Button variant="outlined" color="error" startIcon={<DeleteOutlined />} onClick={() => setOpen(true)}>
        {t('booking.manage.delete.button')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('booking.manage.delete.title')}
        content={
          <>
            {t('booking.manage.delete.content', { name: listing.name })}
            {problem && (
              <Alert severity="error" role="alert" sx={{ mt: 2 }}>
                {problem}
              </Alert>
            )}
          </>
        }
        action={t('booking.manage.delete.confirm')}
        loading={remove.isPending}
        onConfirm={() => void confirm()}
        onClose={close}
      />
    </>
  );
}

/**
 * `/dashboard/booking/listings/{id}/edit` (administrators): saves on top of the version it was read at; when
 * someone saved first, the form shows their version and says so.
 */
function EditListing({ id }: { id: string }) {
  const { t } = useTranslation();
  const afterSave = useAfterSave();
  const queryClient = useQueryClient();
  const listing = useListing(id);
  const { update } = useListingActions();
  const [stale, setStale] = useState(false);
  const crumbs = [
    { label: t('booking.nav.listings'), to: paths.dashboard.booking.listings },
    ...(listing.data ? [{ label: listing.data.name, to: paths.dashboard.booking.listing(id) }] : []),
  ];

  const save = async (payload: ListingInput) => {
    const current = listing.data;
    if (!current) return;
    try {
      afterSave(
        await update.mutateAsync({ id, ...payload, version: current.version }),
        'booking.manage.saved',
      );
    } catch (error) {
      // Someone saved first: show their version (the form starts again from it), and say so.
      const theirs = staleRecord<Listing>(error);
      if (!theirs) throw error;
      queryClient.setQueryData(bookingKeys.listing(id), theirs);
      setStale(true);
    }
  };

  const heading = (
    <BookingPageHeading
      title={t('booking.manage.editTitle')}
      crumbs={crumbs}
      action={listing.data && <DeleteListingButton listing={listing.data} />}
    />
  );

  if (listing.isError) {
    const missing = listing.error instanceof ApiError && listing.error.status === 404;
    return (
      <>
        {heading}
        <Alert severity={missing ? 'info' : 'error'} sx={formSx}>
          {missing ? t('booking.manage.notFound') : errorMessage(listing.error, t)}
        </Alert>
      </>
    );
  }
  return (
    <>
      {heading}
      {stale && (
        <Alert severity="warning" sx={{ ...formSx, mb: 3 }}>
          {t('common.staleEdit')}
        </Alert>
      )}
      {listing.data ? (
        <ListingForm
          key={`${listing.data.id}:${listing.data.version}`}
          listing={listing.data}
          submitLabel={t('booking.manage.save')}
          onSubmit={save}
        />
      ) : (
        <Skeleton variant="rounded" height={640} sx={formSx} />
      )}
    </>
  );
}

/**
 * Listing management (issue 29 B): the new-listing form without an id, the edit form (with Delete) with
 * one. Administrators only: the route guards it, and the server refuses anyone else.
 */
export function BookingListingEditView({ id }: { id?: string }) {
  return id === undefined ? <CreateListing /> : <EditListing id={id} />;
}
