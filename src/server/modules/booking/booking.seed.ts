/**
 * Booking demo data (issue 29 C): what the workspace offers, and about a year of bookings of it, so the
 * booking pages look alive on first start. Six published listings (two tours and a course in timed slots,
 * two rooms and an equipment rental in whole days) with weekly hours, buffers, a closed day ahead and one
 * behind, an extra opening, drawn covers when there is an uploads folder, and a draft. Their bookings by the
 * demo people run from eleven months ago to two months ahead, in every status, with their timelines, and
 * reviews of completed ones: accepted ones and a few pending.
 *
 * The server's rules hold: the slots are the listing's own (`slotsOn`), closed days have none, the guests of
 * a time never pass the capacity (counted here per slot and per day, cancelled ones too), a booking was made
 * before its notice, completed ones are over and reviews are of completed bookings only. Everything is
 * computed first and written with a few bulk inserts.
 */
import type { Db } from '../../db/client.ts';
import {
  bookingBookings,
  bookingDates,
  bookingEvents,
  bookingHours,
  bookingListings,
  bookingReviews,
  files,
} from '../../db/schema/index.ts';
import sharp from 'sharp';

import { seededFileName, writeUpload } from '../../db/seed/avatars.ts';
import { createRandom, type Random } from '../../db/seed/random.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { slotsOn, windowsOn } from './booking.availability.ts';
import { addDays, daysBetween, localDay, localToInstant } from './booking.time.ts';

const SEED = 2029;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** How far back and ahead the bookings go (days). */
const PAST_DAYS = 330;
const AHEAD_DAYS = 60;
/** The newest reviews are left for an administrator to accept or reject. */
const PENDING_REVIEWS = 6;

export interface BookingSeedOptions {
  adminId: string;
  /** The demo people who book (the demo admin books a few too). */
  peopleIds: string[];
  /** Where drawn covers are written (DATA_DIR/uploads); without it the listings have none. */
  uploadsDir?: string | undefined;
  /** Clock of the demo (tests pin it). */
  now?: number;
}

type Status = (typeof bookingBookings.$inferInsert)['status'] & string;
type Action = (typeof bookingEvents.$inferInsert)['action'];

interface Plan {
  name: string;
  kind: 'tour' | 'room' | 'course' | 'equipment';
  mode: 'slot' | 'range';
  description: string;
  location: string;
  priceCents: number;
  priceUnit: 'person' | 'unit';
  capacity: number;
  durationMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  bookingNoticeHours: number;
  cancelNoticeHours: number;
  timeZone: string;
  status: 'published' | 'draft';
  /** Weekly windows: weekdays (0 = Sunday), start and end minute. */
  hours: Array<[number[], number, number]>;
  /** Days from today (local) closed whatever the hours say; and one extra opening (day, start, end). */
  closed: number[];
  open?: [number, number, number];
  /** Chance that a day has bookings (slots), or that a stay starts on a day (ranges). */
  busy: number;
  colours: [string, string];
  gallery: number;
}

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];
const WEEKDAYS = [1, 2, 3, 4, 5];

const PLANS: Plan[] = [
  {
    name: 'Old town walking tour',
    kind: 'tour',
    mode: 'slot',
    description:
      '<p>Two hours through the old town with a local guide: the cathedral, the covered market and the hidden courtyards.</p><p>Comfortable shoes recommended; the tour goes ahead in light rain.</p>',
    location: 'Place du Marché, fountain side',
    priceCents: 2_500,
    priceUnit: 'person',
    capacity: 12,
    durationMinutes: 120,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 30,
    bookingNoticeHours: 2,
    cancelNoticeHours: 24,
    timeZone: 'Europe/Paris',
    status: 'published',
    hours: [[[1, 2, 3, 4, 5, 6], 9 * 60, 17 * 60]],
    closed: [-120, 12],
    open: [5, 18 * 60, 20 * 60 + 30],
    busy: 0.15,
    colours: ['#FFAB00', '#B76E00'],
    gallery: 1,
  },
  {
    name: 'Sunset kayak tour',
    kind: 'tour',
    mode: 'slot',
    description:
      '<p>Paddle along the river to the bay as the sun goes down. Kayaks, paddles and life jackets are provided; no experience needed.</p>',
    location: 'Thu Thiem pier',
    priceCents: 4_000,
    priceUnit: 'person',
    capacity: 8,
    durationMinutes: 90,
    bufferBeforeMinutes: 15,
    bufferAfterMinutes: 15,
    bookingNoticeHours: 4,
    cancelNoticeHours: 48,
    timeZone: 'Asia/Ho_Chi_Minh',
    status: 'published',
    hours: [[EVERY_DAY, 15 * 60, 19 * 60]],
    closed: [-45, 20],
    busy: 0.15,
    colours: ['#FF5630', '#7A0916'],
    gallery: 0,
  },
  {
    name: 'Watercolour for beginners',
    kind: 'course',
    mode: 'slot',
    description:
      '<p>A three-hour class in a small group: washes, layering and light. Paper, brushes and paints are included; take your painting home.</p>',
    location: 'Studio 4, Riverside Arts Centre',
    priceCents: 6_000,
    priceUnit: 'person',
    capacity: 10,
    durationMinutes: 180,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
    bookingNoticeHours: 24,
    cancelNoticeHours: 72,
    timeZone: 'Europe/London',
    status: 'published',
    hours: [
      [[6], 10 * 60, 13 * 60],
      [[3], 18 * 60, 21 * 60],
    ],
    closed: [-200, 17],
    busy: 0.9,
    colours: ['#00B8D9', '#003768'],
    gallery: 0,
  },
  {
    name: 'Harbour view room',
    kind: 'room',
    mode: 'range',
    description:
      '<p>A double room with a balcony over the harbour, breakfast included. Arrive from 3 pm, leave by 11 am.</p>',
    location: '12 Quay Street',
    priceCents: 12_000,
    priceUnit: 'unit',
    capacity: 2,
    durationMinutes: 1440,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
    bookingNoticeHours: 12,
    cancelNoticeHours: 48,
    timeZone: 'America/New_York',
    status: 'published',
    hours: [[EVERY_DAY, 0, 1440]],
    closed: [-60, 25],
    busy: 0.12,
    colours: ['#00A76F', '#004B50'],
    gallery: 1,
  },
  {
    name: 'Garden suite',
    kind: 'room',
    mode: 'range',
    description: '<p>Our largest suite, on the ground floor, with its own garden and a kitchenette.</p>',
    location: '12 Quay Street',
    priceCents: 18_000,
    priceUnit: 'unit',
    capacity: 1,
    durationMinutes: 1440,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
    bookingNoticeHours: 12,
    cancelNoticeHours: 72,
    timeZone: 'America/New_York',
    status: 'published',
    hours: [[EVERY_DAY, 0, 1440]],
    closed: [-30, 40],
    busy: 0.1,
    colours: ['#8E33FF', '#27097A'],
    gallery: 0,
  },
  {
    name: 'Mountain bike rental',
    kind: 'equipment',
    mode: 'range',
    description:
      '<p>Full-suspension mountain bikes with a helmet and a lock, by the day. Collect from 8 am, bring back by 6 pm.</p>',
    location: 'Trailhead shop, Valley Road',
    priceCents: 3_500,
    priceUnit: 'unit',
    capacity: 6,
    durationMinutes: 1440,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
    bookingNoticeHours: 2,
    cancelNoticeHours: 24,
    timeZone: 'Europe/Berlin',
    status: 'published',
    hours: [
      [WEEKDAYS, 8 * 60, 18 * 60],
      [[0, 6], 7 * 60, 19 * 60],
    ],
    closed: [-90, 9],
    busy: 0.15,
    colours: ['#22C55E', '#065E49'],
    gallery: 0,
  },
  {
    name: 'Wine tasting evening',
    kind: 'tour',
    mode: 'slot',
    description:
      '<p>Six wines of the region with cheeses, in the old cellar. (Draft: dates to be confirmed.)</p>',
    location: 'Cellar of the Maison Blanche',
    priceCents: 5_500,
    priceUnit: 'person',
    capacity: 16,
    durationMinutes: 150,
    bufferBeforeMinutes: 15,
    bufferAfterMinutes: 15,
    bookingNoticeHours: 24,
    cancelNoticeHours: 48,
    timeZone: 'Europe/Paris',
    status: 'draft',
    hours: [[[5], 19 * 60, 22 * 60]],
    closed: [],
    busy: 0,
    colours: ['#B71D18', '#7A0916'],
    gallery: 0,
  },
];

const CANCEL_REASONS = [
  'Plans changed',
  'Could not travel that day',
  'Booked the wrong date',
  'Feeling unwell',
  'The weather forecast was bad',
];
const REVIEWS: Record<Plan['kind'], Array<[number, string[], string]>> = {
  tour: [
    [
      5,
      ['Friendly guide', 'Great value'],
      'Our guide knew every corner and told the stories well. Highly recommended.',
    ],
    [5, ['Friendly guide'], 'A lovely way to spend the afternoon, and the group was small.'],
    [4, ['Great value'], 'Very good, though a little rushed at the end.'],
    [4, [], 'Well organised and on time.'],
    [3, ['Crowded'], 'Interesting, but the group was large and hard to hear at times.'],
  ],
  course: [
    [
      5,
      ['Patient teacher', 'All materials included'],
      'I had never painted before and went home with something I like.',
    ],
    [5, ['Patient teacher'], 'Relaxed and encouraging; I will book the next one.'],
    [4, ['All materials included'], 'Good class, the studio was a bit warm.'],
  ],
  room: [
    [5, ['Clean', 'Great view'], 'Spotless room and a wonderful view over the harbour.'],
    [4, ['Clean', 'Quiet'], 'Comfortable and quiet; breakfast could start earlier.'],
    [5, ['Great view'], 'Exactly as pictured. We will be back.'],
    [3, ['Noisy'], 'Nice room, but the street was loud on Saturday night.'],
  ],
  equipment: [
    [5, ['Well maintained'], 'The bike was in perfect shape and the staff set it up for me.'],
    [4, ['Easy pick-up'], 'Quick pick-up and return, good bikes.'],
    [4, ['Well maintained', 'Great value'], 'Good value for a full day on the trails.'],
  ],
};

interface Draft {
  listing: number;
  userId: string;
  startsAt: Date;
  endsAt: Date;
  guests: number;
  periods: number;
}

interface Written {
  booking: typeof bookingBookings.$inferInsert & { id: string };
  events: Array<typeof bookingEvents.$inferInsert>;
  review?: typeof bookingReviews.$inferInsert;
}

export const PICTURE_SIZE = { width: 800, height: 450 } as const;

/** A drawn landscape in the listing's colours (a gradient sky, a sun, a hill), cheap to encode. */
function renderPicture(random: Random, [from, to]: [string, string]): Promise<Buffer> {
  const { width, height } = PICTURE_SIZE;
  const hill = Array.from({ length: 5 }, (_, i) => `${(i * width) / 4},${random.int(260, 360)}`).join(' L');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#g)"/>` +
    `<circle cx="${random.int(120, 680)}" cy="${random.int(80, 160)}" r="${random.int(40, 70)}" fill="#FFFFFF" opacity="0.35"/>` +
    `<path d="M0,${height} L${hill} L${width},${height} Z" fill="#000000" opacity="0.25"/></svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 75, effort: 0 }).toBuffer();
}

const between = (random: Random, from: number, to: number) => from + Math.floor(random.next() * (to - from));

/** The bookings of one listing, never more guests at a time than its capacity. */
function draftsOf(
  random: Random,
  plan: Plan,
  index: number,
  hours: Array<{ weekday: number; startMinute: number; endMinute: number }>,
  dates: Array<{
    day: string;
    kind: 'open' | 'closed';
    startMinute: number | null;
    endMinute: number | null;
  }>,
  people: string[],
  first: string,
  last: string,
): Draft[] {
  const drafts: Draft[] = [];
  const days = daysBetween(first, last);
  if (plan.mode === 'slot') {
    for (let d = 0; d < days; d++) {
      const day = addDays(first, d);
      const windows = windowsOn(day, hours, dates);
      // Most days stay empty (and their slots are not even worked out); half the slots of a busy day fill.
      if (!windows.length || random.next() >= plan.busy) continue;
      for (const slot of slotsOn(plan, day, windows)) {
        if (random.next() >= 0.5) continue;
        let left = plan.capacity;
        for (let n = random.int(1, 3); n > 0 && left > 0; n--) {
          const guests = Math.min(left, random.int(1, 4));
          left -= guests;
          drafts.push({ listing: index, userId: random.pick(people), ...slot, guests, periods: 1 });
        }
      }
    }
    return drafts;
  }
  // Ranges: units taken per local day; a stay takes whole open days.
  const taken = new Array<number>(days).fill(0);
  for (let d = 0; d < days; d++) {
    // A stay from yesterday, checked in now, on each; others at random.
    const now = d === PAST_DAYS - 1;
    if (!now && random.next() >= plan.busy) continue;
    const nights = now ? 3 : random.int(1, plan.kind === 'equipment' ? 3 : 5);
    if (d + nights > days) continue;
    let free = plan.capacity;
    let open = true;
    for (let i = d; i < d + nights; i++) {
      free = Math.min(free, plan.capacity - taken[i]!);
      if (!windowsOn(addDays(first, i), hours, dates).length) open = false;
    }
    if (!open || free <= 0) continue;
    const guests = random.int(1, Math.min(free, plan.kind === 'equipment' ? 3 : 1));
    for (let i = d; i < d + nights; i++) taken[i]! += guests;
    drafts.push({
      listing: index,
      userId: random.pick(people),
      startsAt: localToInstant(addDays(first, d), 0, plan.timeZone),
      endsAt: localToInstant(addDays(first, d + nights), 0, plan.timeZone),
      guests,
      periods: nights,
    });
  }
  return drafts;
}

/** A booking's status, payment, timeline and review, consistent with `now`. */
function lifeOf(random: Random, plan: Plan, draft: Draft, n: number, adminId: string, now: number): Written {
  const start = draft.startsAt.getTime();
  const end = draft.endsAt.getTime();
  // Made before its notice, and before now.
  const createdAt = Math.min(
    start - plan.bookingNoticeHours * HOUR - between(random, HOUR, 25 * DAY),
    now - between(random, 10 * 60_000, 3 * DAY),
  );
  const roll = random.next();
  let status: Status;
  if (end <= now) status = roll < 0.85 ? 'completed' : 'cancelled';
  else if (start <= now) status = roll < 0.92 ? 'checked_in' : 'cancelled';
  else if (roll < 0.12) status = 'cancelled';
  else status = roll < (start - now < 3 * DAY ? 0.8 : 0.55) ? 'confirmed' : 'pending';

  const method = random.next() < 0.5 ? ('cash' as const) : ('bankTransfer' as const);
  const id = crypto.randomUUID();
  const events: Written['events'] = [];
  const event = (action: Action, at: number, actorId: string | null = adminId, note: string | null = null) =>
    events.push({ bookingId: id, action, actorId, note, createdAt: new Date(at) });
  event('created', createdAt, draft.userId);

  let paidAt: number | null = null;
  const decided = Math.min(createdAt + between(random, HOUR, 2 * DAY), start - HOUR, now);
  let cancelReason: string | null = null;
  if (status === 'cancelled') {
    // The person cancels before the cancel notice; an administrator may cancel later.
    const by = (latest: number) => Math.min(createdAt + between(random, HOUR, 10 * DAY), latest, now);
    const own = by(start - Math.max(plan.cancelNoticeHours, 1) * HOUR);
    const byPerson = own > createdAt && random.next() < 0.7;
    const at = byPerson ? own : Math.max(by(start - HOUR), createdAt + 60_000);
    cancelReason = byPerson ? random.pick(CANCEL_REASONS) : 'The listing was unavailable that day';
    if (random.next() < 0.4 && decided < at) event('confirmed', decided);
    event('cancelled', at, byPerson ? draft.userId : adminId, cancelReason);
  } else if (status !== 'pending') {
    // A bank transfer is paid ahead (which confirms it); cash is paid at the door.
    if (method === 'bankTransfer' && (status !== 'confirmed' || random.next() < 0.7)) {
      paidAt = decided;
      event('paid', decided);
      event('confirmed', decided);
    } else {
      event('confirmed', decided);
    }
    if (status === 'checked_in' || status === 'completed') {
      if (paidAt === null) {
        paidAt = start;
        event('paid', start);
      }
      event('checked_in', Math.min(start + 60_000, now));
    }
    if (status === 'completed') event('completed', Math.min(end + between(random, 60_000, 2 * HOUR), now));
  }

  let review: Written['review'];
  if (status === 'completed' && random.next() < 0.3) {
    const at = end + between(random, 2 * HOUR, 6 * DAY);
    if (at < now) {
      const [rating, tags, text] = random.pick(REVIEWS[plan.kind]);
      const recent = now - at < 10 * DAY;
      const accepted = random.next() < 0.9 || rating >= 4;
      const decidedAt = Math.min(at + between(random, HOUR, 2 * DAY), now);
      review = {
        bookingId: id,
        listingId: '',
        userId: draft.userId,
        rating,
        tags,
        text,
        status: recent ? 'pending' : accepted ? 'accepted' : 'rejected',
        decidedBy: recent ? null : adminId,
        decidedAt: recent ? null : new Date(decidedAt),
        createdAt: new Date(at),
      };
      event('reviewed', at, draft.userId);
    }
  }

  const remindAt = start - DAY;
  const reminded = status !== 'cancelled' && remindAt <= now && createdAt <= remindAt;
  const unitPriceCents = plan.priceCents;
  return {
    booking: {
      id,
      listingId: '',
      userId: draft.userId,
      startsAt: draft.startsAt,
      endsAt: draft.endsAt,
      guests: draft.guests,
      unitPriceCents,
      priceCents: unitPriceCents * (plan.priceUnit === 'person' ? draft.guests : 1) * draft.periods,
      status,
      cancelReason,
      paymentMethod: method,
      paidAt: paidAt === null ? null : new Date(paidAt),
      remindedAt: reminded ? new Date(remindAt) : null,
      idempotencyKey: `seed-${n}`,
      createdAt: new Date(createdAt),
      updatedAt: events.reduce((latest, e) => (e.createdAt! > latest ? e.createdAt! : latest), new Date(0)),
    },
    events,
    ...(review ? { review } : {}),
  };
}

async function insertChunks<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

export async function seedBooking(db: Db, options: BookingSeedOptions): Promise<void> {
  const random = createRandom(SEED);
  const now = options.now ?? Date.now();
  const people = [options.adminId, ...options.peopleIds.filter((id) => id !== options.adminId)];

  // Covers (and a small gallery for some), drawn before the transaction.
  const pictures = options.uploadsDir
    ? await Promise.all(
        PLANS.flatMap((plan, p) =>
          plan.status === 'published'
            ? Array.from({ length: 1 + plan.gallery }, async (_, g) => ({
                plan: p,
                storageKey: seededFileName(random),
                data: await renderPicture(random, g % 2 ? [plan.colours[1], plan.colours[0]] : plan.colours),
              }))
            : [],
        ),
      )
    : [];
  if (options.uploadsDir) {
    const dir = options.uploadsDir;
    await Promise.all(pictures.map((p) => writeUpload(dir, p.storageKey, p.data)));
  }

  await db.transaction(async (tx) => {
    const stored = pictures.length
      ? await tx
          .insert(files)
          .values(
            pictures.map((p, i) => ({
              ownerId: options.adminId,
              use: 'listing' as const,
              storageKey: p.storageKey,
              name: `${PLANS[p.plan]!.name.toLowerCase().replaceAll(' ', '-')}-${i + 1}.webp`,
              mimeType: 'image/webp',
              size: p.data.length,
              ...PICTURE_SIZE,
              createdAt: new Date(now - (PAST_DAYS + 10) * DAY),
            })),
          )
          .returning({ id: files.id })
      : [];
    const photosOf = (p: number) => pictures.flatMap((pic, i) => (pic.plan === p ? [stored[i]!.id] : []));

    const listingRows = await tx
      .insert(bookingListings)
      .values(
        PLANS.map((plan, p) => {
          const photos = photosOf(p);
          const created = new Date(now - (PAST_DAYS + 10 - p) * DAY);
          return {
            name: plan.name,
            kind: plan.kind,
            description: sanitizeRichText(plan.description),
            location: plan.location,
            coverFileId: photos[0] ?? null,
            galleryFileIds: photos.slice(1),
            priceCents: plan.priceCents,
            priceUnit: plan.priceUnit,
            capacity: plan.capacity,
            durationMinutes: plan.durationMinutes,
            mode: plan.mode,
            bufferBeforeMinutes: plan.bufferBeforeMinutes,
            bufferAfterMinutes: plan.bufferAfterMinutes,
            bookingNoticeHours: plan.bookingNoticeHours,
            cancelNoticeHours: plan.cancelNoticeHours,
            timeZone: plan.timeZone,
            status: plan.status,
            createdAt: created,
            updatedAt: created,
          };
        }),
      )
      .returning({ id: bookingListings.id });
    const listingIds = listingRows.map((r) => r.id);

    const hourRows: Array<typeof bookingHours.$inferInsert> = [];
    const dateRows: Array<typeof bookingDates.$inferInsert & { listing: number }> = [];
    const drafts: Draft[] = [];
    PLANS.forEach((plan, p) => {
      const listingId = listingIds[p]!;
      const hours = plan.hours.flatMap(([weekdays, startMinute, endMinute]) =>
        weekdays.map((weekday) => ({ weekday, startMinute, endMinute })),
      );
      hourRows.push(...hours.map((h) => ({ ...h, listingId })));
      const today = localDay(new Date(now), plan.timeZone);
      const dates = [
        ...plan.closed.map((d) => ({
          day: addDays(today, d),
          kind: 'closed' as const,
          startMinute: null,
          endMinute: null,
        })),
        ...(plan.open
          ? [
              {
                day: addDays(today, plan.open[0]),
                kind: 'open' as const,
                startMinute: plan.open[1],
                endMinute: plan.open[2],
              },
            ]
          : []),
      ];
      dateRows.push(...dates.map((d) => ({ ...d, listingId, listing: p })));
      if (plan.status !== 'published') return;
      drafts.push(
        ...draftsOf(
          random,
          plan,
          p,
          hours,
          dates,
          people,
          addDays(today, -PAST_DAYS),
          addDays(today, AHEAD_DAYS),
        ),
      );
    });
    await tx.insert(bookingHours).values(hourRows);
    await tx.insert(bookingDates).values(dateRows.map(({ listing: _, ...d }) => d));

    const written = drafts.map((draft, n) => {
      const life = lifeOf(random, PLANS[draft.listing]!, draft, n, options.adminId, now);
      const listingId = listingIds[draft.listing]!;
      return {
        ...life,
        booking: { ...life.booking, listingId },
        ...(life.review ? { review: { ...life.review, listingId } } : {}),
      };
    });
    // Numbers in the order the bookings were made; the timeline in the order things happened.
    written.sort((a, b) => a.booking.createdAt!.getTime() - b.booking.createdAt!.getTime());
    await insertChunks(
      written.map((w) => w.booking),
      2_000,
      (chunk) => tx.insert(bookingBookings).values(chunk),
    );
    const events = written
      .flatMap((w) => w.events)
      .sort((a, b) => a.createdAt!.getTime() - b.createdAt!.getTime());
    await insertChunks(events, 5_000, (chunk) => tx.insert(bookingEvents).values(chunk));
    // The newest reviews wait for an administrator's decision (at least PENDING_REVIEWS of them).
    const reviews = written
      .flatMap((w) => (w.review ? [w.review] : []))
      .sort((a, b) => a.createdAt!.getTime() - b.createdAt!.getTime());
    for (const review of reviews.slice(-PENDING_REVIEWS)) {
      Object.assign(review, { status: 'pending', decidedBy: null, decidedAt: null });
    }
    if (reviews.length) await tx.insert(bookingReviews).values(reviews);
  });
}
