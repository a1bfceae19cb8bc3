import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { apiCalls } from '../testing/http.ts';
import { member, type Member } from '../testing/members.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { writeLimits } from './limits.ts';

/**
 * The per-person write limits (issue 24 C): a person's burst passes, a flood gets 429 with a message that
 * names the limit, and one person's flood leaves everyone else's budget alone.
 */
let t: TestApp;
let admin: Member;

beforeAll(async () => {
  t = await createTestApp();
  admin = await member(t.app, 'Grace', 'Hopper');
});
afterAll(async () => {
  await t?.close();
});

const { call, ok } = apiCalls(() => t.app, '');

/** Sends `count` requests one after the other, as fast as they go; their statuses. */
async function burst(count: number, send: (i: number) => Promise<LightMyRequestResponse>) {
  const answers: LightMyRequestResponse[] = [];
  for (let i = 0; i < count; i++) answers.push(await send(i));
  return answers;
}

function expectLimited(res: LightMyRequestResponse | undefined, what: RegExp) {
  expect(res?.statusCode, res?.body).toBe(429);
  expect(res?.headers['retry-after']).toMatch(/^\d+$/);
  const body = res!.json<{ message: string; code: string }>();
  expect(body.code).toBe('RATE_LIMITED');
  expect(body.message).toMatch(what);
}

describe('per-person write limits', () => {
  it('chat: a burst of 30 messages passes, a flood gets 429 naming the limit; others still write', async () => {
    const ada = await member(t.app, 'Ada');
    const bob = await member(t.app, 'Bob');
    const started = await ok<{ conversation: { id: string } }>(ada, 'POST', '/api/chat/conversations', {
      recipientIds: [bob.id],
      message: { body: 'hello', clientId: 'limits-start' },
    });
    const conversationId = started.conversation.id;
    const say = (who: Member, i: number) =>
      call(who, 'POST', '/api/chat/messages', {
        conversationId,
        body: `m${i}`,
        clientId: `limits-${who.id}-${i}`,
      });

    const human = await burst(30, (i) => say(ada, i));
    expect(human.map((r) => r.statusCode)).toEqual(Array(30).fill(200));

    const { perMinute } = writeLimits.chatMessage;
    // The conversation's first message and the burst count too.
    const flood = await burst(perMinute - 30, (i) => say(ada, 100 + i));
    expectLimited(flood.at(-1), new RegExp(`at most ${perMinute} chat messages a minute`));
    expect(flood.filter((r) => r.statusCode === 429)).toHaveLength(1);
    expectLimited(await say(ada, 999), /chat messages/);
    // Bob's budget is his own.
    expect((await say(bob, 1)).statusCode).toBe(200);
  });

  it('chat: starting conversations has a limit of its own', async () => {
    const ada = await member(t.app, 'Ada');
    const others = await Promise.all([member(t.app, 'Bob'), member(t.app, 'Cy')]);
    const { perMinute } = writeLimits.conversation;
    const answers = await burst(perMinute + 1, (i) =>
      call(ada, 'POST', '/api/chat/conversations', {
        recipientIds: [others[i % 2]!.id],
        message: { body: `hi ${i}`, clientId: `conv-${ada.id}-${i}` },
      }),
    );
    expect(answers.slice(0, perMinute).map((r) => r.statusCode)).toEqual(Array(perMinute).fill(200));
    expectLimited(answers.at(-1), new RegExp(`start at most ${perMinute} conversations a minute`));
  });

  it('blog: 10 comments in a row pass, a flood gets 429; the post’s author still answers', async () => {
    const author = await member(t.app, 'Author');
    const reader = await member(t.app, 'Reader');
    const post = (
      await ok<{ post: { id: string } }>(
        author,
        'POST',
        '/api/posts',
        {
          title: 'Limits',
          publish: 'published',
        },
        201,
      )
    ).post;
    const comment = (i: number) =>
      call(reader, 'POST', `/api/posts/${post.id}/comments`, { message: `Comment ${i}` });
    const human = await burst(10, comment);
    expect(human.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    const { perMinute } = writeLimits.comment;
    const flood = await burst(perMinute - 10 + 1, (i) => comment(10 + i));
    expect(flood.slice(0, -1).every((r) => r.statusCode === 201)).toBe(true);
    expectLimited(flood.at(-1), new RegExp(`post at most ${perMinute} comments a minute`));
    // The author still answers.
    expect(
      (await call(author, 'POST', `/api/posts/${post.id}/comments`, { message: 'Thanks' })).statusCode,
    ).toBe(201);
  });

  it('kanban card comments and product reviews count as comments', async () => {
    const owner = await member(t.app, 'Owner');
    const board = (await ok<{ board: { columnOrder: string[] } }>(owner, 'GET', '/api/kanban/board')).board;
    const card = (
      await ok<{ card: { id: string } }>(owner, 'POST', '/api/kanban/cards/new', {
        columnId: board.columnOrder[0],
        name: 'Card',
      })
    ).card;
    const { perMinute } = writeLimits.comment;
    const answers = await burst(perMinute + 1, (i) =>
      call(owner, 'POST', `/api/kanban/cards/${card.id}/comments`, { message: `Note ${i}` }),
    );
    expect(answers.slice(0, perMinute).every((r) => r.statusCode === 200)).toBe(true);
    expectLimited(answers.at(-1), /comments a minute/);

    const product = (
      await ok<{ product: { id: string } }>(
        admin,
        'POST',
        '/api/products',
        {
          name: 'Limited scarf',
          sku: 'LIMIT-1',
          price: 1000,
          category: 'Shirts',
          gender: ['Men'],
          colors: ['#000000'],
          publish: 'published',
        },
        201,
      )
    ).product;
    const review = (who: Member) =>
      call(who, 'POST', `/api/products/${product.id}/reviews`, { rating: 5, comment: 'Warm and soft' });
    // The owner's comment budget is spent on the card: a review is a comment too.
    expectLimited(await review(owner), /comments/);
    const critic = await member(t.app, 'Critic');
    const reviews = await burst(perMinute + 1, () => review(critic));
    expect(reviews.slice(0, perMinute).every((r) => r.statusCode === 200)).toBe(true);
    expectLimited(reviews.at(-1), /comments a minute/);
  });

  it('kanban: new boards are limited', async () => {
    const owner = await member(t.app, 'Boards');
    const { perMinute } = writeLimits.board;
    const answers = await burst(perMinute + 1, (i) =>
      call(owner, 'POST', '/api/kanban/boards', { name: `B${i}` }),
    );
    expect(answers.slice(0, perMinute).every((r) => r.statusCode === 200)).toBe(true);
    expectLimited(answers.at(-1), new RegExp(`create at most ${perMinute} boards a minute`));
  });

  it('calendar: events that name other people are limited, one’s own events are not', async () => {
    const host = await member(t.app, 'Host');
    const guest = await member(t.app, 'Guest');
    const event = (i: number, attendeeIds: string[]) =>
      call(host, 'POST', '/api/calendar/events/new', {
        title: `Meeting ${i}`,
        start: Date.UTC(2030, 0, 1, 9) + i * 3_600_000,
        end: Date.UTC(2030, 0, 1, 10) + i * 3_600_000,
        attendeeIds,
      });
    const { perMinute } = writeLimits.calendarInvitation;
    const invitations = await burst(perMinute + 1, (i) => event(i, [guest.id]));
    expect(invitations.slice(0, perMinute).every((r) => r.statusCode === 200)).toBe(true);
    expectLimited(invitations.at(-1), new RegExp(`send at most ${perMinute} calendar invitations a minute`));
    // Her own agenda is not an invitation.
    expect((await event(100, [])).statusCode).toBe(200);
    // Adding someone to an existing event is.
    const own = (await event(101, [])).json<{ event: { id: string } }>().event;
    const update = await call(host, 'POST', '/api/calendar/events/update', {
      eventId: own.id,
      event: { attendeeIds: [guest.id] },
    });
    expectLimited(update, /calendar invitations/);
  });
});
