import { useStoreSlice } from '../use-store-slice.ts';
import { authStore, type AuthActions, type AuthState } from './auth-store.ts';

/** Reads the auth state (re-renders when the selected part changes). */
export function useAuth<T>(selector: (state: AuthState & AuthActions) => T): T {
  return useStoreSlice(authStore, selector);
}

export function useAuthActions(): AuthActions {
  const { initialize, login, register, logout, refreshUser, setUser } = authStore.getState();
  return { initialize, login, register, logout, refreshUser, setUser };
}
