import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';

import type { AttendeeResponse } from '#shared/contract/calendar.ts';

import type { Db } from '../../db/client.ts';
import { calendarAttendees, calendarEvents, calendarFeeds, users } from '../../db/schema/index.ts';

export type EventRow = typeof calendarEvents.$inferSelect;

export interface EventFields {
  title: string;
  description: string;
  color: string;
  allDay: boolean;
  start: Date;
  end: Date;
}

export interface Person {
  id: string;
  name: string;
  avatarUrl: string | null;
}

export interface EventWithPeople {
  event: EventRow;
  owner: Person;
  attendees: Array<Person & { response: AttendeeResponse }>;
}

/** The most events one answer holds (a year of a busy calendar). */
const EVENTS_MAX = 5000;

const personColumns = {
  id: users.id,
  name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
  avatarUrl: users.avatarUrl,
};

/** Events up to this long are found by their start; longer ones through their own small index. */
const LONG = sql`interval '7 days'`;

/**
 * The events `userId` owns or attends that overlap [start, end) (all of them without a range), each part an
 * index range scan: events starting in the range or a week before it, and the few longer ones (a partial
 * index), among their own and among those they attend.
 */
export async function eventsFor(
  db: Db,
  userId: string,
  range: { start: Date; end: Date } | null,
): Promise<EventWithPeople[]> {
  let ids;
  if (range) {
    const { start, end } = range;
    const overlaps = sql`e.start < ${end} and (e."end" > ${start} or e.start = ${start})`;
    const recent = sql`e.start >= ${start}::timestamptz - ${LONG}`;
    const long = sql`e."end" - e.start > ${LONG}`;
    ids = sql`(
      select e.id from ${calendarEvents} e where e.owner_id = ${userId} and ${recent} and ${overlaps}
      union
      select e.id from ${calendarEvents} e where e.owner_id = ${userId} and ${long} and ${overlaps}
      union
      select e.id from ${calendarEvents} e join ${calendarAttendees} a on a.event_id = e.id and a.user_id = ${userId}
        where ${recent} and ${overlaps}
      union
      select e.id from ${calendarEvents} e join ${calendarAttendees} a on a.event_id = e.id and a.user_id = ${userId}
        where ${long} and ${overlaps})`;
  } else {
    ids = sql`(
      select e.id from ${calendarEvents} e where e.owner_id = ${userId}
      union
      select a.event_id from ${calendarAttendees} a where a.user_id = ${userId})`;
  }
  // The ids first (each part an index scan), then the rows by primary key.
  const found = (await db.execute(sql`select id from ${ids} as found limit ${EVENTS_MAX}`)) as unknown as {
    rows: Array<{ id: string }>;
  };
  if (!found.rows.length) return [];
  const rows = await db
    .select({ event: calendarEvents, owner: personColumns })
    .from(calendarEvents)
    .innerJoin(users, eq(users.id, calendarEvents.ownerId))
    .where(
      inArray(
        calendarEvents.id,
        found.rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(calendarEvents.start), asc(calendarEvents.id));
  return withAttendees(db, rows);
}

async function withAttendees(
  db: Db,
  rows: Array<{ event: EventRow; owner: Person }>,
): Promise<EventWithPeople[]> {
  if (!rows.length) return [];
  const attendees = await db
    .select({ eventId: calendarAttendees.eventId, response: calendarAttendees.response, ...personColumns })
    .from(calendarAttendees)
    .innerJoin(users, eq(users.id, calendarAttendees.userId))
    .where(
      inArray(
        calendarAttendees.eventId,
        rows.map((r) => r.event.id),
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName));
  return rows.map((row) => ({
    ...row,
    attendees: attendees
      .filter((a) => a.eventId === row.event.id)
      .map(({ id, name, avatarUrl, response }) => ({ id, name, avatarUrl, response })),
  }));
}

/** One event as `userId` may see it (owner or attendee); undefined for anyone else. */
export async function visibleEvent(
  db: Db,
  userId: string,
  eventId: string,
): Promise<EventWithPeople | undefined> {
  const rows = await db
    .select({ event: calendarEvents, owner: personColumns })
    .from(calendarEvents)
    .innerJoin(users, eq(users.id, calendarEvents.ownerId))
    .where(
      and(
        eq(calendarEvents.id, eventId),
        or(
          eq(calendarEvents.ownerId, userId),
          sql`exists (select 1 from ${calendarAttendees} a where a.event_id = ${calendarEvents.id} and a.user_id = ${userId})`,
        ),
      ),
    );
  return (await withAttendees(db, rows))[0];
}

/** Active users among `ids` other than the owner (attendees must be people of the instance). */
export async function validAttendees(db: Db, ownerId: string, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids)].filter((id) => id !== ownerId);
  if (!unique.length) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, unique), eq(users.status, 'active')));
  return rows.map((r) => r.id);
}

export async function createEvent(
  db: Db,
  ownerId: string,
  fields: EventFields,
  attendeeIds: readonly string[],
): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(calendarEvents)
      .values({ ownerId, ...fields })
      .returning({ id: calendarEvents.id });
    if (attendeeIds.length) {
      await tx.insert(calendarAttendees).values(attendeeIds.map((userId) => ({ eventId: row!.id, userId })));
    }
    return row!.id;
  });
}

/**
 * Changes the owner's event (only what `fields` holds; attendees replaced when given, keeping the answers of
 * those who stay). Returns the attendees before and after, or undefined when it is not the owner's event.
 */
export async function updateEvent(
  db: Db,
  ownerId: string,
  eventId: string,
  fields: Partial<EventFields>,
  attendeeIds: readonly string[] | undefined,
): Promise<{ before: string[]; after: string[] } | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(calendarEvents)
      .set({ ...fields, version: sql`${calendarEvents.version} + 1`, updatedAt: sql`now()` })
      .where(and(eq(calendarEvents.id, eventId), eq(calendarEvents.ownerId, ownerId)))
      .returning({ id: calendarEvents.id });
    if (!row) return undefined;
    const before = (
      await tx
        .select({ id: calendarAttendees.userId })
        .from(calendarAttendees)
        .where(eq(calendarAttendees.eventId, eventId))
    ).map((a) => a.id);
    if (attendeeIds === undefined) return { before, after: before };
    const after = [...new Set(attendeeIds)];
    const gone = before.filter((id) => !after.includes(id));
    if (gone.length) {
      await tx
        .delete(calendarAttendees)
        .where(and(eq(calendarAttendees.eventId, eventId), inArray(calendarAttendees.userId, gone)));
    }
    const added = after.filter((id) => !before.includes(id));
    if (added.length) {
      await tx.insert(calendarAttendees).values(added.map((userId) => ({ eventId, userId })));
    }
    return { before, after };
  });
}

/** Deletes the owner's event; its attendees, or undefined when it is not the owner's event. */
export async function deleteEvent(db: Db, ownerId: string, eventId: string): Promise<string[] | undefined> {
  return db.transaction(async (tx) => {
    const attendees = await tx
      .select({ id: calendarAttendees.userId })
      .from(calendarAttendees)
      .where(eq(calendarAttendees.eventId, eventId));
    const gone = await tx
      .delete(calendarEvents)
      .where(and(eq(calendarEvents.id, eventId), eq(calendarEvents.ownerId, ownerId)))
      .returning({ id: calendarEvents.id });
    return gone.length ? attendees.map((a) => a.id) : undefined;
  });
}

/** An attendee's answer; false when `userId` does not attend the event. */
export async function respond(
  db: Db,
  userId: string,
  eventId: string,
  response: AttendeeResponse,
): Promise<boolean> {
  const rows = await db
    .update(calendarAttendees)
    .set({ response })
    .where(and(eq(calendarAttendees.eventId, eventId), eq(calendarAttendees.userId, userId)))
    .returning({ eventId: calendarAttendees.eventId });
  return rows.length > 0;
}

// ── the iCalendar feed ──────────────────────────────────────────────────────────────────────────────────

export async function hasFeed(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  return Boolean(row);
}

/** Makes (or replaces) the user's feed with this token hash. */
export async function setFeed(db: Db, userId: string, tokenHash: string): Promise<void> {
  await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash, createdAt: sql`now()` } });
}

export async function removeFeed(db: Db, userId: string): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

/** The active user whose feed token hashes to `tokenHash`. */
export async function feedOwner(db: Db, tokenHash: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(and(eq(calendarFeeds.tokenHash, tokenHash), eq(users.status, 'active')));
  return row?.userId;
}
