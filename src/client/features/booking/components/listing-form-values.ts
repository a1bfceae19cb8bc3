import type { ListingKind, ListingMode, ListingStatus, PriceUnit } from '#shared/contract/booking-limits.ts';
import type { HoursWindow, Listing, ListingDate, ListingInput } from '#shared/contract/booking.ts';

import { centsToInput, requiredCents } from '../../../components/money-input/money-input.ts';

/** A stored picture the form shows and sends by id (a public `photo` upload of the administrator). */
export type FormPhoto = { id: string; url: string };

/**
 * What the listing form holds: numbers as typed (text), money in units, the pictures with their addresses,
 * and the weekly hours and one-off dates as the API takes them (minutes of the local day), so a server
 * issue's path (`hours.3.endMinute`) is the form field's.
 */
export type ListingFormValues = {
  name: string;
  kind: ListingKind;
  mode: ListingMode;
  description: string;
  location: string;
  cover: FormPhoto | null;
  gallery: FormPhoto[];
  price: string;
  priceUnit: PriceUnit;
  capacity: string;
  durationMinutes: string;
  bufferBeforeMinutes: string;
  bufferAfterMinutes: string;
  bookingNoticeHours: string;
  cancelNoticeHours: string;
  timeZone: string;
  status: ListingStatus;
  hours: HoursWindow[];
  dates: ListingDate[];
};

/** The zone of the person's device (the default of a new listing). */
export function viewerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** How a kind is usually booked: tours and courses in timed slots, rooms and equipment by the day. */
export const defaultModeOf = (kind: ListingKind): ListingMode =>
  kind === 'room' || kind === 'equipment' ? 'range' : 'slot';

export function listingFormValues(listing?: Listing): ListingFormValues {
  const photo = (file: { id: string; url: string }): FormPhoto => ({ id: file.id, url: file.url });
  return {
    name: listing?.name ?? '',
    kind: listing?.kind ?? 'tour',
    mode: listing?.mode ?? 'slot',
    description: listing?.description ?? '',
    location: listing?.location ?? '',
    cover: listing?.cover ? photo(listing.cover) : null,
    gallery: (listing?.gallery ?? []).map(photo),
    price: listing ? centsToInput(listing.priceCents) : '',
    priceUnit: listing?.priceUnit ?? 'person',
    capacity: String(listing?.capacity ?? 10),
    durationMinutes: String(listing?.durationMinutes ?? 60),
    bufferBeforeMinutes: String(listing?.bufferBeforeMinutes ?? 0),
    bufferAfterMinutes: String(listing?.bufferAfterMinutes ?? 0),
    bookingNoticeHours: String(listing?.bookingNoticeHours ?? 0),
    cancelNoticeHours: String(listing?.cancelNoticeHours ?? 0),
    timeZone: listing?.timeZone ?? viewerTimeZone(),
    status: listing?.status ?? 'draft',
    hours: (listing?.hours ?? []).map(({ weekday, startMinute, endMinute }) => ({
      weekday,
      startMinute,
      endMinute,
    })),
    dates: (listing?.dates ?? []).map(({ day, kind, startMinute, endMinute }) => ({
      day,
      kind,
      startMinute,
      endMinute,
    })),
  };
}

/** A typed whole number; empty is NaN (not 0), so the shared schema refuses it with the field's message. */
const whole = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));

/** What the form sends (`POST`, and with the version `PATCH`): the shared schema checks it first. */
export function toListingPayload(values: ListingFormValues): ListingInput {
  return {
    name: values.name,
    kind: values.kind,
    mode: values.mode,
    description: values.description,
    location: values.location,
    coverFileId: values.cover?.id ?? null,
    galleryFileIds: values.gallery.map((photo) => photo.id),
    priceCents: requiredCents(values.price),
    priceUnit: values.priceUnit,
    capacity: whole(values.capacity),
    durationMinutes: whole(values.durationMinutes),
    bufferBeforeMinutes: whole(values.bufferBeforeMinutes),
    bufferAfterMinutes: whole(values.bufferAfterMinutes),
    bookingNoticeHours: whole(values.bookingNoticeHours),
    cancelNoticeHours: whole(values.cancelNoticeHours),
    timeZone: values.timeZone,
    status: values.status,
    hours: values.hours.map(({ weekday, startMinute, endMinute }) => ({ weekday, startMinute, endMinute })),
    dates: values.dates.map(({ day, kind, startMinute, endMinute }) =>
      kind === 'closed'
        ? { day, kind, startMinute: null, endMinute: null }
        : { day, kind, startMinute, endMinute },
    ),
  };
}

type Span = { startMinute: number | null; endMinute: number | null };

/** The indexes of the spans that start before an earlier span (by start) of the same group has ended. */
function overlapping<T extends Span>(items: T[], groupOf: (item: T) => string | number): number[] {
  const groups = new Map<string | number, number[]>();
  items.forEach((item, index) => {
    if (!Number.isFinite(item.startMinute) || !Number.isFinite(item.endMinute)) return;
    const key = groupOf(item);
    groups.set(key, [...(groups.get(key) ?? []), index]);
  });
  const found: number[] = [];
  for (const indexes of groups.values()) {
    const sorted = [...indexes].sort((a, b) => items[a]!.startMinute! - items[b]!.startMinute!);
    let end = -1;
    for (const index of sorted) {
      const item = items[index]!;
      if (item.startMinute! < end) found.push(index);
      end = Math.max(end, item.endMinute!);
    }
  }
  return found;
}

/** Weekly windows that overlap another window of the same weekday (the later one is marked). */
export const overlappingHours = (hours: HoursWindow[]): number[] => overlapping(hours, (w) => w.weekday);

/** Open one-off dates whose window overlaps another open window of the same day. */
export const overlappingDates = (dates: ListingDate[]): number[] =>
  overlapping(
    dates.map((d) => (d.kind === 'open' ? d : { startMinute: null, endMinute: null, day: d.day })),
    (d) => d.day,
  );
