import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';

import type {
  ForgotPasswordInput,
  messageResponse,
  MyAccountResponse,
  NewPasswordInput,
  VerifyEmailInput,
} from '#shared/contract/account.ts';

import { apiClient } from '../../../lib/api-client.ts';

type MessageResponse = z.infer<typeof messageResponse>;

/** Password reset and email verification calls (6-digit codes sent by mail). */
export const accountCodesApi = {
  forgotPassword: (input: ForgotPasswordInput) =>
    apiClient.post<MessageResponse>('/account/forgot-password', input, { auth: false }),
  newPassword: (input: NewPasswordInput) =>
    apiClient.post<MessageResponse>('/account/new-password', input, { auth: false }),
  verifyEmail: (input: VerifyEmailInput) =>
    apiClient.post<MyAccountResponse>('/account/verify-email', input, { auth: false }),
  resendVerification: () => apiClient.post<MessageResponse>('/account/resend-verification'),
};

export const useForgotPassword = () => useMutation({ mutationFn: accountCodesApi.forgotPassword });
export const useNewPassword = () => useMutation({ mutationFn: accountCodesApi.newPassword });
export const useVerifyEmail = () => useMutation({ mutationFn: accountCodesApi.verifyEmail });
export const useResendVerification = () => useMutation({ mutationFn: accountCodesApi.resendVerification });
