import AttachFile from '@mui/icons-material/AttachFile';
import Close from '@mui/icons-material/Close';
import CloseFullscreen from '@mui/icons-material/CloseFullscreen';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Minimize from '@mui/icons-material/Minimize';
import OpenInFull from '@mui/icons-material/OpenInFull';
import SendRounded from '@mui/icons-material/SendRounded';
import WebAssetOutlined from '@mui/icons-material/WebAssetOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ATTACHMENT_ACCEPT } from '#shared/contract/file-limits.ts';
import type { StoredFile } from '#shared/contract/files.ts';
import {
  MAIL_ATTACHMENTS_MAX,
  MAIL_SUBJECT_MAX,
  type DraftInput,
  type SendMailInput,
} from '#shared/contract/mail.ts';

import { Editor } from '../../../components/editor/editor.tsx';
import { FileButton } from '../../../components/file-button/file-button.tsx';
import { UploadItem } from '../../../components/file-button/upload-item.tsx';
import { closeSnackbar, useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { uploadMailAttachment, useDiscardDraft, useSaveDraft } from '../api/mail-api.ts';
import { cancelMailSend, queueMailSend, UNDO_SEND_MS } from '../api/mail-send-queue.ts';
import { AddressField } from './address-field.tsx';

/** What the composer opens with: a new mail (nothing), a reply or forward, a draft, or a send taken back. */
export interface ComposeInit {
  to?: string[];
  cc?: string[];
  bcc?: string[];
  subject?: string;
  message?: string;
  inReplyTo?: string | null;
  draftId?: string;
  /** Files already uploaded (a draft's, a forward's, or those of a send taken back). */
  attachments?: StoredFile[];
}

export type MailComposeProps = {
  init: ComposeInit;
  /** The window is done (sent, closed or discarded): the page unmounts it. */
  onClose: () => void;
  /** A send was taken back (or failed): the page opens the composer again with this content. */
  onUndoSend: (init: ComposeInit) => void;
};

/** Autosave waits this long after the last change. */
export const DRAFT_SAVE_DELAY_MS = 1500;

/** A file being uploaded (progress 0..1), uploaded (`file`), or refused (`error`). */
type Upload = {
  key: string;
  name: string;
  size: number;
  progress: number;
  file?: StoredFile;
  error?: string;
};

let uploadSeq = 0;
let toastSeq = 0;

/** True when the HTML holds no text (the editor's empty paragraph, spaces). */
const isBlankHtml = (html: string) =>
  !/<(img|hr)\b/i.test(html) &&
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim() === '';

/**
 * The compose window (issue #11): fixed in the bottom inline-end corner (bottom left in rtl), full screen
 * on phones; it can be minimised and made full screen. To (Cc/Bcc on demand), subject, the rich-text editor
 * and attachments (uploaded at once). Drafts save themselves 1.5 s after the last change; closing keeps the
 * draft, Discard deletes it. Send closes the window at once and really sends 5 s later unless Undo is
 * pressed (mail-send-queue.ts keeps the timer, so leaving the page does not lose the mail).
 */
export function MailCompose({ init, onClose, onUndoSend }: MailComposeProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const { enqueueSnackbar } = useSnackbar();
  const saveDraft = useSaveDraft();
  const discardDraft = useDiscardDraft();
  const titleId = useId();
  const ccBccId = useId();

  const [to, setTo] = useState(init.to ?? []);
  const [cc, setCc] = useState(init.cc ?? []);
  const [bcc, setBcc] = useState(init.bcc ?? []);
  const [showCcBcc, setShowCcBcc] = useState(Boolean(init.cc?.length || init.bcc?.length));
  const [subject, setSubject] = useState(init.subject ?? '');
  const [message, setMessage] = useState(init.message ?? '');
  const [uploads, setUploads] = useState<Upload[]>(() =>
    (init.attachments ?? []).map((file) => ({
      key: file.id,
      name: file.name,
      size: file.size,
      progress: 1,
      file,
    })),
  );
  const [minimized, setMinimized] = useState(false);
  const [fullScreen, setFullScreen] = useState(false);
  const [recipientError, setRecipientError] = useState<string | null>(null);
  const [sendWanted, setSendWanted] = useState(false);
  const [saveStatus, setSaveStatus] = useState<'idle' | 'saving' | 'saved'>('idle');
  /** Bumped by every change the person makes; autosave runs when it has moved past the last save. */
  const [revision, setRevision] = useState(0);

  const rootRef = useRef<HTMLDivElement>(null);
  const toInputRef = useRef<HTMLInputElement>(null);
  const draftId = useRef<string | null>(init.draftId ?? null);
  const savedRevision = useRef(0);
  /** The draft saves, one after another (the second needs the id the first got). */
  const saving = useRef<Promise<unknown>>(Promise.resolve());
  /** Closed, sent or discarded: no more autosaves. */
  const done = useRef(false);
  const aborts = useRef(new Map<string, AbortController>());

  const ready = uploads.flatMap((u) => (u.file ? [u.file] : []));
  const uploading = uploads.some((u) => !u.file && !u.error);
  const draft: DraftInput = {
    to,
    cc,
    bcc,
    subject,
    message,
    attachments: ready.map((file) => file.id),
    inReplyTo: init.inReplyTo ?? null,
  };
  const hasContent =
    to.length + cc.length + bcc.length > 0 ||
    subject.trim() !== '' ||
    !isBlankHtml(message) ||
    ready.length > 0;
  const latest = useRef({ draft, revision, hasContent });
  useEffect(() => {
    latest.current = { draft, revision, hasContent };
  });

  const changed = () => setRevision((value) => value + 1);

  /** Saves what is on screen as the draft (after any save under way); resolves with the draft's id. */
  const persist = (): Promise<string | null> => {
    const run = saving.current.then(async () => {
      const { draft: current, revision: wanted, hasContent: any } = latest.current;
      if (wanted <= savedRevision.current || (!draftId.current && !any)) return draftId.current;
      setSaveStatus('saving');
      try {
        const { mail } = await saveDraft.mutateAsync({ id: draftId.current, draft: current });
        draftId.current = mail.id;
        savedRevision.current = Math.max(savedRevision.current, wanted);
        setSaveStatus('saved');
        return mail.id;
      } catch (error) {
        setSaveStatus('idle');
        throw error;
      }
    });
    saving.current = run.catch(() => undefined);
    return run;
  };
  const persistRef = useRef(persist);
  useEffect(() => {
    persistRef.current = persist;
  });

  // Autosave: 1.5 s after the last change (a failure stays quiet; the next change or the close tries again).
  useEffect(() => {
    if (revision === 0 || revision <= savedRevision.current) return;
    const timer = setTimeout(() => {
      if (!done.current) persistRef.current().catch(() => undefined);
    }, DRAFT_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [revision]);

  // Closing the window stops the uploads still running.
  useEffect(() => {
    const running = aborts.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  const updateUpload = (key: string, change: Partial<Upload>) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));

  /** Files uploaded or uploading (refused ones do not count against the limit). */
  const attachedCount = useRef(uploads.length);

  const attach = (chosen: File) => {
    // Several files chosen at once arrive one call each, before a render: the ref counts them.
    if (attachedCount.current >= MAIL_ATTACHMENTS_MAX) {
      enqueueSnackbar(t('validation.tooManyAttachments'), { variant: 'warning' });
      return;
    }
    attachedCount.current += 1;
    const key = `upload-${++uploadSeq}`;
    setUploads((list) => [...list, { key, name: chosen.name, size: chosen.size, progress: 0 }]);
    const controller = new AbortController();
    aborts.current.set(key, controller);
    uploadMailAttachment(chosen, (progress) => updateUpload(key, { progress }), controller.signal)
      .then(({ file }) => {
        updateUpload(key, { file, progress: 1 });
        changed();
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        attachedCount.current -= 1;
        // A send waiting for the uploads does not go without this file: the person decides again.
        setSendWanted(false);
        updateUpload(key, { error: errorMessage(error, t) });
      })
      .finally(() => aborts.current.delete(key));
  };

  const removeUpload = (upload: Upload) => {
    aborts.current.get(upload.key)?.abort();
    if (!upload.error) attachedCount.current -= 1;
    setUploads((list) => list.filter((u) => u.key !== upload.key));
    if (upload.file) changed();
  };

  /** The content on screen, as the composer would reopen with it. */
  const snapshot = (): ComposeInit => ({
    to,
    cc,
    bcc,
    subject,
    message,
    inReplyTo: init.inReplyTo ?? null,
    ...(draftId.current && { draftId: draftId.current }),
    attachments: ready,
  });

  const finish = () => {
    done.current = true;
    onClose();
  };

  const close = () => {
    const unsaved = revision > savedRevision.current && hasContent;
    if (unsaved || draftId.current) {
      persist()
        .then(() => enqueueSnackbar(t('mail.composer.draftSaved'), { variant: 'success' }))
        .catch((error: unknown) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' }));
    }
    finish();
  };

  const discard = () => {
    const before = saving.current;
    void before
      .then(async () => {
        if (draftId.current) await discardDraft.mutateAsync(draftId.current);
        enqueueSnackbar(t('mail.composer.discarded'), { variant: 'info' });
      })
      .catch((error: unknown) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' }));
    finish();
  };

  const send = () => {
    const content = snapshot();
    const before = saving.current;
    const input = async (): Promise<SendMailInput> => {
      // A draft save under way finishes first, so the send turns that draft into the sent mail.
      await before;
      return {
        to: content.to,
        cc: content.cc,
        bcc: content.bcc,
        subject: content.subject,
        message: content.message,
        attachments: (content.attachments ?? []).map((file) => file.id),
        inReplyTo: content.inReplyTo,
        ...(draftId.current && { draftId: draftId.current }),
      };
    };
    const restore = (): ComposeInit => ({
      ...content,
      ...(draftId.current && { draftId: draftId.current }),
    });
    /**
     * The message comes back (Undo, or a failed send): what was typed since the last save is saved as the
     * draft first, so it is in Drafts even if the page is gone, and the reopened composer keeps that draft.
     */
    const giveBack = () =>
      persist()
        .catch(() => null)
        .then(() => onUndoSend(restore()));
    const toastKey = `mail-send-${++toastSeq}`;
    const sendId = queueMailSend(input, {
      onSending: () => closeSnackbar(toastKey),
      onFailed: () => void giveBack(),
    });
    const undo = () => {
      if (!cancelMailSend(sendId)) return;
      closeSnackbar(toastKey);
      void giveBack().then(() => enqueueSnackbar(t('mail.composer.undone'), { variant: 'info' }));
    };
    const undoText = t('mail.composer.undo');
    const closeText = t('common.close');
    enqueueSnackbar(t('mail.composer.sent'), {
      key: toastKey,
      variant: 'success',
      preventDuplicate: false,
      autoHideDuration: UNDO_SEND_MS,
      action: () => (
        <>
          <Button size="small" color="primary" onClick={undo} sx={{ fontWeight: 700 }}>
            {undoText}
          </Button>
          <IconButton
            size="small"
            color="inherit"
            aria-label={closeText}
            onClick={() => closeSnackbar(toastKey)}
          >
            <Close fontSize="small" />
          </IconButton>
        </>
      ),
    });
    finish();
  };

  // Send was pressed while files were uploading: it goes once they are done (not if one was refused).
  useEffect(() => {
    if (!sendWanted || uploading || done.current) return;
    if (uploads.some((u) => u.error)) return;
    send();
  });

  const requestSend = () => {
    if (to.length + cc.length + bcc.length === 0) {
      setRecipientError(t('mail.composer.noRecipient'));
      toInputRef.current?.focus();
      return;
    }
    // An address the field refused is still there to fix: it would not be sent.
    const invalid = rootRef.current?.querySelector<HTMLInputElement>('input[aria-invalid="true"]');
    if (invalid) {
      invalid.focus();
      return;
    }
    // A refused file is still in the list: it must be removed (or chosen again) first.
    const refused = uploads.find((u) => u.error);
    if (refused) {
      rootRef.current?.querySelector<HTMLButtonElement>(`[data-upload="${refused.key}"]`)?.focus();
      return;
    }
    if (uploading) setSendWanted(true);
    else send();
  };

  const whole = phone && !minimized;
  const big = fullScreen && !minimized && !phone;

  return (
    <Paper
      ref={rootRef}
      role="dialog"
      aria-labelledby={titleId}
      elevation={24}
      sx={{
        position: 'fixed',
        zIndex: theme.zIndex.drawer + 1,
        display: 'flex',
        flexDirection: 'column',
        overflow: 'hidden',
        ...(whole
          ? { inset: 0, borderRadius: 0 }
          : big
            ? { top: 32, bottom: 32, insetInline: 32, borderRadius: 2 }
            : {
                bottom: 0,
                insetInlineEnd: { xs: 0, sm: 24 },
                width: minimized ? { xs: '100%', sm: 320 } : 560,
                maxWidth: '100vw',
                height: minimized ? 'auto' : 'min(640px, calc(100dvh - 96px))',
                borderEndStartRadius: 0,
                borderEndEndRadius: 0,
                borderStartStartRadius: 12,
                borderStartEndRadius: 12,
              }),
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          py: 0.5,
          paddingInlineStart: 2,
          paddingInlineEnd: 0.5,
          bgcolor: 'background.neutral',
        }}
      >
        <Typography
          id={titleId}
          component="h2"
          variant="subtitle2"
          noWrap
          sx={{ flexGrow: 1, cursor: minimized ? 'pointer' : undefined }}
          onClick={minimized ? () => setMinimized(false) : undefined}
        >
          {subject.trim() || t('mail.composer.title')}
        </Typography>
        <IconButton
          size="small"
          aria-label={minimized ? t('mail.composer.restore') : t('mail.composer.minimize')}
          onClick={() => setMinimized((value) => !value)}
        >
          {minimized ? <WebAssetOutlined fontSize="small" /> : <Minimize fontSize="small" />}
        </IconButton>
        {!phone && (
          <IconButton
            size="small"
            aria-label={fullScreen ? t('mail.composer.exitFullScreen') : t('mail.composer.fullScreen')}
            onClick={() => {
              setFullScreen((value) => !value);
              setMinimized(false);
            }}
          >
            {fullScreen ? <CloseFullscreen fontSize="small" /> : <OpenInFull fontSize="small" />}
          </IconButton>
        )}
        <IconButton size="small" aria-label={t('mail.composer.close')} onClick={close}>
          <Close fontSize="small" />
        </IconButton>
      </Box>

      <Box
        sx={{
          display: minimized ? 'none' : 'flex',
          flexDirection: 'column',
          flexGrow: 1,
          minHeight: 0,
        }}
      >
        <Box
          sx={{
            display: 'flex',
            flexDirection: 'column',
            gap: 1,
            px: 2,
            pt: 1,
            pb: 1.5,
            flexGrow: 1,
            minHeight: 0,
            overflowY: 'auto',
          }}
        >
          <AddressField
            label={t('mail.composer.to')}
            value={to}
            onChange={(value) => {
              setTo(value);
              setRecipientError(null);
              changed();
            }}
            error={recipientError}
            autoFocus={!init.to?.length}
            placeholder={t('mail.composer.addressHint')}
            inputRef={toInputRef}
            endSlot={
              <Button
                size="small"
                color="inherit"
                aria-expanded={showCcBcc}
                aria-controls={ccBccId}
                onClick={() => setShowCcBcc((value) => !value)}
                sx={{ mt: 1.5, flexShrink: 0, color: 'text.secondary' }}
              >
                {t('mail.composer.showCcBcc')}
              </Button>
            }
          />
          <Box id={ccBccId} sx={{ display: showCcBcc ? 'flex' : 'none', flexDirection: 'column', gap: 1 }}>
            {showCcBcc && (
              <>
                <AddressField
                  label={t('mail.composer.cc')}
                  value={cc}
                  onChange={(value) => {
                    setCc(value);
                    setRecipientError(null);
                    changed();
                  }}
                />
                <AddressField
                  label={t('mail.composer.bcc')}
                  value={bcc}
                  onChange={(value) => {
                    setBcc(value);
                    setRecipientError(null);
                    changed();
                  }}
                />
              </>
            )}
          </Box>
          <TextField
            variant="standard"
            label={t('mail.composer.subject')}
            value={subject}
            onChange={(event) => {
              setSubject(event.target.value);
              changed();
            }}
            slotProps={{ htmlInput: { maxLength: MAIL_SUBJECT_MAX } }}
          />
          <Editor
            value={message}
            onChange={(html) => {
              setMessage(html);
              changed();
            }}
            label={t('mail.composer.message')}
            autoFocus={Boolean(init.to?.length)}
            minHeight={fullScreen || phone ? 240 : 160}
            sx={{ mt: 1, flexGrow: 1 }}
          />
          {uploads.length > 0 && (
            <Box
              component="ul"
              sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}
            >
              {uploads.map((upload) => (
                <UploadItem
                  key={upload.key}
                  upload={upload}
                  width={240}
                  uploadingLabel={t('mail.composer.uploading', { name: upload.name })}
                  removeLabel={t('mail.composer.removeAttachment', { name: upload.name })}
                  onRemove={() => removeUpload(upload)}
                />
              ))}
            </Box>
          )}
        </Box>

        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            px: 2,
            py: 1.5,
            borderTop: 1,
            borderColor: 'divider',
          }}
        >
          <Button
            variant="contained"
            onClick={requestSend}
            loading={sendWanted && uploading}
            loadingPosition="end"
            endIcon={<SendRounded sx={{ transform: theme.direction === 'rtl' ? 'scaleX(-1)' : undefined }} />}
          >
            {sendWanted && uploading ? t('mail.composer.sending') : t('mail.composer.send')}
          </Button>
          <FileButton
            multiple
            accept={ATTACHMENT_ACCEPT}
            onFile={attach}
            variant="text"
            color="inherit"
            sx={{ minWidth: 0, p: 1, borderRadius: '50%', color: 'text.secondary' }}
            label={t('mail.composer.attach')}
          >
            <AttachFile />
          </FileButton>
          <Typography role="status" variant="caption" noWrap sx={{ flexGrow: 1, color: 'text.secondary' }}>
            {saveStatus === 'saving'
              ? t('mail.composer.savingDraft')
              : saveStatus === 'saved'
                ? t('mail.composer.draftSaved')
                : ''}
          </Typography>
          <IconButton aria-label={t('mail.composer.discard')} onClick={discard}>
            <DeleteOutlined />
          </IconButton>
        </Box>
      </Box>
    </Paper>
  );
}
