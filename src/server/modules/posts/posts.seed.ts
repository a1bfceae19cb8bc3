import sharp from 'sharp';

import type { Db } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';
import { postComments, postLikes, posts } from '../../db/schema/posts.ts';
import { seededFileName, writeUpload } from '../../db/seed/avatars.ts';
import { createRandom, type Random } from '../../db/seed/random.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { slugBase } from './posts.service.ts';

export interface PostsSeedOptions {
  /** The demo admin: writes a few posts, among them the drafts. */
  adminId: string;
  /** Active demo users: the other authors, likers and commenters. */
  peopleIds: string[];
  /** Where the drawn covers are written; without it posts have no covers. */
  uploadsDir?: string | undefined;
}

const DAY = 86_400_000;
/** The blog's own seed: the same posts whatever the other demo data drew before them. */
const SEED = 20_261_124;
export const POST_COVER_SIZE = { width: 960, height: 540 } as const;

/** [title, tags, description]: English mostly, and one in each of the other languages. */
const PLANS: Array<[string, string[], string]> = [
  [
    'Designing dashboards people actually use',
    ['design', 'ux'],
    'Five habits that keep an admin screen calm.',
  ],
  [
    'A week of remote work in Lisbon',
    ['travel', 'remote'],
    'Trams, tiles, pastries and a surprisingly good café Wi-Fi.',
  ],
  [
    'Why we moved our search to PostgreSQL',
    ['engineering', 'postgres'],
    'One database, fewer moving parts, faster answers.',
  ],
  ['The quiet power of keyboard shortcuts', ['productivity'], 'Small habits that save an hour a week.'],
  [
    'Onboarding new teammates in three days',
    ['team', 'hiring'],
    'A checklist we keep improving with every hire.',
  ],
  [
    'Colour systems for dark mode',
    ['design', 'colour'],
    'Contrast, elevation and the trouble with pure black.',
  ],
  ['Writing release notes people read', ['writing', 'product'], 'Lead with what changed for the reader.'],
  ['Running a design critique that helps', ['design', 'team'], 'Ask questions before you give answers.'],
  [
    'What we learned shipping real-time updates',
    ['engineering', 'realtime'],
    'WebSockets, reconnects and the events we send.',
  ],
  [
    'A beginner’s guide to accessible forms',
    ['accessibility', 'ux'],
    'Labels, errors and focus, in that order.',
  ],
  [
    'Hiking the Dolomites on a long weekend',
    ['travel', 'outdoors'],
    'Three huts, two passes and one thunderstorm.',
  ],
  ['How we plan a quarter on one page', ['planning', 'product'], 'Fewer goals, clearer owners.'],
  [
    'Testing with two browsers at once',
    ['engineering', 'testing'],
    'Live features need two people to prove them.',
  ],
  [
    'Coffee, focus and the afternoon slump',
    ['productivity', 'health'],
    'What the research says, and what works for us.',
  ],
  ['Icons that explain themselves', ['design', 'icons'], 'When to add a label, and when to drop the icon.'],
  [
    'Customer interviews without leading questions',
    ['research', 'product'],
    'Listen for stories, not opinions.',
  ],
  ['Small teams, big releases', ['team', 'product'], 'How six people ship every week.'],
  ['Typography on small screens', ['design', 'mobile'], 'Line length, size and rhythm on a phone.'],
  [
    'Le télétravail à la campagne',
    ['travail', 'france'],
    'Un mois dans un village du Périgord, avec une bonne connexion.',
  ],
  ['Một ngày ở phố cổ Hà Nội', ['du lịch', 'việt nam'], 'Cà phê trứng, phở và những con phố nhỏ.'],
  ['在上海的第一周', ['旅行', '上海'], '新的城市，新的团队，还有很多好吃的。'],
  ['رحلة إلى مراكش', ['سفر', 'المغرب'], 'أسواق وألوان وشاي بالنعناع.'],
  ['Draft: notes for the next offsite', ['team'], 'Ideas for the agenda, still rough.'],
  ['Draft: our API style guide', ['engineering'], 'Paths, errors and paging, written down at last.'],
];

const PARAGRAPHS = [
  'We tried a few things before we found what worked, and most of them taught us something.',
  'The first version was too clever. The second one was plain, and people liked it far more.',
  'Measure before you change anything: the numbers often point somewhere you did not expect.',
  'Write it down, share it early, and let the people who use it tell you what is missing.',
  'None of this needed a new tool. It needed a habit, and a reminder on Monday mornings.',
  'Looking back, the best decisions were the ones we could undo cheaply.',
];

const COMMENTS = [
  'This is exactly what I needed this week, thank you!',
  'Great write-up. Could you share the checklist?',
  'We tried something similar and ran into the same problem.',
  'Lovely photos and a very useful summary.',
  'I disagree a little with the second point, but the rest is spot on.',
  'Bookmarked. Looking forward to the follow-up post.',
  'How long did it take the team to get used to it?',
  'Clear and practical, as always.',
];
const REPLIES = [
  'Thanks! I will add it to the post.',
  'Good question: about two weeks.',
  'Same here, it took a few tries.',
  'Agreed, that part surprised me too.',
];

const PALETTES: Array<[string, string, string]> = [
  ['#00A76F', '#004B50', '#C8FAD6'],
  ['#8E33FF', '#27097A', '#EBD6FD'],
  ['#00B8D9', '#003768', '#CAFDF5'],
  ['#FFAB00', '#7A4100', '#FFF5CC'],
  ['#FF5630', '#7A0916', '#FFE9D5'],
  ['#078DEE', '#0C2A5B', '#D6F1FF'],
];

/** A cover: a gradient sky, a sun and layered hills in one palette (no text, so any language fits). */
export function renderPostCover(random: Random): Promise<Buffer> {
  const { width, height } = POST_COVER_SIZE;
  const [main, dark, light] = random.pick(PALETTES);
  const sunX = random.int(140, 820);
  const hill = (base: number, amplitude: number) => {
    const points = Array.from({ length: 7 }, (_, i) => {
      const x = (i * width) / 6;
      return `${x},${base - random.int(0, amplitude)}`;
    });
    return `M0,${height} L${points.join(' L')} L${width},${height} Z`;
  };
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="#FFFFFF"/></linearGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#sky)"/>` +
    `<circle cx="${sunX}" cy="${random.int(110, 210)}" r="${random.int(50, 90)}" fill="${main}" opacity="0.35"/>` +
    `<path d="${hill(380, 110)}" fill="${main}" opacity="0.55"/>` +
    `<path d="${hill(450, 100)}" fill="${main}"/>` +
    `<path d="${hill(510, 60)}" fill="${dark}"/></svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
}

function content(random: Random, title: string): string {
  const picks = Array.from({ length: 3 }, () => random.pick(PARAGRAPHS));
  return sanitizeRichText(
    `<p><strong>${title}</strong>: ${picks[0]}</p><h3>What we did</h3><p>${picks[1]}</p>` +
      `<ul><li>Start small</li><li>Share early</li><li>Keep what works</li></ul>` +
      `<blockquote><p>${picks[2]}</p></blockquote><p>Thanks for reading, and tell us what you think below.</p>`,
  );
}

/**
 * The demo blog (issue #14): 24 posts by the demo admin and demo users, the last two the admin's drafts,
 * published over the last four months, with drawn covers when there is an uploads folder, tags, views,
 * likes and comment threads with replies; every fourth one featured on the dashboard. Deterministic (the
 * seeded PRNG) and quick.
 */
export async function seedPosts(db: Db, options: PostsSeedOptions): Promise<void> {
  const { adminId, peopleIds, uploadsDir } = options;
  if (!peopleIds.length) return;
  const random = createRandom(SEED);
  const now = Date.now();
  // The other authors are the last few demo users (the first ones show other areas' demo data).
  const authors = [adminId, ...peopleIds.slice(-7)];

  const rows = PLANS.map(([title, tags, description], n) => {
    const draft = title.startsWith('Draft:');
    const authorId = draft ? adminId : authors[n % authors.length]!;
    const createdAt = new Date(now - (PLANS.length - n) * 5 * DAY - random.int(1, 12) * 3_600_000);
    const publishedAt = draft ? null : new Date(createdAt.getTime() + random.int(1, 48) * 3_600_000);
    return {
      authorId,
      title,
      slug: slugBase(title) ?? `post-${n + 1}`,
      description,
      content: content(random, title),
      tags,
      metaTitle: title,
      metaDescription: description,
      metaKeywords: tags,
      publish: draft ? ('draft' as const) : ('published' as const),
      publishedAt,
      allowComments: n % 9 !== 4,
      // A few published posts on the dashboard's "Featured" carousel (ADR 043).
      featured: !draft && n % 4 === 1,
      totalViews: draft ? 0 : random.int(12, 2400),
      createdAt,
      updatedAt: publishedAt ?? createdAt,
    };
  });

  const covers = uploadsDir
    ? await Promise.all(
        rows.map(async () => ({ storageKey: seededFileName(random), data: await renderPostCover(random) })),
      )
    : [];
  if (uploadsDir) await Promise.all(covers.map((c) => writeUpload(uploadsDir, c.storageKey, c.data)));

  await db.transaction(async (tx) => {
    const stored = covers.length
      ? await tx
          .insert(files)
          .values(
            covers.map((c, i) => ({
              ownerId: rows[i]!.authorId,
              use: 'cover' as const,
              storageKey: c.storageKey,
              name: `${rows[i]!.slug}.webp`,
              mimeType: 'image/webp',
              size: c.data.length,
              ...POST_COVER_SIZE,
              createdAt: rows[i]!.createdAt,
            })),
          )
          .returning({ id: files.id })
      : [];
    const inserted = await tx
      .insert(posts)
      .values(rows.map((r, i) => ({ ...r, coverFileId: stored[i]?.id ?? null })))
      .returning({ id: posts.id, authorId: posts.authorId, publishedAt: posts.publishedAt });

    // Likes and comment threads on published posts, after they were published (the triggers count them).
    const likes: Array<typeof postLikes.$inferInsert> = [];
    const threads: Array<{ post: number; at: Date; authorId: string; message: string; replies: string[][] }> =
      [];
    inserted.forEach((post, i) => {
      if (!post.publishedAt) return;
      const published = post.publishedAt.getTime();
      const likers = new Set<string>();
      const count = random.int(0, Math.min(14, peopleIds.length));
      while (likers.size < count) likers.add(random.pick(peopleIds));
      for (const userId of likers) {
        likes.push({
          postId: post.id,
          userId,
          createdAt: new Date(published + random.int(1, 96) * 3_600_000),
        });
      }
      if (!rows[i]!.allowComments) return;
      for (let c = random.int(0, 4); c > 0; c--) {
        const replies = Array.from({ length: random.int(0, 2) }, () => [
          random.pick([post.authorId, random.pick(peopleIds)]),
          random.pick(REPLIES),
        ]);
        threads.push({
          post: i,
          at: new Date(published + random.int(2, 120) * 3_600_000),
          authorId: random.pick(peopleIds),
          message: random.pick(COMMENTS),
          replies,
        });
      }
    });
    if (likes.length) await tx.insert(postLikes).values(likes);
    if (threads.length) {
      const tops = await tx
        .insert(postComments)
        .values(
          threads.map((t) => ({
            postId: inserted[t.post]!.id,
            authorId: t.authorId,
            message: t.message,
            createdAt: t.at,
          })),
        )
        .returning({ id: postComments.id });
      const replies = threads.flatMap((t, i) =>
        t.replies.map(([authorId, message], r) => ({
          postId: inserted[t.post]!.id,
          authorId: authorId!,
          parentId: tops[i]!.id,
          replyToUserId: t.authorId,
          message: message!,
          createdAt: new Date(t.at.getTime() + (r + 1) * 2 * 3_600_000),
        })),
      );
      if (replies.length) await tx.insert(postComments).values(replies);
    }
  });
}
