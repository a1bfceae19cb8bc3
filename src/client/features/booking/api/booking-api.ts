import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import type {
  Availability,
  Booking,
  BookingDetails,
  BookingReview,
  BookingReviewPage,
  CreateBookingInput,
  Listing,
  ListingInput,
  ListingPage,
  ListingUpdateInput,
  ReviewInput,
} from '#shared/contract/booking.ts';
import type { StoredFile } from '#shared/contract/files.ts';

import { apiClient } from '../../../lib/api-client.ts';
import { useLiveRefresh } from '../../../lib/realtime/use-live-refresh.ts';
import { bookingKeys, type ListingsParams, type ReviewsParams } from './booking-keys.ts';

/**
 * The booking area's requests (ADR 053; `/api/booking/*`): listings and their availability, bookings and
 * their status steps, reviews. Every write refreshes every booking query (`bookingKeys.all`); other people's
 * writes arrive as `booking.changed` / `booking.listingChanged` (`useBookingLive`).
 */

/** A new key per booking attempt; a retry of the same attempt sends it again (the server answers the first). */
export const BOOKING_KEY_PREFIX = 'bk-';

/**
 * Refreshes everything booking shows when another person books, an administrator moves a booking on or a
 * listing changes: once per burst, what is on screen staying until the new answers come.
 */
export function useBookingLive(delayMs?: number): void {
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
    [queryClient],
  );
  useLiveRefresh(
    ['booking.changed', 'booking.listingChanged'],
    refresh,
    delayMs === undefined ? {} : { delayMs },
  );
}

function useInvalidateBooking() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: bookingKeys.all });
}

// ── listings ────────────────────────────────────────────────────────────────────────────────────────────

/** `GET /api/booking/listings`: one page; the previous page stays on screen while the next loads. */
export function useListings(query: ListingsParams) {
  return useQuery({
    queryKey: bookingKeys.listingsPage(query),
    queryFn: ({ signal }) => apiClient.get<ListingPage>('/booking/listings', { signal, query }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/booking/listings/:id` (a draft is 404 to people who are not administrators). */
export function useListing(id: string | undefined) {
  return useQuery({
    queryKey: bookingKeys.listing(id ?? ''),
    queryFn: ({ signal }) =>
      apiClient.get<{ listing: Listing }>(`/booking/listings/${id}`, { signal }).then((a) => a.listing),
    enabled: id !== undefined,
  });
}

/** `GET /api/booking/listings/:id/availability?from&to`: slots or days with the places left (local days). */
export function useAvailability(id: string, from: string, to: string) {
  return useQuery({
    queryKey: bookingKeys.availability(id, from, to),
    queryFn: ({ signal }) =>
      apiClient.get<Availability>(`/booking/listings/${id}/availability`, { signal, query: { from, to } }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/booking/listings/:id/reviews`: the accepted reviews, newest first. */
export function useListingReviews(id: string, page = 1) {
  return useQuery({
    queryKey: bookingKeys.listingReviews(id, page),
    queryFn: ({ signal }) =>
      apiClient.get<BookingReviewPage>(`/booking/listings/${id}/reviews`, { signal, query: { page } }),
    placeholderData: keepPreviousData,
  });
}

/** Administrators: create, edit (with the version the form was based on) and delete listings. */
export function useListingActions() {
  const invalidate = useInvalidateBooking();
  return {
    create: useMutation({
      mutationFn: (input: ListingInput) =>
        apiClient.post<{ listing: Listing }>('/booking/listings', input).then((a) => a.listing),
      onSettled: invalidate,
    }),
    update: useMutation({
      mutationFn: ({ id, ...input }: ListingUpdateInput & { id: string }) =>
        apiClient.patch<{ listing: Listing }>(`/booking/listings/${id}`, input).then((a) => a.listing),
      onSettled: invalidate,
    }),
    remove: useMutation({
      mutationFn: (id: string) => apiClient.delete<{ ok: true }>(`/booking/listings/${id}`),
      onSettled: invalidate,
    }),
  };
}

/**
 * Uploads a listing picture (`POST /api/booking/photos`, administrators: the files block checks and
 * re-encodes it; public, of the `listing` use, so it is nobody's profile photo); its id goes in the listing's
 * `coverFileId` / `galleryFileIds`. One the listing is not saved with is swept after a day.
 */
export function useUploadListingPhoto() {
  return useMutation({
    mutationFn: (file: Blob) =>
      apiClient
        .upload<{ file: StoredFile }>('/booking/photos', file)
        .then((a) => ({ id: a.file.id, url: a.file.url })),
  });
}

// ── bookings ────────────────────────────────────────────────────────────────────────────────────────────

/** `POST /api/booking/bookings`: a slot or a range of days; 409 `FULL` carries `placesLeft`. */
export function useCreateBooking() {
  const invalidate = useInvalidateBooking();
  return useMutation({
    mutationFn: (input: CreateBookingInput) =>
      apiClient.post<{ booking: Booking }>('/booking/bookings', input).then((a) => a.booking),
    onSettled: invalidate,
  });
}

/** `GET /api/booking/bookings/:id`: the booking, its timeline and its review. */
export function useBookingDetails(id: string) {
  return useQuery({
    queryKey: bookingKeys.booking(id),
    queryFn: ({ signal }) => apiClient.get<BookingDetails>(`/booking/bookings/${id}`, { signal }),
  });
}

/** The status steps: administrators confirm, mark paid, check in and complete; either side cancels with a reason. */
export function useBookingActions() {
  const invalidate = useInvalidateBooking();
  const step = (path: 'confirm' | 'check-in' | 'complete') => ({
    mutationFn: (id: string) =>
      apiClient.post<{ booking: Booking }>(`/booking/bookings/${id}/${path}`).then((a) => a.booking),
    onSettled: invalidate,
  });
  return {
    confirm: useMutation(step('confirm')),
    checkIn: useMutation(step('check-in')),
    complete: useMutation(step('complete')),
    pay: useMutation({
      mutationFn: ({ id, paymentMethod }: { id: string; paymentMethod?: Booking['paymentMethod'] }) =>
        apiClient
          .post<{ booking: Booking }>(`/booking/bookings/${id}/pay`, paymentMethod ? { paymentMethod } : {})
          .then((a) => a.booking),
      onSettled: invalidate,
    }),
    cancel: useMutation({
      mutationFn: ({ id, reason }: { id: string; reason: string }) =>
        apiClient
          .post<{ booking: Booking }>(`/booking/bookings/${id}/cancel`, { reason })
          .then((a) => a.booking),
      onSettled: invalidate,
    }),
  };
}

// ── reviews ─────────────────────────────────────────────────────────────────────────────────────────────

/** `POST /api/booking/bookings/:id/review`: the person's review of a completed booking (once). */
export function useReviewBooking() {
  const invalidate = useInvalidateBooking();
  return useMutation({
    mutationFn: ({ bookingId, ...input }: ReviewInput & { bookingId: string }) =>
      apiClient
        .post<{ review: BookingReview }>(`/booking/bookings/${bookingId}/review`, input)
        .then((a) => a.review),
    onSettled: invalidate,
  });
}

/** `GET /api/booking/reviews` (administrators): reviews by status or listing. */
export function useReviews(query: ReviewsParams, enabled = true) {
  return useQuery({
    queryKey: bookingKeys.reviews(query),
    queryFn: ({ signal }) => apiClient.get<BookingReviewPage>('/booking/reviews', { signal, query }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Administrators accept or reject a review (and may change their mind); only accepted ones are public. */
export function useDecideReview() {
  const invalidate = useInvalidateBooking();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: 'accept' | 'reject' }) =>
      apiClient.post<{ review: BookingReview }>(`/booking/reviews/${id}/${decision}`).then((a) => a.review),
    onSettled: invalidate,
  });
}
