import type { QueryClient } from '@tanstack/react-query';
import { createStore, type StoreApi } from 'zustand/vanilla';

import type { RegisterInput, User } from '#shared/contract/account.ts';
import { SIGNED_IN_COOKIE } from '#shared/lib/no-script-forms.ts';
import { isTokenValid } from '#shared/lib/jwt.ts';

import { getAccessToken, refreshSession, setAccessToken, setSessionHandlers } from '../api-client.ts';
import { queryClient as appQueryClient } from '../query-client.ts';
import { readCookie } from '../settings/cookies.ts';
import { readStorage, writeStorage } from '../storage.ts';
import { accountApi } from './account-api.ts';

/** Spec §3: the access token is kept in local storage under this key. */
export const ACCESS_TOKEN_KEY = 'accessToken';

/** Spec §3/§4. `user` is never null while authenticated. */
export type AuthState = {
  isInitialized: boolean;
  isAuthenticated: boolean;
  user: User | null;
};

export type AuthActions = {
  /** Reads the stored token and restores the session; never rejects. */
  initialize: () => Promise<void>;
  login: (email: string, password: string) => Promise<User>;
  register: (input: RegisterInput) => Promise<User>;
  /** Ends the session on the server (best effort) and forgets it here. Never rejects. */
  logout: () => Promise<void>;
  /** Reloads the signed-in user from the server. */
  refreshUser: () => Promise<User>;
  /** Replaces the signed-in user (e.g. after verifying the email address). */
  setUser: (user: User) => void;
};

export type AuthStore = StoreApi<AuthState & AuthActions>;

export const initialAuthState: AuthState = { isInitialized: false, isAuthenticated: false, user: null };

export function createAuthStore({ queryClient }: { queryClient: QueryClient }): AuthStore {
  let initializing: Promise<void> | null = null;

  const store = createStore<AuthState & AuthActions>()((set, get) => {
    function startSession(token: string, user: User): void {
      writeStorage(ACCESS_TOKEN_KEY, token);
      setAccessToken(token);
      set({ isInitialized: true, isAuthenticated: true, user });
    }

    function signedOut(): void {
      setAccessToken(null);
      writeStorage(ACCESS_TOKEN_KEY, null);
      set({ isInitialized: true, isAuthenticated: false, user: null });
    }

    async function restore(): Promise<void> {
      const token = readStorage(ACCESS_TOKEN_KEY);
      if (!token && !readCookie(SIGNED_IN_COOKIE)) {
        signedOut();
        return;
      }
      try {
        if (!token) {
          // A session without a token here: signed in by the form before the app ran (no JavaScript yet).
          const session = await refreshSession();
          if (session) startSession(session.accessToken, session.user);
          else signedOut();
          return;
        }
        if (isTokenValid(token)) {
          setAccessToken(token);
          const { user } = await accountApi.myAccount();
          // A 401 above renews the token through the api client; use whichever token is current now.
          startSession(getAccessToken() ?? token, user);
          return;
        }
        // Expired: renew it once through the refresh cookie before counting the visitor as signed out.
        const session = await refreshSession();
        if (session) startSession(session.accessToken, session.user);
        else signedOut();
      } catch (error) {
        // Spec §8: logged, and the visitor is treated as signed out.
        console.warn('Could not restore the session', error);
        signedOut();
      }
    }

    return {
      ...initialAuthState,

      initialize: () => {
        initializing ??= restore();
        return initializing;
      },

      login: async (email, password) => {
        const session = await accountApi.login({ email, password });
        queryClient.clear();
        startSession(session.accessToken, session.user);
        return session.user;
      },

      register: async (input) => {
        const session = await accountApi.register(input);
        queryClient.clear();
        startSession(session.accessToken, session.user);
        return session.user;
      },

      logout: async () => {
        try {
          if (getAccessToken()) await accountApi.logout();
        } catch {
          // The server could not be reached: the session is still forgotten on this device.
        } finally {
          signedOut();
          queryClient.clear();
        }
      },

      refreshUser: async () => {
        const { user } = await accountApi.myAccount();
        if (get().isAuthenticated) set({ user });
        return user;
      },

      setUser: (user) => {
        if (get().isAuthenticated) set({ user });
      },
    };
  });

  setSessionHandlers({
    onRefreshed: (session) => {
      writeStorage(ACCESS_TOKEN_KEY, session.accessToken);
      if (store.getState().isAuthenticated) store.setState({ user: session.user });
    },
    onSessionEnded: () => {
      setAccessToken(null);
      writeStorage(ACCESS_TOKEN_KEY, null);
      store.setState({ isInitialized: true, isAuthenticated: false, user: null });
      queryClient.clear();
    },
  });

  return store;
}

/** The app's auth store (tests create their own with createAuthStore). */
export const authStore = createAuthStore({ queryClient: appQueryClient });

/**
 * Resolves once the stored session has been restored (or found absent): route loaders that depend on who is
 * signed in wait for it on the first page load, in parallel with the page's code, instead of skipping work.
 */
export function authReady(store: AuthStore = authStore): Promise<void> {
  if (store.getState().isInitialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = store.subscribe((state) => {
      if (!state.isInitialized) return;
      stop();
      resolve();
    });
  });
}
