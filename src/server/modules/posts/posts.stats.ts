/** Blog figures for the overview dashboards (ADR 036): read-only, over a date range. */
import { sql } from 'drizzle-orm';

import type { Db } from '../../db/client.ts';
import { postLikes, posts } from '../../db/schema/index.ts';
import {
  countPeriods,
  inRange,
  rowsOf,
  type DateRange,
  type PeriodFigure,
  type StatsScope,
} from '../../lib/date-range.ts';

export interface TopAuthor {
  authorId: string;
  /** Likes their published posts received in the period. */
  likes: number;
  /** How many of their published posts were liked in the period. */
  posts: number;
}

/**
 * The authors whose published posts were liked most in the period (ties: the author id). Published posts
 * are public, so the figure is the same for everyone. Names come from the users module (the caller joins).
 */
export async function topAuthors(
  db: Db,
  _scope: StatsScope,
  range: DateRange,
  limit = 5,
): Promise<TopAuthor[]> {
  const rows = rowsOf<{ author_id: string; likes: unknown; posts: unknown }>(
    await db.execute(sql`select p.author_id, count(*)::int as likes, count(distinct p.id)::int as posts
      from ${postLikes} l join ${posts} p on p.id = l.post_id
      where p.publish = 'published' and ${inRange(sql`l.created_at`, range)}
      group by p.author_id order by likes desc, p.author_id limit ${limit}`),
  );
  return rows.map((r) => ({ authorId: r.author_id, likes: Number(r.likes), posts: Number(r.posts) }));
}

/**
 * How much the blog was used (/dashboard/analytics' areas): posts published in the period and in the
 * previous one (by `listed_at`, the publication date of a published post: `posts_publish_listed_idx`), every
 * author's for administrators, the viewer's own otherwise (`posts_author_idx`).
 */
export function postsPublished(db: Db, scope: StatsScope, range: DateRange): Promise<PeriodFigure> {
  const published = sql`${posts.publish} = 'published'`;
  return countPeriods(db, range, {
    table: posts,
    at: posts.listedAt,
    where: scope.isAdmin ? published : sql`${posts.authorId} = ${scope.userId} and ${published}`,
  });
}
