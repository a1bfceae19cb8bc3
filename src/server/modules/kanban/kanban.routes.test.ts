import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { StoredFile } from '#shared/contract/files.ts';
import type {
  BoardMember,
  BoardSummary,
  DueCard,
  KanbanBoard,
  KanbanCard,
  KanbanCardDetail,
  KanbanColumn,
  KanbanComment,
} from '#shared/contract/kanban.ts';

import { files, kanbanCards } from '../../db/schema/index.ts';
import { apiCalls, type Method } from '../../testing/http.ts';
import { member, multipartBody, pngWithMetadata, type Member } from '../../testing/members.ts';
import { signedInSocket } from '../../testing/realtime-socket.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let base: string;
let owner: Member;
let mia: Member;
let stranger: Member;
let pat: Member;

beforeAll(async () => {
  t = await createTestApp({ rateLimitMax: 1_000_000 });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await member(t.app, 'Grace', 'Hopper');
  owner = await member(t.app, 'Olive', 'Owner');
  mia = await member(t.app, 'Mia', 'Member');
  stranger = await member(t.app, 'Sam', 'Stranger');
  pat = await member(t.app, 'Pat', 'Person');
});
afterAll(async () => {
  await t?.close();
});

const { call, ok } = apiCalls(() => t.app, '/api/kanban');

const board = async (who: Member, boardId?: string) =>
  (await ok<{ board: KanbanBoard }>(who, 'GET', boardId ? `/board?boardId=${boardId}` : '/board')).board;

async function sharedBoard(name: string, members: Member[] = [mia]): Promise<KanbanBoard> {
  const made = (await ok<{ board: KanbanBoard }>(owner, 'POST', '/boards', { name })).board;
  for (const m of members) await ok(owner, 'POST', `/boards/${made.id}/members`, { userId: m.id });
  return board(owner, made.id);
}

const newCard = async (who: Member, columnId: string, name: string, extra: object = {}) =>
  (await ok<{ card: KanbanCard }>(who, 'POST', '/cards/new', { columnId, name, ...extra })).card;

const columnCards = async (who: Member, boardId: string, columnIndex: number) => {
  const b = await board(who, boardId);
  return b.columns[b.columnOrder[columnIndex]!]!.cardIds.map((id) => b.cards[id]!.name);
};

describe('kanban: boards', () => {
  it('makes the personal board on first use, with default columns, and lists it', async () => {
    const first = await board(pat);
    expect(first).toMatchObject({
      name: 'My board',
      personal: true,
      ownerId: pat.id,
      members: [{ id: pat.id, name: 'Pat Person', role: 'owner', avatarUrl: null }],
      cards: {},
    });
    expect(first.columnOrder.map((id) => first.columns[id]!.name)).toEqual(['To do', 'In progress', 'Done']);
    expect((await board(pat)).id).toBe(first.id);
    const { boards } = await ok<{ boards: BoardSummary[] }>(pat, 'GET', '/boards');
    expect(boards).toEqual([{ id: first.id, name: 'My board', personal: true, memberCount: 1 }]);
  });

  it('makes one personal board however many first visits race', async () => {
    const someone = await member(t.app, 'Rita', 'Race');
    const answers = await Promise.all(Array.from({ length: 5 }, () => board(someone)));
    expect(new Set(answers.map((b) => b.id)).size).toBe(1);
    const { boards } = await ok<{ boards: BoardSummary[] }>(someone, 'GET', '/boards');
    expect(boards).toHaveLength(1);
  });

  it('remembers the last board opened and shows it without an id', async () => {
    const personal = await board(owner);
    const shared = await sharedBoard('Remembered');
    expect((await board(owner)).id).toBe(shared.id); // a new board is the one last opened
    await board(owner, personal.id);
    expect((await board(owner)).id).toBe(personal.id);
    await board(owner, shared.id);
    expect((await board(owner)).id).toBe(shared.id);
    // Each person has their own: Mia never opened it, so she sees her personal board.
    expect((await board(mia)).personal).toBe(true);
    // Someone who opens a shared board before their first visit keeps it: the personal board, made then,
    // does not count as opened.
    const newcomer = await member(t.app, 'Nell', 'Newcomer');
    await ok(owner, 'POST', `/boards/${shared.id}/members`, { userId: newcomer.id });
    await board(newcomer, shared.id);
    expect((await board(newcomer)).id).toBe(shared.id);
    const { boards } = await ok<{ boards: BoardSummary[] }>(newcomer, 'GET', '/boards');
    expect(boards.map((b) => [b.name, b.personal])).toEqual([
      ['My board', true],
      ['Remembered', false],
    ]);
  });

  it('shares a board: the owner adds and removes members, renames and deletes; a member may leave', async () => {
    const shared = await sharedBoard('Team board', [mia, pat]);
    expect(shared.members.map((m: BoardMember) => [m.name, m.role])).toEqual([
      ['Olive Owner', 'owner'],
      ['Mia Member', 'member'],
      ['Pat Person', 'member'],
    ]);
    const { boards } = await ok<{ boards: BoardSummary[] }>(mia, 'GET', '/boards');
    expect(boards.find((b) => b.id === shared.id)).toEqual({
      id: shared.id,
      name: 'Team board',
      personal: false,
      memberCount: 3,
    });
    // Adding twice changes nothing; someone who does not exist cannot be added.
    await ok(owner, 'POST', `/boards/${shared.id}/members`, { userId: mia.id });
    const unknown = await call(owner, 'POST', `/boards/${shared.id}/members`, {
      userId: crypto.randomUUID(),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'UNKNOWN_USER' });

    // Members use the board but do not manage it.
    expect((await call(mia, 'PATCH', `/boards/${shared.id}`, { name: 'Mine' })).statusCode).toBe(403);
    expect(
      (await call(mia, 'POST', `/boards/${shared.id}/members`, { userId: stranger.id })).statusCode,
    ).toBe(403);
    expect((await call(mia, 'DELETE', `/boards/${shared.id}/members/${pat.id}`)).statusCode).toBe(403);
    expect((await call(mia, 'DELETE', `/boards/${shared.id}`)).statusCode).toBe(403);

    const renamed = await ok<{ board: BoardSummary }>(owner, 'PATCH', `/boards/${shared.id}`, {
      name: '  Launch team ',
    });
    expect(renamed.board).toEqual({ id: shared.id, name: 'Launch team', personal: false, memberCount: 3 });

    // Pat is assigned, then removed: the assignment goes with the membership.
    const card = await newCard(owner, shared.columnOrder[0]!, 'Assigned', { assigneeIds: [pat.id] });
    expect(card.assignees.map((a) => a.id)).toEqual([pat.id]);
    expect((await call(owner, 'DELETE', `/boards/${shared.id}/members/${pat.id}`)).statusCode).toBe(204);
    expect((await call(pat, 'GET', `/board?boardId=${shared.id}`)).statusCode).toBe(404);
    expect((await board(owner, shared.id)).cards[card.id]!.assignees).toEqual([]);

    // Mia leaves; the owner cannot.
    expect((await call(mia, 'DELETE', `/boards/${shared.id}/members/${mia.id}`)).statusCode).toBe(204);
    expect((await call(mia, 'GET', `/board?boardId=${shared.id}`)).statusCode).toBe(404);
    const ownerLeaves = await call(owner, 'DELETE', `/boards/${shared.id}/members/${owner.id}`);
    expect(ownerLeaves.statusCode).toBe(400);
    expect(ownerLeaves.json()).toMatchObject({ code: 'OWNER_CANNOT_LEAVE' });

    // Someone else's personal board is theirs alone.
    expect((await call(owner, 'GET', `/board?boardId=${(await board(pat)).id}`)).statusCode).toBe(404);
    // The personal board stays; a shared one can be deleted, with everything on it.
    const ownPersonal = (await ok<{ boards: BoardSummary[] }>(owner, 'GET', '/boards')).boards.find(
      (b) => b.personal,
    )!;
    const refused = await call(owner, 'DELETE', `/boards/${ownPersonal.id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'PERSONAL_BOARD' });
    expect((await call(owner, 'DELETE', `/boards/${shared.id}`)).statusCode).toBe(204);
    expect((await call(owner, 'GET', `/board?boardId=${shared.id}`)).statusCode).toBe(404);
    expect((await call(owner, 'GET', `/cards/${card.id}`)).statusCode).toBe(404);
    // The board shown next is another one of the owner's.
    expect((await board(owner)).id).not.toBe(shared.id);
  });

  it('refuses bad board input with a 400 and a message', async () => {
    for (const name of ['', '   ', 'x'.repeat(101)]) {
      const res = await call(owner, 'POST', '/boards', { name });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/name|too long/i);
    }
    expect((await call(owner, 'GET', '/board?boardId=nope')).statusCode).toBe(400);
    expect((await call(owner, 'GET', `/board?boardId=${crypto.randomUUID()}`)).statusCode).toBe(404);
  });
});

describe('kanban: the spec calls (columns)', () => {
  it('adds a column (to the board shown without boardId), renames it and deletes it with its cards', async () => {
    const shown = await board(owner);
    const added = await ok<{ column: KanbanColumn }>(owner, 'POST', '/columns/new', { name: 'Review' });
    expect(added.column).toEqual({ id: expect.any(String), name: 'Review', cardIds: [] });
    let now = await board(owner, shown.id);
    expect(now.columnOrder.at(-1)).toBe(added.column.id);

    const card = await newCard(owner, added.column.id, 'Under review');
    const renamed = await ok<{ column: KanbanColumn }>(owner, 'POST', '/columns/update', {
      columnId: added.column.id,
      column: { name: 'In review' },
    });
    expect(renamed.column).toEqual({ id: added.column.id, name: 'In review', cardIds: [card.id] });
    now = await board(owner, shown.id);
    expect(now.cards[card.id]!.status).toBe('In review');

    expect(await ok(owner, 'POST', '/columns/delete', { columnId: added.column.id })).toEqual({});
    now = await board(owner, shown.id);
    expect(now.columnOrder).not.toContain(added.column.id);
    expect(now.cards[card.id]).toBeUndefined();
    expect((await call(owner, 'GET', `/cards/${card.id}`)).statusCode).toBe(404);
    expect(await t.database.db.$count(kanbanCards, eq(kanbanCards.id, card.id))).toBe(0);
    expect((await call(owner, 'POST', '/columns/delete', { columnId: added.column.id })).statusCode).toBe(
      404,
    );
  });

  it('adds a column to a named board; refuses bad input and unknown ids', async () => {
    const shared = await sharedBoard('Columns');
    const added = await ok<{ column: KanbanColumn }>(mia, 'POST', '/columns/new', {
      name: 'Blocked',
      boardId: shared.id,
    });
    expect((await board(owner, shared.id)).columns[added.column.id]!.name).toBe('Blocked');

    const cases: Array<[string, object, number, RegExp]> = [
      ['/columns/new', { name: ' ' }, 400, /column a name/i],
      ['/columns/new', { name: 'x'.repeat(101) }, 400, /too long/i],
      ['/columns/new', { name: 'x', boardId: 'abc' }, 400, /unknown board/i],
      ['/columns/new', { name: 'x', boardId: crypto.randomUUID() }, 404, /board not found/i],
      ['/columns/update', { columnId: added.column.id, column: { name: '' } }, 400, /column a name/i],
      ['/columns/update', { columnId: crypto.randomUUID(), column: { name: 'x' } }, 404, /column/i],
      ['/columns/update', { columnId: 'x', column: {} }, 400, /unknown column/i],
      ['/columns/delete', { columnId: crypto.randomUUID() }, 404, /column/i],
      ['/columns/delete', {}, 400, /unknown column/i],
    ];
    for (const [url, payload, status, message] of cases) {
      const res = await call(owner, 'POST', url, payload);
      expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(status);
      expect(res.json<{ message: string }>().message).toMatch(message);
    }
  });

  it('moves a column between its neighbours (one row) and clears one', async () => {
    const shared = await sharedBoard('Order');
    const [todo, doing, done] = shared.columnOrder as [string, string, string];
    const order = async () => (await board(owner, shared.id)).columnOrder;
    expect(
      (
        await ok<{ columnOrder: string[] }>(owner, 'POST', '/columns/move', {
          columnId: done,
          beforeId: null,
        })
      ).columnOrder,
    ).toEqual([done, todo, doing]);
    await ok(owner, 'POST', '/columns/move', { columnId: todo, beforeId: doing, afterId: null });
    expect(await order()).toEqual([done, doing, todo]);
    await ok(owner, 'POST', '/columns/move', { columnId: todo, beforeId: done, afterId: doing });
    expect(await order()).toEqual([done, todo, doing]);
    // A neighbour that is gone is ignored: after `afterId`'s predecessor, else last.
    await ok(owner, 'POST', '/columns/move', { columnId: done, beforeId: crypto.randomUUID() });
    expect(await order()).toEqual([todo, doing, done]);

    await newCard(owner, doing, 'One');
    await newCard(owner, doing, 'Two');
    const cleared = await ok<{ column: KanbanColumn }>(owner, 'POST', '/columns/clear', { columnId: doing });
    expect(cleared.column).toEqual({ id: doing, name: 'In progress', cardIds: [] });
    expect(Object.keys((await board(owner, shared.id)).cards)).toEqual([]);
  });
});

describe('kanban: cards', () => {
  let shared: KanbanBoard;
  let todo: string;
  let done: string;
  beforeAll(async () => {
    shared = await sharedBoard('Cards');
    [todo, , done] = shared.columnOrder as [string, string, string];
  });

  it('creates a card with every field, shown on the board in its column', async () => {
    const card = await newCard(owner, todo, '  Write the launch post ', {
      description: 'Two paragraphs',
      priority: 'high',
      labels: ['Marketing', 'Blog', 'Marketing'],
      due: { start: '2026-03-10', end: '2026-03-12T17:00:00+02:00' },
      assigneeIds: [mia.id, owner.id],
    });
    expect(card).toMatchObject({
      columnId: todo,
      name: 'Write the launch post',
      description: 'Two paragraphs',
      status: 'To do',
      priority: 'high',
      labels: ['Marketing', 'Blog'],
      due: { start: '2026-03-10T00:00:00.000Z', end: '2026-03-12T15:00:00.000Z' },
      assignees: [
        { id: owner.id, name: 'Olive Owner', avatarUrl: null },
        { id: mia.id, name: 'Mia Member', avatarUrl: null },
      ],
      reporter: { id: owner.id, name: 'Olive Owner', avatarUrl: null },
      completed: false,
      version: 1,
      commentCount: 0,
      attachmentCount: 0,
      cover: null,
    });
    const plain = await newCard(mia, todo, 'Plain');
    expect(plain).toMatchObject({
      description: '',
      priority: 'medium',
      labels: [],
      due: { start: null, end: null },
      assignees: [],
      reporter: { id: mia.id },
    });
    const b = await board(mia, shared.id);
    expect(b.columns[todo]!.cardIds).toEqual([card.id, plain.id]);
    expect(b.cards[card.id]).toEqual(card);
  });

  it('refuses a bad card with a 400 and a message: name, priority, labels, dates, assignees', async () => {
    const cases: Array<[object, RegExp]> = [
      [{ name: ' ' }, /card a name/i],
      [{ name: 'x'.repeat(256) }, /too long/i],
      [{ name: 'x', priority: 'urgent' }, /priority/i],
      [{ name: 'x', labels: ['x'.repeat(41)] }, /label/i],
      [{ name: 'x', labels: Array.from({ length: 11 }, (_, i) => `l${i}`) }, /10 labels/i],
      [{ name: 'x', due: { start: 'tomorrow', end: null } }, /date/i],
      [{ name: 'x', due: { start: '2026-03-10', end: '2026-03-09' } }, /end must not be before/i],
      [{ name: 'x', assigneeIds: [stranger.id] }, /members of the board/i],
      [{ name: 'x', assigneeIds: ['nope'] }, /invalid user/i],
      [{ name: 'x', completed: 'yes' }, /completed/i],
    ];
    for (const [payload, message] of cases) {
      const res = await call(owner, 'POST', '/cards/new', { columnId: todo, ...payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(message);
    }
    const unknownColumn = await call(owner, 'POST', '/cards/new', {
      columnId: crypto.randomUUID(),
      name: 'x',
    });
    expect(unknownColumn.statusCode).toBe(404);
  });

  it('edits fields with the version; a stale edit gets 409 and the fresh card; moves never conflict', async () => {
    const card = await newCard(owner, todo, 'Versioned');
    const first = await ok<{ card: KanbanCard }>(owner, 'POST', '/cards/update', {
      cardId: card.id,
      version: card.version,
      card: { name: 'Versioned v2', completed: true, assigneeIds: [mia.id] },
    });
    expect(first.card).toMatchObject({
      name: 'Versioned v2',
      completed: true,
      version: 2,
      assignees: [{ id: mia.id }],
    });

    // Mia's edit was based on version 1.
    const late = await call(mia, 'POST', '/cards/update', {
      cardId: card.id,
      version: 1,
      card: { name: 'Mia was here' },
    });
    expect(late.statusCode).toBe(409);
    const body = late.json<{ message: string; code: string; current: KanbanCard }>();
    expect(body.code).toBe('STALE');
    expect(body.message).toMatch(/someone else changed/i);
    expect(body.current).toMatchObject({ id: card.id, name: 'Versioned v2', version: 2 });

    // A move in between does not make an edit based on version 2 stale.
    await ok(mia, 'POST', '/cards/move', { cardId: card.id, columnId: done });
    const edited = await ok<{ card: KanbanCard }>(mia, 'POST', '/cards/update', {
      cardId: card.id,
      version: 2,
      card: { due: { start: '2026-04-01T09:00:00Z', end: null }, priority: 'low' },
    });
    expect(edited.card).toMatchObject({
      name: 'Versioned v2',
      columnId: done,
      status: 'Done',
      priority: 'low',
      due: { start: '2026-04-01T09:00:00.000Z', end: null },
      version: 3,
    });

    // 20 people saving version 3 at once: exactly one wins.
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(i % 2 ? mia : owner, 'POST', '/cards/update', {
          cardId: card.id,
          version: 3,
          card: { description: `edit ${i}` },
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(19);

    const bad = await call(owner, 'POST', '/cards/update', { cardId: card.id, card: { name: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/version/i);
    const assigneeOut = await call(owner, 'POST', '/cards/update', {
      cardId: card.id,
      version: 4,
      card: { assigneeIds: [stranger.id] },
    });
    expect(assigneeOut.statusCode).toBe(400);
  });

  it('moves cards between neighbours and across columns: one row written, the order every reader sees', async () => {
    const [a, b, c] = [
      await newCard(owner, done, 'A'),
      await newCard(owner, done, 'B'),
      await newCard(owner, done, 'C'),
    ];
    const doneNames = async () => (await columnCards(owner, shared.id, 2)).filter((n) => /^[ABC]$/.test(n));
    expect(await doneNames()).toEqual(['A', 'B', 'C']);
    // To the top: no neighbour before it.
    const moved = await ok<{ card: KanbanCard }>(owner, 'POST', '/cards/move', {
      cardId: c.id,
      columnId: done,
      beforeId: null,
      afterId: (await board(owner, shared.id)).columns[done]!.cardIds[0],
    });
    expect(moved.card).toMatchObject({ id: c.id, columnId: done, version: c.version });
    expect(await doneNames()).toEqual(['C', 'A', 'B']);
    // Between two: only the moved card's row changes (no column is renumbered).
    const positions = async () =>
      new Map(
        (await t.database.db.select().from(kanbanCards).where(eq(kanbanCards.boardId, shared.id))).map(
          (r) => [r.id, `${r.columnId}:${r.position}:${r.version}`],
        ),
      );
    const before = await positions();
    await ok(owner, 'POST', '/cards/move', { cardId: b.id, columnId: done, beforeId: c.id, afterId: a.id });
    expect(await doneNames()).toEqual(['C', 'B', 'A']);
    const after = await positions();
    expect([...after].filter(([id, value]) => before.get(id) !== value).map(([id]) => id)).toEqual([b.id]);
    // To another column, at its end; then back to the first place of this one.
    const across = await ok<{ card: KanbanCard }>(owner, 'POST', '/cards/move', {
      cardId: a.id,
      columnId: todo,
      afterId: null,
    });
    expect(across.card).toMatchObject({ columnId: todo, status: 'To do' });
    expect((await columnCards(owner, shared.id, 0)).at(-1)).toBe('A');
    // Stale neighbours (moved away meanwhile) are ignored rather than refused.
    await ok(owner, 'POST', '/cards/move', { cardId: c.id, columnId: done, beforeId: a.id, afterId: null });
    expect((await doneNames()).at(-1)).toBe('C');

    const otherBoard = await sharedBoard('Elsewhere');
    for (const [payload, status] of [
      [{ cardId: a.id, columnId: otherBoard.columnOrder[0] }, 404],
      [{ cardId: crypto.randomUUID(), columnId: todo }, 404],
      [{ cardId: a.id, columnId: todo, beforeId: 'x' }, 400],
      [{ cardId: a.id }, 400],
    ] as const) {
      expect((await call(owner, 'POST', '/cards/move', payload)).statusCode, JSON.stringify(payload)).toBe(
        status,
      );
    }
    // The positions written are unique per column.
    const rows = await t.database.db.select().from(kanbanCards).where(eq(kanbanCards.boardId, shared.id));
    const keys = rows.map((r) => `${r.columnId}:${r.position}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('200 concurrent moves on one board: every card once, in one column, the same order for two readers', async () => {
    const race = await sharedBoard('Race');
    const columns = race.columnOrder;
    const cards: KanbanCard[] = [];
    for (let i = 0; i < 30; i++) cards.push(await newCard(owner, columns[i % 3]!, `Card ${i}`));
    const ids = cards.map((c) => c.id);
    let seed = 42;
    const rand = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    const snapshot = await board(owner, race.id);
    const moves = Array.from({ length: 200 }, (_, i) => {
      const columnId = columns[rand(3)]!;
      const there = snapshot.columns[columnId]!.cardIds;
      const at = rand(there.length + 1);
      return call(i % 2 ? mia : owner, 'POST', '/cards/move', {
        cardId: ids[rand(ids.length)],
        columnId,
        beforeId: at === 0 ? null : there[at - 1],
        afterId: at === there.length ? null : there[at],
      });
    });
    const results = await Promise.all(moves);
    expect(results.map((r) => r.statusCode).filter((s) => s !== 200)).toEqual([]);

    const [one, two] = [await board(owner, race.id), await board(mia, race.id)];
    expect(two.columns).toEqual(one.columns);
    expect(two.columnOrder).toEqual(one.columnOrder);
    const placed = one.columnOrder.flatMap((id) => one.columns[id]!.cardIds);
    expect(placed.toSorted()).toEqual(ids.toSorted());
    for (const columnId of one.columnOrder) {
      for (const id of one.columns[columnId]!.cardIds) expect(one.cards[id]!.columnId).toBe(columnId);
    }
  });

  it('deletes a card', async () => {
    const card = await newCard(owner, todo, 'Short-lived');
    expect(await ok(mia, 'POST', '/cards/delete', { cardId: card.id })).toEqual({});
    expect((await board(owner, shared.id)).cards[card.id]).toBeUndefined();
    expect((await call(mia, 'POST', '/cards/delete', { cardId: card.id })).statusCode).toBe(404);
  });
});

describe('kanban: cards due (the analytics overview’s tasks)', () => {
  it('lists the viewer’s own open cards due before the instant, soonest first, with their board', async () => {
    const dana = await member(t.app, 'Dana', 'Due');
    const made = (await ok<{ board: KanbanBoard }>(owner, 'POST', '/boards', { name: 'Due soon' })).board;
    await ok(owner, 'POST', `/boards/${made.id}/members`, { userId: dana.id });
    const shared = await board(owner, made.id);
    const todo = shared.columnOrder[0]!;
    const due = (end: string) => ({ due: { start: null, end }, assigneeIds: [dana.id] });
    const late = await newCard(owner, todo, 'Late one', due('2026-03-01T09:00:00Z'));
    const soon = await newCard(owner, todo, 'Soon one', due('2026-03-05T09:00:00Z'));
    await newCard(owner, todo, 'Far one', due('2026-04-01T09:00:00Z'));
    await newCard(owner, todo, 'Someone else’s', { due: { start: null, end: '2026-03-02T00:00:00Z' } });
    await newCard(owner, todo, 'No date', { assigneeIds: [dana.id] });
    const finished = await newCard(owner, todo, 'Finished', due('2026-03-02T09:00:00Z'));
    await ok(owner, 'POST', '/cards/update', {
      cardId: finished.id,
      version: finished.version,
      card: { completed: true },
    });
    const personal = await board(dana);
    const mine = await newCard(dana, personal.columnOrder[0]!, 'Own board', due('2026-03-03T09:00:00Z'));

    const { cards } = await ok<{ cards: DueCard[] }>(dana, 'GET', '/cards/due?before=2026-03-10T00:00:00Z');
    expect(cards.map((c) => c.name)).toEqual(['Late one', 'Own board', 'Soon one']);
    expect(cards[0]).toEqual({
      id: late.id,
      boardId: shared.id,
      boardName: 'Due soon',
      personal: false,
      columnId: todo,
      status: 'To do',
      name: 'Late one',
      priority: 'medium',
      due: { start: null, end: '2026-03-01T09:00:00.000Z' },
      version: 1,
    });
    expect(cards[1]).toMatchObject({ id: mine.id, boardId: personal.id, personal: true });
    expect(cards[2]!.id).toBe(soon.id);
    const limited = await ok<{ cards: DueCard[] }>(
      dana,
      'GET',
      '/cards/due?before=2026-03-10T00:00:00Z&limit=1',
    );
    expect(limited.cards.map((c) => c.id)).toEqual([late.id]);

    // Off the board, its cards are no longer theirs to see.
    expect((await call(dana, 'DELETE', `/boards/${shared.id}/members/${dana.id}`)).statusCode).toBe(204);
    const after = await ok<{ cards: DueCard[] }>(dana, 'GET', '/cards/due?before=2026-03-10T00:00:00Z');
    expect(after.cards.map((c) => c.id)).toEqual([mine.id]);
  });

  it('refuses a bad instant or limit with a 400 and a message', async () => {
    for (const query of [
      '',
      '?before=tomorrow',
      '?before=2026-03-10T00:00:00Z&limit=0',
      '?before=2026-03-10T00:00:00Z&limit=51',
    ]) {
      const res = await call(owner, 'GET', `/cards/due${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ message: string }>().message).toBeTruthy();
    }
    expect((await call(null, 'GET', '/cards/due?before=2026-03-10T00:00:00Z')).statusCode).toBe(401);
  });
});

describe('kanban: comments and attachments', () => {
  let shared: KanbanBoard;
  let card: KanbanCard;
  beforeAll(async () => {
    shared = await sharedBoard('Files');
    card = await newCard(owner, shared.columnOrder[0]!, 'With files');
  });

  async function upload(who: Member, cardId: string, bytes: Buffer, name: string, type: string) {
    const body = multipartBody(bytes, name, type);
    return t.app.inject({
      method: 'POST',
      url: `/api/kanban/cards/${cardId}/attachments`,
      headers: { ...who.headers, ...body.headers },
      payload: body.payload,
    });
  }

  it('comments: added by members, listed in the card, counted on its face; only the author deletes one', async () => {
    const first = await ok<{ comment: KanbanComment }>(mia, 'POST', `/cards/${card.id}/comments`, {
      message: '  Looks good ',
    });
    expect(first.comment).toMatchObject({
      message: 'Looks good',
      author: { id: mia.id, name: 'Mia Member', avatarUrl: null },
    });
    await ok(owner, 'POST', `/cards/${card.id}/comments`, { message: 'Thanks!' });
    const detail = (await ok<{ card: KanbanCardDetail }>(owner, 'GET', `/cards/${card.id}`)).card;
    expect(detail.comments.map((c) => c.message)).toEqual(['Looks good', 'Thanks!']);
    expect(detail.commentCount).toBe(2);
    expect((await board(owner, shared.id)).cards[card.id]!.commentCount).toBe(2);

    expect((await call(owner, 'DELETE', `/comments/${first.comment.id}`)).statusCode).toBe(403);
    expect((await call(mia, 'DELETE', `/comments/${first.comment.id}`)).statusCode).toBe(204);
    expect((await call(mia, 'DELETE', `/comments/${first.comment.id}`)).statusCode).toBe(404);
    for (const message of ['', '   ', 'x'.repeat(2001)]) {
      const res = await call(mia, 'POST', `/cards/${card.id}/comments`, { message });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/comment/i);
    }
  });

  it('attachments: uploaded to the card, listed, the first picture as cover, readable by members only', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
    const doc = await upload(mia, card.id, pdf, 'brief.pdf', 'application/pdf');
    expect(doc.statusCode, doc.body).toBe(200);
    const picture = await upload(owner, card.id, await pngWithMetadata(), 'mock-up.png', 'image/png');
    expect(picture.statusCode, picture.body).toBe(200);
    const image = picture.json<{ attachment: StoredFile }>().attachment;
    expect(image).toMatchObject({ use: 'kanban', name: 'mock-up.webp', mimeType: 'image/webp' });

    const face = (await board(mia, shared.id)).cards[card.id]!;
    expect(face.attachmentCount).toBe(2);
    expect(face.cover).toMatch(new RegExp(`^/api/files/${image.id}/content\\?exp=`));
    const detail = (await ok<{ card: KanbanCardDetail }>(mia, 'GET', `/cards/${card.id}`)).card;
    expect(detail.attachments.map((f) => f.name)).toEqual(['brief.pdf', 'mock-up.webp']);

    // Members read the files (signed link or bearer); anyone else gets 404.
    expect((await t.app.inject({ method: 'GET', url: face.cover! })).statusCode).toBe(200);
    const byId = `/api/files/${image.id}/content`;
    expect((await t.app.inject({ method: 'GET', url: byId, headers: mia.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: byId, headers: stranger.headers })).statusCode).toBe(
      404,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/files/${image.id}`, headers: stranger.headers }))
        .statusCode,
    ).toBe(404);
    // Not through the plain files route either.
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/files/${image.id}`, headers: owner.headers }))
        .statusCode,
    ).toBe(403);

    // Removing one; then the card, which takes the rest (rows and bytes).
    expect((await call(mia, 'DELETE', `/cards/${card.id}/attachments/${image.id}`)).statusCode).toBe(204);
    expect((await board(mia, shared.id)).cards[card.id]!.cover).toBeNull();
    expect((await call(mia, 'DELETE', `/cards/${card.id}/attachments/${image.id}`)).statusCode).toBe(404);
    const docId = doc.json<{ attachment: StoredFile }>().attachment.id;
    const [row] = await t.database.db.select().from(files).where(eq(files.id, docId));
    expect(await t.app.files.storage.size(row!.storageKey)).toBe(pdf.length);
    await ok(owner, 'POST', '/cards/delete', { cardId: card.id });
    expect(await t.database.db.$count(files, eq(files.id, docId))).toBe(0);
    expect(await t.app.files.storage.size(row!.storageKey)).toBeNull();
  });

  it('refuses what the files block refuses', async () => {
    const other = await newCard(owner, shared.columnOrder[0]!, 'Refusals');
    const exe = await upload(owner, other.id, Buffer.from('MZ\x90\x00\x03\x00'), 'setup.exe', 'x/y');
    expect(exe.statusCode).toBe(400);
    expect((await call(owner, 'POST', `/cards/${other.id}/attachments`, { file: 'x' })).statusCode).toBe(415);
  });
});

describe('kanban: strangers', () => {
  it('answers 404 to someone who is not a member for the board and everything on it, and changes nothing', async () => {
    const shared = await sharedBoard('Private');
    const columnId = shared.columnOrder[0]!;
    const card = await newCard(owner, columnId, 'Secret');
    const comment = (
      await ok<{ comment: KanbanComment }>(owner, 'POST', `/cards/${card.id}/comments`, { message: 'Hush' })
    ).comment;
    const body = multipartBody(await pngWithMetadata(), 'secret.png', 'image/png');
    const file = (
      await t.app.inject({
        method: 'POST',
        url: `/api/kanban/cards/${card.id}/attachments`,
        headers: { ...owner.headers, ...body.headers },
        payload: body.payload,
      })
    ).json<{ attachment: StoredFile }>().attachment;
    const before = await board(owner, shared.id);

    const attempts: Array<[Method, string, object?]> = [
      ['GET', `/board?boardId=${shared.id}`],
      ['PATCH', `/boards/${shared.id}`, { name: 'Mine' }],
      ['DELETE', `/boards/${shared.id}`],
      ['POST', `/boards/${shared.id}/members`, { userId: stranger.id }],
      ['DELETE', `/boards/${shared.id}/members/${mia.id}`],
      ['DELETE', `/boards/${shared.id}/members/${stranger.id}`],
      ['POST', '/columns/new', { name: 'Mine', boardId: shared.id }],
      ['POST', '/columns/update', { columnId, column: { name: 'Mine' } }],
      ['POST', '/columns/move', { columnId, beforeId: null }],
      ['POST', '/columns/clear', { columnId }],
      ['POST', '/columns/delete', { columnId }],
      ['POST', '/cards/new', { columnId, name: 'Mine' }],
      ['GET', `/cards/${card.id}`],
      ['POST', '/cards/update', { cardId: card.id, version: 1, card: { name: 'Mine' } }],
      ['POST', '/cards/move', { cardId: card.id, columnId }],
      ['POST', '/cards/delete', { cardId: card.id }],
      ['POST', `/cards/${card.id}/comments`, { message: 'Hi' }],
      ['DELETE', `/comments/${comment.id}`],
      ['DELETE', `/cards/${card.id}/attachments/${file.id}`],
    ];
    for (const [method, url, payload] of attempts) {
      const res = await call(stranger, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json<{ message: string }>().message).toMatch(/not found/i);
    }
    const upload = multipartBody(await pngWithMetadata(), 'mine.png', 'image/png');
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/kanban/cards/${card.id}/attachments`,
      headers: { ...stranger.headers, ...upload.headers },
      payload: upload.payload,
    });
    expect(uploaded.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/files/${file.id}/content`, headers: stranger.headers }))
        .statusCode,
    ).toBe(404);
    expect(
      (await ok<{ boards: BoardSummary[] }>(stranger, 'GET', '/boards')).boards.map((b) => b.id),
    ).not.toContain(shared.id);
    expect(await board(owner, shared.id)).toEqual(before);
  });
});

describe('kanban: live', () => {
  it("tells the other members' tabs and the actor's other tabs; membership changes reach the person", async () => {
    const shared = await sharedBoard('Live');
    const socketOf = async (who: Member) => signedInSocket(base, who.token);
    const [miaTab, ownerTab, patTab] = await Promise.all([socketOf(mia), socketOf(owner), socketOf(pat)]);
    try {
      const card = await newCard(owner, shared.columnOrder[0]!, 'Live card');
      const event = { type: 'kanban.changed', boardId: shared.id, cardId: card.id };
      for (const tab of [miaTab, ownerTab]) {
        await expect
          .poll(() => tab.received.filter((m) => m.type === 'kanban.changed'))
          .toContainEqual(event);
      }
      expect(patTab.received.filter((m) => m.type === 'kanban.changed')).toEqual([]);

      await ok(owner, 'POST', `/boards/${shared.id}/members`, { userId: pat.id });
      await expect
        .poll(() => patTab.received.filter((m) => m.type === 'kanban.changed'))
        .toEqual([{ type: 'kanban.changed', boardId: shared.id, cardId: null }]);
      await call(owner, 'DELETE', `/boards/${shared.id}/members/${pat.id}`);
      await expect.poll(() => patTab.received.filter((m) => m.type === 'kanban.changed')).toHaveLength(2);
    } finally {
      for (const tab of [miaTab, ownerTab, patTab]) tab.ws.close();
    }
  });
});
