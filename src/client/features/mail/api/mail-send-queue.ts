import { createElement } from 'react';

import type { Mail, SendMailInput } from '#shared/contract/mail.ts';

import { enqueueSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { i18n } from '../../../locales/i18n.ts';
import { mailKeys } from './mail-api.ts';
import { EnterCodeButton } from '../components/enter-code-button.tsx';

/** How long a sent message waits before it really leaves, so it can be taken back (Undo). */
export const UNDO_SEND_MS = 5000;

export type QueueSendOptions = {
  /** Milliseconds before the request (UNDO_SEND_MS by default). */
  delay?: number;
  /** The wait is over and the request starts: nothing can be undone any more (close the Undo toast). */
  onSending?: () => void;
  onSent?: (mail: Mail) => void;
  /** The request failed (an error toast has been shown): give the person their message back. */
  onFailed?: (error: unknown) => void;
};

type Entry = { timer: ReturnType<typeof setTimeout> };

/** Sends waiting for their delay; a send leaves the map when its request starts or it is cancelled. */
const waiting = new Map<string, Entry>();
let sequence = 0;
/** Sends waiting or under way: leaving the page then would lose them, so the browser asks first. */
let unfinished = 0;

function warnBeforeLeaving(event: BeforeUnloadEvent): void {
  event.preventDefault();
  // Older browsers show the prompt only when returnValue is set.
  event.returnValue = '';
}

function track(delta: 1 | -1): void {
  const before = unfinished;
  unfinished += delta;
  if (typeof window === 'undefined') return;
  if (before === 0 && unfinished > 0) window.addEventListener('beforeunload', warnBeforeLeaving);
  if (before > 0 && unfinished === 0) window.removeEventListener('beforeunload', warnBeforeLeaving);
}

async function deliver(
  input: SendMailInput | (() => Promise<SendMailInput>),
  options: QueueSendOptions,
): Promise<void> {
  try {
    const body = typeof input === 'function' ? await input() : input;
    const { mail } = await apiClient.post<{ mail: Mail }>('/mail/send', body);
    options.onSent?.(mail);
  } catch (error) {
    const failed = i18n.t('mail.composer.sendFailed');
    const reason = error instanceof ApiError && error.hasServerMessage ? error.message : null;
    enqueueSnackbar(reason ? `${failed}: ${reason}` : failed, {
      variant: 'error',
      preventDuplicate: false,
      // Outside addresses wait for a verified account (ADR 034): the toast leads to the code's page.
      ...(error instanceof ApiError &&
        error.code === 'EMAIL_UNVERIFIED' && {
          autoHideDuration: 10_000,
          action: () => createElement(EnterCodeButton),
        }),
    });
    options.onFailed?.(error);
  } finally {
    track(-1);
    // Sent or not: the folders, counts and the draft it came from are refetched.
    void queryClient.invalidateQueries({ queryKey: mailKeys.all });
  }
}

/**
 * Sends a mail after a delay (Undo send), outside React: the composer and even the mail page may be gone by
 * then. `input` may be a function, called when the delay is over (e.g. to wait for a draft save still
 * running, so the send carries the draft's id). Returns the id `cancelMailSend` takes.
 */
export function queueMailSend(
  input: SendMailInput | (() => Promise<SendMailInput>),
  options: QueueSendOptions = {},
): string {
  const id = `send-${++sequence}`;
  track(1);
  const timer = setTimeout(() => {
    waiting.delete(id);
    options.onSending?.();
    void deliver(input, options);
  }, options.delay ?? UNDO_SEND_MS);
  waiting.set(id, { timer });
  return id;
}

/** Takes a send back while it is still waiting; false once its request has started (or it is unknown). */
export function cancelMailSend(id: string): boolean {
  const entry = waiting.get(id);
  if (!entry) return false;
  clearTimeout(entry.timer);
  waiting.delete(id);
  track(-1);
  return true;
}

/** Whether any send is waiting or under way. */
export function hasUnfinishedMailSends(): boolean {
  return unfinished > 0;
}
