import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';

import { GROUP_NAME_MAX, MESSAGE_MAX } from '#shared/contract/chat-limits.ts';
import type { ChatContact } from '#shared/contract/chat.ts';

import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { chatKeys, useContacts, useStartConversation } from '../api/chat-api.ts';
import { avatarFallbackSx } from './conversation-list.tsx';
import { MessageField } from './message-field.tsx';

/**
 * `/dashboard/chat/new`: pick one or more people (one: the conversation with them, started or continued;
 * several: a new group, optionally named) and send the first message. `?to=<username>` picks someone first
 * (the contact search of the list links here). Enter in the message sends it, as in a room (`MessageField`).
 */
export function NewConversation() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const contacts = useContacts();
  const start = useStartConversation();
  // null until the person picks: then `?to=` (if any) is the first pick.
  const [picked, setPicked] = useState<ChatContact[] | null>(null);
  const [name, setName] = useState('');
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [searchParams] = useSearchParams();
  const to = searchParams.get('to');
  const preset = to ? contacts.data?.contacts.find((c) => c.username === to) : undefined;
  const recipients = picked ?? (preset ? [preset] : []);

  const submit = () => {
    if (start.isPending) return;
    if (!recipients.length) {
      setProblem(t('chat.noRecipients'));
      return;
    }
    if (!body.trim()) return;
    setProblem(null);
    start.mutate(
      { recipientIds: recipients.map((r) => r.id), body: body.trim(), name: name.trim() || undefined },
      {
        onSuccess: ({ conversation }) => {
          void queryClient.invalidateQueries({ queryKey: chatKeys.all });
          void navigate(paths.dashboard.chat.view(conversation.id));
        },
        onError: (error) => setProblem(errorMessage(error, t)),
      },
    );
  };

  return (
    <Box
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
      sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 2.5 }}
    >
      <Typography variant="h6" component="h2">
        {t('chat.newConversation')}
      </Typography>
      {problem && <Alert severity="error">{problem}</Alert>}
      <Autocomplete
        multiple
        options={contacts.data?.contacts ?? []}
        loading={contacts.isPending}
        value={recipients}
        onChange={(_event, value) => setPicked(value)}
        getOptionLabel={(option) => option.name}
        isOptionEqualToValue={(option, value) => option.id === value.id}
        renderOption={({ key, ...props }, option) => (
          <Box component="li" key={key} {...props} sx={{ gap: 1.5 }}>
            <Avatar
              alt={option.name}
              src={option.avatarUrl ?? undefined}
              sx={{ ...avatarFallbackSx, width: 28, height: 28 }}
            />
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" noWrap>
                {option.name}
              </Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }} noWrap>
                {/* The email address only where its owner shows it to members; the username otherwise. */}
                {option.email || `@${option.username}`}
              </Typography>
            </Box>
          </Box>
        )}
        renderInput={(params) => (
          <TextField {...params} label={t('chat.recipients')} placeholder={t('chat.recipientsPlaceholder')} />
        )}
      />
      {recipients.length > 1 && (
        <TextField
          label={t('chat.groupName')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          slotProps={{ htmlInput: { maxLength: GROUP_NAME_MAX } }}
        />
      )}
      <MessageField
        label={t('chat.firstMessage')}
        minRows={3}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        onSend={submit}
        slotProps={{ htmlInput: { maxLength: MESSAGE_MAX } }}
      />
      <Box>
        <Button type="submit" variant="contained" loading={start.isPending} disabled={!body.trim()}>
          {t('chat.start')}
        </Button>
      </Box>
    </Box>
  );
}
