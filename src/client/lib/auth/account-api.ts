import type { AuthResponse, LoginInput, MyAccountResponse, RegisterInput } from '#shared/contract/account.ts';

import { apiClient } from '../api-client.ts';

/** The account calls the auth store makes. Sign-in and registration send no token (auth: false). */
export const accountApi = {
  login: (input: LoginInput) => apiClient.post<AuthResponse>('/account/login', input, { auth: false }),
  register: (input: RegisterInput) =>
    apiClient.post<AuthResponse>('/account/register', input, { auth: false }),
  myAccount: () => apiClient.get<MyAccountResponse>('/account/my-account'),
  logout: () => apiClient.post<null>('/account/logout', undefined, { refresh: false }),
};
