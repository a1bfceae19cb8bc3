import { cleanup, configure } from '@testing-library/react';
import { format } from 'node:util';
import { afterEach, beforeEach, vi } from 'vitest';

import { setAccessToken, setSessionHandlers } from '../lib/api-client.ts';
import { queryClient } from '../lib/query-client.ts';
import { unmatchedRequests } from './fetch-mock.ts';
import { ensureTranslations, i18n } from '../locales/i18n.ts';

/**
 * STYLE.md §4: an unexpected console.error or console.warn fails the test. A test that expects one replaces
 * it with `vi.spyOn(console, 'warn').mockImplementation(() => {})` and asserts on the spy.
 * A missing translation key counts as unexpected output too.
 */
// Lazy route chunks are compiled on first use; on a busy 2-core machine that can take over a second.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

// jsdom has no scrolling (React Router's ScrollRestoration calls it).
window.scrollTo = () => {};

const original = { error: console.error, warn: console.warn };
let unexpected: string[] = [];

// Views are rendered without their routes: every area's texts are there from the start.
await Promise.all([
  ensureTranslations('users'),
  ensureTranslations('public-pages'),
  ensureTranslations('chat'),
  ensureTranslations('mail'),
  ensureTranslations('calendar'),
  ensureTranslations('kanban'),
  ensureTranslations('products'),
  ensureTranslations('orders'),
  ensureTranslations('invoices'),
  ensureTranslations('posts'),
  ensureTranslations('workspace'),
  ensureTranslations('overview'),
  ensureTranslations('files'),
  ensureTranslations('banking'),
  ensureTranslations('booking'),
  ensureTranslations('analytics'),
]);

i18n.options.saveMissing = true;
i18n.on('missingKey', (_languages, namespace, key) => {
  unexpected.push(`missing translation: ${namespace}:${key}`);
});

// Tests see a failure at once: no retries with backoff.
queryClient.setDefaultOptions({
  queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  mutations: { retry: false },
});

beforeEach(() => {
  unexpected = [];
  console.error = (...args: unknown[]) => {
    unexpected.push(`console.error: ${format(...args)}`);
    original.error(...args);
  };
  console.warn = (...args: unknown[]) => {
    unexpected.push(`console.warn: ${format(...args)}`);
    original.warn(...args);
  };
  window.localStorage.clear();
  setAccessToken(null);
});

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  setAccessToken(null);
  setSessionHandlers({});
  console.error = original.error;
  console.warn = original.warn;
  const output = unexpected;
  unexpected = [];
  const unanswered = unmatchedRequests.splice(0);
  if (output.length > 0) throw new Error(`Unexpected console output:\n${output.join('\n')}`);
  if (unanswered.length > 0) {
    throw new Error(
      `Requests no mock answered (add them to mockFetch):\n${[...new Set(unanswered)].join('\n')}`,
    );
  }
});
