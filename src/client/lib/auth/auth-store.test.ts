import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';

import { fakeToken, jsonResponse, mockFetch, testUser } from '../../testing/fetch-mock.ts';
import { apiClient, getAccessToken } from '../api-client.ts';
import { ACCESS_TOKEN_KEY, authReady, createAuthStore } from './auth-store.ts';

function setup() {
  const queryClient = new QueryClient();
  const store = createAuthStore({ queryClient });
  return { store, queryClient };
}

const stored = () => window.localStorage.getItem(ACCESS_TOKEN_KEY);

describe('auth store: initialize', () => {
  it('starts not initialised, not authenticated, without a user', () => {
    const { store } = setup();
    expect(store.getState()).toMatchObject({ isInitialized: false, isAuthenticated: false, user: null });
  });

  it('without a stored token: not authenticated, and no request at all', async () => {
    const { fetchMock } = mockFetch([]);
    const { store } = setup();

    await store.getState().initialize();

    expect(store.getState()).toMatchObject({ isInitialized: true, isAuthenticated: false, user: null });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('with a valid token: sends it as Bearer to my-account and becomes authenticated with the user', async () => {
    const token = fakeToken(600);
    window.localStorage.setItem(ACCESS_TOKEN_KEY, token);
    const { calls } = mockFetch([
      {
        path: '/api/account/my-account',
        respond: ({ headers }) =>
          headers.get('authorization') === `Bearer ${token}`
            ? jsonResponse({ user: testUser })
            : jsonResponse({ message: 'Unauthorized' }, 401),
      },
    ]);
    const { store } = setup();

    await store.getState().initialize();

    expect(store.getState()).toMatchObject({ isInitialized: true, isAuthenticated: true, user: testUser });
    expect(calls('GET', '/api/account/my-account')).toHaveLength(1);
    expect(calls('POST', '/api/account/refresh')).toHaveLength(0);
    expect(getAccessToken()).toBe(token);
  });

  it('with an expired token: refreshes once, then is authenticated with the new token stored', async () => {
    window.localStorage.setItem(ACCESS_TOKEN_KEY, fakeToken(-60, 'expired'));
    const newToken = fakeToken(900, 'new');
    const { calls, fetchMock } = mockFetch([
      {
        method: 'POST',
        path: '/api/account/refresh',
        respond: () => jsonResponse({ accessToken: newToken, user: testUser }),
      },
    ]);
    const { store } = setup();

    await store.getState().initialize();

    expect(store.getState()).toMatchObject({ isInitialized: true, isAuthenticated: true, user: testUser });
    expect(calls('POST', '/api/account/refresh')).toHaveLength(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(stored()).toBe(newToken);
    expect(getAccessToken()).toBe(newToken);
  });

  it('with an expired token and a failed refresh: not authenticated and the stored token removed', async () => {
    window.localStorage.setItem(ACCESS_TOKEN_KEY, fakeToken(-60, 'expired'));
    const { calls } = mockFetch([
      {
        method: 'POST',
        path: '/api/account/refresh',
        respond: () => jsonResponse({ message: 'Your session has ended. Please sign in again.' }, 401),
      },
    ]);
    const { store } = setup();

    await store.getState().initialize();

    expect(store.getState()).toMatchObject({ isInitialized: true, isAuthenticated: false, user: null });
    expect(calls('POST', '/api/account/refresh')).toHaveLength(1);
    expect(stored()).toBeNull();
    expect(getAccessToken()).toBeNull();
  });

  it('when my-account fails: initialised, not authenticated, error logged, token removed', async () => {
    window.localStorage.setItem(ACCESS_TOKEN_KEY, fakeToken(600));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockFetch([{ path: '/api/account/my-account', respond: () => new Response(null, { status: 500 }) }]);
    const { store } = setup();

    await store.getState().initialize();

    expect(store.getState()).toMatchObject({ isInitialized: true, isAuthenticated: false, user: null });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(stored()).toBeNull();
    expect(getAccessToken()).toBeNull();
  });

  it('when my-account answers 401 and the refresh fails: not authenticated', async () => {
    window.localStorage.setItem(ACCESS_TOKEN_KEY, fakeToken(600));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { calls } = mockFetch([
      { path: '/api/account/my-account', respond: () => jsonResponse({ message: 'Session ended' }, 401) },
      { method: 'POST', path: '/api/account/refresh', respond: () => jsonResponse({ message: 'No' }, 401) },
    ]);
    const { store } = setup();

    await store.getState().initialize();

    expect(store.getState()).toMatchObject({ isInitialized: true, isAuthenticated: false, user: null });
    expect(calls('POST', '/api/account/refresh')).toHaveLength(1);
    expect(stored()).toBeNull();
  });

  it('runs once even when called twice', async () => {
    window.localStorage.setItem(ACCESS_TOKEN_KEY, fakeToken(600));
    const { calls } = mockFetch([
      { path: '/api/account/my-account', respond: () => jsonResponse({ user: testUser }) },
    ]);
    const { store } = setup();

    await Promise.all([store.getState().initialize(), store.getState().initialize()]);

    expect(calls('GET', '/api/account/my-account')).toHaveLength(1);
  });
});

describe('authReady', () => {
  it('waits for the session to be restored, then resolves with the user known', async () => {
    const token = fakeToken(600);
    window.localStorage.setItem(ACCESS_TOKEN_KEY, token);
    let answer: (response: Response) => void = () => {};
    mockFetch([
      {
        path: '/api/account/my-account',
        respond: () => new Promise<Response>((resolve) => (answer = resolve)),
      },
    ]);
    const { store } = setup();
    void store.getState().initialize();

    let ready = false;
    const waiting = authReady(store).then(() => {
      ready = true;
      return store.getState().user;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ready).toBe(false);

    answer(jsonResponse({ user: testUser }));
    await expect(waiting).resolves.toEqual(testUser);
  });

  it('resolves at once when the session is already known', async () => {
    const { store } = setup();
    store.setState({ isInitialized: true });
    await expect(authReady(store)).resolves.toBeUndefined();
  });
});

describe('auth store: actions', () => {
  it('login posts the credentials, stores the token and becomes authenticated with the user', async () => {
    const token = fakeToken(900);
    const { calls } = mockFetch([
      {
        method: 'POST',
        path: '/api/account/login',
        respond: ({ body }) =>
          JSON.stringify(body) === JSON.stringify({ email: 'ada@example.com', password: 'secret-password' })
            ? jsonResponse({ accessToken: token, user: testUser })
            : jsonResponse({ message: 'Invalid email or password' }, 401),
      },
    ]);
    const { store } = setup();

    await store.getState().login('ada@example.com', 'secret-password');

    expect(store.getState()).toMatchObject({ isInitialized: true, isAuthenticated: true, user: testUser });
    expect(stored()).toBe(token);
    expect(getAccessToken()).toBe(token);
    expect(calls('POST', '/api/account/login')).toHaveLength(1);
  });

  it('a failed login rejects with the server message and stays signed out', async () => {
    mockFetch([
      {
        method: 'POST',
        path: '/api/account/login',
        respond: () => jsonResponse({ message: 'Invalid email or password' }, 401),
      },
    ]);
    const { store } = setup();

    await expect(store.getState().login('ada@example.com', 'wrong')).rejects.toThrow(
      'Invalid email or password',
    );
    expect(store.getState().isAuthenticated).toBe(false);
    expect(stored()).toBeNull();
  });

  it('register stores the returned token and is authenticated with the returned user', async () => {
    const token = fakeToken(900);
    const newUser = { ...testUser, role: 'user' as const, emailVerified: false };
    mockFetch([
      {
        method: 'POST',
        path: '/api/account/register',
        respond: () => jsonResponse({ accessToken: token, user: newUser }),
      },
    ]);
    const { store } = setup();

    await store.getState().register({
      email: newUser.email,
      password: 'long-enough-password',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });

    expect(store.getState()).toMatchObject({ isAuthenticated: true, user: newUser });
    expect(stored()).toBe(token);
    expect(getAccessToken()).toBe(token);
  });

  it('logout calls the server with the token, then clears the token, the user and the query cache', async () => {
    const token = fakeToken(900);
    const { calls } = mockFetch([
      {
        method: 'POST',
        path: '/api/account/login',
        respond: () => jsonResponse({ accessToken: token, user: testUser }),
      },
      { method: 'POST', path: '/api/account/logout', respond: () => new Response(null, { status: 204 }) },
    ]);
    const { store, queryClient } = setup();
    await store.getState().login('ada@example.com', 'secret-password');
    queryClient.setQueryData(['mail', 'labels'], ['inbox']);

    await store.getState().logout();

    const logoutCall = calls('POST', '/api/account/logout')[0];
    expect(new Headers(logoutCall?.[1]?.headers).get('authorization')).toBe(`Bearer ${token}`);
    expect(store.getState()).toMatchObject({ isInitialized: true, isAuthenticated: false, user: null });
    expect(stored()).toBeNull();
    expect(getAccessToken()).toBeNull();
    expect(queryClient.getQueryData(['mail', 'labels'])).toBeUndefined();
  });

  it('logout still signs out on this device when the server cannot be reached', async () => {
    window.localStorage.setItem(ACCESS_TOKEN_KEY, fakeToken(900));
    mockFetch([{ path: '/api/account/my-account', respond: () => jsonResponse({ user: testUser }) }]);
    const { store } = setup();
    await store.getState().initialize();
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));

    await store.getState().logout();

    expect(store.getState().isAuthenticated).toBe(false);
    expect(stored()).toBeNull();
  });

  it('a session that cannot be renewed mid-use signs the visitor out', async () => {
    window.localStorage.setItem(ACCESS_TOKEN_KEY, fakeToken(900));
    mockFetch([
      { path: '/api/account/my-account', respond: () => jsonResponse({ user: testUser }) },
      { path: '/api/things', respond: () => jsonResponse({ message: 'Session ended' }, 401) },
      { method: 'POST', path: '/api/account/refresh', respond: () => jsonResponse({ message: 'No' }, 401) },
    ]);
    const { store, queryClient } = setup();
    await store.getState().initialize();
    queryClient.setQueryData(['things'], [1]);

    await expect(apiClient.get('/things')).rejects.toThrow('Session ended');

    expect(store.getState()).toMatchObject({ isAuthenticated: false, user: null });
    expect(stored()).toBeNull();
    expect(queryClient.getQueryData(['things'])).toBeUndefined();
  });

  it('refreshUser and setUser replace the signed-in user', async () => {
    window.localStorage.setItem(ACCESS_TOKEN_KEY, fakeToken(900));
    let current = { ...testUser, emailVerified: false };
    mockFetch([{ path: '/api/account/my-account', respond: () => jsonResponse({ user: current }) }]);
    const { store } = setup();
    await store.getState().initialize();
    expect(store.getState().user?.emailVerified).toBe(false);

    current = { ...current, emailVerified: true };
    await store.getState().refreshUser();
    expect(store.getState().user?.emailVerified).toBe(true);

    store.getState().setUser({ ...current, displayName: 'Countess' });
    expect(store.getState().user?.displayName).toBe('Countess');
  });
});
