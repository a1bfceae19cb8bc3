/**
 * A big kanban board (issue #12), part of `npm run bench`. Fills a fresh embedded database (or DATABASE_URL,
 * an empty database you provide) with KANBAN_MEMBERS (10) people on one board of five columns and
 * KANBAN_CARDS (2,000) cards, each with labels, one or two assignees, a comment on every other card and a
 * file on every tenth (a picture on half of those: the cover), in SQL; then, through the whole API
 * (app.inject: auth, validation, SQL, serialisation), one request at a time, BENCH_RUNS (200) each: the board
 * loaded by id and as the last used one, one card's details, and card moves to random places (a different
 * card and target each time). Targets: the board p95 ≤ 100 ms, a move p95 ≤ 20 ms.
 *
 *   node_modules/.bin/node bench/kanban.ts
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/atrium_bench_kanban node_modules/.bin/node bench/kanban.ts
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';

import { latencyRow, openBenchDatabase, requireEmptyDatabase, signIn, timeRequests } from './lib.ts';

const MEMBERS = Number(process.env.KANBAN_MEMBERS ?? 10);
const CARDS = Number(process.env.KANBAN_CARDS ?? 2000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const BOARD_TARGET_MS = 100;
const MOVE_TARGET_MS = 20;
const COLUMNS = ['Backlog', 'To do', 'In progress', 'In review', 'Done'];

const { sql } = await import('drizzle-orm');
const { generateNKeysBetween } = await import('fractional-indexing');
const { buildApp } = await import('../src/server/app.ts');
const { kanbanBoardMembers, kanbanBoards, kanbanCards, kanbanColumns, users } =
  await import('../src/server/db/schema/index.ts');
const { hashPassword, UNUSABLE_PASSWORD_HASH } = await import('../src/server/lib/passwords.ts');

const { database, dispose } = await openBenchDatabase('kanban');
const db = database.db;
try {
  requireEmptyDatabase(
    Number((await db.select({ n: sql<number>`count(*)::int` }).from(users))[0]?.n),
    'kanban.ts',
  );
  const started = performance.now();
  const password = randomBytes(18).toString('base64url');
  const hash = await hashPassword(password);
  const people = await db
    .insert(users)
    .values(
      Array.from({ length: MEMBERS }, (_, i) => ({
        email: `kanban.${i}@bench.example`,
        passwordHash: i === 0 ? hash : UNUSABLE_PASSWORD_HASH,
        firstName: `Person${i}`,
        lastName: 'Bench',
      })),
    )
    .returning({ id: users.id });
  const ownerId = people[0]!.id;
  const [board] = await db
    .insert(kanbanBoards)
    .values({ ownerId, name: 'Bench board' })
    .returning({ id: kanbanBoards.id });
  const boardId = board!.id;
  await db.insert(kanbanBoardMembers).values(
    people.map((p, i) => ({
      boardId,
      userId: p.id,
      role: i === 0 ? ('owner' as const) : ('member' as const),
    })),
  );
  const columnKeys = generateNKeysBetween(null, null, COLUMNS.length);
  const columns = await db
    .insert(kanbanColumns)
    .values(COLUMNS.map((name, i) => ({ boardId, name, position: columnKeys[i]! })))
    .returning({ id: kanbanColumns.id });
  // The cards spread evenly over the columns, in batches of 500.
  const perColumn = Math.ceil(CARDS / COLUMNS.length);
  const keys = generateNKeysBetween(null, null, perColumn);
  const cards = Array.from({ length: CARDS }, (_, n) => ({
    boardId,
    columnId: columns[n % COLUMNS.length]!.id,
    position: keys[Math.floor(n / COLUMNS.length)]!,
    name: `Card ${n}: a task with a name of a realistic length`,
    description: n % 3 ? 'Some words about what needs doing and why, as people write them.' : '',
    priority: (['low', 'medium', 'high'] as const)[n % 3],
    labels: n % 4 ? ['Design', 'Web'] : ['Engineering'],
    dueStart: n % 5 ? null : new Date(Date.now() + (n % 30) * 86_400_000),
    dueEnd: n % 2 ? new Date(Date.now() + ((n % 30) + 3) * 86_400_000) : null,
    completed: n % COLUMNS.length === COLUMNS.length - 1,
    reporterId: people[n % MEMBERS]!.id,
  }));
  for (let i = 0; i < cards.length; i += 500) await db.insert(kanbanCards).values(cards.slice(i, i + 500));
  await db.execute(sql`
    with numbered as (
      select id, row_number() over (order by id) - 1 as n from kanban_cards where board_id = ${boardId}
    ), people as (
      select user_id, row_number() over (order by user_id) - 1 as p from kanban_board_members
      where board_id = ${boardId}
    ), assigned as (
      insert into kanban_card_assignees (card_id, user_id)
      select numbered.id, people.user_id from numbered join people
        on people.p = numbered.n % ${MEMBERS} or (numbered.n % 2 = 0 and people.p = (numbered.n + 1) % ${MEMBERS})
    ), commented as (
      insert into kanban_comments (card_id, author_id, message)
      select numbered.id, people.user_id, 'A comment of a sentence or two about the card.'
      from numbered join people on people.p = numbered.n % ${MEMBERS} where numbered.n % 2 = 0
    ), stored as (
      insert into files (owner_id, use, storage_key, name, mime_type, size, width, height)
      select ${ownerId}, 'kanban', 'bench' || numbered.n || (case when numbered.n % 20 = 0 then '.webp' else '.pdf' end),
        'file-' || numbered.n, case when numbered.n % 20 = 0 then 'image/webp' else 'application/pdf' end, 1000,
        null, null
      from numbered where numbered.n % 10 = 0
      returning id, storage_key
    )
    insert into kanban_attachments (file_id, card_id)
    select stored.id, numbered.id from stored join numbered on stored.storage_key like 'bench' || numbered.n || '.%'`);
  await db.execute(sql`analyze`);
  const [counts] = (
    (await db.execute(sql`select (select count(*) from kanban_cards)::int as cards,
      (select count(*) from kanban_card_assignees)::int as assignees,
      (select count(*) from kanban_comments)::int as comments,
      (select count(*) from kanban_attachments)::int as attachments`)) as unknown as {
      rows: Array<{ cards: number; assignees: number; comments: number; attachments: number }>;
    }
  ).rows;
  console.log(
    `Filled in ${((performance.now() - started) / 1000).toFixed(1)} s on ${database.kind}: ` +
      `${MEMBERS} members, ${Number(counts?.cards).toLocaleString('en')} cards in ${COLUMNS.length} columns, ` +
      `${Number(counts?.assignees).toLocaleString('en')} assignments, ` +
      `${Number(counts?.comments).toLocaleString('en')} comments, ${Number(counts?.attachments)} files.`,
  );

  const app = await buildApp({ database, logger: false, config: { rateLimitMax: 10_000_000 } });
  try {
    const token = await signIn(app, 'kanban.0@bench.example', password);
    const headers = { authorization: `Bearer ${token}` };
    type Board = { columnOrder: string[]; columns: Record<string, { cardIds: string[] }> };
    const results: Array<Record<string, string | number>> = [];
    const report = (name: string, times: number[], target: number | null, extra: string | number = '') => {
      results.push(latencyRow(name, times, target, { size: extra }));
    };

    const byId = await timeRequests(
      app,
      { method: 'GET', url: `/api/kanban/board?boardId=${boardId}`, headers },
      RUNS,
    );
    const loaded = byId.first.json<{ board: Board & { cards: Record<string, unknown> } }>().board;
    report(
      'board by id',
      byId.times,
      BOARD_TARGET_MS,
      `${Object.keys(loaded.cards).length} cards, ${byId.first.rawPayload.length} B`,
    );
    const last = await timeRequests(app, { method: 'GET', url: '/api/kanban/board', headers }, RUNS);
    report(
      'board, the last used',
      last.times,
      BOARD_TARGET_MS,
      Object.keys(last.first.json<{ board: { cards: object } }>().board.cards).length,
    );
    const someCard = loaded.columns[loaded.columnOrder[0]!]!.cardIds[0]!;
    const detail = await timeRequests(
      app,
      { method: 'GET', url: `/api/kanban/cards/${someCard}`, headers },
      RUNS,
    );
    report('one card with comments and files', detail.times, null);

    // Moves: a different card each time, to a random place of a random column (neighbours from the board
    // as first loaded: some are stale by then, as a busy board's are).
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    const all = loaded.columnOrder.flatMap((id) => loaded.columns[id]!.cardIds);
    const move = () => {
      const columnId = loaded.columnOrder[rand(loaded.columnOrder.length)]!;
      const there = loaded.columns[columnId]!.cardIds;
      const at = rand(there.length + 1);
      return app.inject({
        method: 'POST',
        url: '/api/kanban/cards/move',
        headers,
        payload: {
          cardId: all[rand(all.length)],
          columnId,
          beforeId: at === 0 ? null : there[at - 1],
          afterId: at === there.length ? null : there[at],
        },
      });
    };
    for (let i = 0; i < 5; i++) await move(); // warm-up
    const moves: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      const res = await move();
      moves.push(performance.now() - t0);
      if (res.statusCode !== 200) throw new Error(`move: ${res.statusCode} ${res.body}`);
    }
    report(
      'card move',
      moves.sort((a, b) => a - b),
      MOVE_TARGET_MS,
    );

    console.log(`\nKanban on ${database.kind}, ${CARDS.toLocaleString('en')} cards on one board (ms):`);
    console.table(results);
  } finally {
    await app.close();
  }
} finally {
  await dispose();
}
