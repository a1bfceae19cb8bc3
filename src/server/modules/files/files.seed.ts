/**
 * Demo files (issue 27): a believable drive for the demo admin, so the file manager and the file overview
 * look alive on first start. Folders for documents, photos, projects and finance; text notes, CSV sheets and
 * drawn pictures uploaded over the last year (the overview's data activity has a history); a folder shared
 * with three teammates; a folder a teammate shares with the admin ("Shared with me"); a file with two
 * versions; a link; favourites and tags; one file in the trash. The bytes are real files in the uploads
 * folder, so every preview and download works.
 */
import { sql } from 'drizzle-orm';

import { fileKindOf } from '#shared/contract/file-limits.ts';

import type { Db } from '../../db/client.ts';
import { renderCover, seededFileName, writeUpload } from '../../db/seed/avatars.ts';
import { createRandom, type Random } from '../../db/seed/random.ts';
import {
  fileActivity,
  fileFavourites,
  fileItems,
  fileLinks,
  files,
  fileShares,
  fileVersions,
} from '../../db/schema/index.ts';

export interface FilesSeedOptions {
  adminId: string;
  /** Teammates: the first three share a folder with the admin, the fourth shares one with the admin. */
  peopleIds: readonly string[];
  /** Where the bytes are written (DATA_DIR/uploads); without it no files are seeded. */
  uploadsDir?: string | undefined;
  now?: Date;
}

type Content = { mimeType: string; ext: string; data: Buffer; width?: number; height?: number };

const DAY = 24 * 3600 * 1000;

const text = (lines: string[], mimeType = 'text/plain', ext = 'txt'): Content => ({
  mimeType,
  ext,
  data: Buffer.from(`${lines.join('\n')}\n`, 'utf8'),
});

const csv = (header: string[], rows: (string | number)[][]): Content =>
  text([header.join(','), ...rows.map((row) => row.join(','))], 'text/csv', 'csv');

async function picture(from: string, to: string): Promise<Content> {
  return { mimeType: 'image/webp', ext: 'webp', data: await renderCover(from, to), width: 1200, height: 400 };
}

function monthlySheet(random: Random): Content {
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return csv(
    ['Month', 'Revenue', 'Costs', 'Margin'],
    months.map((month) => {
      const revenue = random.int(18_000, 42_000);
      const costs = random.int(9_000, 17_000);
      return [month, revenue, costs, revenue - costs];
    }),
  );
}

/** A tree node: a folder with children, or a file with its content and when it was uploaded. */
type Node =
  | { folder: string; children: Node[]; sharedWith?: 'team'; favourite?: boolean }
  | {
      file: string;
      content: () => Promise<Content> | Content;
      daysAgo: number;
      tags?: string[];
      favourite?: boolean;
      link?: boolean;
      /** An older version uploaded this many days before the current one. */
      olderVersion?: { content: () => Content; daysBefore: number };
      trashed?: boolean;
    };

export async function seedFiles(db: Db, options: FilesSeedOptions): Promise<void> {
  const dir = options.uploadsDir;
  if (!dir) return;
  const now = options.now ?? new Date();
  const random = createRandom(27_000);
  const [first, second, third, designer] = options.peopleIds;
  const team = [first, second, third].filter((id): id is string => Boolean(id));

  const adminTree: Node[] = [
    {
      folder: 'Documents',
      favourite: true,
      children: [
        {
          file: 'Team handbook.md',
          content: () =>
            text(
              [
                '# Team handbook',
                '',
                '## How we work',
                '- Mornings are for deep work; meetings start after 11:00.',
                '- Every change is reviewed by one teammate before it ships.',
                '- Write decisions down where the next person will look for them.',
                '',
                '## Time off',
                'Tell the team a week ahead and add it to the shared calendar.',
              ],
              'text/markdown',
              'md',
            ),
          daysAgo: 12,
          tags: ['handbook', 'team'],
          olderVersion: {
            content: () => text(['# Team handbook', '', 'First draft: how we work.'], 'text/markdown', 'md'),
            daysBefore: 40,
          },
        },
        {
          file: 'Meeting notes — November.txt',
          content: () =>
            text([
              'Weekly sync',
              '',
              '1. Launch checklist: pricing page copy is final.',
              '2. Support rota for the launch week agreed.',
              '3. Next review on Thursday.',
            ]),
          daysAgo: 2,
          tags: ['meetings'],
        },
        {
          file: 'Onboarding checklist.txt',
          content: () =>
            text(['[x] Accounts created', '[x] Laptop ready', '[ ] First pairing session', '[ ] Team lunch']),
          daysAgo: 95,
          tags: ['onboarding', 'team'],
        },
      ],
    },
    {
      folder: 'Photos',
      children: [
        {
          file: 'Offsite — lake.webp',
          content: () => picture('#0b8f6a', '#8ee6c9'),
          daysAgo: 150,
          tags: ['offsite'],
          favourite: true,
        },
        {
          file: 'Offsite — dinner.webp',
          content: () => picture('#b4531a', '#ffd59e'),
          daysAgo: 150,
          tags: ['offsite'],
        },
        { file: 'Office plants.webp', content: () => picture('#2e7d32', '#c5e1a5'), daysAgo: 33 },
        {
          file: 'Launch party.webp',
          content: () => picture('#5e35b1', '#f48fb1'),
          daysAgo: 4,
          tags: ['launch'],
        },
      ],
    },
    {
      folder: 'Projects',
      children: [
        {
          folder: 'Launch',
          children: [
            {
              file: 'Launch plan.txt',
              content: () =>
                text([
                  'Launch plan',
                  '',
                  'Week 1: private beta with ten customers.',
                  'Week 2: fix what they found; write the announcement.',
                  'Week 3: public launch, support rota in place.',
                ]),
              daysAgo: 20,
              tags: ['launch'],
            },
            {
              file: 'Launch budget.csv',
              content: () =>
                csv(
                  ['Item', 'Budget', 'Spent'],
                  [
                    ['Ads', 4000, 3120],
                    ['Design', 2500, 2500],
                    ['Event', 1800, 950],
                  ],
                ),
              daysAgo: 6,
              tags: ['launch', 'budget'],
            },
          ],
        },
        {
          folder: 'Website redesign',
          children: [
            {
              file: 'Sitemap.txt',
              content: () => text(['/', '/pricing', '/about-us', '/contact-us', '/faqs', '/blog']),
              daysAgo: 70,
            },
            {
              file: 'Hero draft.webp',
              content: () => picture('#1565c0', '#90caf9'),
              daysAgo: 64,
              tags: ['design'],
            },
          ],
        },
      ],
    },
    {
      folder: 'Finance',
      children: [
        {
          file: 'Revenue 2026.csv',
          content: () => monthlySheet(random),
          daysAgo: 1,
          tags: ['report'],
          link: true,
        },
        { file: 'Revenue 2025.csv', content: () => monthlySheet(random), daysAgo: 330, tags: ['report'] },
        {
          file: 'Expense policy.txt',
          content: () =>
            text(['Expenses under $100 need no approval.', 'Keep every receipt; upload it to Banking.']),
          daysAgo: 210,
        },
      ],
    },
    {
      folder: 'Shared with the team',
      sharedWith: 'team',
      children: [
        {
          file: 'Roadmap.txt',
          content: () =>
            text(['Now: file manager, banking', 'Next: booking, analytics', 'Later: a mobile app']),
          daysAgo: 8,
          tags: ['roadmap'],
          favourite: true,
        },
        {
          file: 'Team photo.webp',
          content: () => picture('#00838f', '#b2ebf2'),
          daysAgo: 45,
          tags: ['team'],
        },
      ],
    },
    {
      file: 'Welcome.txt',
      content: () =>
        text([
          'Welcome to your files.',
          'Drop files anywhere on this page to upload them, share folders with your team,',
          'and open any file to see its versions, tags and activity.',
        ]),
      daysAgo: 360,
    },
    {
      file: 'Old draft.txt',
      content: () => text(['A draft nobody needs any more.']),
      daysAgo: 120,
      trashed: true,
    },
  ];

  const designerTree: Node[] = [
    {
      folder: 'Design assets',
      children: [
        {
          file: 'Brand colours.webp',
          content: () => picture('#00a76f', '#004b50'),
          daysAgo: 25,
          tags: ['brand'],
        },
        {
          file: 'Icon sketches.webp',
          content: () => picture('#ff5630', '#ffab00'),
          daysAgo: 18,
          tags: ['brand'],
        },
      ],
    },
  ];

  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY - random.int(0, 8 * 3600) * 1000);

  async function store(ownerId: string, name: string, content: Content, createdAt: Date) {
    const storageKey = seededFileName(random).replace(/\.webp$/, `.${content.ext}`);
    await writeUpload(dir!, storageKey, content.data);
    const [row] = await db
      .insert(files)
      .values({
        ownerId,
        use: 'drive',
        storageKey,
        name,
        mimeType: content.mimeType,
        size: content.data.length,
        width: content.width ?? null,
        height: content.height ?? null,
        createdAt,
      })
      .returning({ id: files.id });
    return row!.id;
  }

  async function plant(ownerId: string, nodes: Node[], parentId: string | null, ancestors: string[]) {
    for (const node of nodes) {
      if ('folder' in node) {
        const createdAt = at(365);
        const [folder] = await db
          .insert(fileItems)
          .values({
            ownerId,
            parentId,
            ancestors,
            type: 'folder',
            kind: 'folder',
            name: node.folder,
            createdBy: ownerId,
            updatedBy: ownerId,
            createdAt,
            updatedAt: createdAt,
          })
          .returning({ id: fileItems.id });
        const id = folder!.id;
        await db.insert(fileActivity).values({
          itemId: id,
          actorId: ownerId,
          action: 'created',
          details: { name: node.folder },
          createdAt,
        });
        if (node.favourite) await db.insert(fileFavourites).values({ userId: ownerId, itemId: id });
        if (node.sharedWith === 'team' && team.length) {
          await db
            .insert(fileShares)
            .values(
              team.map((userId) => ({ itemId: id, userId, role: 'edit' as const, createdBy: ownerId })),
            );
          await db.insert(fileActivity).values(
            team.map((userId) => ({
              itemId: id,
              actorId: ownerId,
              action: 'shared' as const,
              details: { with: userId, role: 'edit' },
            })),
          );
        }
        await plant(ownerId, node.children, id, [...ancestors, id]);
        continue;
      }
      const content = await node.content();
      const uploadedAt = at(node.daysAgo);
      const versions: { fileId: string; at: Date }[] = [];
      if (node.olderVersion) {
        const olderAt = new Date(uploadedAt.getTime() - node.olderVersion.daysBefore * DAY);
        versions.push({
          fileId: await store(ownerId, node.file, node.olderVersion.content(), olderAt),
          at: olderAt,
        });
      }
      versions.push({ fileId: await store(ownerId, node.file, content, uploadedAt), at: uploadedAt });
      const current = versions.at(-1)!;
      const [item] = await db
        .insert(fileItems)
        .values({
          ownerId,
          parentId: node.trashed ? null : parentId,
          ancestors: node.trashed ? [] : ancestors,
          type: 'file',
          kind: fileKindOf(content.mimeType),
          name: node.file,
          fileId: current.fileId,
          tags: node.tags ?? [],
          version: versions.length,
          createdBy: ownerId,
          updatedBy: ownerId,
          createdAt: versions[0]!.at,
          updatedAt: current.at,
          ...(node.trashed
            ? {
                deletedAt: at(3),
                deletedBy: ownerId,
                originalParentId: parentId,
                originalPath: '/',
              }
            : {}),
        })
        .returning({ id: fileItems.id });
      const id = item!.id;
      if (node.trashed)
        await db
          .update(fileItems)
          .set({ trashRootId: id })
          .where(sql`${fileItems.id} = ${id}`);
      await db.insert(fileVersions).values(
        versions.map((version, i) => ({
          itemId: id,
          fileId: version.fileId,
          number: i + 1,
          createdBy: ownerId,
          createdAt: version.at,
        })),
      );
      await db.insert(fileActivity).values([
        {
          itemId: id,
          actorId: ownerId,
          action: 'uploaded' as const,
          details: { name: node.file },
          createdAt: versions[0]!.at,
        },
        ...versions.slice(1).map((version, i) => ({
          itemId: id,
          actorId: ownerId,
          action: 'newVersion' as const,
          details: { number: i + 2 },
          createdAt: version.at,
        })),
        ...(node.trashed
          ? [
              {
                itemId: id,
                actorId: ownerId,
                action: 'trashed' as const,
                details: { from: '/' },
                createdAt: at(3),
              },
            ]
          : []),
      ]);
      if (node.favourite) await db.insert(fileFavourites).values({ userId: ownerId, itemId: id });
      if (node.link) {
        await db.insert(fileLinks).values({
          itemId: id,
          token: seededFileName(random).replace(/\.webp$/, ''),
          expiresAt: new Date(now.getTime() + 30 * DAY),
          downloadOnly: true,
          createdBy: ownerId,
        });
        await db
          .insert(fileActivity)
          .values({ itemId: id, actorId: ownerId, action: 'linkCreated', details: {} });
      }
    }
  }

  await plant(options.adminId, adminTree, null, []);
  if (designer) {
    await plant(designer, designerTree, null, []);
    const [shared] = await db
      .select({ id: fileItems.id })
      .from(fileItems)
      .where(sql`${fileItems.ownerId} = ${designer} and ${fileItems.name} = 'Design assets'`);
    if (shared) {
      await db
        .insert(fileShares)
        .values({ itemId: shared.id, userId: options.adminId, role: 'view', createdBy: designer });
      await db.insert(fileActivity).values({
        itemId: shared.id,
        actorId: designer,
        action: 'shared',
        details: { with: options.adminId, role: 'view' },
      });
    }
  }
}
