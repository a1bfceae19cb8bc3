import { generateNKeysBetween } from 'fractional-indexing';

import type { KanbanPriority } from '#shared/contract/kanban.ts';

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
} from '../../db/schema/index.ts';

/** A file stored by the caller under `storageKey` (the seed has an uploads folder). */
export interface SeedFile {
  storageKey: string;
  name: string;
  mimeType: string;
  size: number;
  width: number | null;
  height: number | null;
}

export interface KanbanSeedOptions {
  adminId: string;
  /** Active demo users on the board (eight). */
  peopleIds: string[];
  /** Two pictures (the covers of two cards) and a text file, when there is an uploads folder. */
  files?: SeedFile[] | undefined;
}

const DAY = 86_400_000;
const COLUMNS = ['Backlog', 'To do', 'In progress', 'In review', 'Done'] as const;

/**
 * [column, name, priority, labels, due (days from today: start, end; null for none), assignees (0 = the
 * admin, 1… = the people), completed]
 */
type Plan = [number, string, KanbanPriority, string[], [number | null, number] | null, number[], boolean];

const plan: Plan[] = [
  [0, 'Competitor pricing review', 'low', ['Research'], null, [3], false],
  [0, 'Referral programme ideas', 'low', ['Marketing'], null, [], false],
  [0, 'Localise the landing page (FR, VI)', 'medium', ['Website', 'i18n'], [null, 40], [5], false],
  [0, 'Partner webinar', 'low', ['Marketing', 'Events'], [30, 30], [2, 6], false],
  [0, 'Customer advisory board invitations', 'medium', ['Sales'], null, [7], false],
  [0, 'Post-launch survey', 'low', ['Research'], [35, 42], [], false],
  [1, 'Press kit', 'high', ['PR'], [2, 9], [1, 4], false],
  [1, 'Pricing page copy', 'high', ['Website', 'Copy'], [null, 6], [2], false],
  [1, 'Launch email sequence', 'medium', ['Marketing', 'Email'], [3, 12], [6], false],
  [1, 'Support macros for new plans', 'medium', ['Support'], [null, 10], [8], false],
  [1, 'Sales deck update', 'medium', ['Sales'], [4, 8], [7, 0], false],
  [1, 'App store screenshots', 'low', ['Design'], [null, 14], [3], false],
  [1, 'Status page entries', 'low', ['Engineering'], null, [4], false],
  [2, 'Billing migration to new plans', 'high', ['Engineering', 'Billing'], [-5, 5], [4, 8], false],
  [2, 'Onboarding checklist redesign', 'high', ['Design', 'Product'], [-3, 4], [3, 1], false],
  [2, 'Launch video edit', 'medium', ['Marketing', 'Video'], [-2, 6], [2], false],
  [2, 'Help centre articles', 'medium', ['Support', 'Docs'], [-4, 3], [8, 5], false],
  [2, 'Feature flags for the rollout', 'high', ['Engineering'], [-1, 2], [4], false],
  [2, 'Social media calendar', 'low', ['Marketing'], [0, 7], [6], false],
  [3, 'Hero banner', 'high', ['Design', 'Website'], [-6, 1], [3, 0], false],
  [3, 'Changelog post', 'medium', ['Copy', 'Docs'], [-2, 2], [1], false],
  [3, 'Load test of the signup flow', 'high', ['Engineering', 'QA'], [-3, -1], [4, 7], false],
  [3, 'Legal review of the terms', 'high', ['Legal'], [-7, 0], [0], false],
  [4, 'Launch date agreed', 'high', ['Planning'], [-20, -18], [0], true],
  [4, 'Beta feedback summary', 'medium', ['Research', 'Product'], [-16, -12], [5, 1], true],
  [4, 'New plan names', 'medium', ['Product'], [-14, -13], [2, 0], true],
  [4, 'Tracking plan for the launch', 'medium', ['Analytics'], [-12, -8], [8], true],
  [4, 'Domain and redirects', 'low', ['Engineering', 'Website'], [-10, -9], [4], true],
  [4, 'Budget sign-off', 'high', ['Planning', 'Finance'], [-9, -9], [0], true],
  [4, 'Kick-off meeting', 'low', ['Planning'], [-25, -25], [0, 1, 2, 3], true],
];

/** [card index, author (0 = the admin), message, hours ago] */
const comments: Array<[number, number, string, number]> = [
  [6, 1, 'I have a draft of the boilerplate; adding quotes tomorrow.', 30],
  [6, 0, 'Great. Please include the new logo files.', 26],
  [7, 2, 'Should we show yearly prices first?', 20],
  [7, 0, 'Yes, with the monthly price underneath.', 18],
  [13, 4, 'Dry run on staging went fine. Two edge cases left.', 12],
  [13, 8, 'I can take the proration one.', 10],
  [14, 3, 'New mock-ups attached.', 9],
  [19, 3, 'Final banner attached; dark mode version too.', 6],
  [19, 0, 'Looks great. Approved from my side.', 4],
  [21, 7, 'p95 stays under 200 ms at 5x the expected traffic.', 3],
  [22, 0, 'Waiting on the last round of comments from counsel.', 2],
  [24, 5, 'Summary shared in the product channel.', 200],
];

/** Which card gets which seed file (two pictures, then the text file). */
const attachedTo = [19, 14, 9];

/**
 * The demo board (issue #12): "Product launch", owned by the demo admin and shared with eight people; five
 * columns and thirty cards with assignees, labels, priorities and due dates around today, some comments, and
 * (with an uploads folder) two pictures as covers and a checklist file. The admin opened it last, so the
 * kanban page shows it first.
 */
export async function seedKanban(db: Db, { adminId, peopleIds, files: seedFiles = [] }: KanbanSeedOptions) {
  const people = [adminId, ...peopleIds];
  const at = (index: number) => people[index % people.length]!;
  const today = new Date();
  today.setUTCHours(0, 0, 0, 0);
  const now = Date.now();

  await db.transaction(async (tx) => {
    const [board] = await tx
      .insert(kanbanBoards)
      .values({ ownerId: adminId, name: 'Product launch', createdAt: new Date(now - 30 * DAY) })
      .returning({ id: kanbanBoards.id });
    const boardId = board!.id;
    await tx.insert(kanbanBoardMembers).values(
      people.map((userId, i) => ({
        boardId,
        userId,
        role: i === 0 ? ('owner' as const) : ('member' as const),
        lastOpenedAt: i === 0 ? new Date(now) : null,
      })),
    );
    const columnKeys = generateNKeysBetween(null, null, COLUMNS.length);
    const columns = await tx
      .insert(kanbanColumns)
      .values(COLUMNS.map((name, i) => ({ boardId, name, position: columnKeys[i]! })))
      .returning({ id: kanbanColumns.id });

    const keysOf = COLUMNS.map((_, c) =>
      generateNKeysBetween(null, null, plan.filter(([column]) => column === c).length),
    );
    const cards = await tx
      .insert(kanbanCards)
      .values(
        plan.map(([column, name, priority, labels, due, , completed], i) => ({
          boardId,
          columnId: columns[column]!.id,
          position: keysOf[column]!.shift()!,
          name,
          description: completed ? '' : `${name}: see the launch brief for the details.`,
          priority,
          labels,
          dueStart: due?.[0] === null || !due ? null : new Date(today.getTime() + due[0] * DAY),
          dueEnd: due ? new Date(today.getTime() + due[1] * DAY + 17 * 3_600_000) : null,
          completed,
          reporterId: at(i % 3),
          createdAt: new Date(now - (40 - i) * DAY),
          updatedAt: new Date(now - ((30 - i) * DAY) / 2),
        })),
      )
      .returning({ id: kanbanCards.id });

    const assignees = plan.flatMap(([, , , , , who], i) =>
      [...new Set(who)].map((p) => ({ cardId: cards[i]!.id, userId: at(p) })),
    );
    await tx.insert(kanbanCardAssignees).values(assignees);
    await tx.insert(kanbanComments).values(
      comments.map(([card, author, message, hoursAgo]) => ({
        cardId: cards[card]!.id,
        authorId: at(author),
        message,
        createdAt: new Date(now - hoursAgo * 3_600_000),
      })),
    );

    const stored = seedFiles.slice(0, attachedTo.length);
    if (stored.length) {
      const rows = await tx
        .insert(files)
        .values(
          stored.map((file, i) => ({
            ...file,
            ownerId: at(plan[attachedTo[i]!]![5][0] ?? 0),
            use: 'kanban' as const,
            createdAt: new Date(now - (i + 1) * 3_600_000),
          })),
        )
        .returning({ id: files.id, createdAt: files.createdAt });
      await tx.insert(kanbanAttachments).values(
        rows.map((row, i) => ({
          fileId: row.id,
          cardId: cards[attachedTo[i]!]!.id,
          createdAt: row.createdAt,
        })),
      );
    }
  });
}
