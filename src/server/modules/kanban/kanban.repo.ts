import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { generateKeyBetween, generateNKeysBetween } from 'fractional-indexing';

import {
  BOARD_CARDS_MAX,
  BOARD_COLUMNS_MAX,
  BOARD_MEMBERS_MAX,
  CARD_ATTACHMENTS_MAX,
  CARD_COMMENTS_MAX,
  DEFAULT_COLUMNS,
  OWNED_BOARDS_MAX,
  PERSONAL_BOARD_NAME,
  type BoardRole,
  type BoardSummary,
  type DueCard,
  type KanbanPriority,
} from '#shared/contract/kanban.ts';

import type { Db } from '../../db/client.ts';
import {
  files,
  kanbanAttachments,
  kanbanBoardMembers,
  kanbanBoards,
  kanbanCardAssignees,
  kanbanCards,
  kanbanColumns,
  kanbanComments,
  users,
} from '../../db/schema/index.ts';
import type { FileRow } from '../files/files.service.ts';

export type BoardRow = typeof kanbanBoards.$inferSelect;
export type ColumnRow = typeof kanbanColumns.$inferSelect;

export interface Person {
  id: string;
  name: string;
  avatarUrl: string | null;
}
export interface Member extends Person {
  role: BoardRole;
}

const personName = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;

/** A JSON value from a raw statement: parsed already (node-postgres, PGlite) or as text. */
const fromJson = <T>(value: unknown): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : (value as T);

// ── access ──────────────────────────────────────────────────────────────────────────────────────────────

/** What a request names: a board, or something on one. */
export type BoardRef =
  { boardId: string } | { columnId: string } | { cardId: string } | { commentId: string };

function boardIdOf(ref: BoardRef): SQL {
  if ('boardId' in ref) return sql`${ref.boardId}::uuid`;
  if ('columnId' in ref)
    return sql`(select c.board_id from ${kanbanColumns} c where c.id = ${ref.columnId}::uuid)`;
  if ('cardId' in ref) return sql`(select c.board_id from ${kanbanCards} c where c.id = ${ref.cardId}::uuid)`;
  return sql`(select c.board_id from ${kanbanComments} m join ${kanbanCards} c on c.id = m.card_id
    where m.id = ${ref.commentId}::uuid)`;
}

export interface BoardAccess {
  board: BoardRow;
  /** The owner first, then by name. */
  members: Member[];
  /** The caller's role. */
  role: BoardRole;
}

/**
 * The board `ref` names (or holds the column, card or comment it names) with its members, when `userId` is
 * one of them; undefined otherwise (and for an id that does not exist): one query, which also gives the
 * people each change is published to.
 */
export async function boardAccess(db: Db, userId: string, ref: BoardRef): Promise<BoardAccess | undefined> {
  const rows = await db
    .select({
      board: kanbanBoards,
      id: users.id,
      name: personName,
      avatarUrl: users.avatarUrl,
      role: kanbanBoardMembers.role,
    })
    .from(kanbanBoards)
    .innerJoin(kanbanBoardMembers, eq(kanbanBoardMembers.boardId, kanbanBoards.id))
    .innerJoin(users, eq(users.id, kanbanBoardMembers.userId))
    .where(eq(kanbanBoards.id, boardIdOf(ref)))
    .orderBy(
      sql`${kanbanBoardMembers.role} = 'owner' desc`,
      asc(users.firstName),
      asc(users.lastName),
      asc(users.id),
    );
  const mine = rows.find((r) => r.id === userId);
  if (!mine) return undefined;
  return {
    board: mine.board,
    members: rows.map(({ id, name, avatarUrl, role }) => ({ id, name, avatarUrl, role })),
    role: mine.role,
  };
}

// ── boards ──────────────────────────────────────────────────────────────────────────────────────────────

/**
 * A new board's owner row and default columns. A board made with "New board" counts as opened (it is shown
 * next); the personal board, made on first use, does not (the board opened last still is).
 */
async function initBoard(tx: Db, boardId: string, ownerId: string, opened: boolean): Promise<void> {
  await tx
    .insert(kanbanBoardMembers)
    .values({ boardId, userId: ownerId, role: 'owner', lastOpenedAt: opened ? sql`now()` : null });
  const keys = generateNKeysBetween(null, null, DEFAULT_COLUMNS.length);
  await tx
    .insert(kanbanColumns)
    .values(DEFAULT_COLUMNS.map((name, i) => ({ boardId, name, position: keys[i]! })));
}

/** The user's personal board, made on first use (the partial unique index settles two first visits). */
export async function ensurePersonalBoard(db: Db, userId: string): Promise<string> {
  const mine = () =>
    db
      .select({ id: kanbanBoards.id })
      .from(kanbanBoards)
      .where(and(eq(kanbanBoards.ownerId, userId), eq(kanbanBoards.personal, true)));
  const [existing] = await mine();
  if (existing) return existing.id;
  const made = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(kanbanBoards)
      .values({ ownerId: userId, name: PERSONAL_BOARD_NAME, personal: true })
      .onConflictDoNothing({ target: kanbanBoards.ownerId, where: sql`personal` })
      .returning({ id: kanbanBoards.id });
    if (row) await initBoard(tx, row.id, userId, false);
    return row?.id;
  });
  if (made) return made;
  const [raced] = await mine();
  if (!raced) throw new Error('Personal board missing after insert');
  return raced.id;
}

/** A shared board (not personal) owned by `ownerId`; 'too-many' past OWNED_BOARDS_MAX. */
export async function createBoard(db: Db, ownerId: string, name: string): Promise<string | 'too-many'> {
  return db.transaction(async (tx) => {
    const owned = await tx.$count(kanbanBoards, eq(kanbanBoards.ownerId, ownerId));
    if (owned >= OWNED_BOARDS_MAX) return 'too-many';
    const [row] = await tx.insert(kanbanBoards).values({ ownerId, name }).returning({ id: kanbanBoards.id });
    await initBoard(tx, row!.id, ownerId, true);
    return row!.id;
  });
}

/** The board the user opened last (their personal board when they never opened one). */
export async function lastBoardId(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: kanbanBoardMembers.boardId })
    .from(kanbanBoardMembers)
    .innerJoin(kanbanBoards, eq(kanbanBoards.id, kanbanBoardMembers.boardId))
    .where(eq(kanbanBoardMembers.userId, userId))
    .orderBy(
      sql`${kanbanBoardMembers.lastOpenedAt} desc nulls last`,
      desc(kanbanBoards.personal),
      asc(kanbanBoards.createdAt),
      asc(kanbanBoards.id),
    )
    .limit(1);
  return row?.id;
}

/** Remembers that the member opened the board (`GET /board` without an id shows it next time). */
export async function rememberBoard(db: Db, userId: string, boardId: string): Promise<void> {
  await db
    .update(kanbanBoardMembers)
    .set({ lastOpenedAt: sql`now()` })
    .where(and(eq(kanbanBoardMembers.boardId, boardId), eq(kanbanBoardMembers.userId, userId)));
}

/** The boards the user is a member of: the personal one first, then by name. */
export async function listBoards(db: Db, userId: string): Promise<BoardSummary[]> {
  return db
    .select({
      id: kanbanBoards.id,
      name: kanbanBoards.name,
      personal: kanbanBoards.personal,
      memberCount: sql<number>`(select count(*)::int from ${kanbanBoardMembers} m where m.board_id = ${kanbanBoards.id})`,
    })
    .from(kanbanBoards)
    .innerJoin(
      kanbanBoardMembers,
      and(eq(kanbanBoardMembers.boardId, kanbanBoards.id), eq(kanbanBoardMembers.userId, userId)),
    )
    .orderBy(desc(kanbanBoards.personal), sql`lower(${kanbanBoards.name})`, asc(kanbanBoards.id));
}

export async function renameBoard(db: Db, boardId: string, name: string): Promise<void> {
  await db
    .update(kanbanBoards)
    .set({ name, updatedAt: sql`now()` })
    .where(eq(kanbanBoards.id, boardId));
}

/**
 * Deletes what a data-modifying `gone` statement (returning the ids of deleted boards, columns or cards)
 * removes, and the files of the cards that go with it, in one statement; returns how many rows `gone`
 * deleted and the storage keys to remove. `cardsOfGone` selects those cards' ids.
 */
async function deleteWithFiles(
  db: Db,
  gone: SQL,
  cardsOfGone: SQL,
): Promise<{ deleted: number; storageKeys: string[] }> {
  const result = (await db.execute(sql`
    with gone as (${gone}),
    doomed as (
      select a.file_id from ${kanbanAttachments} a where a.card_id in (${cardsOfGone})
    ),
    removed as (
      delete from ${files} f where f.id in (select file_id from doomed) returning f.storage_key
    )
    select (select count(*)::int from gone) as deleted,
      (select coalesce(json_agg(storage_key), '[]'::json) from removed) as keys`)) as unknown as {
    rows: Array<{ deleted: number | string; keys: unknown }>;
  };
  const row = result.rows[0];
  return { deleted: Number(row?.deleted ?? 0), storageKeys: fromJson<string[]>(row?.keys ?? []) };
}

/** Deletes a board that is not personal, its cards and their files; undefined when there is none. */
export async function deleteBoard(db: Db, boardId: string): Promise<string[] | undefined> {
  const { deleted, storageKeys } = await deleteWithFiles(
    db,
    sql`delete from ${kanbanBoards} where id = ${boardId} and not personal returning id`,
    sql`select c.id from ${kanbanCards} c where c.board_id in (select id from gone)`,
  );
  return deleted ? storageKeys : undefined;
}

export type AddMemberResult = 'added' | 'already' | 'unknown-user' | 'full';

/** Adds an active user of the instance to the board. */
export async function addMember(db: Db, boardId: string, userId: string): Promise<AddMemberResult> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.status, 'active')));
  if (!user) return 'unknown-user';
  if ((await db.$count(kanbanBoardMembers, eq(kanbanBoardMembers.boardId, boardId))) >= BOARD_MEMBERS_MAX) {
    return 'full';
  }
  const rows = await db
    .insert(kanbanBoardMembers)
    .values({ boardId, userId, role: 'member' })
    .onConflictDoNothing()
    .returning({ userId: kanbanBoardMembers.userId });
  return rows.length ? 'added' : 'already';
}

/** Removes a member (never the owner) and their assignments on the board's cards; false when not one. */
export async function removeMember(db: Db, boardId: string, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(kanbanBoardMembers)
      .where(
        and(
          eq(kanbanBoardMembers.boardId, boardId),
          eq(kanbanBoardMembers.userId, userId),
          ne(kanbanBoardMembers.role, 'owner'),
        ),
      )
      .returning({ userId: kanbanBoardMembers.userId });
    if (!gone.length) return false;
    await tx
      .delete(kanbanCardAssignees)
      .where(
        and(
          eq(kanbanCardAssignees.userId, userId),
          sql`${kanbanCardAssignees.cardId} in (select id from ${kanbanCards} where board_id = ${boardId})`,
        ),
      );
    return true;
  });
}

// ── positions ───────────────────────────────────────────────────────────────────────────────────────────

/**
 * Where something goes among its siblings: between its neighbours once moved (ADR 024). `beforeId` is the
 * sibling just before it, `afterId` the one just after; `beforeId: null` = first, `afterId: null` = last.
 */
export interface Place {
  beforeId?: string | null | undefined;
  afterId?: string | null | undefined;
}

const ordered = {
  cards: { table: kanbanCards, parent: sql.raw('column_id') },
  columns: { table: kanbanColumns, parent: sql.raw('board_id') },
} as const;

/**
 * The position key for an item placed in `parentId` (a column for cards, a board for columns), computed
 * from the neighbours as they are now, with `movingId` itself left out. Call it in the transaction that
 * holds the parent's row lock, so no other move into the same parent reads the same neighbours: keys stay
 * unique (the unique index would refuse a duplicate). A neighbour that is no longer there is ignored: after
 * `beforeId` if it is there, else before `afterId`, else first for `beforeId: null`, else last.
 */
async function positionFor(
  tx: Db,
  kind: keyof typeof ordered,
  parentId: string,
  movingId: string | null,
  place: Place,
): Promise<string> {
  const { table, parent } = ordered[kind];
  const siblings = sql`from ${table} s where s.${parent} = ${parentId}::uuid ${
    movingId ? sql`and s.id <> ${movingId}::uuid` : sql``
  }`;
  const result = (await tx.execute(sql`
    with b as (select s.position ${siblings} and s.id = ${place.beforeId ?? null}::uuid),
      a as (select s.position ${siblings} and s.id = ${place.afterId ?? null}::uuid)
    select
      (select position from b) as "beforePos",
      (select min(s.position) ${siblings} and s.position > (select position from b)) as "beforeNext",
      (select position from a) as "afterPos",
      (select max(s.position) ${siblings} and s.position < (select position from a)) as "afterPrev",
      (select min(s.position) ${siblings}) as "first",
      (select max(s.position) ${siblings}) as "last"`)) as unknown as {
    rows: Array<
      Record<'beforePos' | 'beforeNext' | 'afterPos' | 'afterPrev' | 'first' | 'last', string | null>
    >;
  };
  const n = result.rows[0]!;
  if (n.beforePos !== null) return generateKeyBetween(n.beforePos, n.beforeNext);
  if (n.afterPos !== null) return generateKeyBetween(n.afterPrev, n.afterPos);
  if (place.beforeId === null) return generateKeyBetween(null, n.first);
  return generateKeyBetween(n.last, null);
}

// ── columns ─────────────────────────────────────────────────────────────────────────────────────────────

/** A board's columns, in order. */
export function columnsOf(db: Db, boardId: string): Promise<Array<{ id: string; name: string }>> {
  return db
    .select({ id: kanbanColumns.id, name: kanbanColumns.name })
    .from(kanbanColumns)
    .where(eq(kanbanColumns.boardId, boardId))
    .orderBy(asc(kanbanColumns.position), asc(kanbanColumns.id));
}

/** A column of the board. */
export async function columnOf(
  db: Db,
  boardId: string,
  columnId: string,
): Promise<{ id: string; name: string } | undefined> {
  const [row] = await db
    .select({ id: kanbanColumns.id, name: kanbanColumns.name })
    .from(kanbanColumns)
    .where(and(eq(kanbanColumns.id, columnId), eq(kanbanColumns.boardId, boardId)));
  return row;
}

/** A column's cards, in order. */
export async function cardIdsOf(db: Db, columnId: string): Promise<string[]> {
  const rows = await db
    .select({ id: kanbanCards.id })
    .from(kanbanCards)
    .where(eq(kanbanCards.columnId, columnId))
    .orderBy(asc(kanbanCards.position), asc(kanbanCards.id));
  return rows.map((r) => r.id);
}

/** Locks the board's row for a change of its columns' order; false when the board is gone. */
async function lockBoard(tx: Db, boardId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: kanbanBoards.id })
    .from(kanbanBoards)
    .where(eq(kanbanBoards.id, boardId))
    .for('no key update');
  return row !== undefined;
}

/** A column at the end of the board; 'full' past BOARD_COLUMNS_MAX, undefined when the board is gone. */
export async function createColumn(
  db: Db,
  boardId: string,
  name: string,
): Promise<ColumnRow | 'full' | undefined> {
  return db.transaction(async (tx) => {
    if (!(await lockBoard(tx, boardId))) return undefined;
    if ((await tx.$count(kanbanColumns, eq(kanbanColumns.boardId, boardId))) >= BOARD_COLUMNS_MAX) {
      return 'full';
    }
    const position = await positionFor(tx, 'columns', boardId, null, { afterId: null });
    const [row] = await tx.insert(kanbanColumns).values({ boardId, name, position }).returning();
    return row;
  });
}

export async function renameColumn(
  db: Db,
  boardId: string,
  columnId: string,
  name: string,
): Promise<boolean> {
  const rows = await db
    .update(kanbanColumns)
    .set({ name })
    .where(and(eq(kanbanColumns.id, columnId), eq(kanbanColumns.boardId, boardId)))
    .returning({ id: kanbanColumns.id });
  return rows.length > 0;
}

/** Moves a column between its neighbours: one row written. False when the column is gone. */
export async function moveColumn(db: Db, boardId: string, columnId: string, place: Place): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await lockBoard(tx, boardId))) return false;
    const position = await positionFor(tx, 'columns', boardId, columnId, place);
    const rows = await tx
      .update(kanbanColumns)
      .set({ position })
      .where(and(eq(kanbanColumns.id, columnId), eq(kanbanColumns.boardId, boardId)))
      .returning({ id: kanbanColumns.id });
    return rows.length > 0;
  });
}

/** Deletes a column with its cards and their files; undefined when it is not on the board. */
export async function deleteColumn(db: Db, boardId: string, columnId: string): Promise<string[] | undefined> {
  const { deleted, storageKeys } = await deleteWithFiles(
    db,
    sql`delete from ${kanbanColumns} where id = ${columnId} and board_id = ${boardId} returning id`,
    sql`select c.id from ${kanbanCards} c where c.column_id in (select id from gone)`,
  );
  return deleted ? storageKeys : undefined;
}

/** Deletes the cards of a column and their files; the storage keys to remove. */
export async function clearColumn(db: Db, boardId: string, columnId: string): Promise<string[]> {
  const { storageKeys } = await deleteWithFiles(
    db,
    sql`delete from ${kanbanCards} where column_id = ${columnId} and board_id = ${boardId} returning id`,
    sql`select id from gone`,
  );
  return storageKeys;
}

// ── cards ───────────────────────────────────────────────────────────────────────────────────────────────

/** A card with what its face shows, times as ISO 8601 (UTC) text. */
export interface CardData {
  id: string;
  boardId: string;
  columnId: string;
  /** Its column's name. */
  status: string;
  name: string;
  description: string;
  priority: KanbanPriority;
  labels: string[];
  dueStart: string | null;
  dueEnd: string | null;
  completed: boolean;
  reporter: Person | null;
  version: number;
  createdAt: string;
  updatedAt: string;
  assigneeIds: string[];
  commentCount: number;
  attachmentCount: number;
  /** The first picture attached (its file id). */
  coverFileId: string | null;
}

/** A time as `Date.toISOString()` writes it, in SQL. */
const isoText = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

type CardTuple = [
  id: string,
  boardId: string,
  columnId: string,
  status: string,
  name: string,
  description: string,
  priority: KanbanPriority,
  labels: string[],
  dueStart: string | null,
  dueEnd: string | null,
  completed: boolean,
  reporterId: string | null,
  reporterName: string | null,
  reporterAvatarUrl: string | null,
  version: number,
  createdAt: string,
  updatedAt: string,
  assigneeIds: string[] | null,
  commentCount: number,
  attachmentCount: number,
  coverFileId: string | null,
];

/**
 * The cards of a board (or one card), in order within their columns (position, then id), with their
 * assignees, counts and cover, in one statement that answers one JSON array: on the embedded database,
 * 2,000 rows of a dozen columns cost more to hand over one by one than to build and parse as one value.
 */
export async function cardsOf(db: Db, scope: { boardId: string } | { cardId: string }): Promise<CardData[]> {
  const where = (alias: string) =>
    'boardId' in scope
      ? sql`${sql.raw(alias)}.board_id = ${scope.boardId}::uuid`
      : sql`${sql.raw(alias)}.id = ${scope.cardId}::uuid`;
  const result = (await db.execute(sql`
    select coalesce(json_agg(json_build_array(
      c.id, c.board_id, c.column_id, col.name, c.name, c.description, c.priority, c.labels,
      ${isoText(sql`c.due_start`)}, ${isoText(sql`c.due_end`)}, c.completed,
      c.reporter_id, trim(u.first_name || ' ' || u.last_name), u.avatar_url,
      c.version, ${isoText(sql`c.created_at`)}, ${isoText(sql`c.updated_at`)},
      assigned.ids, coalesce(commented.n, 0), coalesce(attached.n, 0), attached.cover
    ) order by c.position, c.id), '[]'::json) as cards
    from ${kanbanCards} c
    join ${kanbanColumns} col on col.id = c.column_id
    left join ${users} u on u.id = c.reporter_id
    left join (
      select a.card_id, json_agg(a.user_id) as ids
      from ${kanbanCardAssignees} a join ${kanbanCards} s on s.id = a.card_id
      where ${where('s')} group by a.card_id
    ) assigned on assigned.card_id = c.id
    left join (
      select m.card_id, count(*)::int as n
      from ${kanbanComments} m join ${kanbanCards} s on s.id = m.card_id
      where ${where('s')} group by m.card_id
    ) commented on commented.card_id = c.id
    left join (
      select a.card_id, count(*)::int as n,
        (array_agg(f.id order by a.created_at, f.id) filter (where f.mime_type like 'image/%'))[1] as cover
      from ${kanbanAttachments} a join ${files} f on f.id = a.file_id join ${kanbanCards} s on s.id = a.card_id
      where ${where('s')} group by a.card_id
    ) attached on attached.card_id = c.id
    where ${where('c')}`)) as unknown as { rows: Array<{ cards: unknown }> };
  const tuples = fromJson<CardTuple[]>(result.rows[0]?.cards ?? []);
  return tuples.map((t) => ({
    id: t[0],
    boardId: t[1],
    columnId: t[2],
    status: t[3],
    name: t[4],
    description: t[5],
    priority: t[6],
    labels: t[7],
    dueStart: t[8],
    dueEnd: t[9],
    completed: t[10],
    reporter: t[11] ? { id: t[11], name: t[12] ?? '', avatarUrl: t[13] } : null,
    version: t[14],
    createdAt: t[15],
    updatedAt: t[16],
    assigneeIds: t[17] ?? [],
    commentCount: t[18],
    attachmentCount: t[19],
    coverFileId: t[20],
  }));
}

export interface CardFields {
  name: string;
  description: string;
  priority: KanbanPriority;
  labels: string[];
  dueStart: Date | null;
  dueEnd: Date | null;
  completed: boolean;
}

/** Locks a column of the board for a change of its cards' order; false when it is not on the board. */
async function lockColumn(tx: Db, boardId: string, columnId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: kanbanColumns.id })
    .from(kanbanColumns)
    .where(and(eq(kanbanColumns.id, columnId), eq(kanbanColumns.boardId, boardId)))
    .for('no key update');
  return row !== undefined;
}

/**
 * A card at the end of a column of the board, with its assignees (members of the board only); 'full' past
 * BOARD_CARDS_MAX, undefined when the column is not on the board.
 */
export async function createCard(
  db: Db,
  input: {
    boardId: string;
    columnId: string;
    reporterId: string;
    fields: CardFields;
    assigneeIds: readonly string[];
  },
): Promise<string | 'full' | undefined> {
  const { boardId, columnId } = input;
  return db.transaction(async (tx) => {
    if (!(await lockColumn(tx, boardId, columnId))) return undefined;
    if ((await tx.$count(kanbanCards, eq(kanbanCards.boardId, boardId))) >= BOARD_CARDS_MAX) return 'full';
    const position = await positionFor(tx, 'cards', columnId, null, { afterId: null });
    const [row] = await tx
      .insert(kanbanCards)
      .values({ boardId, columnId, position, reporterId: input.reporterId, ...input.fields })
      .returning({ id: kanbanCards.id });
    await assign(tx, boardId, row!.id, input.assigneeIds);
    return row!.id;
  });
}

/** Sets a card's assignees to the members of the board among `userIds`. */
async function assign(tx: Db, boardId: string, cardId: string, userIds: readonly string[]): Promise<void> {
  const wanted = [...new Set(userIds)];
  if (!wanted.length) return;
  await tx.execute(sql`
    insert into ${kanbanCardAssignees} (card_id, user_id)
    select ${cardId}::uuid, m.user_id from ${kanbanBoardMembers} m
    where m.board_id = ${boardId} and m.user_id in (${sql.join(
      wanted.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
}

/**
 * Changes a card's fields (only those given) and, when given, its assignees, if its version is still
 * `version` (ADR 017; the trigger raises it). 'stale' when it is not, undefined when the card is not on the
 * board.
 */
export async function updateCard(
  db: Db,
  input: {
    boardId: string;
    cardId: string;
    version: number;
    fields: Partial<CardFields>;
    assigneeIds: readonly string[] | undefined;
  },
): Promise<'updated' | 'stale' | undefined> {
  const { boardId, cardId } = input;
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(kanbanCards)
      .set({ ...input.fields, updatedAt: sql`now()` })
      .where(
        and(
          eq(kanbanCards.id, cardId),
          eq(kanbanCards.boardId, boardId),
          eq(kanbanCards.version, input.version),
        ),
      )
      .returning({ id: kanbanCards.id });
    if (!rows.length) {
      const [exists] = await tx
        .select({ id: kanbanCards.id })
        .from(kanbanCards)
        .where(and(eq(kanbanCards.id, cardId), eq(kanbanCards.boardId, boardId)));
      return exists ? 'stale' : undefined;
    }
    if (input.assigneeIds !== undefined) {
      await tx.delete(kanbanCardAssignees).where(eq(kanbanCardAssignees.cardId, cardId));
      await assign(tx, boardId, cardId, input.assigneeIds);
    }
    return 'updated';
  });
}

/**
 * Moves a card to a column of its board, between its neighbours there: one row written (its column and
 * position), under the target column's row lock (ADR 024). The version is left alone: a move never makes
 * an edit stale. 'no-column' when the column is not on the card's board, 'no-card' when the card is gone.
 */
export async function moveCard(
  db: Db,
  input: { boardId: string; cardId: string; columnId: string; place: Place },
): Promise<'moved' | 'no-column' | 'no-card'> {
  const { boardId, cardId, columnId } = input;
  return db.transaction(async (tx) => {
    if (!(await lockColumn(tx, boardId, columnId))) return 'no-column';
    const position = await positionFor(tx, 'cards', columnId, cardId, input.place);
    const rows = await tx
      .update(kanbanCards)
      .set({ columnId, position })
      .where(and(eq(kanbanCards.id, cardId), eq(kanbanCards.boardId, boardId)))
      .returning({ id: kanbanCards.id });
    return rows.length ? 'moved' : 'no-card';
  });
}

/** Deletes a card with its comments, attachments and their files; undefined when it is not on the board. */
export async function deleteCard(db: Db, boardId: string, cardId: string): Promise<string[] | undefined> {
  const { deleted, storageKeys } = await deleteWithFiles(
    db,
    sql`delete from ${kanbanCards} where id = ${cardId} and board_id = ${boardId} returning id`,
    sql`select id from gone`,
  );
  return deleted ? storageKeys : undefined;
}

// ── comments ────────────────────────────────────────────────────────────────────────────────────────────

export interface CommentData {
  id: string;
  cardId: string;
  authorId: string;
  message: string;
  createdAt: Date;
  author: Person;
}

function commentsWhere(db: Db, where: SQL | undefined): Promise<CommentData[]> {
  return db
    .select({
      id: kanbanComments.id,
      cardId: kanbanComments.cardId,
      authorId: kanbanComments.authorId,
      message: kanbanComments.message,
      createdAt: kanbanComments.createdAt,
      author: { id: users.id, name: personName, avatarUrl: users.avatarUrl },
    })
    .from(kanbanComments)
    .innerJoin(users, eq(users.id, kanbanComments.authorId))
    .where(where)
    .orderBy(asc(kanbanComments.createdAt), asc(kanbanComments.id));
}

/** A card's comments, oldest first. */
export const commentsOf = (db: Db, cardId: string) => commentsWhere(db, eq(kanbanComments.cardId, cardId));

/** A comment on a card; 'full' past CARD_COMMENTS_MAX (one statement: the count and the insert). */
export async function addComment(
  db: Db,
  cardId: string,
  authorId: string,
  message: string,
): Promise<CommentData | 'full'> {
  const result = (await db.execute(sql`
    insert into ${kanbanComments} (card_id, author_id, message)
    select ${cardId}::uuid, ${authorId}::uuid, ${message}
    where (select count(*) from ${kanbanComments} where card_id = ${cardId}) < ${CARD_COMMENTS_MAX}
    returning id`)) as unknown as { rows: Array<{ id: string }> };
  const id = result.rows[0]?.id;
  if (!id) return 'full';
  const [comment] = await commentsWhere(db, eq(kanbanComments.id, id));
  return comment!;
}

/** Deletes the author's own comment; its card id, or undefined when it is not theirs. */
export async function deleteOwnComment(
  db: Db,
  authorId: string,
  commentId: string,
): Promise<string | undefined> {
  const [row] = await db
    .delete(kanbanComments)
    .where(and(eq(kanbanComments.id, commentId), eq(kanbanComments.authorId, authorId)))
    .returning({ cardId: kanbanComments.cardId });
  return row?.cardId;
}

// ── attachments ─────────────────────────────────────────────────────────────────────────────────────────

/** A card's files, in the order they were attached. */
export async function attachmentsOf(db: Db, cardId: string): Promise<FileRow[]> {
  const rows = await db
    .select({ file: files })
    .from(kanbanAttachments)
    .innerJoin(files, eq(files.id, kanbanAttachments.fileId))
    .where(eq(kanbanAttachments.cardId, cardId))
    .orderBy(asc(kanbanAttachments.createdAt), asc(files.id));
  return rows.map((r) => r.file);
}

export const attachmentCount = (db: Db, cardId: string) =>
  db.$count(kanbanAttachments, eq(kanbanAttachments.cardId, cardId));

export const cardIsFull = async (db: Db, cardId: string) =>
  (await attachmentCount(db, cardId)) >= CARD_ATTACHMENTS_MAX;

/** Links a stored file to a card; false when the card is gone meanwhile (the caller deletes the file). */
export async function attachFile(db: Db, cardId: string, fileId: string): Promise<boolean> {
  const result = (await db.execute(sql`
    insert into ${kanbanAttachments} (card_id, file_id)
    select c.id, ${fileId}::uuid from ${kanbanCards} c where c.id = ${cardId}::uuid
    returning file_id`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

/** Removes a file from a card (row and link); its storage key, or undefined when it is not on that card. */
export async function detachFile(db: Db, cardId: string, fileId: string): Promise<string | undefined> {
  const [row] = await db
    .delete(files)
    .where(
      and(
        eq(files.id, fileId),
        sql`exists (select 1 from ${kanbanAttachments} a where a.file_id = ${files.id} and a.card_id = ${cardId})`,
      ),
    )
    .returning({ key: files.storageKey });
  return row?.key;
}

/** May `userId` read this card file? Members of the board of the card that holds it. */
export async function canReadCardFile(db: Db, userId: string, fileId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(kanbanAttachments)
    .innerJoin(kanbanCards, eq(kanbanCards.id, kanbanAttachments.cardId))
    .innerJoin(
      kanbanBoardMembers,
      and(eq(kanbanBoardMembers.boardId, kanbanCards.boardId), eq(kanbanBoardMembers.userId, userId)),
    )
    .where(eq(kanbanAttachments.fileId, fileId))
    .limit(1);
  return row !== undefined;
}

/** Which of these files are on a card (the others are left-overs of an upload whose link failed). */
export async function linkedCardFileIds(db: Db, fileIds: readonly string[]): Promise<string[]> {
  if (!fileIds.length) return [];
  const rows = await db
    .select({ id: kanbanAttachments.fileId })
    .from(kanbanAttachments)
    .where(inArray(kanbanAttachments.fileId, [...fileIds]));
  return rows.map((r) => r.id);
}

/**
 * The cards due for `userId` (the analytics overview's tasks, issue 30 B): assigned to them on a board they
 * are a member of, not completed, due before `before` (late ones included), soonest first.
 */
export async function dueCardsOf(db: Db, userId: string, before: string, limit: number): Promise<DueCard[]> {
  const result = (await db.execute(sql`
    select c.id, c.board_id, b.name as board_name, b.personal, c.column_id, col.name as status, c.name,
      c.priority, ${isoText(sql`c.due_start`)} as due_start, ${isoText(sql`c.due_end`)} as due_end, c.version
    from ${kanbanCardAssignees} a
    join ${kanbanCards} c on c.id = a.card_id
    join ${kanbanColumns} col on col.id = c.column_id
    join ${kanbanBoards} b on b.id = c.board_id
    join ${kanbanBoardMembers} m on m.board_id = c.board_id and m.user_id = a.user_id
    where a.user_id = ${userId}::uuid and not c.completed and c.due_end < ${before}::timestamptz
    order by c.due_end, c.id
    limit ${limit}`)) as unknown as {
    rows: Array<{
      id: string;
      board_id: string;
      board_name: string;
      personal: boolean;
      column_id: string;
      status: string;
      name: string;
      priority: KanbanPriority;
      due_start: string | null;
      due_end: string;
      version: number;
    }>;
  };
  return result.rows.map((row) => ({
    id: row.id,
    boardId: row.board_id,
    boardName: row.board_name,
    personal: row.personal,
    columnId: row.column_id,
    status: row.status,
    name: row.name,
    priority: row.priority,
    due: { start: row.due_start, end: row.due_end },
    version: row.version,
  }));
}
