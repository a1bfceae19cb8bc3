import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Star from '@mui/icons-material/Star';
import StarOutline from '@mui/icons-material/StarBorder';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import type { MailSummary } from '#shared/contract/mail.ts';

import { fRelativeTime } from '../../../lib/format.ts';
import { useMails, useUpdateMails } from '../api/mail-api.ts';

type MailListProps = {
  label: string;
  labelName: string;
  search: string;
  onSearch: (search: string) => void;
  activeId: string | undefined;
  onOpen: (mail: MailSummary) => void;
  selected: ReadonlySet<string>;
  onSelect: (ids: ReadonlySet<string>) => void;
  /** The bulk actions for the selection (shown above the list while something is selected). */
  bulkActions: ReactNode;
};

/**
 * The mails under a label, newest first: search, select (one, or all loaded) for bulk actions, star, bold
 * while unread, relative times; more load as the reader nears the end.
 */
export function MailList(props: MailListProps) {
  const { label, labelName, search, onSearch, activeId, onOpen, selected, onSelect, bulkActions } = props;
  const { t } = useTranslation();
  const [typed, setTyped] = useState(search);
  const [typedFor, setTypedFor] = useState(search);
  if (typedFor !== search) {
    setTypedFor(search);
    setTyped(search);
  }
  // The search follows typing after a short pause.
  useEffect(() => {
    if (typed === search) return;
    const timer = setTimeout(() => onSearch(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed, search, onSearch]);

  const query = useMails({ label, search });
  const update = useUpdateMails();
  const mails = query.data?.pages.flatMap((page) => page.mails) ?? [];

  // More load when the end of the list comes into view.
  const end = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    const node = end.current;
    if (!node || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const allSelected = mails.length > 0 && mails.every((m) => selected.has(m.id));
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelect(next);
  };

  return (
    <Stack sx={{ height: 1, minHeight: 0 }}>
      <Box sx={{ p: 2, pb: 1 }}>
        <TextField
          size="small"
          fullWidth
          type="search"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          placeholder={t('mail.search')}
          slotProps={{
            htmlInput: { 'aria-label': t('mail.search'), maxLength: 100 },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchOutlined fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 1, minHeight: 44 }}>
        <Checkbox
          checked={allSelected}
          indeterminate={selected.size > 0 && !allSelected}
          disabled={mails.length === 0}
          onChange={() => onSelect(allSelected ? new Set() : new Set(mails.map((m) => m.id)))}
          slotProps={{ input: { 'aria-label': t('mail.selectAll') } }}
        />
        {selected.size > 0 ? (
          <>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {t('mail.selected', { count: selected.size })}
            </Typography>
            <Box sx={{ flexGrow: 1 }} />
            {bulkActions}
          </>
        ) : (
          <Typography variant="subtitle2" component="h2" noWrap>
            {labelName}
          </Typography>
        )}
      </Stack>
      <Box sx={{ flexGrow: 1, overflowY: 'auto', minHeight: 0 }}>
        {query.isPending ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
            <CircularProgress size={28} aria-label={t('app.loading')} />
          </Box>
        ) : query.isError ? (
          <Stack spacing={1} sx={{ alignItems: 'center', py: 6, px: 2, textAlign: 'center' }}>
            <Typography sx={{ color: 'text.secondary' }}>{t('mail.loadFailed')}</Typography>
            <Button onClick={() => void query.refetch()}>{t('mail.retry')}</Button>
          </Stack>
        ) : mails.length === 0 ? (
          <Typography sx={{ color: 'text.secondary', textAlign: 'center', py: 6, px: 2 }}>
            {search ? t('mail.noResults', { search }) : t('mail.nothingIn', { label: labelName })}
          </Typography>
        ) : (
          <Box component="ul" aria-label={labelName} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {mails.map((mail) => (
              <MailRow
                key={mail.id}
                mail={mail}
                sentList={label === 'sent' || label === 'drafts'}
                active={mail.id === activeId}
                checked={selected.has(mail.id)}
                onToggle={() => toggle(mail.id)}
                onOpen={() => onOpen(mail)}
                onStar={() => update.mutate({ ids: [mail.id], action: mail.isStarred ? 'unstar' : 'star' })}
              />
            ))}
          </Box>
        )}
        <Box ref={end} sx={{ display: 'grid', placeItems: 'center', minHeight: 8, py: hasNextPage ? 1 : 0 }}>
          {hasNextPage && (
            <Button size="small" onClick={() => void fetchNextPage()} loading={isFetchingNextPage}>
              {t('mail.loadMore')}
            </Button>
          )}
        </Box>
      </Box>
    </Stack>
  );
}

type MailRowProps = {
  mail: MailSummary;
  /** Sent and drafts show whom it went to. */
  sentList: boolean;
  active: boolean;
  checked: boolean;
  onToggle: () => void;
  onOpen: () => void;
  onStar: () => void;
};

function MailRow({ mail, sentList, active, checked, onToggle, onOpen, onStar }: MailRowProps) {
  const { t } = useTranslation();
  const who = sentList
    ? mail.to.map((a) => a.name).join(', ') || t('mail.draft')
    : mail.from.name || mail.from.email;
  const unread = mail.isUnread;
  return (
    <Box
      component="li"
      data-mail-id={mail.id}
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: 1,
        px: 1,
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: active ? 'action.selected' : unread ? 'background.paper' : 'transparent',
      }}
    >
      <Checkbox
        size="small"
        checked={checked}
        onChange={onToggle}
        slotProps={{ input: { 'aria-label': t('mail.selectMail', { name: who }) } }}
      />
      <Box
        component="button"
        type="button"
        onClick={onOpen}
        aria-current={active ? 'true' : undefined}
        sx={{
          all: 'unset',
          cursor: 'pointer',
          flexGrow: 1,
          minWidth: 0,
          display: 'flex',
          gap: 1.5,
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', borderRadius: 1 },
        }}
      >
        <Avatar src={mail.from.avatarUrl ?? undefined} alt="" sx={{ width: 36, height: 36, mt: 0.5 }}>
          {(mail.from.name || mail.from.email).charAt(0).toUpperCase()}
        </Avatar>
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Stack sx={{ alignItems: 'baseline' }} direction="row" spacing={1}>
            <Typography variant="subtitle2" noWrap sx={{ flexGrow: 1, fontWeight: unread ? 700 : 500 }}>
              <bdi>{who}</bdi>
            </Typography>
            {mail.attachmentCount > 0 && (
              <AttachFileOutlined
                fontSize="inherit"
                aria-label={t('mail.attachments', { count: mail.attachmentCount })}
                sx={{ color: 'text.secondary' }}
              />
            )}
            <Typography variant="caption" sx={{ color: 'text.secondary', flexShrink: 0 }}>
              {fRelativeTime(mail.createdAt)}
            </Typography>
          </Stack>
          <Typography variant="body2" noWrap dir="auto" sx={{ fontWeight: unread ? 700 : 400 }}>
            {mail.subject || t('mail.noSubject')}
          </Typography>
          <Typography variant="body2" noWrap dir="auto" sx={{ color: 'text.secondary' }}>
            {mail.excerpt}
          </Typography>
        </Box>
      </Box>
      <IconButton
        size="small"
        onClick={onStar}
        aria-pressed={mail.isStarred}
        aria-label={mail.isStarred ? t('mail.actions.unstar') : t('mail.actions.star')}
        sx={{ color: mail.isStarred ? 'warning.main' : 'text.disabled' }}
      >
        {mail.isStarred ? <Star fontSize="small" /> : <StarOutline fontSize="small" />}
      </IconButton>
    </Box>
  );
}
