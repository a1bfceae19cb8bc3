/** Kanban figures for the overview dashboards (ADR 036): read-only, the viewer's own cards. */
import { sql } from 'drizzle-orm';

import type { Db } from '../../db/client.ts';
import { kanbanCardAssignees, kanbanCards } from '../../db/schema/index.ts';
import {
  countPeriods,
  firstNumber,
  rangeEnd,
  type DateRange,
  type PeriodFigure,
  type StatsScope,
} from '../../lib/date-range.ts';

/**
 * Cards due for the viewer by the end of the period (`today` for the welcome card): cards assigned to them,
 * not completed, whose due date ends before the period does, late ones included. Everyone's own,
 * administrators' too (`kanban_card_assignees_user_idx`).
 */
export async function cardsDue(db: Db, scope: StatsScope, range: DateRange): Promise<number> {
  return firstNumber(
    await db.execute(sql`select count(*)::int as n from ${kanbanCardAssignees} a
      join ${kanbanCards} c on c.id = a.card_id
      where a.user_id = ${scope.userId} and not c.completed and c.due_end < ${rangeEnd(range)}`),
  );
}

/**
 * How much the boards were used (/dashboard/analytics' areas): cards created in the period and in the
 * previous one, on every board for administrators, the cards the viewer reported otherwise
 * (`kanban_cards_reporter_idx`). A move leaves no dated trace, so only creations count.
 */
export function cardsCreated(db: Db, scope: StatsScope, range: DateRange): Promise<PeriodFigure> {
  return countPeriods(db, range, {
    table: kanbanCards,
    at: kanbanCards.createdAt,
    ...(scope.isAdmin ? {} : { where: sql`${kanbanCards.reporterId} = ${scope.userId}` }),
  });
}
