import MenuOutlined from '@mui/icons-material/MenuOutlined';
import ArchiveOutlined from '@mui/icons-material/ArchiveOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import MarkEmailUnreadOutlined from '@mui/icons-material/MarkEmailUnreadOutlined';
import RestoreFromTrashOutlined from '@mui/icons-material/RestoreFromTrashOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import type { Mail, MailAction, MailSummary } from '#shared/contract/mail.ts';

import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog.tsx';
import { PageHeading } from '../../../components/page-heading/page-heading.tsx';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { fDateTime } from '../../../lib/format.ts';
import { useDeleteMails, useMailLabels, useMailLive, useUpdateMails } from '../api/mail-api.ts';
import type { ComposeInit } from '../components/mail-compose.tsx';
import { MailDetails, type MailCommand } from '../components/mail-details.tsx';
import { MailList } from '../components/mail-list.tsx';
import { MailNav } from '../components/mail-nav.tsx';
import { useLabelName } from '../utils/label-name.ts';

// The editor (TipTap) loads only when someone writes.
const MailCompose = lazy(() =>
  import('../components/mail-compose.tsx').then((module) => ({ default: module.MailCompose })),
);

/** Actions that take a mail out of the list it is in (the reader closes, a toast says what happened). */
const moving = new Set<MailAction | 'deleteForever'>([
  'archive',
  'trash',
  'restore',
  'spam',
  'notSpam',
  'deleteForever',
]);

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * `/dashboard/mail` (and `/dashboard/mail/all`): labels, the list and the open mail side by side; on a phone
 * one at a time (labels in a drawer). The label, the search and the open mail live in the address
 * (`?label=&q=&id=`), so reload and Back show the same thing; new mail arrives live.
 */
export function MailView({ defaultLabel = 'inbox' }: { defaultLabel?: string }) {
  const { t } = useTranslation();
  const labelName = useLabelName();
  const { enqueueSnackbar } = useSnackbar();
  const me = useAuth((state) => state.user);
  const [params, setParams] = useSearchParams();
  const label = params.get('label') ?? defaultLabel;
  const search = params.get('q') ?? '';
  const openId = params.get('id') ?? undefined;
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [navOpen, setNavOpen] = useState(false);
  const [compose, setCompose] = useState<{ key: number; init: ComposeInit } | null>(null);
  const [confirm, setConfirm] = useState<string[] | null>(null);

  const labels = useMailLabels();
  const update = useUpdateMails();
  const remove = useDeleteMails();
  useMailLive();

  const allLabels = labels.data?.labels ?? [];
  const current = allLabels.find((l) => l.id === label);
  const currentName = current ? labelName(current) : labelName({ type: 'system', name: 'inbox' });

  const go = useCallback(
    (next: { label?: string; q?: string; id?: string | null }) => {
      setParams(
        (prev) => {
          const out = new URLSearchParams(prev);
          if (next.label !== undefined) {
            out.set('label', next.label);
            out.delete('q');
            out.delete('id');
          }
          for (const [name, value] of [
            ['q', next.q],
            ['id', next.id],
          ] as const) {
            if (value === undefined) continue;
            if (value) out.set(name, value);
            else out.delete(name);
          }
          return out;
        },
        { replace: next.q !== undefined },
      );
    },
    [setParams],
  );
  const onSearch = useCallback((q: string) => go({ q }), [go]);

  // A new label or search starts with nothing selected.
  const [selectionFor, setSelectionFor] = useState(`${label}|${search}`);
  if (selectionFor !== `${label}|${search}`) {
    setSelectionFor(`${label}|${search}`);
    setSelected(new Set());
  }

  // Each opening is a new composer (it reads `init` when it mounts).
  const composeCount = useRef(0);
  const openCompose = (init: ComposeInit) => setCompose({ key: ++composeCount.current, init });

  const run = (action: MailAction | 'deleteForever', ids: string[]) => {
    if (action === 'deleteForever') {
      setConfirm(ids);
      return;
    }
    update.mutate(
      { ids, action },
      {
        onSuccess: ({ updated }) => {
          if (moving.has(action) && updated > 0) {
            enqueueSnackbar(t(`mail.done.${action as 'archive'}`, { count: updated }));
          }
        },
        onError: (error) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' }),
      },
    );
    if (moving.has(action)) {
      setSelected(new Set());
      if (openId && ids.includes(openId)) go({ id: null });
    }
  };

  const onCommand = (command: MailCommand, mail: Mail) => {
    const quoted = () =>
      `<p></p><blockquote><p>${escapeHtml(t('mail.quoteHeader', { date: fDateTime(mail.createdAt), name: mail.from.name }))}</p>${mail.message}</blockquote>`;
    const prefixed = (prefix: string) =>
      mail.subject.toLowerCase().startsWith(prefix.toLowerCase())
        ? mail.subject
        : `${prefix} ${mail.subject}`;
    const mine = me?.email.toLowerCase();
    switch (command) {
      case 'reply':
        openCompose({
          to: [mail.from.email],
          subject: prefixed('Re:'),
          message: quoted(),
          inReplyTo: mail.id,
        });
        return;
      case 'replyAll': {
        const others = (list: typeof mail.to) =>
          list.map((a) => a.email).filter((e) => e.toLowerCase() !== mine);
        openCompose({
          to: [...new Set([mail.from.email, ...others(mail.to)].filter((e) => e.toLowerCase() !== mine))],
          cc: others(mail.cc),
          subject: prefixed('Re:'),
          message: quoted(),
          inReplyTo: mail.id,
        });
        return;
      }
      case 'forward':
        openCompose({
          subject: prefixed('Fwd:'),
          message: `<p></p><p>---------- ${escapeHtml(t('mail.forwardedHeader'))} ----------</p>${mail.message}`,
          inReplyTo: mail.id,
        });
        return;
      case 'editDraft':
        openCompose({
          to: mail.to.map((a) => a.email),
          cc: mail.cc.map((a) => a.email),
          bcc: mail.bcc.map((a) => a.email),
          subject: mail.subject,
          message: mail.message,
          inReplyTo: mail.inReplyTo,
          draftId: mail.id,
        });
        return;
      default:
        run(command, [mail.id]);
    }
  };

  const onOpen = (mail: MailSummary) => {
    go({ id: mail.id });
    if (mail.isUnread) update.mutate({ ids: [mail.id], action: 'read' });
  };

  // Opened from the address (a reload, a link): read it too.
  const [readOnLoad] = useState(openId);
  useEffect(() => {
    if (readOnLoad) update.mutate({ ids: [readOnLoad], action: 'read' });
    // Once, for the mail the page was opened on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const ids = [...selected];
  const bulk = (action: MailAction | 'deleteForever', text: string, icon: ReactElement) => (
    <Tooltip title={text} key={action}>
      <IconButton size="small" aria-label={text} onClick={() => run(action, ids)}>
        {icon}
      </IconButton>
    </Tooltip>
  );
  const inTrash = label === 'trash';
  const bulkActions = (
    <>
      {bulk('read', t('mail.actions.read'), <MarkEmailReadOutlined fontSize="small" />)}
      {bulk('unread', t('mail.actions.unread'), <MarkEmailUnreadOutlined fontSize="small" />)}
      {(label === 'inbox' || label === 'spam') &&
        bulk('archive', t('mail.actions.archive'), <ArchiveOutlined fontSize="small" />)}
      {inTrash
        ? bulk('restore', t('mail.actions.restore'), <RestoreFromTrashOutlined fontSize="small" />)
        : bulk('trash', t('mail.actions.trash'), <DeleteOutlined fontSize="small" />)}
      {(inTrash || label === 'spam') &&
        bulk(
          'deleteForever',
          t('mail.actions.deleteForever'),
          <DeleteOutlined fontSize="small" color="error" />,
        )}
    </>
  );

  const nav = (
    <MailNav
      labels={allLabels}
      active={label}
      onSelect={(next) => {
        go({ label: next });
        setNavOpen(false);
      }}
      onCompose={() => {
        openCompose({});
        setNavOpen(false);
      }}
    />
  );

  return (
    <>
      <PageHeading
        title={t('mail.pageTitle')}
        action={
          <Button
            variant="outlined"
            startIcon={<MenuOutlined />}
            onClick={() => setNavOpen(true)}
            sx={{ display: { md: 'none' } }}
          >
            {t('mail.openLabels')}
          </Button>
        }
      />
      <Card
        sx={{
          display: 'flex',
          height: { xs: 'calc(100dvh - 220px)', md: 'calc(100dvh - 260px)' },
          minHeight: 520,
        }}
      >
        <Box
          component="nav"
          aria-label={t('mail.openLabels')}
          sx={{
            width: 240,
            flexShrink: 0,
            display: { xs: 'none', md: 'block' },
            borderInlineEnd: 1,
            borderColor: 'divider',
          }}
        >
          {nav}
        </Box>
        <Box
          sx={{
            width: { xs: 1, md: 360, lg: 400 },
            flexShrink: 0,
            display: { xs: openId ? 'none' : 'block', md: 'block' },
            borderInlineEnd: { md: 1 },
            borderColor: { md: 'divider' },
          }}
        >
          <MailList
            label={label}
            labelName={currentName}
            search={search}
            onSearch={onSearch}
            activeId={openId}
            onOpen={onOpen}
            selected={selected}
            onSelect={setSelected}
            bulkActions={bulkActions}
          />
        </Box>
        <Box sx={{ flexGrow: 1, minWidth: 0, display: { xs: openId ? 'block' : 'none', md: 'block' } }}>
          {openId ? (
            <MailDetails
              key={openId}
              mailId={openId}
              labels={allLabels}
              onCommand={onCommand}
              onBack={() => go({ id: null })}
            />
          ) : (
            <Box sx={{ height: 1, display: 'grid', placeItems: 'center', p: 3 }}>
              <Typography sx={{ color: 'text.secondary' }}>{t('mail.pickMail')}</Typography>
            </Box>
          )}
        </Box>
      </Card>
      <Drawer open={navOpen} onClose={() => setNavOpen(false)} slotProps={{ paper: { sx: { width: 280 } } }}>
        {nav}
      </Drawer>
      <ConfirmDialog
        open={confirm !== null}
        title={t('mail.confirmDeleteTitle')}
        content={t('mail.confirmDelete', { count: confirm?.length ?? 0 })}
        action={t('mail.delete')}
        loading={remove.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() => {
          const gone = confirm ?? [];
          remove.mutate(gone, {
            onSuccess: ({ updated }) => {
              enqueueSnackbar(t('mail.done.deleteForever', { count: updated }));
              setConfirm(null);
              setSelected(new Set());
              if (openId && gone.includes(openId)) go({ id: null });
            },
            onError: (error) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' }),
          });
        }}
      />
      {compose && (
        <Suspense fallback={null}>
          <MailCompose
            key={compose.key}
            init={compose.init}
            onClose={() => setCompose(null)}
            onUndoSend={(init) => openCompose(init)}
          />
        </Suspense>
      )}
    </>
  );
}
