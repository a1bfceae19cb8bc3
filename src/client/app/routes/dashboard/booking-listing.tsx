import { useParams } from 'react-router';

import { BookingListingView } from '../../../features/booking/views/booking-listing-view.tsx';

/**
 * `/dashboard/booking/listings/:id`: one listing, its calendar of free slots and the booking form (issue
 * 29 B); the view sets the page title to the listing's name.
 */
export function Component() {
  const { id = '' } = useParams();
  return <BookingListingView id={id} />;
}
