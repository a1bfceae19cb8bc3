import { createHash } from 'node:crypto';

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  acceptRequestInput,
  acceptRequestResponse,
  accountResponse,
  accountsResponse,
  ACCOUNTS_PER_PERSON_MAX,
  bankingOverviewQuery,
  bankingOverviewResponse,
  budgetInput,
  budgetsQuery,
  budgetsResponse,
  CATEGORIES_PER_PERSON_MAX,
  categoriesResponse,
  categoryResponse,
  centsToDecimal,
  CONTACTS_MAX,
  contactsResponse,
  createAccountInput,
  createCategoryInput,
  createRequestInput,
  createTransactionInput,
  idParams,
  importInput,
  importMappingResponse,
  importPreviewResponse,
  importResultResponse,
  peopleQuery,
  RECENT_TRANSACTIONS,
  recurringInput,
  recurringListResponse,
  recurringResponse,
  recurringUpdateInput,
  requestResponse,
  requestsResponse,
  ruleInput,
  ruleResponse,
  rulesResponse,
  RULES_PER_PERSON_MAX,
  ruleUpdateInput,
  transactionPageResponse,
  transactionResponse,
  TRANSACTIONS_EXPORT_MAX,
  transactionsExportQuery,
  transactionsQuery,
  transferErrorSchema,
  deleteCategoryQuery,
  categoryInUseSchema,
  transferInput,
  transferResponse,
  TRANSFERS_PER_MINUTE,
  updateAccountInput,
  updateCategoryInput,
  updateTransactionInput,
  type BankTransaction,
} from '#shared/contract/banking.ts';
import { errorResponses, errorSchema, okSchema } from '#shared/contract/common.ts';

import { todayRange } from '../../lib/date-range.ts';
import { badRequest, conflict, HttpError, notFound, stale } from '../../lib/http-error.ts';
import { pagedList } from '../../lib/list.ts';
import { enforce } from '../../lib/rate-limiter.ts';
import { actor, signedInScope } from '../../plugins/auth.ts';
import {
  LedgerError,
  recordEntry,
  settlePending,
  closeAccount,
  transactionByKey,
  transfer,
  type MoveResult,
} from './banking.ledger.ts';
import { importRows, markDuplicates, readStatement } from './banking.import.ts';
import {
  accountAnswer,
  accountsOf,
  activePerson,
  answerRequest,
  budgetsOf,
  canReadTransactionFile,
  categoriesOf,
  contactsOf,
  countAccounts,
  countCategories,
  countRules,
  countTransactions,
  categoryUsage,
  deleteCategory,
  deleteCategoryReassigning,
  deleteRecurring,
  deleteRule,
  ensureProfile,
  findAccount,
  findCategory,
  findPeople,
  findRequest,
  findTransaction,
  importMappingOf,
  insertAccount,
  insertCategory,
  insertRecurring,
  insertRequest,
  insertRule,
  linkedFileIds,
  listTransactions,
  ownAttachmentIds,
  pendingRequestCount,
  primaryAccountOf,
  recurringOf,
  rememberMapping,
  requestsOf,
  rulesOf,
  setAttachments,
  setBudget,
  toCategory,
  transactionRow,
  updateAccount,
  updateCategory,
  updateRecurring,
  updateRule,
  updateTransaction,
  type TransactionFilters,
  type ViewContext,
} from './banking.repo.ts';
import { announceBanking, money, notifyBanking } from './banking.service.ts';
import { balanceStats, expenseCategories, expensesTrend, incomeTrend } from './banking.stats.ts';

/** JSON with sorted keys: the same request always hashes the same (its idempotency key left out). */
function requestHash(body: Record<string, unknown>): string {
  const { idempotencyKey: _key, ...rest } = body;
  const canonical = (value: unknown): string =>
    Array.isArray(value)
      ? `[${value.map(canonical).join(',')}]`
      : value && typeof value === 'object'
        ? `{${Object.keys(value)
            .sort()
            .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
            .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
            .join(',')}}`
        : (JSON.stringify(value) ?? 'null');
  return createHash('sha256').update(canonical(rest)).digest('hex');
}

const keyReused = () =>
  new HttpError(
    422,
    'This request key was already used for a different request: send the same one again, or use a new key',
    { code: 'IDEMPOTENCY_KEY_REUSED' },
  );

/** The 4xx of a refused money movement. */
function refusal(error: unknown, currency: string): unknown {
  if (!(error instanceof LedgerError)) return error;
  const r = error.refusal;
  switch (r.kind) {
    case 'notFound':
      return notFound('Account not found');
    case 'closed':
      return conflict('This account is closed: choose an open account', 'ACCOUNT_CLOSED');
    case 'insufficient':
      return new HttpError(
        409,
        `Not enough money in the account: ${money(r.available, currency)} available`,
        { code: 'INSUFFICIENT_FUNDS', extra: { available: r.available } },
      );
    case 'sameAccount':
      return badRequest('Choose a different account to send to', 'SAME_ACCOUNT');
    case 'notPending':
      return conflict('Only a pending transaction can change status', 'NOT_PENDING');
    case 'noAccount':
      return conflict('This person has no open account to receive money', 'NO_ACCOUNT');
  }
}

const moneyErrors = { ...errorResponses, 409: transferErrorSchema, 422: errorSchema };

/**
 * `/api/banking` (issue 28, ADR 049): the caller's own accounts, transactions, transfers, requests,
 * categories, rules, budgets, recurring transactions, CSV import and overview. Nothing of anyone else's is
 * visible (404), administrators included. Every route list is at the top of contract/banking.ts.
 */
export const bankingRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const currency = app.config.currency;
  signedInScope(app);

  app.files.allowRead('attachment', (userId, file) => canReadTransactionFile(db, userId, file.id));
  app.files.linkedBy('attachment', (fileIds) => linkedFileIds(db, fileIds));

  const me = async (request: Parameters<typeof actor>[0]) => {
    const id = actor(request).user.id;
    await ensureProfile(db, id);
    return id;
  };
  const ctx = (userId: string): ViewContext => ({ userId, currency, toFile: (row) => app.files.toFile(row) });
  const today = () => new Date().toISOString().slice(0, 10);

  async function transactionOr404(userId: string, id: string): Promise<BankTransaction> {
    const found = await findTransaction(db, ctx(userId), id);
    if (!found) throw notFound('Transaction not found');
    return found;
  }

  async function accountOr404(userId: string, id: string) {
    const found = await accountAnswer(db, userId, id, currency);
    if (!found) throw notFound('Account not found');
    return found;
  }

  async function checkCategory(userId: string, id: string | null | undefined, kind?: 'income' | 'expense') {
    if (!id) return;
    const row = await findCategory(db, userId, id);
    if (!row || (kind && row.kind !== kind))
      throw badRequest('Choose one of your categories', 'CATEGORY_INVALID');
  }

  async function checkAttachments(userId: string, ids: string[]) {
    const own = await ownAttachmentIds(db, userId, ids);
    if (own.length !== new Set(ids).size) throw badRequest('Attach files you uploaded', 'ATTACHMENT_INVALID');
  }

  /** Runs a money movement; a refusal becomes its 4xx. */
  async function move(run: () => Promise<MoveResult>): Promise<MoveResult> {
    try {
      return await run();
    } catch (error) {
      throw refusal(error, currency);
    }
  }

  // ── accounts ──────────────────────────────────────────────────────────────────────────────────────────

  app.get(
    '/accounts',
    { schema: { response: { 200: accountsResponse, ...errorResponses } } },
    async (request) => accountsOf(db, await me(request), currency),
  );

  app.post(
    '/accounts',
    { schema: { body: createAccountInput, response: { 201: accountResponse, ...errorResponses } } },
    async (request, reply) => {
      const userId = await me(request);
      if ((await countAccounts(db, userId)) >= ACCOUNTS_PER_PERSON_MAX) {
        throw conflict(`At most ${ACCOUNTS_PER_PERSON_MAX} accounts per person`, 'TOO_MANY_ACCOUNTS');
      }
      const b = request.body;
      const row = await insertAccount(db, {
        userId,
        kind: b.kind,
        name: b.name,
        holderName: b.holderName ?? null,
        cardLast4: b.last4 ?? null,
        cardExpiry: b.expiry ?? null,
        creditLimit: b.creditLimit ?? 0,
      });
      await announceBanking(app, [userId], {});
      return reply.code(201).send({ account: await accountOr404(userId, row.id) });
    },
  );

  app.patch(
    '/accounts/:id',
    {
      schema: {
        params: idParams,
        body: updateAccountInput,
        response: { 200: accountResponse, ...errorResponses },
      },
    },
    async (request) => {
      const userId = await me(request);
      const row = await findAccount(db, userId, request.params.id);
      if (!row) throw notFound('Account not found');
      const b = request.body;
      const cardOnly = b.holderName ?? b.last4 ?? b.expiry ?? b.creditLimit;
      if (row.kind !== 'card' && cardOnly !== undefined) {
        throw badRequest('Only a card has a holder, a number, an expiry and a credit limit', 'NOT_A_CARD');
      }
      if (b.creditLimit !== undefined && row.balance + b.creditLimit < 0) {
        throw conflict('The card already spends more than this limit', 'INSUFFICIENT_FUNDS');
      }
      const changed = await updateAccount(
        db,
        userId,
        row.id,
        {
          ...(b.name !== undefined && { name: b.name }),
          ...(b.holderName !== undefined && { holderName: b.holderName }),
          ...(b.last4 !== undefined && { cardLast4: b.last4 }),
          ...(b.expiry !== undefined && { cardExpiry: b.expiry }),
          ...(b.creditLimit !== undefined && { creditLimit: b.creditLimit }),
        },
        b.version,
      );
      if (!changed) throw stale(await accountOr404(userId, row.id));
      await announceBanking(app, [userId], {});
      return { account: await accountOr404(userId, row.id) };
    },
  );

  app.post(
    '/accounts/:id/close',
    { schema: { params: idParams, response: { 200: accountResponse, ...moneyErrors } } },
    async (request) => {
      const userId = await me(request);
      try {
        await closeAccount(db, userId, request.params.id);
      } catch (error) {
        if (error instanceof LedgerError && error.refusal.kind === 'insufficient') {
          throw new HttpError(
            409,
            'Only an account with a zero balance can be closed: move its money first',
            {
              code: 'ACCOUNT_NOT_EMPTY',
              extra: { available: error.refusal.available },
            },
          );
        }
        throw refusal(error, currency);
      }
      await announceBanking(app, [userId], {});
      return { account: await accountOr404(userId, request.params.id) };
    },
  );

  // ── categories ────────────────────────────────────────────────────────────────────────────────────────

  app.get(
    '/categories',
    { schema: { response: { 200: categoriesResponse, ...errorResponses } } },
    async (request) => ({
      categories: await categoriesOf(db, await me(request)),
    }),
  );

  app.post(
    '/categories',
    { schema: { body: createCategoryInput, response: { 201: categoryResponse, ...errorResponses } } },
    async (request, reply) => {
      const userId = await me(request);
      const b = request.body;
      if ((await countCategories(db, userId)) >= CATEGORIES_PER_PERSON_MAX) {
        throw conflict(`At most ${CATEGORIES_PER_PERSON_MAX} categories`, 'TOO_MANY_CATEGORIES');
      }
      if (b.parentId) {
        const parent = await findCategory(db, userId, b.parentId);
        if (!parent || parent.kind !== b.kind || parent.parentId !== null) {
          throw badRequest(
            'A sub-category goes under a top-level category of the same kind',
            'CATEGORY_INVALID',
          );
        }
      }
      const row = await insertCategory(db, {
        userId,
        kind: b.kind,
        name: b.name,
        icon: b.icon,
        parentId: b.parentId,
      });
      return reply.code(201).send({ category: toCategory(row) });
    },
  );

  app.patch(
    '/categories/:id',
    {
      schema: {
        params: idParams,
        body: updateCategoryInput,
        response: { 200: categoryResponse, ...errorResponses },
      },
    },
    async (request) => {
      const userId = await me(request);
      const row = await findCategory(db, userId, request.params.id);
      if (!row) throw notFound('Category not found');
      const b = request.body;
      if (b.parentId) {
        const parent = await findCategory(db, userId, b.parentId);
        const hasChildren = (await categoriesOf(db, userId)).some((c) => c.parentId === row.id);
        if (
          !parent ||
          parent.id === row.id ||
          parent.kind !== row.kind ||
          parent.parentId !== null ||
          hasChildren
        ) {
          throw badRequest(
            'A sub-category goes under a top-level category of the same kind',
            'CATEGORY_INVALID',
          );
        }
      }
      // A renamed default category is the person's own from then on (the client shows its name, not the
      // default set's translation).
      const patch = b.name !== undefined && b.name !== row.name ? { ...b, key: null } : b;
      const updated = await updateCategory(db, userId, row.id, patch);
      if (!updated) throw notFound('Category not found');
      await announceBanking(app, [userId], {});
      return { category: toCategory(updated) };
    },
  );

  app.delete(
    '/categories/:id',
    {
      schema: {
        params: idParams,
        querystring: deleteCategoryQuery,
        response: { 200: okSchema, ...errorResponses, 409: categoryInUseSchema },
      },
    },
    async (request) => {
      const userId = await me(request);
      const row = await findCategory(db, userId, request.params.id);
      if (!row) throw notFound('Category not found');
      const { reassignTo } = request.query;
      if (reassignTo) {
        const target = await findCategory(db, userId, reassignTo);
        if (!target || target.id === row.id || target.kind !== row.kind) {
          throw badRequest('Move its transactions to another category of the same kind', 'CATEGORY_INVALID');
        }
        if (!(await deleteCategoryReassigning(db, userId, row.id, target.id))) {
          throw notFound('Category not found');
        }
      } else {
        const used = await categoryUsage(db, userId, row.id);
        if (used > 0) {
          throw new HttpError(409, 'This category is in use: choose where its transactions go', {
            code: 'CATEGORY_IN_USE',
            extra: { used },
          });
        }
        if (!(await deleteCategory(db, userId, row.id))) throw notFound('Category not found');
      }
      await announceBanking(app, [userId], {});
      return { ok: true as const };
    },
  );

  // ── transactions ──────────────────────────────────────────────────────────────────────────────────────

  app.get(
    '/transactions',
    {
      schema: {
        querystring: transactionsQuery,
        response: { 200: transactionPageResponse, ...errorResponses },
      },
    },
    async (request) => {
      const userId = await me(request);
      const { page, pageSize, ...filters } = request.query;
      const f = filters as TransactionFilters;
      const { items, ...info } = await pagedList(
        { page, pageSize },
        (window) => listTransactions(db, ctx(userId), f, window),
        () => countTransactions(db, userId, f),
      );
      return { transactions: items, ...info };
    },
  );

  app.get(
    '/transactions/export',
    { schema: { querystring: transactionsExportQuery } },
    async (request, reply) => {
      const userId = await me(request);
      const f = request.query as TransactionFilters;
      const items = await listTransactions(db, ctx(userId), f, { limit: TRANSACTIONS_EXPORT_MAX, offset: 0 });
      const cell = (v: string) => {
        const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v; // never a formula in a spreadsheet
        return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
      };
      const lines = [
        [
          'date',
          'type',
          'direction',
          'status',
          'amount',
          'currency',
          'account',
          'counterparty',
          'category',
          'note',
        ].join(','),
        ...items.map((x) =>
          [
            x.date,
            x.type,
            x.direction,
            x.status,
            centsToDecimal(x.signedAmount || x.amount),
            x.currency,
            cell(x.account.name),
            cell(x.counterparty),
            cell(x.category?.name ?? ''),
            cell(x.note),
          ].join(','),
        ),
      ];
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="transactions-${today()}.csv"`)
        .send(`${lines.join('\r\n')}\r\n`);
    },
  );

  app.get(
    '/transactions/:id',
    { schema: { params: idParams, response: { 200: transactionResponse, ...errorResponses } } },
    async (request) => ({ transaction: await transactionOr404(await me(request), request.params.id) }),
  );

  app.post(
    '/transactions',
    {
      schema: {
        body: createTransactionInput,
        response: { 200: transactionResponse, 201: transactionResponse, ...moneyErrors },
      },
    },
    async (request, reply) => {
      const userId = await me(request);
      const b = request.body;
      const hash = requestHash(b);
      const earlier = await transactionByKey(db, userId, b.idempotencyKey);
      if (earlier) {
        if (earlier.requestHash && earlier.requestHash !== hash) throw keyReused();
        return reply.code(200).send({ transaction: await transactionOr404(userId, earlier.id) });
      }
      await checkCategory(userId, b.categoryId, b.type);
      await checkAttachments(userId, b.attachmentIds);
      const result = await move(() =>
        recordEntry(db, {
          actorId: userId,
          type: b.type,
          accountId: b.accountId,
          amount: b.amount,
          date: b.date,
          counterparty: b.counterparty,
          categoryId: b.categoryId,
          note: b.note,
          status: b.status,
          source: 'manual',
          idempotencyKey: b.idempotencyKey,
          requestHash: hash,
        }),
      );
      if (result.kind === 'done' && b.attachmentIds.length) {
        await setAttachments(db, userId, result.transactionId, b.attachmentIds);
      }
      await announceBanking(app, [userId], { transactionId: result.transactionId });
      return reply
        .code(result.kind === 'done' ? 201 : 200)
        .send({ transaction: await transactionOr404(userId, result.transactionId) });
    },
  );

  app.patch(
    '/transactions/:id',
    {
      schema: {
        params: idParams,
        body: updateTransactionInput,
        response: { 200: transactionResponse, ...moneyErrors },
      },
    },
    async (request) => {
      const userId = await me(request);
      const row = await transactionRow(db, userId, request.params.id);
      if (!row) throw notFound('Transaction not found');
      const b = request.body;
      if (b.version !== undefined && b.version !== row.version) {
        throw stale(await transactionOr404(userId, row.id));
      }
      if (b.categoryId) {
        const kind = row.type === 'transfer' ? undefined : row.type;
        await checkCategory(userId, b.categoryId, kind);
      }
      if (b.attachmentIds) await checkAttachments(userId, b.attachmentIds);
      if (b.categoryId !== undefined || b.note !== undefined || b.counterparty !== undefined) {
        const changed = await updateTransaction(
          db,
          userId,
          row,
          { categoryId: b.categoryId, note: b.note, counterparty: b.counterparty },
          b.version,
        );
        if (!changed) throw stale(await transactionOr404(userId, row.id));
      }
      if (b.attachmentIds) await setAttachments(db, userId, row.id, b.attachmentIds);
      if (b.status) {
        try {
          await settlePending(db, userId, row.id, b.status);
        } catch (error) {
          throw refusal(error, currency);
        }
      }
      await announceBanking(app, [row.fromUserId, row.toUserId], { transactionId: row.id });
      return { transaction: await transactionOr404(userId, row.id) };
    },
  );

  // ── transfers ─────────────────────────────────────────────────────────────────────────────────────────

  app.post(
    '/transfers',
    {
      schema: {
        body: transferInput,
        response: { 200: transferResponse, 201: transferResponse, ...moneyErrors },
      },
    },
    async (request, reply) => {
      const who = actor(request);
      const userId = await me(request);
      const b = request.body;
      const hash = requestHash(b);
      const answer = async (transactionId: string) => ({
        transaction: await transactionOr404(userId, transactionId),
        fromAccount: await accountOr404(userId, b.fromAccountId),
      });
      const earlier = await transactionByKey(db, userId, b.idempotencyKey);
      if (earlier) {
        if (earlier.requestHash && earlier.requestHash !== hash) throw keyReused();
        return reply.code(200).send(await answer(earlier.id));
      }
      await enforce(db, [[`banking-transfers:${userId}`, { max: TRANSFERS_PER_MINUTE, windowSeconds: 60 }]]);
      const toAccountId = b.toAccountId;
      let counterparty = '';
      if (b.toUserId !== undefined) {
        if (b.toUserId === userId) {
          throw badRequest('To move money between your own accounts, choose the account', 'SAME_PERSON');
        }
        const person = await activePerson(db, b.toUserId);
        if (!person) throw notFound('Person not found');
        await ensureProfile(db, b.toUserId); // their primary account is found (and locked) by the transfer
        counterparty = person.name;
      } else if (toAccountId && !(await findAccount(db, userId, toAccountId))) {
        throw notFound('Account not found');
      }
      const result = await move(() =>
        transfer(db, {
          actorId: userId,
          fromAccountId: b.fromAccountId,
          toAccountId: toAccountId ?? null,
          toUserId: b.toUserId,
          amount: b.amount,
          note: b.note,
          counterparty,
          source: 'transfer',
          idempotencyKey: b.idempotencyKey,
          requestHash: hash,
          ip: request.ip,
          date: today(),
        }),
      );
      if (result.kind === 'done') {
        request.log.info({ event: 'banking.transfer', actorId: userId, transactionId: result.transactionId });
        if (result.toUserId && result.toUserId !== userId) {
          const sender = `${who.user.firstName} ${who.user.lastName}`.trim() || who.user.email;
          await notifyBanking(
            app,
            result.toUserId,
            `${sender} sent you ${money(b.amount, currency)}`,
            b.note,
          );
        }
        await announceBanking(app, [result.fromUserId, result.toUserId], {
          transactionId: result.transactionId,
        });
      }
      return reply.code(result.kind === 'done' ? 201 : 200).send(await answer(result.transactionId));
    },
  );

  // ── requests ──────────────────────────────────────────────────────────────────────────────────────────

  app.get(
    '/requests',
    { schema: { response: { 200: requestsResponse, ...errorResponses } } },
    async (request) => requestsOf(db, await me(request), currency),
  );

  app.post(
    '/requests',
    { schema: { body: createRequestInput, response: { 201: requestResponse, ...errorResponses } } },
    async (request, reply) => {
      const who = actor(request);
      const userId = await me(request);
      const b = request.body;
      if (b.payerId === userId) throw badRequest('Ask someone else for money', 'SAME_PERSON');
      const payer = await activePerson(db, b.payerId);
      if (!payer) throw notFound('Person not found');
      await enforce(db, [[`banking-requests:${userId}`, { max: 30, windowSeconds: 60 }]]);
      const id = await insertRequest(db, {
        requesterId: userId,
        payerId: b.payerId,
        amount: b.amount,
        note: b.note,
      });
      const name = `${who.user.firstName} ${who.user.lastName}`.trim() || who.user.email;
      await notifyBanking(app, b.payerId, `${name} asks you for ${money(b.amount, currency)}`, b.note);
      await announceBanking(app, [userId, b.payerId], { requestId: id });
      return reply.code(201).send({ request: (await findRequest(db, userId, id, currency))! });
    },
  );

  app.post(
    '/requests/:id/accept',
    {
      schema: {
        params: idParams,
        body: acceptRequestInput,
        response: { 200: acceptRequestResponse, ...moneyErrors },
      },
    },
    async (request) => {
      const userId = await me(request);
      const found = await findRequest(db, userId, request.params.id, currency);
      if (!found || found.payer.id !== userId) throw notFound('Request not found');
      const b = request.body;
      const earlier = await transactionByKey(db, userId, b.idempotencyKey);
      let transactionId = earlier?.id;
      if (!transactionId) {
        if (found.status !== 'pending')
          throw conflict('This request was already answered', 'REQUEST_ANSWERED');
        const primary = await primaryAccountOf(db, found.requester.id);
        if (!primary)
          throw conflict(`${found.requester.name} has no open account to receive money`, 'NO_ACCOUNT');
        const result = await move(() =>
          transfer(
            db,
            {
              actorId: userId,
              fromAccountId: b.fromAccountId,
              toAccountId: primary,
              amount: found.amount,
              note: found.note,
              counterparty: found.requester.name,
              source: 'request',
              idempotencyKey: b.idempotencyKey,
              requestHash: requestHash({ ...b, requestId: found.id }),
              ip: request.ip,
              date: today(),
            },
            async (tx, id) => {
              if (!(await answerRequest(tx, found.id, { payerId: userId }, 'accepted', id))) {
                throw conflict('This request was already answered', 'REQUEST_ANSWERED');
              }
            },
          ),
        );
        transactionId = result.transactionId;
        if (result.kind === 'done') {
          await notifyBanking(
            app,
            found.requester.id,
            `${found.payer.name} paid your request of ${money(found.amount, currency)}`,
            found.note,
          );
          await announceBanking(app, [userId, found.requester.id], { transactionId, requestId: found.id });
        }
      }
      return {
        transaction: await transactionOr404(userId, transactionId),
        fromAccount: await accountOr404(userId, b.fromAccountId),
        request: (await findRequest(db, userId, found.id, currency))!,
      };
    },
  );

  for (const [path, status] of [
    ['decline', 'declined'],
    ['cancel', 'cancelled'],
  ] as const) {
    app.post(
      `/requests/:id/${path}`,
      { schema: { params: idParams, response: { 200: requestResponse, ...errorResponses } } },
      async (request) => {
        const userId = await me(request);
        const found = await findRequest(db, userId, request.params.id, currency);
        const mayAnswer = status === 'declined' ? found?.payer.id === userId : found?.requester.id === userId;
        if (!found || !mayAnswer) throw notFound('Request not found');
        const by = status === 'declined' ? { payerId: userId } : { requesterId: userId };
        if (!(await answerRequest(db, found.id, by, status))) {
          throw conflict('This request was already answered', 'REQUEST_ANSWERED');
        }
        if (status === 'declined') {
          await notifyBanking(
            app,
            found.requester.id,
            `${found.payer.name} declined your request of ${money(found.amount, currency)}`,
            found.note,
          );
        }
        await announceBanking(app, [found.requester.id, found.payer.id], { requestId: found.id });
        return { request: (await findRequest(db, userId, found.id, currency))! };
      },
    );
  }

  // ── contacts ──────────────────────────────────────────────────────────────────────────────────────────

  app.get(
    '/contacts',
    { schema: { response: { 200: contactsResponse, ...errorResponses } } },
    async (request) => ({
      contacts: await contactsOf(db, await me(request), CONTACTS_MAX),
    }),
  );

  app.get(
    '/people',
    { schema: { querystring: peopleQuery, response: { 200: contactsResponse, ...errorResponses } } },
    async (request) => ({ contacts: await findPeople(db, actor(request).user.id, request.query.search) }),
  );

  // ── CSV import ────────────────────────────────────────────────────────────────────────────────────────

  app.get(
    '/import/mapping',
    { schema: { response: { 200: importMappingResponse, ...errorResponses } } },
    async (request) => ({
      mapping: await importMappingOf(db, await me(request)),
    }),
  );

  async function statementFor(userId: string, body: (typeof importInput)['_output']) {
    const account = await findAccount(db, userId, body.accountId);
    if (!account) throw notFound('Account not found');
    if (account.status !== 'open')
      throw conflict('This account is closed: choose an open account', 'ACCOUNT_CLOSED');
    const statement = readStatement(body.csv, body.mapping, account.id, await rulesOf(db, userId));
    await markDuplicates(db, statement.rows);
    return statement;
  }

  app.post(
    '/import/preview',
    { schema: { body: importInput, response: { 200: importPreviewResponse, ...errorResponses } } },
    async (request) => {
      const userId = await me(request);
      const { header, rows } = await statementFor(userId, request.body);
      return {
        header,
        rows: rows.map(({ importKey: _key, ...row }) => row),
        toImport: rows.filter((r) => !r.duplicate && !r.error).length,
      };
    },
  );

  app.post(
    '/import',
    { schema: { body: importInput, response: { 200: importResultResponse, ...errorResponses } } },
    async (request) => {
      const userId = await me(request);
      await enforce(db, [[`banking-import:${userId}`, { max: 20, windowSeconds: 60 }]]);
      const { rows } = await statementFor(userId, request.body);
      const result = await importRows(db, userId, request.body.accountId, rows);
      await rememberMapping(db, userId, request.body.mapping);
      if (result.imported) await announceBanking(app, [userId], {});
      return { ...result, account: await accountOr404(userId, request.body.accountId) };
    },
  );

  // ── rules ─────────────────────────────────────────────────────────────────────────────────────────────

  app.get('/rules', { schema: { response: { 200: rulesResponse, ...errorResponses } } }, async (request) => ({
    rules: await rulesOf(db, await me(request)),
  }));

  app.post(
    '/rules',
    { schema: { body: ruleInput, response: { 201: ruleResponse, ...errorResponses } } },
    async (request, reply) => {
      const userId = await me(request);
      await checkCategory(userId, request.body.categoryId);
      if ((await countRules(db, userId)) >= RULES_PER_PERSON_MAX) {
        throw conflict(`At most ${RULES_PER_PERSON_MAX} rules`, 'TOO_MANY_RULES');
      }
      const rule = await insertRule(db, { userId, ...request.body });
      return reply.code(201).send({ rule });
    },
  );

  app.patch(
    '/rules/:id',
    {
      schema: { params: idParams, body: ruleUpdateInput, response: { 200: ruleResponse, ...errorResponses } },
    },
    async (request) => {
      const userId = await me(request);
      await checkCategory(userId, request.body.categoryId);
      const rule = await updateRule(db, userId, request.params.id, request.body);
      if (!rule) throw notFound('Rule not found');
      return { rule };
    },
  );

  app.delete(
    '/rules/:id',
    { schema: { params: idParams, response: { 200: okSchema, ...errorResponses } } },
    async (request) => {
      if (!(await deleteRule(db, await me(request), request.params.id))) throw notFound('Rule not found');
      return { ok: true as const };
    },
  );

  // ── budgets ───────────────────────────────────────────────────────────────────────────────────────────

  app.get(
    '/budgets',
    { schema: { querystring: budgetsQuery, response: { 200: budgetsResponse, ...errorResponses } } },
    async (request) => {
      const userId = await me(request);
      return {
        month: request.query.month,
        budgets: await budgetsOf(db, userId, request.query.month),
        currency,
      };
    },
  );

  app.put(
    '/budgets',
    { schema: { body: budgetInput, response: { 200: budgetsResponse, ...errorResponses } } },
    async (request) => {
      const userId = await me(request);
      const b = request.body;
      await checkCategory(userId, b.categoryId, 'expense');
      await setBudget(db, userId, b.month, b.categoryId, b.amount);
      await announceBanking(app, [userId], {});
      return { month: b.month, budgets: await budgetsOf(db, userId, b.month), currency };
    },
  );

  // ── recurring ─────────────────────────────────────────────────────────────────────────────────────────

  app.get(
    '/recurring',
    { schema: { response: { 200: recurringListResponse, ...errorResponses } } },
    async (request) => ({
      recurring: await recurringOf(db, await me(request)),
    }),
  );

  app.post(
    '/recurring',
    { schema: { body: recurringInput, response: { 201: recurringResponse, ...errorResponses } } },
    async (request, reply) => {
      const userId = await me(request);
      const b = request.body;
      const account = await findAccount(db, userId, b.accountId);
      if (!account) throw notFound('Account not found');
      if (account.status !== 'open')
        throw conflict('This account is closed: choose an open account', 'ACCOUNT_CLOSED');
      await checkCategory(userId, b.categoryId, b.type);
      const recurring = await insertRecurring(db, {
        userId,
        accountId: b.accountId,
        type: b.type,
        amount: b.amount,
        counterparty: b.counterparty,
        categoryId: b.categoryId,
        note: b.note,
        frequency: b.frequency,
        startDate: b.startDate,
        nextDate: b.startDate,
      });
      return reply.code(201).send({ recurring });
    },
  );

  app.patch(
    '/recurring/:id',
    {
      schema: {
        params: idParams,
        body: recurringUpdateInput,
        response: { 200: recurringResponse, ...errorResponses },
      },
    },
    async (request) => {
      const userId = await me(request);
      await checkCategory(userId, request.body.categoryId);
      const recurring = await updateRecurring(db, userId, request.params.id, request.body);
      if (!recurring) throw notFound('Recurring transaction not found');
      return { recurring };
    },
  );

  app.delete(
    '/recurring/:id',
    { schema: { params: idParams, response: { 200: okSchema, ...errorResponses } } },
    async (request) => {
      if (!(await deleteRecurring(db, await me(request), request.params.id))) {
        throw notFound('Recurring transaction not found');
      }
      return { ok: true as const };
    },
  );

  // ── overview ──────────────────────────────────────────────────────────────────────────────────────────

  app.get(
    '/overview',
    {
      schema: {
        querystring: bankingOverviewQuery,
        response: { 200: bankingOverviewResponse, ...errorResponses },
      },
    },
    async (request) => {
      const userId = await me(request);
      const q = request.query;
      const range = { from: q.from, to: q.to, timeZone: q.tz };
      const scope = { userId, isAdmin: false };
      const [accounts, income, expenses, balance, categories, recent, contacts, pending] = await Promise.all([
        accountsOf(db, userId, currency),
        incomeTrend(db, scope, range),
        expensesTrend(db, scope, range),
        balanceStats(db, scope, q.period, todayRange(q.tz).from),
        expenseCategories(db, scope, range),
        listTransactions(
          db,
          ctx(userId),
          { search: '', sort: 'date', order: 'desc' },
          { limit: RECENT_TRANSACTIONS, offset: 0 },
        ),
        contactsOf(db, userId, 12),
        pendingRequestCount(db, userId),
      ]);
      return {
        currency,
        totalBalance: accounts.totalBalance,
        accounts: accounts.accounts,
        income,
        expenses,
        period: q.period,
        balanceStats: balance,
        expenseCategories: categories,
        recent,
        contacts,
        pendingRequests: pending,
      };
    },
  );
};
