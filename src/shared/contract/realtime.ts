/**
 * The real-time channel (`GET /api/realtime`, a WebSocket; ADR 015). Plain types and constants, no zod: the
 * client's socket code is part of every signed-in page. The server checks what clients send by hand (one
 * message type).
 *
 * Events carry ids and small fields, never whole records: the client refetches what it shows (a fan-out
 * message on PostgreSQL must stay under 8,000 bytes).
 */

import type { BookingStatus } from './booking-limits.ts';
import type { OrderStatus } from './orders-limits.ts';

export const REALTIME_PATH = '/api/realtime';

/** The largest message a client may send (the `ws` default would be 100 MiB). */
export const REALTIME_MAX_MESSAGE_BYTES = 16 * 1024;

/** Close codes (4000–4999 are the application's). */
export const realtimeCloseCodes = {
  /** No valid `auth` message in time, or its token was refused: get a fresh token, then connect again. */
  unauthorized: 4401,
  /** The session ended (sign-out, ban, password change, expiry): do not reconnect. */
  sessionEnded: 4403,
  /** A message the server does not understand. */
  badMessage: 4400,
  /**
   * Over a limit (messages too fast, too many sockets for one person, or too many unauthenticated sockets
   * from one address; the reason says which): connect again later, with back-off.
   */
  tooMany: 4429,
} as const;

/** Presence states (contract/presence.ts). */
export const presenceStatuses = ['online', 'away', 'busy', 'offline'] as const;
export type PresenceStatus = (typeof presenceStatuses)[number];

/**
 * Client → server. `auth` is the first message of a connection (the token never goes in the URL); `active`
 * says the person used the page (sent at most once a minute), which keeps them `online` rather than `away`.
 */
export type RealtimeClientMessage = { type: 'auth'; token: string } | { type: 'ping' } | { type: 'active' };

/** How often a tab at most says it is active. */
export const ACTIVITY_EVERY_MS = 60_000;

/** Server → client. */
export type RealtimeServerMessage =
  | { type: 'ready' }
  | { type: 'pong' }
  /** Events may have been missed (the server's fan-out reconnected): refetch what is shown. */
  | { type: 'resync' }
  | RealtimeEvent;

/** What areas publish. Each domain adds its events here, addressed to users by the server. */
export type RealtimeEvent =
  /** The user's notifications changed (a new one, or read elsewhere): refetch list and unread count. */
  | { type: 'notifications.changed'; unreadCount: number }
  /** Chat (to the conversation's participants): a new message, a deleted one, how far someone read, typing,
   * a conversation started or renamed. Clients refetch the conversation (or patch it from the ids). */
  | { type: 'chat.message'; conversationId: string; messageId: string; senderId: string }
  | { type: 'chat.messageDeleted'; conversationId: string; messageId: string }
  | { type: 'chat.read'; conversationId: string; userId: string; messageId: string | null }
  | { type: 'chat.typing'; conversationId: string; userId: string }
  | { type: 'chat.conversation'; conversationId: string }
  /** Mail: a new mail in the user's inbox (their copy's id); the user's mailbox changed in another tab. */
  | { type: 'mail.new'; mailId: string }
  | { type: 'mail.changed' }
  /** Calendar: an event the user owns or attends was created, changed, answered or deleted. */
  | { type: 'calendar.changed'; eventId: string }
  /**
   * Kanban (to the board's members, and to someone just added or removed): something on the board changed
   * (`cardId` when one card did: an edit, a move, a comment or an attachment). Clients refetch the board
   * (and the open card); a 404 means they are no longer a member.
   */
  | { type: 'kanban.changed'; boardId: string; cardId: string | null }
  /**
   * Orders (to the customer and to every administrator): an order was placed or its status changed.
   * Clients refetch the order and the lists that show it.
   */
  | { type: 'orders.changed'; orderId: string; status: OrderStatus }
  /**
   * Invoices (to the owner and every administrator): an invoice was created, edited, sent, marked paid or
   * unpaid, or deleted. Clients refetch the invoice (a 404: it was deleted) and the lists that show it.
   */
  | { type: 'invoices.changed'; invoiceId: string }
  /**
   * Blog (to every signed-in user for a published post, or one that was; to the author and administrators
   * for a draft): a post was written, edited, deleted, liked or commented on. Clients refetch the lists and
   * the open post (a 404: it was deleted or is a draft now).
   */
  | { type: 'posts.changed'; postId: string }
  /**
   * Catalog (to every signed-in user for a published product, or one that was or may have been: a deleted
   * one; to the administrators for a draft): a product was created, edited (its stock too), given new
   * pictures, reviewed or deleted (`productId` null: several at once). Clients refetch the figures and
   * lists that show products. Stock an order takes or gives back is told by `orders.changed`.
   */
  | { type: 'products.changed'; productId: string | null }
  /**
   * Accounts (to every active administrator): an account was created (registration or by an administrator),
   * verified its email, changed role, status, country or profile, or was deleted. Clients refetch the
   * figures and lists that count people.
   */
  | { type: 'users.changed'; userId: string }
  /**
   * Banking (to the people a write concerns: the owner; both sides of a transfer or a money request): balances,
   * transactions or requests changed. Clients refetch the banking figures and lists they show.
   */
  | { type: 'banking.changed'; transactionId: string | null; requestId: string | null }
  /**
   * Files (to the owner of the folder and everyone it is shared with, directly or through a folder above):
   * something in the folder changed (an item added, renamed, moved in or out, trashed, restored, shared, a
   * new version). `folderId` null: the owner's root. Clients refetch the lists and details they show.
   */
  | { type: 'files.changed'; folderId: string | null; ownerId: string; itemId: string | null }
  /**
   * Booking (ADR 053; to the booking's person and every active administrator): a booking was made, changed
   * status, was paid or reviewed, or its review was decided. Clients refetch the booking and its lists.
   */
  | { type: 'booking.changed'; bookingId: string; status: BookingStatus }
  /**
   * Booking (to every signed-in user for a published listing, or one that was; to the administrators for a
   * draft): a listing was created, edited or deleted, or its reviews changed. Clients refetch listings.
   */
  | { type: 'booking.listingChanged'; listingId: string }
  /**
   * Analytics (issue 30; to every active administrator): new events of the site were written (at most once a
   * second per site, after a batch), so its figures and "visitors now" moved. Clients refetch what they show.
   */
  | { type: 'analytics.events'; siteId: string }
  /** Analytics (to every active administrator): a site was added, edited or removed. */
  | { type: 'analytics.siteChanged'; siteId: string }
  /** Someone's presence changed (sent to every signed-in user). */
  | { type: 'presence.changed'; userId: string; status: PresenceStatus; lastActivity: string | null };

export type RealtimeEventType = RealtimeEvent['type'];
