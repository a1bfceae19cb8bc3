import AttachFile from '@mui/icons-material/AttachFile';
import SendRounded from '@mui/icons-material/SendRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ATTACHMENTS_MAX, MESSAGE_MAX } from '#shared/contract/chat-limits.ts';
import { ATTACHMENT_ACCEPT, FILE_LIMITS, MiB } from '#shared/contract/file-limits.ts';
import type { StoredFile } from '#shared/contract/files.ts';

import { FileButton } from '../../../components/file-button/file-button.tsx';
import { UploadItem } from '../../../components/file-button/upload-item.tsx';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { uploadAttachment } from '../api/chat-api.ts';
import { MessageField } from './message-field.tsx';

/** A file being uploaded (progress 0..1), uploaded (`file`), or refused (`error`). */
type Upload = {
  key: string;
  name: string;
  size: number;
  progress: number;
  file?: StoredFile;
  error?: string;
};

type ChatInputProps = {
  onSend: (message: { body: string; attachments: StoredFile[] }) => void;
  onTyping: () => void;
};

/**
 * The room's input: Enter sends, Shift+Enter starts a new line (`MessageField`); files (chosen with the paperclip) upload at
 * once with their progress and go with the next message. A file the server refuses says why and is left out.
 */
export function ChatInput({ onSend, onTyping }: ChatInputProps) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [draft, setDraft] = useState('');
  const [uploads, setUploads] = useState<Upload[]>([]);
  const aborts = useRef(new Map<string, AbortController>());

  // Leaving the room stops the uploads still running.
  useEffect(() => {
    const running = aborts.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  const update = (key: string, change: Partial<Upload>) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));

  const add = (chosen: File) => {
    if (uploads.length >= ATTACHMENTS_MAX) {
      enqueueSnackbar(t('chat.tooManyFiles', { count: ATTACHMENTS_MAX }), { variant: 'warning' });
      return;
    }
    const key = crypto.randomUUID();
    const upload: Upload = { key, name: chosen.name, size: chosen.size, progress: 0 };
    if (chosen.size > FILE_LIMITS.attachment.maxBytes) {
      upload.error = t('chat.fileTooLarge', { size: FILE_LIMITS.attachment.maxBytes / MiB });
      setUploads((list) => [...list, upload]);
      return;
    }
    setUploads((list) => [...list, upload]);
    const controller = new AbortController();
    aborts.current.set(key, controller);
    uploadAttachment(chosen, (progress) => update(key, { progress }), controller.signal)
      .then(({ file }) => update(key, { file, progress: 1 }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) update(key, { error: errorMessage(error, t) });
      })
      .finally(() => aborts.current.delete(key));
  };
  const remove = (key: string) => {
    aborts.current.get(key)?.abort();
    setUploads((list) => list.filter((u) => u.key !== key));
  };

  const uploading = uploads.some((u) => !u.file && !u.error);
  const ready = uploads.flatMap((u) => (u.file ? [u.file] : []));
  const canSend = !uploading && (draft.trim().length > 0 || ready.length > 0);

  const submit = () => {
    if (!canSend) return;
    onSend({ body: draft.trim(), attachments: ready });
    setDraft('');
    setUploads([]);
  };

  return (
    <Box sx={{ p: 1.5 }}>
      {uploads.length > 0 && (
        <Box
          component="ul"
          aria-label={t('chat.attachments')}
          sx={{ listStyle: 'none', m: 0, mb: 1, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}
        >
          {uploads.map((upload) => (
            <UploadItem
              key={upload.key}
              upload={upload}
              width={220}
              uploadingLabel={t('chat.uploading', { name: upload.name })}
              removeLabel={t('chat.removeFile', { name: upload.name })}
              onRemove={() => remove(upload.key)}
            />
          ))}
        </Box>
      )}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-end' }}>
        <FileButton
          multiple
          accept={ATTACHMENT_ACCEPT}
          onFile={add}
          variant="text"
          color="inherit"
          sx={{ minWidth: 0, p: 1, borderRadius: '50%', color: 'text.secondary' }}
          label={t('chat.attach')}
        >
          <AttachFile />
        </FileButton>
        <MessageField
          fullWidth
          maxRows={5}
          size="small"
          label={t('chat.messageLabel')}
          placeholder={t('chat.messagePlaceholder')}
          value={draft}
          onChange={(event) => {
            setDraft(event.target.value);
            if (event.target.value) onTyping();
          }}
          onSend={submit}
          slotProps={{ htmlInput: { maxLength: MESSAGE_MAX } }}
        />
        <IconButton color="primary" aria-label={t('chat.send')} onClick={submit} disabled={!canSend}>
          <SendRounded
            sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }}
          />
        </IconButton>
      </Box>
    </Box>
  );
}
