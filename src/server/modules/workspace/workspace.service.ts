import type { FastifyInstance } from 'fastify';

import type { SignupMode, WorkspaceSettings } from '#shared/contract/workspace.ts';

import type { UserRow } from '../../db/schema/index.ts';
import { HttpError } from '../../lib/http-error.ts';
import { takeQuota } from '../../lib/quota.ts';
import { notifyUser } from '../notifications/notifications.service.ts';
import { activeAdminIds } from '../../lib/admins.ts';
import { readWorkspaceSettings } from './workspace.repo.ts';

// The workspace module's surface (ADR 035): invitations as sign-up claims them.
export {
  claimInvitation,
  findUsableInvitation,
  markInvitationAccepted,
  noAccountYet,
  releaseInvitation,
} from './workspace.repo.ts';

type AppLike = Pick<FastifyInstance, 'db' | 'config'>;

/**
 * The workspace's settings as they are now: what other modules read (sign-up policy, mail and storage
 * quotas). Read from the database each time — one row by primary key — so every instance sees a change at
 * once.
 */
export function workspaceSettings(app: AppLike): Promise<WorkspaceSettings> {
  return readWorkspaceSettings(app.db, app.config.signupDefault);
}

/** Does this policy hold unverified accounts back from mailing the outside world? Every one but `open`. */
export const verificationRequired = (signup: SignupMode) => signup !== 'open';

/** 403 `EMAIL_UNVERIFIED`: what an unverified account may not do until it enters its code (ADR 034). */
export const unverified = (what: string) =>
  new HttpError(
    403,
    `Verify your email address to ${what}. Enter the code we sent you, or ask for a new one.`,
    {
      code: 'EMAIL_UNVERIFIED',
    },
  );

const HOUR = 60 * 60;
const DAY = 24 * HOUR;

/**
 * What every mail to outside addresses passes (issue 24 A): a verified sender (unless sign-up is `open`),
 * then the sender's hourly and daily quota of external recipients and the instance's daily one. `what`
 * names the action for the 403 ("send mail outside the workspace"). Throws 403 or 429; takes nothing from
 * the quotas when it throws.
 */
export async function assertMayMailOutside(
  app: AppLike,
  sender: Pick<UserRow, 'id' | 'emailVerified'>,
  recipients: number,
  what: string,
): Promise<void> {
  if (recipients <= 0) return;
  const settings = await workspaceSettings(app);
  if (verificationRequired(settings.signup) && !sender.emailVerified) throw unverified(what);
  const quota = settings.mailQuota;
  await takeQuota(app.db, [
    {
      key: `mail-out:hour:${sender.id}`,
      limit: { max: quota.perPersonHour, windowSeconds: HOUR },
      amount: recipients,
      message: `You can mail at most ${quota.perPersonHour} outside recipients an hour. Try again later.`,
    },
    {
      key: `mail-out:day:${sender.id}`,
      limit: { max: quota.perPersonDay, windowSeconds: DAY },
      amount: recipients,
      message: `You can mail at most ${quota.perPersonDay} outside recipients a day. Try again tomorrow.`,
    },
    {
      key: 'mail-out:instance-day',
      limit: { max: quota.instanceDay, windowSeconds: DAY },
      amount: recipients,
      message: `This workspace can mail at most ${quota.instanceDay} outside recipients a day. Try again tomorrow.`,
    },
  ]);
}

/**
 * A new account waits for approval (sign-up policy `approval`): every active administrator is notified, with
 * a link to the users list's Pending tab, where they approve or reject it.
 */
export async function announcePendingAccount(
  app: FastifyInstance,
  user: Pick<UserRow, 'firstName' | 'lastName' | 'email'>,
): Promise<void> {
  const name = `${user.firstName} ${user.lastName}`.trim();
  for (const adminId of await activeAdminIds(app.db)) {
    await notifyUser(app, adminId, {
      type: 'account',
      title: `${name} asks to join the workspace`,
      body: `${user.email} registered and waits for your approval.`,
      link: '/dashboard/user/list?status=pending',
    });
  }
}

/**
 * An administrator decided on a pending account: the person is told by mail (they may not be signed in), and
 * an approved one also by a notification on their first visit.
 */
export async function announceDecision(
  app: FastifyInstance,
  user: Pick<UserRow, 'id' | 'firstName' | 'email' | 'status'>,
): Promise<void> {
  if (user.status === 'active') {
    await app.mailer.send({
      to: user.email,
      subject: 'Your Atrium account was approved',
      text: `Hello ${user.firstName},\n\nAn administrator approved your account. You can sign in and start working now.\n`,
    });
    await notifyUser(app, user.id, {
      type: 'account',
      title: `Welcome to Atrium, ${user.firstName}`,
      body: 'An administrator approved your account.',
      link: '/dashboard/user/account',
    });
  } else if (user.status === 'rejected') {
    await app.mailer.send({
      to: user.email,
      subject: 'Your Atrium registration',
      text: `Hello ${user.firstName},\n\nAn administrator did not approve your account request.\n`,
    });
  }
}
