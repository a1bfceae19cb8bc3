import { useMutation } from '@tanstack/react-query';

import type { ContactInput, ContactSentResponse } from '#shared/contract/contact.ts';

import { apiClient } from '../../../lib/api-client.ts';

/** POST /api/contact. Signed-in senders send their token too, so the message names their account. */
export const sendContactMessage = (input: ContactInput) =>
  apiClient.post<ContactSentResponse>('/contact', input);

export const useSendContactMessage = () => useMutation({ mutationFn: sendContactMessage });
