import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Database } from '../client.ts';
import {
  addresses,
  calendarAttendees,
  calendarEvents,
  chatAttachments,
  chatConversations,
  chatParticipants,
  files,
  follows,
  kanbanAttachments,
  kanbanBoardMembers,
  kanbanBoards,
  kanbanCardAssignees,
  kanbanCards,
  kanbanColumns,
  kanbanComments,
  mailAttachments,
  mailEntries,
  mailLabels,
  mailMessages,
  discountCodes,
  notifications,
  orderEvents,
  orderItems,
  orders,
  productImages,
  productReviews,
  products,
  users,
} from '../schema/index.ts';
import { createTestDb } from '../../testing/test-db.ts';
import { buildApp } from '../../app.ts';
import { createDemoPassword, readDemoPassword, writeDemoPassword } from './demo-password.ts';
import { DEMO_ADMIN, DEMO_USER_COUNT, seedDemo } from './seed.ts';

describe('seedDemo', () => {
  let database: Database;
  let uploadsDir: string;
  const demoPassword = createDemoPassword();

  beforeAll(async () => {
    database = await createTestDb();
    uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-seed-'));
    await seedDemo(database.db, { uploadsDir, demoPassword });
  });
  afterAll(async () => {
    await database?.close();
    fs.rmSync(uploadsDir, { recursive: true, force: true });
  });

  it('creates the demo admin and ~50 users with profiles, a status mix, slugs and follows', async () => {
    const rows = await database.db.select().from(users);
    expect(rows).toHaveLength(DEMO_USER_COUNT + 1);
    const admin = rows.find((u) => u.email === DEMO_ADMIN.email);
    expect(admin).toMatchObject({
      role: 'admin',
      status: 'active',
      slug: 'jaydon-frankie',
      emailVerified: true,
    });
    const statuses = new Set(rows.map((u) => u.status));
    expect(statuses).toEqual(new Set(['active', 'pending', 'banned', 'rejected']));
    expect(new Set(rows.map((u) => u.slug)).size).toBe(rows.length);
    expect(rows.every((u) => u.phone && u.company && u.country && u.city && u.address && u.zipCode)).toBe(
      true,
    );
    const [pairs] = await database.db.select({ n: sql<number>`count(*)::int` }).from(follows);
    expect(Number(pairs?.n)).toBeGreaterThan(20);
  });

  it('lets only the demo admin sign in, with its per-install password; no published password works', async () => {
    const app = await buildApp({
      database,
      logger: false,
      config: { demoAccount: { email: DEMO_ADMIN.email } },
    });
    try {
      const login = (email: string, password: string) =>
        app.inject({ method: 'POST', url: '/api/account/login', payload: { email, password } });
      expect((await login(DEMO_ADMIN.email, demoPassword)).statusCode).toBe(200);
      expect((await login(DEMO_ADMIN.email, 'atrium-demo-2026')).statusCode).toBe(401);
      const others = await database.db
        .select()
        .from(users)
        .where(sql`${users.email} <> ${DEMO_ADMIN.email}`);
      const otherAdmin = others.find((u) => u.role === 'admin' && u.status === 'active')!;
      expect((await login(otherAdmin.email, 'atrium-demo-2026')).statusCode).toBe(401);
      expect((await login(otherAdmin.email, demoPassword)).statusCode).toBe(401);
      expect(others.every((u) => !u.passwordHash.startsWith('$argon2'))).toBe(true);
      // The sign-in page learns the demo email, never a password.
      const config = await app.inject({ method: 'GET', url: '/api/config' });
      expect(config.json()).toEqual({ demo: { email: DEMO_ADMIN.email }, currency: 'USD' });
      expect(config.body).not.toContain(demoPassword);
    } finally {
      await app.close();
    }
  });

  it('makes a different, strong demo password per install, kept private in DATA_DIR', () => {
    const other = createDemoPassword();
    expect(other).not.toBe(demoPassword);
    expect(other).toMatch(/^[a-z2-9]{5}(-[a-z2-9]{5}){3}$/);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-demo-'));
    try {
      const file = writeDemoPassword(dir, other);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(readDemoPassword(dir)).toBe(other);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives the demo admin notifications, some unread', async () => {
    const [admin] = await database.db.select().from(users).where(eq(users.email, DEMO_ADMIN.email));
    const rows = await database.db.select().from(notifications).where(eq(notifications.userId, admin!.id));
    expect(rows.length).toBeGreaterThan(2);
    expect(rows.some((n) => n.readAt === null)).toBe(true);
    expect(rows.some((n) => n.readAt !== null)).toBe(true);
  });

  it('draws an avatar for everyone into the uploads dir, as WebP, with a gallery row', async () => {
    const rows = await database.db.select().from(users);
    for (const u of rows) expect(u.avatarUrl).toMatch(/^\/api\/uploads\/[0-9a-f]{32}\.webp$/);
    const sample = rows[3]!.avatarUrl!.split('/').pop()!;
    const meta = await sharp(path.join(uploadsDir, sample)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    const images = await database.db.select().from(files).where(eq(files.ownerId, rows[3]!.id));
    expect(images).toEqual([
      expect.objectContaining({ use: 'avatar', storageKey: sample, mimeType: 'image/webp', width: 256 }),
    ]);
  });

  it('gives the demo admin conversations, some unread, and a picture in the group', async () => {
    const [admin] = await database.db.select().from(users).where(eq(users.email, DEMO_ADMIN.email));
    const mine = await database.db
      .select({
        type: chatConversations.type,
        name: chatConversations.name,
        unread: chatParticipants.unreadCount,
      })
      .from(chatParticipants)
      .innerJoin(chatConversations, eq(chatConversations.id, chatParticipants.conversationId))
      .where(eq(chatParticipants.userId, admin!.id));
    expect(mine.filter((c) => c.type === 'ONE_TO_ONE')).toHaveLength(3);
    expect(mine.find((c) => c.type === 'GROUP')).toMatchObject({ name: 'Design team', unread: 1 });
    expect(mine.map((c) => c.unread).sort()).toEqual([0, 1, 1, 3]);
    const [image] = await database.db
      .select({ key: files.storageKey })
      .from(chatAttachments)
      .innerJoin(files, eq(files.id, chatAttachments.fileId));
    expect(fs.existsSync(path.join(uploadsDir, image!.key))).toBe(true);
  });

  it('gives the demo admin a mailbox: welcome mail, threads, unread mail, labels, a draft and a picture', async () => {
    const [admin] = await database.db.select().from(users).where(eq(users.email, DEMO_ADMIN.email));
    const entries = await database.db
      .select({ folder: mailEntries.folder, isRead: mailEntries.isRead, subject: mailMessages.subject })
      .from(mailEntries)
      .innerJoin(mailMessages, eq(mailMessages.id, mailEntries.messageId))
      .where(eq(mailEntries.userId, admin!.id));
    const inbox = entries.filter((e) => e.folder === 'inbox');
    expect(inbox.map((e) => e.subject)).toEqual(
      expect.arrayContaining([
        'Welcome to Atrium',
        'Re: Project kickoff next week',
        'Team dinner on Thursday?',
      ]),
    );
    expect(inbox.filter((e) => !e.isRead).length).toBeGreaterThanOrEqual(3);
    expect(entries.filter((e) => e.folder === 'sent').map((e) => e.subject)).toEqual([
      'Project kickoff next week',
    ]);
    expect(entries.filter((e) => e.folder === 'drafts')).toHaveLength(1);
    const labels = await database.db
      .select({ name: mailLabels.name })
      .from(mailLabels)
      .where(eq(mailLabels.userId, admin!.id));
    expect(labels.map((l) => l.name).sort()).toEqual(['Forums', 'Promotions', 'Social']);
    const [image] = await database.db
      .select({ key: files.storageKey })
      .from(mailAttachments)
      .innerJoin(files, eq(files.id, mailAttachments.fileId));
    expect(fs.existsSync(path.join(uploadsDir, image!.key))).toBe(true);
  });

  it('gives the demo admin a month of events, some with attendees, and two they attend', async () => {
    const [admin] = await database.db.select().from(users).where(eq(users.email, DEMO_ADMIN.email));
    const owned = await database.db
      .select()
      .from(calendarEvents)
      .where(eq(calendarEvents.ownerId, admin!.id));
    expect(owned.length).toBeGreaterThanOrEqual(12);
    const attending = await database.db
      .select()
      .from(calendarAttendees)
      .where(eq(calendarAttendees.userId, admin!.id));
    expect(attending).toHaveLength(2);
    const invited = await database.db.select().from(calendarAttendees);
    expect(invited.length).toBeGreaterThan(10);
  });

  it('gives the demo admin a shared "Product launch" board: five columns, thirty cards, comments and files', async () => {
    const [admin] = await database.db.select().from(users).where(eq(users.email, DEMO_ADMIN.email));
    const [board] = await database.db.select().from(kanbanBoards).where(eq(kanbanBoards.ownerId, admin!.id));
    expect(board).toMatchObject({ name: 'Product launch', personal: false });
    const members = await database.db
      .select()
      .from(kanbanBoardMembers)
      .where(eq(kanbanBoardMembers.boardId, board!.id));
    expect(members).toHaveLength(9);
    const columns = await database.db
      .select({ name: kanbanColumns.name })
      .from(kanbanColumns)
      .where(eq(kanbanColumns.boardId, board!.id))
      .orderBy(kanbanColumns.position);
    expect(columns.map((c) => c.name)).toEqual(['Backlog', 'To do', 'In progress', 'In review', 'Done']);
    expect(await database.db.$count(kanbanCards, eq(kanbanCards.boardId, board!.id))).toBe(30);
    expect(await database.db.$count(kanbanCardAssignees)).toBeGreaterThan(30);
    expect(await database.db.$count(kanbanComments)).toBeGreaterThan(5);
    const attached = await database.db
      .select({ key: files.storageKey, use: files.use })
      .from(kanbanAttachments)
      .innerJoin(files, eq(files.id, kanbanAttachments.fileId));
    expect(attached).toHaveLength(3);
    for (const file of attached) {
      expect(file.use).toBe('kanban');
      expect(fs.existsSync(path.join(uploadsDir, file.key))).toBe(true);
    }
  });

  it('fills the shop: sixty products across the categories with drawn pictures, sales, drafts, stock and reviews', async () => {
    const rows = await database.db.select().from(products);
    expect(rows).toHaveLength(60);
    expect(new Set(rows.map((p) => p.category)).size).toBe(12);
    expect(rows.filter((p) => p.publish === 'draft').length).toBeGreaterThanOrEqual(3);
    expect(rows.filter((p) => p.priceSale !== null && p.saleLabel.enabled).length).toBeGreaterThanOrEqual(8);
    expect(rows.filter((p) => p.newLabel.enabled).length).toBeGreaterThanOrEqual(5);
    expect(rows.filter((p) => p.quantity === 0).length).toBeGreaterThanOrEqual(3);
    expect(rows.filter((p) => p.quantity > 0 && p.quantity <= 10).length).toBeGreaterThanOrEqual(3);
    expect(rows.every((p) => p.priceSale === null || p.priceSale > p.price)).toBe(true);
    // Reviews by demo users, figures kept by the trigger, averages that differ between products.
    const reviews = await database.db.select().from(productReviews);
    expect(reviews.length).toBeGreaterThan(100);
    expect(rows.reduce((n, p) => n + p.totalReviews, 0)).toBe(reviews.length);
    const averages = new Set(rows.filter((p) => p.totalReviews).map((p) => Math.round(p.ratingAvg * 10)));
    expect(averages.size).toBeGreaterThan(8);
    // One or two pictures each, as public WebP files on disk.
    const pictures = await database.db
      .select({ key: files.storageKey, use: files.use, productId: productImages.productId })
      .from(productImages)
      .innerJoin(files, eq(files.id, productImages.fileId));
    expect(new Set(pictures.map((p) => p.productId)).size).toBe(60);
    const meta = await sharp(path.join(uploadsDir, pictures[0]!.key)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 480, height: 480 });
    expect(pictures.every((p) => p.use === 'product')).toBe(true);
  });

  it('fills the orders: address books, the demo code, a year of orders in every status, verified reviews', async () => {
    const db = database.db;
    const books = await db.select().from(addresses);
    const owners = new Set(books.map((a) => a.userId));
    expect(owners.size).toBeGreaterThan(20);
    for (const owner of owners) {
      expect(books.filter((a) => a.userId === owner && a.isPrimary)).toHaveLength(1);
    }
    const codes = await db.select().from(discountCodes);
    expect(codes.find((c) => c.code === 'WELCOME10')).toMatchObject({
      kind: 'percent',
      value: 10,
      minSubtotal: 0,
      active: true,
      expiresAt: null,
    });
    const all = await db.select().from(orders).orderBy(orders.number);
    expect(all.length).toBeGreaterThan(400);
    expect(new Set(all.map((o) => o.status))).toEqual(
      new Set(['pending', 'paid', 'completed', 'cancelled', 'refunded']),
    );
    const days = all.map((o) => (Date.now() - o.createdAt.getTime()) / 86_400_000);
    expect(Math.max(...days)).toBeGreaterThan(300);
    expect(Math.min(...days)).toBeLessThan(3);
    // Numbers follow the dates; totals add up; the admin has orders of their own.
    expect(all.map((o) => o.createdAt.getTime())).toEqual(
      [...all.map((o) => o.createdAt.getTime())].sort((a, b) => a - b),
    );
    expect(all.every((o) => o.total === o.subtotal - o.discount + o.shipping + o.taxes)).toBe(true);
    const [admin] = await db.select().from(users).where(eq(users.email, DEMO_ADMIN.email));
    expect(all.filter((o) => o.userId === admin!.id).length).toBeGreaterThanOrEqual(5);
    const items = await db.select().from(orderItems);
    expect(items.length).toBeGreaterThan(all.length);
    const events = await db.select().from(orderEvents);
    expect(events.length).toBeGreaterThan(all.length);
    // The demo code's uses are its orders that kept it.
    const welcome = codes.find((c) => c.code === 'WELCOME10')!;
    expect(welcome.usedCount).toBe(
      all.filter((o) => o.discountId === welcome.id && !['cancelled', 'refunded'].includes(o.status)).length,
    );
    // Stock never negative; what each product sold covers what its orders kept.
    const shelf = await db.select().from(products);
    expect(shelf.every((p) => p.quantity >= 0)).toBe(true);
    const kept = new Map<string, number>();
    const byOrder = new Map(all.map((o) => [o.id, o]));
    for (const item of items) {
      if (!item.productId || byOrder.get(item.orderId)!.stockReturned) continue;
      kept.set(item.productId, (kept.get(item.productId) ?? 0) + item.quantity);
    }
    expect(shelf.every((p) => p.totalSold >= (kept.get(p.id) ?? 0))).toBe(true);
    // Some reviews are verified purchases.
    const verified = await db.execute(sql`select count(*)::int as n from product_reviews r where exists (
      select 1 from order_items i join orders o on o.id = i.order_id
      where i.product_id = r.product_id and o.user_id = r.user_id and o.status = 'completed')`);
    expect(Number((verified as unknown as { rows: Array<{ n: number }> }).rows[0]!.n)).toBeGreaterThan(30);
  });

  it('is deterministic', async () => {
    const other = await createTestDb();
    try {
      await seedDemo(other.db);
      const a = await database.db.select({ e: users.email, p: users.phone }).from(users).orderBy(users.email);
      const b = await other.db.select({ e: users.email, p: users.phone }).from(users).orderBy(users.email);
      expect(b).toEqual(a);
      // The catalog too, pictures or not.
      const shop = (db: Database['db']) =>
        db
          .select({ n: products.name, p: products.price, q: products.quantity, r: products.ratingSum })
          .from(products)
          .orderBy(products.name);
      expect(await shop(other.db)).toEqual(await shop(database.db));
      // And the orders.
      const sales = (db: Database['db']) =>
        db
          .select({ n: orders.number, t: orders.total, s: orders.status })
          .from(orders)
          .orderBy(orders.number);
      expect(await sales(other.db)).toEqual(await sales(database.db));
    } finally {
      await other.close();
    }
  }, 90_000); // A second whole demo seed (a year of analytics traffic included): 20 s or more on a busy machine.
});
