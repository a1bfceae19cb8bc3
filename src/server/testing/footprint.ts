/**
 * A person's footprint in every area of the app (issue 32 C, ADR 058): `leaveFootprint` makes `person` do,
 * through the HTTP API, whatever in each area stores or copies their name, email address or identity, with
 * `other` (and `admin` where an administrator is needed). A deletion test then erases `person` and searches
 * every text column of every table for their address and full name.
 */
import { randomUUID } from 'node:crypto';

import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

import type { MyAccountResponse } from '#shared/contract/account.ts';

import { apiCalls, type Caller, type Method } from './http.ts';
import { member, multipartBody, pngWithMetadata, type Member } from './members.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { tusCreate, tusUpload } from './tus.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const dayAhead = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const key = () => `footprint-${randomUUID()}`;

/** The people of a footprint test: the administrator (registered first), the person, and another member. */
export interface FootprintPeople {
  t: TestApp;
  admin: Member;
  person: Member;
  other: Member;
}

/** A fresh app where Ida Erasmus has left her footprint in every area, with Grace (admin) and Otto. */
export async function appWithFootprint(): Promise<FootprintPeople> {
  const t = await createTestApp({ rateLimitMax: 1_000_000 });
  const admin = await member(t.app, 'Grace', 'Hopper');
  const person = await member(t.app, 'Ida', 'Erasmus');
  const other = await member(t.app, 'Otto', 'Other');
  await leaveFootprint(t.app, person, other, admin);
  return { t, admin, person, other };
}

export async function leaveFootprint(
  app: FastifyInstance,
  person: Member,
  other: Member,
  admin: Member,
): Promise<void> {
  const { call } = apiCalls(() => app, '/api');
  /** Any 2xx answer, parsed (`{}` for an empty one); anything else throws with the request and the body. */
  const ok = async (who: Caller, method: Method, url: string, payload?: object): Promise<Json> => {
    const res = await call(who, method, url, payload);
    return parsed(res, `${method} ${url}`);
  };
  /** A multipart upload of `bytes` to `url` (files, avatars). */
  const upload = async (who: Member, url: string, bytes: Buffer, filename: string, type: string) => {
    const body = multipartBody(bytes, filename, type);
    const res = await app.inject({
      method: 'POST',
      url,
      headers: { ...who.headers, ...body.headers },
      payload: body.payload,
    });
    return parsed(res, `POST ${url}`);
  };

  const me = (await ok(person, 'GET', '/account/my-account')) as MyAccountResponse;
  const fullName = `${me.user.firstName} ${me.user.lastName}`;
  const mine = `${fullName} <${person.email}>`;
  const phone = '+44 20 7946 0123';

  // ── account / profile: details, avatar, presence ──────────────────────────────────────────────────────
  await ok(person, 'PATCH', '/account/my-account', {
    phone,
    city: 'Leiden',
    address: '7 Rapenburg',
    zipCode: '2311 EV',
    country: 'Netherlands',
    company: `${fullName} Consulting`,
    about: `Hi, I am ${fullName}, write to ${person.email}`,
  });
  await upload(person, '/api/account/avatar', await pngWithMetadata(), 'me.png', 'image/png');
  await ok(person, 'PUT', '/presence/me', { status: 'busy' });

  // ── overview: a dashboard layout of person's own ───────────────────────────────────────────────────────
  await ok(person, 'PUT', '/overview/layouts/app', { widgets: [{ id: 'welcome', hidden: true }] });

  // ── users directory: follows both ways ───────────────────────────────────────────────────────────────
  await ok(person, 'POST', `/users/${other.id}/follow`);
  await ok(other, 'POST', `/users/${person.id}/follow`);

  // ── mail: both ways, a reply, a draft ───────────────────────────────────────────────────────────────
  const sent = (
    await ok(person, 'POST', '/mail/send', {
      to: [other.email],
      subject: `From ${fullName}`,
      message: `<p>Regards, ${mine}</p>`,
    })
  ).mail as Json;
  await ok(other, 'POST', '/mail/send', {
    to: [person.email],
    subject: `Hello ${fullName}`,
    message: `<p>Dear ${fullName} (${person.email})</p>`,
  });
  const inbox = (await ok(other, 'GET', '/mail/mails?systemLabel=inbox')).mails as Json[];
  const received = inbox.find((m) => m.subject === sent.subject);
  if (received)
    await ok(other, 'POST', '/mail/send', {
      to: [person.email],
      subject: `Re: ${sent.subject}`,
      message: `<p>Thanks ${fullName}</p>`,
      inReplyTo: received.id,
    });
  await ok(person, 'POST', '/mail/drafts', {
    to: [other.email],
    subject: `Draft by ${fullName}`,
    message: `<p>${mine}</p>`,
  });
  await ok(person, 'POST', '/mail/labels', { name: `${fullName} stuff`, color: 'info' });

  // ── chat: one-to-one both ways, a group, an attachment ─────────────────────────────────────────────────
  const attachment = (
    await upload(person, '/api/files?use=attachment', await pngWithMetadata(), `${fullName}.png`, 'image/png')
  ).file as Json;
  const direct = (
    await ok(person, 'POST', '/chat/conversations', {
      recipientIds: [other.id],
      message: { body: `Hi, ${fullName} here (${person.email})`, clientId: key() },
    })
  ).conversation as Json;
  await ok(other, 'POST', '/chat/messages', {
    conversationId: direct.id,
    body: `Hello ${fullName}`,
    clientId: key(),
  });
  await ok(person, 'POST', '/chat/messages', {
    conversationId: direct.id,
    body: 'A picture',
    attachments: [attachment.id],
    clientId: key(),
  });
  const group = (
    await ok(person, 'POST', '/chat/conversations', {
      recipientIds: [other.id, admin.id],
      name: `${fullName}'s group`,
      message: { body: `Signed, ${fullName}`, clientId: key() },
    })
  ).conversation as Json;
  await ok(other, 'POST', '/chat/messages', {
    conversationId: group.id,
    body: `Welcome ${fullName}`,
    clientId: key(),
  });
  await call(other, 'POST', `/chat/conversation/mark-as-seen?conversationId=${direct.id}`);

  // ── calendar: person's event with other attending, other's event inviting person ────────────────────
  await ok(person, 'POST', '/calendar/events/new', {
    title: `Meeting with ${fullName}`,
    description: `Organised by ${mine}`,
    start: `${dayAhead(3)}T09:00:00.000Z`,
    end: `${dayAhead(3)}T10:00:00.000Z`,
    attendeeIds: [other.id],
  });
  const invited = (
    await ok(other, 'POST', '/calendar/events/new', {
      title: `Lunch with ${fullName}`,
      description: `Invite ${person.email}`,
      start: `${dayAhead(4)}T12:00:00.000Z`,
      end: `${dayAhead(4)}T13:00:00.000Z`,
      attendeeIds: [person.id],
    })
  ).event as Json;
  await ok(person, 'POST', '/calendar/events/respond', { eventId: invited.id, response: 'accepted' });
  await ok(person, 'POST', '/calendar/feed');

  // ── kanban: person's board shared with other, a card assigned to both, comments from both ───────────
  const made = (await ok(person, 'POST', '/kanban/boards', { name: `${fullName}'s board` })).board as Json;
  await ok(person, 'POST', `/kanban/boards/${made.id}/members`, { userId: other.id });
  let board = (await ok(person, 'GET', `/kanban/board?boardId=${made.id}`)).board as Json;
  if (!board.columnOrder.length) {
    await ok(person, 'POST', '/kanban/columns/new', { name: 'To do', boardId: made.id });
    board = (await ok(person, 'GET', `/kanban/board?boardId=${made.id}`)).board as Json;
  }
  const card = (
    await ok(person, 'POST', '/kanban/cards/new', {
      columnId: board.columnOrder[0],
      name: `Task of ${fullName}`,
      description: `Ask ${person.email}`,
      labels: [fullName],
      assigneeIds: [person.id, other.id],
    })
  ).card as Json;
  await ok(person, 'POST', `/kanban/cards/${card.id}/comments`, { message: `Done, ${fullName}` });
  await ok(other, 'POST', `/kanban/cards/${card.id}/comments`, { message: `Thanks ${fullName}` });

  // ── e-commerce: admin's product, person's address book, order, review; admin moves the order ────────
  const product = (
    await ok(admin, 'POST', '/products', {
      name: `Footprint shirt ${randomUUID().slice(0, 8)}`,
      sku: `FP-${randomUUID().slice(0, 8)}`,
      price: 1000,
      category: 'Shirts',
      gender: ['Men'],
      colors: ['#000000'],
      quantity: 100,
      publish: 'published',
    })
  ).product as Json;
  const address = (
    await ok(person, 'POST', '/addresses', {
      name: fullName,
      phoneNumber: phone,
      street: '7 Rapenburg',
      city: 'Leiden',
      zipCode: '2311 EV',
      country: 'Netherlands',
    })
  ).address as Json;
  const order = (
    await ok(person, 'POST', '/orders', {
      items: [{ productId: product.id, quantity: 1 }],
      addressId: address.id,
      delivery: 'standard',
      paymentMethod: 'cash',
      idempotencyKey: key(),
    })
  ).order as Json;
  await ok(admin, 'POST', `/orders/${order.id}/status`, {
    status: 'paid',
    note: `Paid by ${fullName}`,
    version: order.version,
  });
  const review = (
    await ok(person, 'POST', `/products/${product.id}/reviews`, {
      rating: 5,
      comment: `Loved it, ${fullName}`,
    })
  ).review as Json;
  await ok(other, 'POST', `/products/${product.id}/reviews/${review.id}/helpful`);
  const othersReview = (
    await ok(other, 'POST', `/products/${product.id}/reviews`, { rating: 4, comment: `As ${fullName} said` })
  ).review as Json;
  await ok(person, 'POST', `/products/${product.id}/reviews/${othersReview.id}/helpful`);

  // ── invoices: person's customer and invoice; admin's invoice to person, sent ────────────────────────
  const from = (
    await ok(admin, 'POST', '/invoices/from-addresses', {
      name: 'Atrium Ltd',
      email: 'billing@atrium.test',
      fullAddress: '1 Main St',
    })
  ).address as Json;
  const customerOfPerson = (
    await ok(person, 'POST', '/invoices/customers', {
      name: 'Other Customer',
      email: other.email,
      fullAddress: `c/o ${fullName}, 7 Rapenburg`,
    })
  ).customer as Json;
  const invoiceLines = (title: string) => [{ title, quantity: 1, price: 5000 }];
  await ok(person, 'POST', '/invoices', {
    fromAddressId: from.id,
    customerId: customerOfPerson.id,
    createDate: dayAhead(0),
    dueDate: dayAhead(30),
    items: invoiceLines('Consulting'),
    notes: `Questions: ${mine}`,
    status: 'pending',
  });
  const personAsCustomer = (
    await ok(admin, 'POST', '/invoices/customers', {
      name: fullName,
      email: person.email,
      phoneNumber: phone,
      fullAddress: '7 Rapenburg, Leiden',
    })
  ).customer as Json;
  const invoiceToPerson = (
    await ok(admin, 'POST', '/invoices', {
      fromAddressId: from.id,
      customerId: personAsCustomer.id,
      createDate: dayAhead(0),
      dueDate: dayAhead(14),
      items: invoiceLines(`Services for ${fullName}`),
      status: 'pending',
    })
  ).invoice as Json;
  await ok(admin, 'POST', `/invoices/${invoiceToPerson.id}/send`, {});

  // ── blog: person's post, comments on admin's post both ways, a like ──────────────────────────────────
  await ok(person, 'POST', '/posts', {
    title: `Notes by ${fullName}`,
    description: `By ${fullName}`,
    content: `<p>Contact ${mine}</p>`,
    tags: ['footprint'],
    publish: 'published',
  });
  const adminPost = (
    await ok(admin, 'POST', '/posts', {
      title: `Admin news ${randomUUID().slice(0, 8)}`,
      content: '<p>News</p>',
      publish: 'published',
    })
  ).post as Json;
  const comment = (
    await ok(person, 'POST', `/posts/${adminPost.id}/comments`, { message: `Great post, ${fullName}` })
  ).comment as Json;
  await ok(other, 'POST', `/posts/${adminPost.id}/comments`, {
    message: `Agreed, ${fullName}`,
    parentId: comment.id,
  });
  await ok(person, 'POST', `/posts/${adminPost.id}/like`);
  await ok(person, 'POST', `/posts/${adminPost.id}/views`);

  // ── files: a folder, an uploaded file in it, shared with other, a public link ──────────────────────────
  const folder = (await ok(person, 'POST', '/files/folders', { name: `${fullName} documents` })).item as Json;
  const stored = (
    await upload(
      person,
      '/api/files?use=drive',
      Buffer.from(`CV of ${mine}\n`),
      `${fullName} CV.txt`,
      'text/plain',
    )
  ).file as Json;
  const item = (await ok(person, 'POST', '/files/items', { fileId: stored.id, parentId: folder.id }))
    .item as Json;
  await ok(person, 'PUT', `/files/items/${folder.id}/shares/${other.id}`, { role: 'edit' });
  await ok(person, 'POST', `/files/items/${item.id}/links`, {});
  await ok(other, 'PATCH', `/files/items/${item.id}`, { tags: [fullName], version: item.version });
  await ok(person, 'PATCH', `/files/items/${item.id}`, { favourite: true });
  // Other's folder shared with person, which person opens a file of.
  const othersFolder = (await ok(other, 'POST', '/files/folders', { name: `For ${fullName}` })).item as Json;
  await ok(other, 'PUT', `/files/items/${othersFolder.id}/shares/${person.id}`, { role: 'view' });
  const othersUpload = (
    await upload(other, '/api/files?use=drive', Buffer.from('agenda\n'), 'agenda.txt', 'text/plain')
  ).file as Json;
  const othersItem = (
    await ok(other, 'POST', '/files/items', { fileId: othersUpload.id, parentId: othersFolder.id })
  ).item as Json;
  await ok(person, 'GET', `/files/items/${othersItem.id}`);
  // A resumable upload finished and placed, then trashed; another left unfinished.
  const bytes = Buffer.from(`Letter from ${mine}\n`);
  const { location, last } = await tusUpload(app, person, bytes, `${fullName} letter.txt`);
  if (last.statusCode !== 204) throw new Error(`tus upload: ${last.statusCode} ${last.body}`);
  // The finished upload is placed in the file manager's top folder by itself.
  const top = (await ok(person, 'GET', '/files/items')).items as Json[];
  const letter = top.find((i) => i.name === `${fullName} letter.txt`);
  if (!letter) throw new Error(`${location}: not placed in the top folder`);
  await ok(person, 'POST', '/files/items/trash', { ids: [letter.id] });
  const pending = await tusCreate(app, person, 1000, {
    filename: `${fullName} draft.txt`,
    filetype: 'text/plain',
  });
  if (pending.statusCode !== 201) throw new Error(`tus create: ${pending.statusCode} ${pending.body}`);

  // ── banking: a card in person's name, income, category, rule, recurring, transfer, request both ways ──
  const account = (
    await ok(person, 'POST', '/banking/accounts', {
      kind: 'card',
      name: `${fullName} card`,
      holderName: fullName,
      last4: '4242',
      expiry: '12/30',
    })
  ).account as Json;
  const category = (
    await ok(person, 'POST', '/banking/categories', { kind: 'income', name: `${fullName} side jobs` })
  ).category as Json;
  await ok(person, 'POST', '/banking/transactions', {
    type: 'income',
    accountId: account.id,
    amount: 100_000,
    date: dayAhead(0),
    counterparty: `${fullName} employer`,
    categoryId: category.id,
    note: `Salary of ${fullName}`,
    idempotencyKey: key(),
  });
  await ok(person, 'POST', '/banking/rules', { contains: fullName, categoryId: category.id });
  const groceries = (
    await ok(person, 'POST', '/banking/categories', { kind: 'expense', name: `${fullName} groceries` })
  ).category as Json;
  await ok(person, 'PUT', '/banking/budgets', {
    month: dayAhead(0).slice(0, 7),
    categoryId: groceries.id,
    amount: 30_000,
  });
  const receipt = (
    await upload(person, '/api/files?use=attachment', await pngWithMetadata(), 'receipt.png', 'image/png')
  ).file as Json;
  await ok(person, 'POST', '/banking/transactions', {
    type: 'expense',
    accountId: account.id,
    amount: 2_000,
    date: dayAhead(0),
    counterparty: 'Grocer',
    categoryId: groceries.id,
    note: `Shopping for ${fullName}`,
    attachmentIds: [receipt.id],
    idempotencyKey: key(),
  });
  await ok(person, 'POST', '/banking/recurring', {
    type: 'income',
    accountId: account.id,
    amount: 1000,
    counterparty: fullName,
    note: `Pocket money for ${fullName}`,
    frequency: 'monthly',
    startDate: dayAhead(1),
  });
  await ok(person, 'POST', '/banking/transfers', {
    fromAccountId: account.id,
    toUserId: other.id,
    amount: 20_000,
    note: `From ${fullName}`,
    idempotencyKey: key(),
  });
  const asked = (
    await ok(person, 'POST', '/banking/requests', {
      payerId: other.id,
      amount: 500,
      note: `${fullName} asks`,
    })
  ).request as Json;
  const othersAccounts = (await ok(other, 'GET', '/banking/accounts')).accounts as Json[];
  await ok(other, 'POST', `/banking/requests/${asked.id}/accept`, {
    fromAccountId: othersAccounts[0]!.id,
    idempotencyKey: key(),
  });
  await ok(other, 'POST', '/banking/requests', { payerId: person.id, amount: 300, note: `For ${fullName}` });

  // ── booking: admin's listing; person books, it is completed, person reviews; a cancelled booking ─────
  const listing = (
    await ok(admin, 'POST', '/booking/listings', {
      name: `Walk ${randomUUID().slice(0, 8)}`,
      kind: 'tour',
      mode: 'slot',
      priceCents: 2500,
      priceUnit: 'person',
      capacity: 10,
      durationMinutes: 60,
      timeZone: 'UTC',
      status: 'published',
      hours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: 0, endMinute: 1440 })),
    })
  ).listing as Json;
  const slots = (
    (
      await ok(
        person,
        'GET',
        `/booking/listings/${listing.id}/availability?from=${dayAhead(2)}&to=${dayAhead(3)}`,
      )
    ).items as Json[]
  ).filter((s) => s.bookable);
  const book = async (startsAt: string) =>
    (
      await ok(person, 'POST', '/booking/bookings', {
        listingId: listing.id,
        startsAt,
        guests: 2,
        paymentMethod: 'cash',
        idempotencyKey: key(),
      })
    ).booking as Json;
  const stay = await book(slots[0]!.startsAt);
  for (const step of ['confirm', 'check-in', 'complete'])
    await ok(admin, 'POST', `/booking/bookings/${stay.id}/${step}`, {});
  await ok(person, 'POST', `/booking/bookings/${stay.id}/review`, {
    rating: 5,
    tags: ['friendly'],
    text: `Lovely, says ${fullName}`,
  });
  const dropped = await book(slots[1]!.startsAt);
  await ok(person, 'POST', `/booking/bookings/${dropped.id}/cancel`, { reason: `${fullName} is ill` });

  // ── contact: the public form, sent while signed in ────────────────────────────────────────────────────
  await ok(person, 'POST', '/contact', {
    name: fullName,
    email: person.email,
    subject: `Question from ${fullName}`,
    message: `Please call ${fullName} on ${phone}`,
  });

  // ── workspace: admin lets members invite; person invites a friend (stored with person as inviter) ─────
  const settings = await ok(admin, 'GET', '/workspace/settings');
  await ok(admin, 'PUT', '/workspace/settings', {
    membersMayInvite: true,
    ...(settings.signup === 'closed' && { signup: 'invite' }),
    version: settings.version,
  });
  await ok(person, 'POST', '/workspace/invitations', {
    email: `friend.${randomUUID().slice(0, 8)}@example.com`,
  });
  await ok(admin, 'PUT', '/workspace/settings', {
    membersMayInvite: settings.membersMayInvite,
    signup: settings.signup,
    version: settings.version + 1,
  });

  // ── users admin: an administrator edits person's details (the audit log records it) ───────────────────
  await ok(admin, 'PATCH', `/users/${person.id}`, { state: 'South Holland' });

  // Skipped, analytics: sites and goals are for administrators only (adminScope) and name no person.

  // ── notifications: the ones the above made for person are read (and stay stored) ───────────────────────
  await ok(person, 'POST', '/notifications/mark-all-read');
}

function parsed(res: LightMyRequestResponse, what: string): Json {
  if (res.statusCode < 200 || res.statusCode >= 300)
    throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return res.body ? (res.json() as Json) : {};
}
