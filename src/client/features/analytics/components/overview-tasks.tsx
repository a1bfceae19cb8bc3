import MoreVertRounded from '@mui/icons-material/MoreVertRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';

import type { DueCard } from '#shared/contract/kanban.ts';

import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog.tsx';
import { Label } from '../../../components/label/label.tsx';
import { enqueueSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { TableWidget } from '../../../components/widget-card/table-widget.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { fDateTime } from '../../../lib/format.ts';
import { useCompleteCard, useDeleteDueCard, useDueCards } from '../api/analytics-overview-api.ts';
import { cardPage } from './overview-widget.ts';

/** The card's page as an address to share (it opens for the board's members). */
const cardLink = (card: DueCard) => new URL(cardPage(card), window.location.origin).href;

/**
 * "Tasks": the viewer's kanban cards due within the week (late ones first), read through the kanban API,
 * each with a menu: Mark complete, Edit (the card in the kanban page), Share (copies its link) and Delete
 * (after a confirmation). A card done or deleted leaves the list at once; a refusal brings it back.
 */
export function AnalyticsTasks({ tz }: { tz: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const cards = useDueCards(tz);
  const complete = useCompleteCard();
  const remove = useDeleteDueCard();
  const [gone, setGone] = useState<ReadonlySet<string>>(new Set());
  const [menu, setMenu] = useState<{ anchor: HTMLElement; card: DueCard } | null>(null);
  const [confirm, setConfirm] = useState<DueCard | null>(null);
  const menuId = useId();
  const rows = (cards.data ?? []).filter((card) => !gone.has(card.id));
  const title = t('analytics.overview.tasks.title');
  // Late as of the answer (the list refreshes with the kanban's events and on return to the tab).
  const now = cards.dataUpdatedAt;

  const hide = (id: string) => setGone((current) => new Set(current).add(id));
  const show = (id: string) =>
    setGone((current) => {
      const next = new Set(current);
      next.delete(id);
      return next;
    });
  const failed = (card: DueCard) => (error: unknown) => {
    show(card.id);
    enqueueSnackbar(errorMessage(error, t), { variant: 'error' });
  };
  const close = () => setMenu(null);

  const onComplete = (card: DueCard) => {
    close();
    hide(card.id);
    complete.mutate(card, {
      onSuccess: () =>
        enqueueSnackbar(t('analytics.overview.tasks.completed', { name: card.name }), { variant: 'success' }),
      onError: failed(card),
    });
  };
  const onShare = (card: DueCard) => {
    close();
    navigator.clipboard
      .writeText(cardLink(card))
      .then(() => enqueueSnackbar(t('analytics.overview.tasks.linkCopied'), { variant: 'success' }))
      .catch((error: unknown) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' }));
  };

  return (
    <>
      <TableWidget<DueCard>
        id="tasks"
        title={title}
        info={t('analytics.overview.tasks.info')}
        loading={cards.isPending}
        error={cards.isError && !cards.data}
        onRetry={() => void cards.refetch()}
        empty={cards.data !== undefined && rows.length === 0}
        emptyText={t('analytics.overview.tasks.empty')}
        data={{
          columns: [
            { header: t('analytics.overview.columns.task'), value: (card) => card.name },
            { header: t('analytics.overview.columns.board'), value: (card) => card.boardName },
            { header: t('analytics.overview.columns.column'), value: (card) => card.status },
            { header: t('analytics.overview.columns.due'), value: (card) => card.due.end ?? '' },
          ],
          rows,
        }}
        fileName="tasks"
        viewAll={{ to: paths.dashboard.kanban, label: t('analytics.overview.tasks.viewAll') }}
        sx={{ height: 1 }}
      >
        <Stack component="ul" aria-label={title} spacing={1.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {rows.map((card) => {
            const late = card.due.end !== null && Date.parse(card.due.end) < now;
            return (
              <Box
                component="li"
                key={card.id}
                data-card={card.id}
                sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}
              >
                <Box sx={{ minWidth: 0, flex: 1 }}>
                  <Link
                    component={RouterLink}
                    to={cardPage(card)}
                    variant="subtitle2"
                    underline="hover"
                    color="inherit"
                    sx={{ display: 'block', overflowWrap: 'anywhere' }}
                  >
                    {card.name}
                  </Link>
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {card.personal ? t('analytics.overview.tasks.personal') : card.boardName} · {card.status}
                    {card.due.end && (
                      <>
                        {' · '}
                        {t('analytics.overview.tasks.due', { date: fDateTime(card.due.end) })}
                      </>
                    )}
                  </Typography>
                </Box>
                {late && <Label color="error">{t('analytics.overview.tasks.late')}</Label>}
                <IconButton
                  aria-label={t('analytics.overview.tasks.menu', { name: card.name })}
                  aria-haspopup="menu"
                  aria-controls={menu?.card.id === card.id ? menuId : undefined}
                  aria-expanded={menu?.card.id === card.id ? true : undefined}
                  onClick={(event) => setMenu({ anchor: event.currentTarget, card })}
                >
                  <MoreVertRounded />
                </IconButton>
              </Box>
            );
          })}
        </Stack>
      </TableWidget>
      <Menu id={menuId} anchorEl={menu?.anchor ?? null} open={menu !== null} onClose={close}>
        <MenuItem onClick={() => menu && onComplete(menu.card)}>
          {t('analytics.overview.tasks.complete')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            if (!menu) return;
            close();
            void navigate(cardPage(menu.card));
          }}
        >
          {t('analytics.overview.tasks.edit')}
        </MenuItem>
        <MenuItem onClick={() => menu && onShare(menu.card)}>{t('analytics.overview.tasks.share')}</MenuItem>
        <MenuItem
          sx={{ color: 'error.main' }}
          onClick={() => {
            if (!menu) return;
            setConfirm(menu.card);
            close();
          }}
        >
          {t('analytics.overview.tasks.delete')}
        </MenuItem>
      </Menu>
      <ConfirmDialog
        open={confirm !== null}
        title={t('analytics.overview.tasks.confirmTitle', { name: confirm?.name ?? '' })}
        content={t('analytics.overview.tasks.confirmText')}
        action={t('analytics.overview.tasks.delete')}
        loading={remove.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() => {
          if (!confirm) return;
          const card = confirm;
          remove.mutate(card.id, {
            onSuccess: () => {
              hide(card.id);
              setConfirm(null);
              enqueueSnackbar(t('analytics.overview.tasks.deleted', { name: card.name }), {
                variant: 'success',
              });
            },
            onError: (error) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' }),
          });
        }}
      />
    </>
  );
}
