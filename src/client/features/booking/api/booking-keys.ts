/** The booking area's query keys (STYLE.md §3): every key starts with `booking`, so one invalidation refreshes all. */
export const bookingKeys = {
  all: ['booking'] as const,
  listings: () => ['booking', 'listings'] as const,
  listingsPage: (query: ListingsParams) => ['booking', 'listings', query] as const,
  listing: (id: string) => ['booking', 'listing', id] as const,
  availability: (id: string, from: string, to: string) => ['booking', 'availability', id, from, to] as const,
  listingReviews: (id: string, page: number) => ['booking', 'listing-reviews', id, page] as const,
  lists: () => ['booking', 'bookings'] as const,
  booking: (id: string) => ['booking', 'booking', id] as const,
  reviews: (query: ReviewsParams) => ['booking', 'reviews', query] as const,
};

/** `GET /api/booking/listings`'s query (administrators may ask for drafts). */
export type ListingsParams = {
  page?: number;
  pageSize?: number;
  search?: string;
  kind?: string;
  status?: 'draft' | 'published';
};

/** `GET /api/booking/reviews`'s query (administrators): the reviews to decide, or one listing's. */
export type ReviewsParams = {
  page?: number;
  pageSize?: number;
  status?: 'pending' | 'accepted' | 'rejected';
  listingId?: string;
};
