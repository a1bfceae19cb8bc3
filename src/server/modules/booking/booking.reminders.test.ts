import { eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Database, Db } from '../../db/client.ts';
import { bookingBookings, bookingListings, outbox, users } from '../../db/schema/index.ts';
import { createMailer, type Mailer } from '../../lib/mailer.ts';
import { UNUSABLE_PASSWORD_HASH } from '../../lib/passwords.ts';
import { createTestDbs } from '../../testing/test-db.ts';
import { REMIND_BEFORE_HOURS, runReminders } from './booking.reminders.ts';

/**
 * The reminder mail the day before (issue 29 A, ADR 053), on PGlite and on PostgreSQL, where the two
 * handles are two pools on one database, as two app instances would have.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The job's clock: every booking is placed relative to it. */
const NOW = Date.parse('2026-12-01T09:00:00Z');
const at = (hours: number) => new Date(NOW + hours * HOUR);

let databases: Database[];
const db = (): Db => databases[0]!.db;
const peerDb = (): Db => databases[1]!.db;
const log = pino({ level: 'silent' });
/** One instance's job: its own connection and its own mailer (the outbox, no SMTP). */
const instance = (handle: Db, mailer: Mailer = createMailer({ db: handle, log, worker: null })) => ({
  db: handle,
  mailer,
  currency: 'EUR',
  publicUrl: 'https://atrium.example.com/',
  log,
});

let listingId: string;
let rangeListingId: string;
let counter = 0;

async function person(): Promise<{ id: string; email: string }> {
  const email = `reminder.${Date.now()}.${++counter}@example.com`;
  const [row] = await db()
    .insert(users)
    .values({ email, firstName: 'Rosa', lastName: `Remind${counter}`, passwordHash: UNUSABLE_PASSWORD_HASH })
    .returning({ id: users.id });
  return { id: row!.id, email };
}

async function book(
  startsInHours: number,
  over: Partial<typeof bookingBookings.$inferInsert> = {},
): Promise<{ id: string; number: string; email: string }> {
  const who = await person();
  const [row] = await db()
    .insert(bookingBookings)
    .values({
      listingId,
      userId: who.id,
      startsAt: at(startsInHours),
      endsAt: at(startsInHours + 2),
      guests: 2,
      unitPriceCents: 4500,
      priceCents: 9000,
      paymentMethod: 'cash',
      idempotencyKey: `reminder-${counter}`,
      status: 'confirmed',
      createdAt: new Date(NOW - 10 * DAY),
      ...over,
    })
    .returning({ id: bookingBookings.id, number: bookingBookings.number });
  return { ...row!, email: who.email };
}

const mailsTo = (emails: string[]) =>
  emails.length ? db().select().from(outbox).where(inArray(outbox.to, emails)) : Promise.resolve([]);

beforeAll(async () => {
  databases = await createTestDbs(2);
  const [slot, range] = await db()
    .insert(bookingListings)
    .values([
      {
        name: 'Old town walk',
        kind: 'tour',
        location: 'Place du Marché',
        priceCents: 4500,
        priceUnit: 'person',
        capacity: 1000,
        durationMinutes: 120,
        mode: 'slot',
        timeZone: 'Europe/Paris',
        status: 'published',
      },
      {
        name: 'Harbour room',
        kind: 'room',
        priceCents: 12000,
        priceUnit: 'unit',
        capacity: 3,
        durationMinutes: 1440,
        mode: 'range',
        timeZone: 'Asia/Ho_Chi_Minh',
        status: 'published',
      },
    ])
    .returning({ id: bookingListings.id });
  listingId = slot!.id;
  rangeListingId = range!.id;
});
afterAll(async () => {
  await databases?.[0]?.close();
});

describe('booking reminders', () => {
  it('mails each due booking once when two instances run the job at the same time', async () => {
    // More than one claim batch (100), pending and confirmed, all starting within the next day.
    const due = [];
    for (let i = 0; i < 130; i++) {
      due.push(await book(1 + (i % 23), { status: i % 3 === 0 ? 'pending' : 'confirmed' }));
    }
    const runs = await Promise.all([
      runReminders(instance(db()), new Date(NOW)),
      runReminders(instance(peerDb()), new Date(NOW)),
      runReminders(instance(db()), new Date(NOW)),
      runReminders(instance(peerDb()), new Date(NOW)),
    ]);
    expect(runs.reduce((n, r) => n + r, 0)).toBe(due.length);
    const mails = await mailsTo(due.map((d) => d.email));
    expect(mails).toHaveLength(due.length);
    expect(new Set(mails.map((m) => m.to)).size).toBe(due.length);
    // And once more: nothing new.
    expect(await runReminders(instance(peerDb()), new Date(NOW + 10 * 60_000))).toBe(0);
    expect(await mailsTo(due.map((d) => d.email))).toHaveLength(due.length);
  });

  it('skips cancelled, started, finished and later bookings, and those booked within the day', async () => {
    const skipped = [
      await book(5, { status: 'cancelled', cancelReason: 'Plans changed' }),
      await book(3, { status: 'checked_in' }),
      await book(4, { status: 'completed' }),
      await book(-1),
      await book(REMIND_BEFORE_HOURS + 3 * 24),
      await book(10, { createdAt: at(-2) }),
    ];
    expect(await runReminders(instance(db()), new Date(NOW))).toBe(0);
    expect(await mailsTo(skipped.map((s) => s.email))).toEqual([]);
  });

  it('mails the later booking the next day, and none of the earlier ones again', async () => {
    const tomorrow = await book(REMIND_BEFORE_HOURS + 6);
    const today = await book(8);
    expect(await runReminders(instance(db()), new Date(NOW))).toBe(1);
    expect(await mailsTo([tomorrow.email])).toEqual([]);
    // The next day (and the run after it).
    expect(await runReminders(instance(peerDb()), new Date(NOW + DAY))).toBe(1);
    expect(await runReminders(instance(db()), new Date(NOW + DAY + 10 * 60_000))).toBe(0);
    expect(await mailsTo([tomorrow.email])).toHaveLength(1);
    expect(await mailsTo([today.email])).toHaveLength(1);
  });

  it('writes the booking, its local time and what is left to do', async () => {
    const slot = await book(8, { status: 'pending' });
    const [row] = await db()
      .select({ id: bookingBookings.id })
      .from(bookingBookings)
      .where(eq(bookingBookings.number, slot.number));
    const who = await person();
    const [stay] = await db()
      .insert(bookingBookings)
      .values({
        listingId: rangeListingId,
        userId: who.id,
        // 2 December 00:00 to 4 December 00:00 in Ho Chi Minh City (UTC+7).
        startsAt: new Date('2026-12-01T17:00:00Z'),
        endsAt: new Date('2026-12-03T17:00:00Z'),
        guests: 1,
        unitPriceCents: 12000,
        priceCents: 24000,
        paymentMethod: 'bankTransfer',
        status: 'confirmed',
        paidAt: new Date(NOW - DAY),
        idempotencyKey: 'reminder-stay',
        createdAt: new Date(NOW - 20 * DAY),
      })
      .returning({ number: bookingBookings.number });
    expect(await runReminders(instance(db()), new Date(NOW))).toBe(2);

    const [mail] = await mailsTo([slot.email]);
    expect(mail!.subject).toContain(slot.number);
    expect(mail!.subject).toContain('Old town walk');
    // 17:00 UTC is 18:00 in Paris in December.
    expect(mail!.text).toContain('18:00');
    expect(mail!.text).toContain('Europe/Paris');
    expect(mail!.text).toContain('Place du Marché');
    expect(mail!.text).toContain('EUR 90.00, to pay by cash');
    expect(mail!.text).toContain('waiting for confirmation');
    expect(mail!.text).toContain(`https://atrium.example.com/dashboard/booking/${row!.id}`);

    const [stayMail] = await mailsTo([who.email]);
    expect(stayMail!.subject).toContain(stay!.number);
    expect(stayMail!.text).toMatch(/from Wednesday,? 2 December 2026 to Friday,? 4 December 2026/);
    expect(stayMail!.text).toContain('EUR 240.00, paid');
    expect(stayMail!.text).not.toContain('waiting for confirmation');
  });

  it('gives the claim back when the mail cannot be queued, so the next run sends it', async () => {
    const due = await book(6);
    const failing: Mailer = {
      send: async () => {
        throw new Error('outbox unavailable');
      },
    };
    expect(await runReminders(instance(db(), failing), new Date(NOW))).toBe(0);
    expect(await mailsTo([due.email])).toEqual([]);
    expect(await runReminders(instance(db()), new Date(NOW + 10 * 60_000))).toBe(1);
    expect(await mailsTo([due.email])).toHaveLength(1);
  });
});
