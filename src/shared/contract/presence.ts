/**
 * Presence (issue #9 D, ADR 020): whether someone is there. `online` while one of their tabs holds the
 * real-time socket and they were active in the last 5 minutes, `away` after that, `offline` without a socket;
 * a person may also set `busy`, `away` or `offline` (appear offline) themself, which others then see while
 * they are connected. `GET /api/presence?userIds=` reads it, `PUT /api/presence` sets one's own choice, and
 * `presence.changed` events carry changes to every signed-in tab.
 */
import { z } from 'zod';

import { presenceStatuses } from './realtime.ts';

export { presenceStatuses, type PresenceStatus } from './realtime.ts';

/** Minutes without activity after which `online` becomes `away`. */
export const AWAY_AFTER_MINUTES = 5;

export const presenceSchema = z.object({
  userId: z.uuid(),
  status: z.enum(presenceStatuses),
  /** The last time they were active (for "last seen"); null when never. */
  lastActivity: z.iso.datetime({ offset: true }).nullable(),
});
export type Presence = z.infer<typeof presenceSchema>;

export const PRESENCE_USERS_MAX = 200;

/** `?userIds=a,b,c`: up to 200 ids. */
export const presenceQuery = z.object({
  userIds: z
    .string({ error: 'validation.userIdsInvalid' })
    .transform((value) => [...new Set(value.split(',').filter(Boolean))])
    .pipe(
      z
        .array(z.uuid({ error: 'validation.userIdsInvalid' }))
        .min(1, 'validation.userIdsInvalid')
        .max(PRESENCE_USERS_MAX, 'validation.userIdsInvalid'),
    ),
});

export const presenceResponse = z.object({ presence: z.array(presenceSchema) });

/** What a person chose: `online` lets activity decide (online or away). */
export const presenceChoiceInput = z.object({
  status: z.enum(presenceStatuses, { error: 'validation.presenceInvalid' }),
});

export const myPresenceResponse = z.object({
  choice: z.enum(presenceStatuses),
  presence: presenceSchema,
});
