import { vi } from 'vitest';

import type { User } from '#shared/contract/account.ts';
import { defaultNotifications } from '#shared/contract/users.ts';

export type MockRoute = {
  method?: string;
  path: string;
  /** Called for each matching request; return the response. */
  respond: (request: {
    init: RequestInit;
    headers: Headers;
    body: unknown;
    url: string;
  }) => Response | Promise<Response>;
};

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

/** A signed-looking JWT whose `exp` is `secondsFromNow` away (the client never checks the signature). */
export function fakeToken(secondsFromNow: number, id = 'token'): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const exp = Math.floor(Date.now() / 1000) + secondsFromNow;
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: id, exp })}.signature-${id}`;
}

/** Requests no mock answered in the current test (setup-tests.ts fails the test when there are any). */
export const unmatchedRequests: string[] = [];

/**
 * Replaces global fetch with a router over `routes` (first match wins). An unmatched request gets a 599
 * answer, is listed in `unmatched`, and fails the test when it ends (a test must say what its page asks
 * for; one that expects a failure answers it with a route of its own).
 */
export function mockFetch(routes: MockRoute[]) {
  const unmatched: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const pathname = new URL(url, 'http://localhost').pathname;
    const route = routes.find((r) => (r.method ?? 'GET').toUpperCase() === method && r.path === pathname);
    if (!route) {
      unmatched.push(`${method} ${pathname}`);
      unmatchedRequests.push(`${method} ${pathname}`);
      return jsonResponse({ message: `No mock for ${method} ${pathname}` }, 599);
    }
    const headers = new Headers(init.headers);
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    return route.respond({ init, headers, body, url });
  });
  vi.stubGlobal('fetch', fetchMock);
  const calls = (method: string, path: string) =>
    fetchMock.mock.calls.filter(([input, init]) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      return (
        (init?.method ?? 'GET').toUpperCase() === method && new URL(url, 'http://localhost').pathname === path
      );
    });
  return { fetchMock, unmatched, calls };
}

/** A signed-in user as the API returns it (fields the tests do not read may be left out). */
export const testUser = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  displayName: 'Ada Lovelace',
  role: 'admin',
  status: 'active',
  avatarUrl: null,
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00.000Z',
} as User;

/**
 * A complete user (every field of the contract's `User`), built on `testUser` with empty profile fields;
 * `overrides` replace fields.
 */
export function makeTestUser(overrides: Partial<User> = {}): User {
  return {
    ...testUser,
    slug: 'ada-lovelace',
    phone: '',
    company: '',
    country: '',
    state: '',
    city: '',
    address: '',
    zipCode: '',
    about: '',
    coverUrl: null,
    storageQuotaBytes: null,
    socialLinks: { facebook: '', instagram: '', linkedin: '', twitter: '' },
    notifications: { ...defaultNotifications },
    updatedAt: testUser.createdAt,
    ...overrides,
  };
}

/**
 * What every dashboard page asks besides its own data: `GET /api/chat/unread` (the Chat nav badge and the
 * tab title) and `GET /api/mail/labels` (the Mail nav badge: the inbox's unread count).
 */
export const shellRoutes = ({ chatUnread = 0, mailUnread = 0 } = {}): MockRoute[] => [
  {
    path: '/api/chat/unread',
    respond: () => jsonResponse({ unreadCount: chatUnread, conversations: chatUnread > 0 ? 1 : 0 }),
  },
  {
    path: '/api/mail/labels',
    respond: () =>
      jsonResponse({
        labels: [{ id: 'inbox', type: 'system', name: 'inbox', color: null, unreadCount: mailUnread }],
      }),
  },
];
