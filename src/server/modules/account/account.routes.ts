import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  authResponse,
  forgotPasswordInput,
  loginInput,
  messageResponse,
  type LoginFormError,
  type LoginInput,
  myAccountResponse,
  newPasswordInput,
  registerInput,
  verifyEmailInput,
} from '#shared/contract/account.ts';
import { errorResponses, errorSchema } from '#shared/contract/common.ts';

import { actor, noStore } from '../../plugins/auth.ts';
import { randomToken, safeEqual, sha256 } from '../../lib/crypto.ts';
import { HttpError, badRequest, conflict, unauthorized } from '../../lib/http-error.ts';
import {
  assertPasswordAllowed,
  burnPasswordCheck,
  hashPassword,
  verifyPassword,
} from '../../lib/passwords.ts';
import { clear, clearPrefix, enforce, type Limit } from '../../lib/rate-limiter.ts';
import { signAccessToken, verifyAccessToken } from '../../lib/tokens.ts';
import { bearerToken, mayHoldSession } from '../../plugins/auth.ts';
import { acceptFormPosts, assertSameOrigin } from '../../lib/form-posts.ts';
import { loginFormInput, loginPageUrl, safeReturnTo } from './login-form.ts';
import { notifyUser } from '../notifications/notifications.service.ts';
import {
  createUser,
  findLiveSession,
  findUserByEmail,
  hasSignedInFrom,
  markEmailVerified,
  revokeSession,
  revokeUserSessions,
  claimRefreshGrace,
  earlierRefreshUse,
  rotateRefresh,
  setPassword,
  toUser,
} from './account.repo.ts';
import { sendCode, useCode } from './account.codes.ts';
import { announceAccountsChanged } from './account.service.ts';
import {
  REFRESH_COOKIE,
  clearRefreshCookie,
  parseRefreshCookie,
  setRefreshCookie,
  startSession,
} from './account.session.ts';
import { languageOf, sendWelcomeMail } from '../mail/mail.service.ts';
import { recordServerEvent } from '../analytics/analytics.service.ts';
import {
  announcePendingAccount,
  claimInvitation,
  findUsableInvitation,
  markInvitationAccepted,
  noAccountYet,
  releaseInvitation,
  workspaceSettings,
} from '../workspace/workspace.service.ts';

/** Limits of the costly and guessable routes (SECURITY.md A4–A6, A14, V11). */
export const LIMITS = {
  loginPerIp: { max: 50, windowSeconds: 60 },
  /** Wrong passwords for one account from one address: what stops a guesser. */
  loginPerAccountIp: { max: 10, windowSeconds: 15 * 60 },
  /**
   * Wrong passwords for one account from addresses it never signed in from, in two tiers (progressive): a
   * guesser spread over many addresses is slowed, while the owner's own addresses are never locked out.
   */
  loginPerAccount: { max: 100, windowSeconds: 15 * 60 },
  loginPerAccountDay: { max: 300, windowSeconds: 24 * 60 * 60 },
  registerPerIp: { max: 100, windowSeconds: 10 * 60 },
  resetPerIp: { max: 20, windowSeconds: 10 * 60 },
  resetPerAccount: { max: 5, windowSeconds: 60 * 60 },
  codePerIp: { max: 30, windowSeconds: 10 * 60 },
} satisfies Record<string, Limit>;

/** How long the refresh cookie a refresh replaced still gets an access token (ADR 005). */
export const REFRESH_GRACE_SECONDS = 10;
const INVALID_CREDENTIALS = 'Invalid email or password';
const INVALID_CODE = 'The code is invalid or has expired';
const RESET_SENT = 'If an account exists for this email, a 6-digit code has been sent to it.';

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  // Account answers carry personal data and tokens: never cache them (SECURITY.md S17).
  noStore(app);

  app.post(
    '/register',
    { schema: { body: registerInput, response: { 200: authResponse, ...errorResponses } } },
    async (request, reply) => {
      const input = request.body;
      assertPasswordAllowed(input.password);
      await enforce(db, [[`register:ip:${request.ip}`, LIMITS.registerPerIp]]);
      const { signup } = await workspaceSettings(app);
      const first = await noAccountYet(db);
      const invitation = input.inviteToken
        ? await findUsableInvitation(db, sha256(input.inviteToken))
        : undefined;
      if (input.inviteToken && (!invitation || signup === 'closed')) {
        throw badRequest(
          'This invitation link is not valid any more: it was used, revoked or has expired',
          'INVITE_INVALID',
        );
      }
      if (invitation && invitation.email !== input.email) {
        throw badRequest(
          `This invitation is for ${invitation.email}: register with that address`,
          'INVITE_EMAIL',
        );
      }
      // The first account of an empty instance is its administrator, whatever the policy (ADR 034).
      if (!first && !invitation) {
        if (signup === 'closed') {
          throw new HttpError(403, 'Registration is closed. Ask an administrator for an account.', {
            code: 'SIGNUP_CLOSED',
          });
        }
        if (signup === 'invite') {
          throw new HttpError(
            403,
            'Registration is by invitation only. Ask a member of the workspace to invite you.',
            {
              code: 'INVITE_REQUIRED',
            },
          );
        }
      }
      if (await findUserByEmail(db, input.email)) {
        throw conflict('An account with this email already exists', 'EMAIL_TAKEN');
      }
      if (invitation && !(await claimInvitation(db, invitation.id))) {
        throw badRequest(
          'This invitation link is not valid any more: it was used, revoked or has expired',
          'INVITE_INVALID',
        );
      }
      const pending = !first && !invitation && signup === 'approval';
      const user = await createUser(db, {
        email: input.email,
        passwordHash: await hashPassword(input.password),
        firstName: input.firstName,
        lastName: input.lastName,
        // An invitation link came through the mailbox: the address is proven.
        emailVerified: Boolean(invitation),
        ...(pending ? { status: 'pending' as const } : {}),
      });
      if (!user) {
        if (invitation) await releaseInvitation(db, invitation.id);
        throw conflict('An account with this email already exists', 'EMAIL_TAKEN');
      }
      if (invitation) await markInvitationAccepted(db, invitation.id, user.id);
      await announceAccountsChanged(app, [user.id]);
      if (!user.emailVerified) await sendCode(app, user, 'verify_email');
      if (pending) {
        await announcePendingAccount(app, user);
      } else {
        await sendWelcomeMail(db, user, languageOf(request.headers['accept-language']));
        await notifyUser(app, user.id, {
          type: 'account',
          title: `Welcome to Atrium, ${user.firstName}`,
          body: 'Your account is ready. Complete your profile and account settings.',
          link: '/dashboard/user/account',
        });
      }
      // A goal of the built-in site's analytics (ADR 056): not awaited, and it cannot fail the sign-up.
      recordServerEvent(app, request, 'signup');
      return startSession(app, request, reply, user);
    },
  );

  /** Checks a sign-in (limits, password, status) and starts the session: the JSON route's and the form's. */
  async function signIn(request: FastifyRequest, reply: FastifyReply, { email, password }: LoginInput) {
    const accountIpKey = `login:account-ip:${email}:${request.ip}`;
    // Counted before the hash, so floods cost no CPU and concurrent tries cannot skip the counter. Per
    // (account, address) first: ten wrong passwords lock that address out of that account, not the owner.
    await enforce(db, [
      [`login:ip:${request.ip}`, LIMITS.loginPerIp],
      [accountIpKey, LIMITS.loginPerAccountIp],
    ]);
    const user = await findUserByEmail(db, email);
    // An address the account signed in from before is the owner's: the per-account tiers, which a guesser
    // spread over many addresses fills, do not apply to it (issue 8 §4.12).
    if (!user || !(await hasSignedInFrom(db, user.id, request.ip))) {
      await enforce(db, [
        [`login:account:${email}`, LIMITS.loginPerAccount],
        [`login:account-day:${email}`, LIMITS.loginPerAccountDay],
      ]);
    }
    if (!user) {
      await burnPasswordCheck(password);
      throw unauthorized(INVALID_CREDENTIALS);
    }
    if (!(await verifyPassword(user.passwordHash, password))) throw unauthorized(INVALID_CREDENTIALS);
    if (user.status === 'banned' || user.status === 'rejected') {
      throw new HttpError(403, 'This account has been suspended. Contact an administrator.', {
        code: 'ACCOUNT_SUSPENDED',
      });
    }
    await clear(db, accountIpKey);
    return startSession(app, request, reply, user);
  }

  app.post(
    '/login',
    { schema: { body: loginInput, response: { 200: authResponse, ...errorResponses } } },
    async (request, reply) => signIn(request, reply, request.body),
  );

  // The sign-in form without JavaScript (issue 31 A, ADR 060): a plain form POST. The session starts as with
  // the JSON route and the browser goes on to the page it came for; a failure goes back to the form with a
  // code the page shows in the visitor's language (never a text of the request's: no content injection).
  const loginForm: FastifyPluginAsyncZod = async (form) => {
    acceptFormPosts(form);
    form.post(
      '/login-form',
      { attachValidation: true, schema: { hide: true, body: loginFormInput } },
      async (request, reply) => {
        assertSameOrigin(request);
        const returnTo = safeReturnTo(request.body?.returnTo);
        const back = (error: LoginFormError) =>
          reply.redirect(loginPageUrl({ error, email: request.body?.email, returnTo }), 303);
        if (request.validationError) return back('invalidInput');
        try {
          await signIn(request, reply, request.body);
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          return back(
            error.statusCode === 429 ? 'tooMany' : error.statusCode === 403 ? 'suspended' : 'invalid',
          );
        }
        return reply.redirect(returnTo ?? '/dashboard', 303);
      },
    );
  };
  await app.register(loginForm);

  app.post(
    '/refresh',
    { schema: { response: { 200: authResponse, ...errorResponses } } },
    async (request, reply) => {
      const cookie = parseRefreshCookie(request.cookies[REFRESH_COOKIE]);
      const fail = () => {
        clearRefreshCookie(reply);
        return unauthorized('Your session has ended. Please sign in again.');
      };
      if (!cookie) throw fail();
      const live = await findLiveSession(db, cookie.sessionId, app.config.sessionIdleTtl);
      if (!live || !mayHoldSession(live.user)) throw fail();
      const presented = sha256(cookie.secret);
      const accessToken = () =>
        signAccessToken(
          app.secret,
          { userId: live.user.id, sessionId: live.session.id },
          app.config.accessTokenTtl,
        );
      const secret = randomToken();
      if (
        safeEqual(presented, live.session.refreshHash) &&
        (await rotateRefresh(db, live.session.id, presented, sha256(secret)))
      ) {
        setRefreshCookie(app, request, reply, live.session.id, secret);
        return { accessToken: await accessToken(), user: toUser(live.user) };
      }
      // The cookie just replaced by a concurrent refresh (another tab of the same browser, whose cookie jar
      // already holds the new one): one access token, and no new cookie, so the jar keeps the current one.
      if (await claimRefreshGrace(db, live.session.id, presented, REFRESH_GRACE_SECONDS)) {
        return { accessToken: await accessToken(), user: toUser(live.user) };
      }
      // A real earlier secret of this session came back after its grace: stolen or replayed. End the whole
      // session (SECURITY.md S13). A secret this session never had (made up by someone who only knows the
      // session id) ends nothing: just 401.
      const use = await earlierRefreshUse(db, live.session.id, presented, REFRESH_GRACE_SECONDS);
      if (use === 'replayed') {
        await revokeSession(db, live.session.id, 'refresh_reuse');
        await app.realtime.sessionsEnded({ sessionId: live.session.id });
      }
      // A third racing tab within the grace: no token, but its browser's jar holds the current cookie; keep it.
      if (use === 'in-grace') throw unauthorized('Your session has ended. Please sign in again.');
      throw fail();
    },
  );

  app.get(
    '/my-account',
    {
      preHandler: app.authenticate,
      config: { allowPending: true },
      schema: { response: { 200: myAccountResponse, 401: errorSchema } },
    },
    async (request) => ({ user: toUser(actor(request).user) }),
  );

  app.post('/logout', { schema: { response: { 204: z.null() } } }, async (request, reply) => {
    const token = bearerToken(request);
    const claims = token ? await verifyAccessToken(app.secret, token) : null;
    if (claims) {
      await revokeSession(db, claims.sessionId, 'logout');
      await app.realtime.sessionsEnded({ sessionId: claims.sessionId });
    }
    const cookie = parseRefreshCookie(request.cookies[REFRESH_COOKIE]);
    if (cookie) {
      const live = await findLiveSession(db, cookie.sessionId, app.config.sessionIdleTtl);
      if (live && safeEqual(sha256(cookie.secret), live.session.refreshHash)) {
        await revokeSession(db, live.session.id, 'logout');
        await app.realtime.sessionsEnded({ sessionId: live.session.id });
      }
    }
    clearRefreshCookie(reply);
    return reply.code(204).send(null);
  });

  app.post(
    '/forgot-password',
    { schema: { body: forgotPasswordInput, response: { 200: messageResponse, ...errorResponses } } },
    async (request) => {
      const { email } = request.body;
      await enforce(db, [
        [`reset:ip:${request.ip}`, LIMITS.resetPerIp],
        [`reset:account:${email}`, LIMITS.resetPerAccount],
      ]);
      const user = await findUserByEmail(db, email);
      if (user && user.status !== 'banned') await sendCode(app, user, 'reset_password');
      return { message: RESET_SENT };
    },
  );

  app.post(
    '/new-password',
    { schema: { body: newPasswordInput, response: { 200: messageResponse, ...errorResponses } } },
    async (request) => {
      const { email, code, password } = request.body;
      assertPasswordAllowed(password);
      await enforce(db, [[`code:ip:${request.ip}`, LIMITS.codePerIp]]);
      const user = await findUserByEmail(db, email);
      const ok = user !== undefined && (await useCode(app, user, 'reset_password', code));
      if (!user || !ok) throw badRequest(INVALID_CODE, 'INVALID_CODE');
      await setPassword(db, user.id, await hashPassword(password));
      // Receiving the code proves the mailbox; every existing session ends (SECURITY.md S8).
      if (!user.emailVerified) {
        await markEmailVerified(db, user.id);
        await announceAccountsChanged(app, [user.id]);
      }
      await revokeUserSessions(db, user.id, 'password_reset');
      await app.realtime.sessionsEnded({ userId: user.id });
      // The owner proved the mailbox: every sign-in counter of the account starts again.
      await clearPrefix(db, `login:account-ip:${email}:`);
      await clear(db, `login:account:${email}`);
      await clear(db, `login:account-day:${email}`);
      await notifyUser(app, user.id, {
        type: 'security',
        title: 'Your password was reset',
        body: 'The password of your account was just reset. If this was not you, contact an administrator.',
        link: '/dashboard/user/account',
      });
      await app.mailer.send({
        to: user.email,
        subject: 'Your Atrium password was changed',
        text: 'The password of your Atrium account was just reset. If this was not you, contact an administrator.',
      });
      return { message: 'Your password has been updated. You can sign in now.' };
    },
  );

  app.post(
    '/verify-email',
    { schema: { body: verifyEmailInput, response: { 200: myAccountResponse, ...errorResponses } } },
    async (request) => {
      const { email, code } = request.body;
      await enforce(db, [[`code:ip:${request.ip}`, LIMITS.codePerIp]]);
      const user = await findUserByEmail(db, email);
      const ok = user !== undefined && (await useCode(app, user, 'verify_email', code));
      if (!user || !ok) throw badRequest(INVALID_CODE, 'INVALID_CODE');
      await markEmailVerified(db, user.id);
      if (!user.emailVerified) await announceAccountsChanged(app, [user.id]);
      return { user: toUser({ ...user, emailVerified: true }) };
    },
  );

  app.post(
    '/resend-verification',
    {
      preHandler: app.authenticate,
      config: { allowPending: true },
      schema: { response: { 200: messageResponse, ...errorResponses } },
    },
    async (request) => {
      const user = actor(request).user;
      await enforce(db, [[`verify:account:${user.id}`, LIMITS.resetPerAccount]]);
      if (!user.emailVerified) await sendCode(app, user, 'verify_email');
      return { message: `A new code has been sent to ${user.email}.` };
    },
  );
};
