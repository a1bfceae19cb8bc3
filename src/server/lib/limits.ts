/**
 * The per-person limits on what people write and open (issue 24 C), in one table. Sized for people, not
 * scripts: a short burst passes (30 chat messages or 10 comments within a few seconds), a sustained flood
 * does not. Each kind has a per-minute window, which stops a flood at once, and a per-hour one, which stops a
 * slower one that would stay under the minute's; both are fixed windows in the database (rate-limiter.ts),
 * so they hold across instances. Beyond one, the API answers 429 with a message that names it.
 */
import type { Limit } from './rate-limiter.ts';

export type WriteKind = 'comment' | 'chatMessage' | 'conversation' | 'board' | 'calendarInvitation';

/** What a limit counts, as the message names it (“You can post at most 20 comments a minute.”). */
const things: Record<WriteKind, [verb: string, noun: string]> = {
  comment: ['post', 'comments'],
  chatMessage: ['send', 'chat messages'],
  conversation: ['start', 'conversations'],
  board: ['create', 'boards'],
  calendarInvitation: ['send', 'calendar invitations'],
};

/** [per minute, per hour] for each kind. */
export const writeLimits: Record<WriteKind, { perMinute: number; perHour: number }> = {
  // Blog comments and replies, kanban card comments and product reviews, together.
  comment: { perMinute: 20, perHour: 200 },
  // Messages, and the first message of a new conversation: two a second for a minute is still a person
  // pasting a list; the hour's cap stops it kept up.
  chatMessage: { perMinute: 120, perHour: 1_500 },
  conversation: { perMinute: 10, perHour: 60 },
  board: { perMinute: 20, perHour: 100 },
  // Events created or changed so that they name people other than their owner.
  calendarInvitation: { perMinute: 20, perHour: 200 },
};

const limit = (kind: WriteKind, max: number, windowSeconds: number, per: string): Limit => ({
  max,
  windowSeconds,
  message: `You can ${things[kind][0]} at most ${max} ${things[kind][1]} ${per}. Please wait and try again.`,
});

/**
 * The limiter checks for one person's write of `kind`, for `enforce(db, …)`: the minute's window first, so a
 * flood is stopped there without using up the hour's budget.
 */
export function writeLimit(kind: WriteKind, userId: string): Array<[key: string, limit: Limit]> {
  const { perMinute, perHour } = writeLimits[kind];
  return [
    [`write:${kind}:m:${userId}`, limit(kind, perMinute, 60, 'a minute')],
    [`write:${kind}:h:${userId}`, limit(kind, perHour, 3_600, 'an hour')],
  ];
}

/**
 * The real-time socket's limits (plugins/realtime.ts), kept in memory by each instance. A person with many
 * tabs works (one socket per tab); a tab sends `active` at most once a minute and `ping` rarely.
 */
export const socketLimits = {
  /** Open, signed-in sockets per person on one instance; one more is closed. */
  socketsPerPerson: 20,
  /** Sockets from one address that have not authenticated yet (each has 10 s to do so). */
  unauthenticatedPerIp: 20,
  /** Messages one socket may send: a bucket of `burst`, refilled by `perSecond`. */
  messageBurst: 20,
  messagesPerSecond: 1,
  /** An oversized frame is logged at most once per this many milliseconds (with a count of the others). */
  oversizeLogEveryMs: 60_000,
} as const;

/** Invoice PDFs (modules/invoices/invoice-pdfs.ts): renders one person may have running at once. */
export const invoicePdfLimits = {
  rendersPerPerson: 2,
  /** Rendered PDFs kept in memory, least recently used dropped first. */
  cacheBytes: 32 * 1024 * 1024,
} as const;
