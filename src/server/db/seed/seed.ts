import { sql } from 'drizzle-orm';

import { hashPassword, UNUSABLE_PASSWORD_HASH } from '../../lib/passwords.ts';
import { seedChat } from '../../modules/chat/chat.seed.ts';
import { seedMail } from '../../modules/mail/mail.seed.ts';
import { seedCalendar } from '../../modules/calendar/calendar.seed.ts';
import { seedKanban, type SeedFile } from '../../modules/kanban/kanban.seed.ts';
import { seedProducts } from '../../modules/products/products.seed.ts';
import { seedOrders } from '../../modules/orders/orders.seed.ts';
import { seedPosts } from '../../modules/posts/posts.seed.ts';
import { seedInvoices } from '../../modules/invoices/invoices.seed.ts';
import { seedNotifications } from '../../modules/notifications/notifications.seed.ts';
import { seedBanking } from '../../modules/banking/banking.seed.ts';
import { seedFiles } from '../../modules/files/files.seed.ts';
import { seedBooking } from '../../modules/booking/booking.seed.ts';
import { seedAnalytics } from '../../modules/analytics/analytics.seed.ts';
import type { Db } from '../client.ts';
import { files, follows, users } from '../schema/index.ts';
import {
  AVATAR_COLOURS,
  AVATAR_SIZE,
  COVER_SIZE,
  renderAvatar,
  renderCover,
  seededFileName,
  writeUpload,
} from './avatars.ts';
import { makeUser } from './factories.ts';
import { createRandom } from './random.ts';

/**
 * The demo admin. Its password is not published: it is random per install (`SeedOptions.demoPassword`,
 * demo-password.ts), so no known credential signs in to any instance (ADR 012).
 */
export const DEMO_ADMIN = {
  email: 'demo@atrium.dev',
  firstName: 'Jaydon',
  lastName: 'Frankie',
} as const;

/** Demo users besides the demo admin (50 accounts in all). */
export const DEMO_USER_COUNT = 49;
const SEED = 20_260_101;

export interface SeedOptions {
  /** Where the demo avatars and cover are written (DATA_DIR/uploads); without it users have no pictures. */
  uploadsDir?: string | undefined;
  /** The demo admin's password; without it the demo admin cannot sign in either. */
  demoPassword?: string | undefined;
  /** The shop's currency (`CURRENCY`), which the demo orders record; USD by default. */
  currency?: string | undefined;
}

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return !row || Number(row.n) === 0;
}

/**
 * Demo data with a fixed seed: one demo admin (signing in with `demoPassword`) and DEMO_USER_COUNT demo users
 * with no usable password, with profiles, a status mix, follows, and generated avatars when `uploadsDir` is
 * given.
 * Later domains add their own demo rows here.
 */
export async function seedDemo(db: Db, options: SeedOptions = {}): Promise<void> {
  const random = createRandom(SEED);
  const adminPasswordHash = options.demoPassword
    ? await hashPassword(options.demoPassword)
    : UNUSABLE_PASSWORD_HASH;

  const admin = {
    ...makeUser(random, 0),
    email: DEMO_ADMIN.email,
    firstName: DEMO_ADMIN.firstName,
    lastName: DEMO_ADMIN.lastName,
    role: 'admin' as const,
    status: 'active' as const,
    emailVerified: true,
    company: 'Atrium',
    about: 'Demo administrator. Try the user list, the profile pages and the account settings.',
    passwordHash: adminPasswordHash,
  };
  const demoUsers = Array.from({ length: DEMO_USER_COUNT }, (_, i) => ({
    // Two more admins, so the demo can show roles and the last-admin rule.
    ...makeUser(random, i + 1, i < 2 ? { role: 'admin', status: 'active' } : {}),
    passwordHash: UNUSABLE_PASSWORD_HASH,
  }));
  const all = [admin, ...demoUsers];

  // Pictures are drawn before the transaction (CPU work), then written with their rows.
  const pictures = options.uploadsDir
    ? await Promise.all(
        all.map(async (u) => {
          const name = seededFileName(random);
          const initials = `${u.firstName[0] ?? ''}${u.lastName[0] ?? ''}`.toUpperCase();
          return { name, data: await renderAvatar(initials, random.pick(AVATAR_COLOURS)) };
        }),
      )
    : [];
  const cover = options.uploadsDir
    ? { name: seededFileName(random), data: await renderCover('#00A76F', '#004B50') }
    : null;
  if (options.uploadsDir) {
    const dir = options.uploadsDir;
    await Promise.all([...pictures, ...(cover ? [cover] : [])].map((p) => writeUpload(dir, p.name, p.data)));
  }

  const seeded = await db.transaction(async (tx) => {
    const rows = await tx
      .insert(users)
      .values(
        all.map((u, i) => ({
          ...u,
          avatarUrl: pictures[i] ? `/api/uploads/${pictures[i].name}` : null,
          coverUrl: i === 0 && cover ? `/api/uploads/${cover.name}` : null,
          // Spread over the last year, oldest first, so "created" sorting shows something.
          createdAt: new Date(Date.UTC(2025, 9, 1) + i * 7 * 24 * 3600 * 1000),
        })),
      )
      .returning({ id: users.id, status: users.status });

    const image = { name: 'avatar.webp', mimeType: 'image/webp' };
    const images: Array<typeof files.$inferInsert> = rows.flatMap((row, i) => {
      const picture = pictures[i];
      return picture
        ? [
            {
              ...image,
              ownerId: row.id,
              use: 'avatar' as const,
              storageKey: picture.name,
              width: AVATAR_SIZE,
              height: AVATAR_SIZE,
              size: picture.data.length,
            },
          ]
        : [];
    });
    const adminRow = rows[0];
    if (cover && adminRow) {
      images.push({
        ...image,
        name: 'cover.webp',
        ownerId: adminRow.id,
        use: 'cover',
        storageKey: cover.name,
        ...COVER_SIZE,
        size: cover.data.length,
      });
    }
    if (images.length) await tx.insert(files).values(images);

    // The demo admin follows a few people and is followed by more; others follow at random.
    const pairs = new Map<string, { followerId: string; followeeId: string }>();
    const add = (a: string | undefined, b: string | undefined) => {
      if (a && b && a !== b) pairs.set(`${a}:${b}`, { followerId: a, followeeId: b });
    };
    const active = rows.filter((r) => r.status === 'active');
    for (let i = 1; i <= 8; i++) add(adminRow?.id, active[i]?.id);
    for (let i = 3; i <= 20; i++) add(active[i]?.id, adminRow?.id);
    for (let i = 0; i < 60; i++) add(random.pick(rows).id, random.pick(rows).id);
    if (pairs.size) await tx.insert(follows).values([...pairs.values()]);
    return { adminId: adminRow?.id, activeIds: active.map((r) => r.id).filter((id) => id !== adminRow?.id) };
  });
  if (!seeded.adminId) return;
  await seedNotifications(db, seeded.adminId);
  // A picture for the chat's group (a drawn "moodboard"), when there is an uploads folder.
  let picture;
  if (options.uploadsDir) {
    const data = await renderCover('#8E33FF', '#FFAB00');
    const storageKey = seededFileName(random);
    await writeUpload(options.uploadsDir, storageKey, data);
    picture = { storageKey, size: data.length, ...COVER_SIZE };
  }
  await seedChat(db, { adminId: seeded.adminId, peopleIds: seeded.activeIds.slice(0, 6), picture });
  // The mail's picture has bytes of its own (deleting one never removes the other's).
  let mailPicture;
  if (options.uploadsDir) {
    const data = await renderCover('#00A76F', '#8E33FF');
    const storageKey = seededFileName(random);
    await writeUpload(options.uploadsDir, storageKey, data);
    mailPicture = { storageKey, size: data.length, ...COVER_SIZE };
  }
  await seedMail(db, {
    adminId: seeded.adminId,
    peopleIds: seeded.activeIds.slice(6, 12),
    picture: mailPicture,
  });
  await seedCalendar(db, { adminId: seeded.adminId, peopleIds: seeded.activeIds.slice(12, 20) });
  // The kanban board's files: two drawn pictures (card covers) and a checklist.
  const kanbanFiles: SeedFile[] = [];
  if (options.uploadsDir) {
    const dir = options.uploadsDir;
    const pictures = await Promise.all([
      renderCover('#FF5630', '#FFAB00'),
      renderCover('#00B8D9', '#003768'),
    ]);
    const checklist = Buffer.from(
      'Launch checklist\n\n- Press kit\n- Pricing page\n- Billing migration\n- Help centre articles\n- Launch email\n',
    );
    const stored = [
      { name: 'hero-banner.webp', data: pictures[0], ext: 'webp', mimeType: 'image/webp', ...COVER_SIZE },
      {
        name: 'onboarding-mock-up.webp',
        data: pictures[1],
        ext: 'webp',
        mimeType: 'image/webp',
        ...COVER_SIZE,
      },
      {
        name: 'launch-checklist.txt',
        data: checklist,
        ext: 'txt',
        mimeType: 'text/plain',
        width: null,
        height: null,
      },
    ];
    for (const { name, data, ext, mimeType, width, height } of stored) {
      const storageKey = seededFileName(random).replace(/\.webp$/, `.${ext}`);
      await writeUpload(dir, storageKey, data);
      kanbanFiles.push({ storageKey, name, mimeType, size: data.length, width, height });
    }
  }
  await seedKanban(db, {
    adminId: seeded.adminId,
    peopleIds: seeded.activeIds.slice(20, 28),
    files: kanbanFiles,
  });
  // The shop: sixty products with drawn pictures, reviewed by the active demo users.
  await seedProducts(db, {
    adminId: seeded.adminId,
    reviewerIds: seeded.activeIds,
    uploadsDir: options.uploadsDir,
  });
  // A year of orders from the same people (some behind their reviews), address books and the demo
  // discount code WELCOME10.
  await seedOrders(db, {
    adminId: seeded.adminId,
    customerIds: seeded.activeIds,
    currency: options.currency,
  });
  // A year of invoices to an address book of customers, with the workspace's addresses and services.
  await seedInvoices(db, {
    adminId: seeded.adminId,
    ownerIds: seeded.activeIds,
    currency: options.currency,
  });
  // The blog: 24 posts by the demo admin and demo users, with drawn covers, likes and comment threads.
  await seedPosts(db, {
    adminId: seeded.adminId,
    peopleIds: seeded.activeIds,
    uploadsDir: options.uploadsDir,
  });
  // Banking: a year of salary, rent, bills, shopping and transfers for the demo admin and ten demo users.
  await seedBanking(db, { adminId: seeded.adminId, peopleIds: seeded.activeIds.slice(0, 10) });
  // Files: the demo admin's drive (folders, notes, sheets, pictures over a year), a folder shared with three
  // teammates and one a teammate shares back.
  await seedFiles(db, {
    adminId: seeded.adminId,
    peopleIds: seeded.activeIds.slice(0, 4),
    uploadsDir: options.uploadsDir,
  });
  // Booking: tours, a course, rooms and bike rental (and a draft) with about a year of bookings by the demo
  // people in every status, their timelines, and reviews (some waiting for a decision).
  await seedBooking(db, {
    adminId: seeded.adminId,
    peopleIds: seeded.activeIds,
    uploadsDir: options.uploadsDir,
  });
  // Analytics: a year of traffic on the built-in site (the public pages), the last month as raw events.
  await seedAnalytics(db);
}
